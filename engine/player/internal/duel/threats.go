package duel

import "slices"

// Limits of the two-player threat searches.
const (
	// vcfDepth bounds the fours of a VCF line, vctDepth the threats
	// of a VCT line at the root and refuteVCTDepth those of the opponent's
	// VCT looked for after each root move.
	vcfDepth       = 30
	vctDepth       = 7
	refuteVCTDepth = 5
	// leafVCFNodes is the node budget of the VCF tried at the search's
	// leaves, rootVCFNodes that of a threat search at the root.
	leafVCFNodes = 64
	rootVCFNodes = 200000
	// failedLimit bounds the table of refuted positions.
	failedLimit = 1 << 18
	vctSalt     = 0x3c6ef372fe94f82b
)

// lastOf is q's latest mark on the board, or −1.
func (b *board) lastOf(q int) int {
	for n := len(b.moves) - 1; n >= 0; n-- {
		if i := int(b.moves[n]); int(b.stone[i]) == q+1 {
			return i
		}
	}
	return -1
}

// star calls f for the empty cells on the four lines through i, up to
// reach cells away.
func (b *board) star(i, reach int, f func(j int)) {
	for a := range 4 {
		for d := -reach; d <= reach; d++ {
			if j := i + d*b.step[a]; d != 0 && b.stone[j] == 0 {
				f(j)
			}
		}
	}
}

// knight are the array offsets of the eight cells a knight's move away;
// with the star of reach 3 they make the neighbourhood where a threat
// sequence's next three is looked for.
func (b *board) knight() [8]int {
	w := b.w
	return [8]int{-2*w - 1, -2*w + 1, -w - 2, -w + 2, w - 2, w + 2, 2*w - 1, 2*w + 1}
}

// leafVCF reports whether q, to move, wins by continuous fours, within a
// small node budget.
func (d *run) leafVCF(q int) bool {
	d.vcfLeft = leafVCFNodes
	return d.fourWin(q, vcfDepth, d.b.lastOf(q)) >= 0
}

// rootVCF returns the first move of a VCF for q, to move, or −1.
func (d *run) rootVCF(q int, nodes int) int {
	d.vcfLeft = nodes
	return d.fourWin(q, vcfDepth, d.b.lastOf(q))
}

// fourWin looks for a victory by continuous fours for q, to move: every
// move makes a four, so the opponent's reply is forced to its winning
// cell, until q makes a five, an open four (two winning cells) or a four
// with an open three the opponent cannot answer with a four. The
// opponent's forced blocks may make fours of their own, which q must block
// with a four. A four that makes nothing else counts only on the lines
// through q's latest mark (last), where a sequence goes on. It returns q's
// first move, or −1.
func (d *run) fourWin(q, depth, last int) int {
	d.Tick()
	d.vcfLeft--
	b := d.b
	o := 1 - q
	if d.Stopped || d.vcfLeft < 0 {
		return -1
	}
	if b.counts[q][classFive] > 0 {
		return b.find(q, classFive)
	}
	if n := b.counts[o][classFive]; n > 0 {
		if n > 1 {
			return -1
		}
		i := b.find(o, classFive)
		if i < 0 || !b.cell[i].class[q].makesFour() || !b.playable(i, q) || !d.vcfFour(i, q, depth) {
			return -1
		}
		return i
	}
	if b.has(q, classOpenFour) {
		return b.find(q, classOpenFour)
	}
	if b.fours(o) == 0 && b.has(q, classFourThree) {
		return b.find(q, classFourThree)
	}
	if depth <= 0 || b.fours(q) == 0 {
		return -1
	}
	key := b.hash ^ sideKey[q] ^ lastKey(last)
	if left, ok := d.s.failed[key]; ok && left >= depth {
		return -1
	}
	var buf [64]scoredCell
	cands := d.threatCands(q, last, false, buf[:0])
	for _, c := range cands {
		if d.vcfFour(int(c.i), q, depth) {
			return int(c.i)
		}
		if d.Stopped || d.vcfLeft < 0 {
			return -1
		}
	}
	d.refuted(key, depth)
	return -1
}

// lastKey tells apart, in the keys of refuted positions, the attacker's
// latest mark: the threat searches try bare fours and threes only on the
// lines through it, so a position refuted with one latest mark may be won
// with another.
func lastKey(last int) uint64 { return uint64(last+1) * 0x9e3779b97f4a7c15 }

// refuted records that the position key has no win within depth.
func (d *run) refuted(key uint64, depth int) {
	if len(d.s.failed) >= failedLimit {
		clear(d.s.failed)
	}
	d.s.failed[key] = depth
}

// threatCands lists q's attacking moves, best first: fours that also make
// a three (and, with threes, double threes) anywhere; other fours on the
// lines through last; with threes, threes that make something else near
// last. Without last (q has no mark) every four and three counts.
func (d *run) threatCands(q, last int, threes bool, out []scoredCell) []scoredCell {
	b := d.b
	o := 1 - q
	add := func(i int) {
		c := b.cell[i].class[q]
		if slices.ContainsFunc(out, func(s scoredCell) bool { return int(s.i) == i }) || !b.playable(i, q) {
			return
		}
		out = append(out, scoredCell{int32(i), int32(c)<<16 + b.cell[i].val[q] + b.cell[i].val[o]})
	}
	// The scan finds nothing when q has no four-three (nor, with threes,
	// double three) anywhere and last narrows the rest: skip it.
	if last < 0 || b.counts[q][classFourThree] > 0 || threes && b.counts[q][classDoubleThree] > 0 {
		b.cands(func(i int) bool {
			c := b.cell[i].class[q]
			switch {
			case c == classFourThree, threes && c == classDoubleThree:
				add(i)
			case last < 0 && (c.makesFour() || (threes && c >= classFlex3)):
				add(i)
			}
			return true
		})
	}
	if last >= 0 {
		b.star(last, b.side, func(j int) {
			if c := b.cell[j].class[q]; c.makesFour() && c < classFourThree {
				add(j)
			}
		})
		if threes {
			near := func(j int) {
				if c := b.cell[j].class[q]; c == classFlex3Plus || c == classFlex3Block2 {
					add(j)
				}
			}
			b.star(last, min(3, b.side), near)
			for _, off := range b.knight() {
				if j := last + off; b.stone[j] == 0 {
					near(j)
				}
			}
		}
	}
	slices.SortFunc(out, func(x, y scoredCell) int { return int(y.score - x.score) })
	return out
}

// vcfFour plays q's four at i, the opponent's block, and goes on.
func (d *run) vcfFour(i, q, depth int) bool {
	b := d.b
	o := 1 - q
	b.place(i, q)
	ok := false
	switch n := b.counts[q][classFive]; {
	case b.counts[o][classFive] > 0 || n == 0:
		// The opponent wins first, or the move was no four.
	case n > 1:
		ok = true
	default:
		if j := b.find(q, classFive); j >= 0 {
			if !b.playable(j, o) {
				ok = true // renju: black's only block is forbidden
				break
			}
			b.place(j, o)
			ok = d.fourWin(q, depth-1, i) >= 0
			b.undo()
		}
	}
	b.undo()
	return ok
}

// threatWin looks for a victory by continuous threats for q, to move:
// fours and threes (a move after which q could make an open four), the
// opponent answering a four at its winning cell and a three with one of
// its own fours or a cell that spoils it. It returns q's first move, or −1.
func (d *run) threatWin(q, depth, last int) int {
	d.Tick()
	d.vcfLeft--
	b := d.b
	o := 1 - q
	switch {
	case d.Stopped || d.vcfLeft < 0:
		return -1
	case b.counts[q][classFive] > 0:
		return b.find(q, classFive)
	case b.counts[o][classFive] > 1:
		return -1
	case b.counts[o][classFive] == 1:
		// Block, and win only if a threat of q's still stands.
		i := b.find(o, classFive)
		if i < 0 || !b.playable(i, q) {
			return -1
		}
		b.place(i, q)
		ok := d.vctDefend(q, depth, i)
		b.undo()
		if ok {
			return i
		}
		return -1
	case b.has(q, classOpenFour):
		return b.find(q, classOpenFour)
	case b.fours(o) == 0 && b.has(q, classFourThree):
		return b.find(q, classFourThree)
	case depth <= 0:
		return -1
	}
	key := b.hash ^ sideKey[q] ^ vctSalt ^ lastKey(last)
	if left, ok := d.s.failed[key]; ok && left >= depth {
		return -1
	}
	var buf [64]scoredCell
	for _, c := range d.threatCands(q, last, true, buf[:0]) {
		b.place(int(c.i), q)
		ok := d.vctDefend(q, depth-1, int(c.i))
		b.undo()
		if ok {
			return int(c.i)
		}
		if d.Stopped || d.vcfLeft < 0 {
			return -1
		}
	}
	d.refuted(key, depth)
	return -1
}

// vctDefend reports whether q, having just moved (at last), wins against
// every reply of the opponent.
func (d *run) vctDefend(q, depth, last int) bool {
	b := d.b
	o := 1 - q
	switch {
	case b.counts[o][classFive] > 0:
		return false // the opponent wins first
	case b.counts[q][classFive] > 1:
		return true
	}
	var buf [64]scoredCell
	replies := buf[:0]
	switch {
	case b.counts[q][classFive] == 1:
		j := b.find(q, classFive)
		if j < 0 {
			return false
		}
		if !b.playable(j, o) {
			return true // renju: black's only block is forbidden
		}
		replies = append(replies, scoredCell{i: int32(j)})
	case b.has(q, classOpenFour):
		b.cands(func(i int) bool {
			if (b.cell[i].class[o].makesFour() || b.cell[i].class[q] >= classFour) && b.playable(i, o) {
				replies = append(replies, scoredCell{int32(i), int32(b.cell[i].class[q])<<16 + b.cell[i].val[q]})
			}
			return true
		})
		slices.SortFunc(replies, func(x, y scoredCell) int { return int(y.score - x.score) })
	default:
		return false // no threat: the opponent moves freely
	}
	for _, r := range replies {
		b.place(int(r.i), o)
		ok := d.threatWin(q, depth, last) >= 0
		b.undo()
		if !ok {
			return false
		}
	}
	return len(replies) > 0
}
