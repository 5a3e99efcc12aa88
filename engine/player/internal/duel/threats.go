package duel

import (
	"slices"

	"github.com/gomoku-engine/gomoku/engine/player/internal/dense"
)

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

// leafVCF reports whether q, to move, wins by continuous fours, within a
// small node budget.
func (d *run) leafVCF(q int) bool {
	d.vcfLeft = leafVCFNodes
	return d.fourWin(q, vcfDepth, d.b.LastOf(q)) >= 0
}

// rootVCF returns the first move of a VCF for q, to move, or −1.
func (d *run) rootVCF(q int, nodes int) int {
	d.vcfLeft = nodes
	return d.fourWin(q, vcfDepth, d.b.LastOf(q))
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
	if b.Counts[q][dense.ClassFive] > 0 {
		return b.Find(q, dense.ClassFive)
	}
	if n := b.Counts[o][dense.ClassFive]; n > 0 {
		if n > 1 {
			return -1
		}
		i := b.Find(o, dense.ClassFive)
		if i < 0 || !b.Cell[i].Class[q].MakesFour() || !b.Playable(i, q) || !d.vcfFour(i, q, depth) {
			return -1
		}
		return i
	}
	if b.Has(q, dense.ClassOpenFour) {
		return b.Find(q, dense.ClassOpenFour)
	}
	if b.Fours(o) == 0 && b.Has(q, dense.ClassFourThree) {
		return b.Find(q, dense.ClassFourThree)
	}
	if depth <= 0 || b.Fours(q) == 0 {
		return -1
	}
	key := b.Hash ^ sideKey[q] ^ lastKey(last)
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
		c := b.Cell[i].Class[q]
		if slices.ContainsFunc(out, func(s scoredCell) bool { return int(s.i) == i }) || !b.Playable(i, q) {
			return
		}
		out = append(out, scoredCell{int32(i), int32(c)<<16 + b.Cell[i].Val[q] + b.Cell[i].Val[o]})
	}
	// The scan finds nothing when q has no four-three (nor, with threes,
	// double three) anywhere and last narrows the rest: skip it.
	if last < 0 || b.Counts[q][dense.ClassFourThree] > 0 || threes && b.Counts[q][dense.ClassDoubleThree] > 0 {
		b.Cands(func(i int) bool {
			c := b.Cell[i].Class[q]
			switch {
			case c == dense.ClassFourThree, threes && c == dense.ClassDoubleThree:
				add(i)
			case last < 0 && (c.MakesFour() || (threes && c >= dense.ClassFlex3)):
				add(i)
			}
			return true
		})
	}
	if last >= 0 {
		b.Star(last, b.Side, func(j int) {
			if c := b.Cell[j].Class[q]; c.MakesFour() && c < dense.ClassFourThree {
				add(j)
			}
		})
		if threes {
			near := func(j int) {
				if c := b.Cell[j].Class[q]; c == dense.ClassFlex3Plus || c == dense.ClassFlex3Block2 {
					add(j)
				}
			}
			b.Star(last, min(3, b.Side), near)
			for _, off := range b.Knight() {
				if j := last + off; b.Stone[j] == 0 {
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
	b.Place(i, q)
	ok := false
	switch n := b.Counts[q][dense.ClassFive]; {
	case b.Counts[o][dense.ClassFive] > 0 || n == 0:
		// The opponent wins first, or the move was no four.
	case n > 1:
		ok = true
	default:
		if j := b.Find(q, dense.ClassFive); j >= 0 {
			if !b.Playable(j, o) {
				ok = true // renju: black's only block is forbidden
				break
			}
			b.Place(j, o)
			ok = d.fourWin(q, depth-1, i) >= 0
			b.Undo()
		}
	}
	b.Undo()
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
	case b.Counts[q][dense.ClassFive] > 0:
		return b.Find(q, dense.ClassFive)
	case b.Counts[o][dense.ClassFive] > 1:
		return -1
	case b.Counts[o][dense.ClassFive] == 1:
		// Block, and win only if a threat of q's still stands.
		i := b.Find(o, dense.ClassFive)
		if i < 0 || !b.Playable(i, q) {
			return -1
		}
		b.Place(i, q)
		ok := d.vctDefend(q, depth, i)
		b.Undo()
		if ok {
			return i
		}
		return -1
	case b.Has(q, dense.ClassOpenFour):
		return b.Find(q, dense.ClassOpenFour)
	case b.Fours(o) == 0 && b.Has(q, dense.ClassFourThree):
		return b.Find(q, dense.ClassFourThree)
	case depth <= 0:
		return -1
	}
	key := b.Hash ^ sideKey[q] ^ vctSalt ^ lastKey(last)
	if left, ok := d.s.failed[key]; ok && left >= depth {
		return -1
	}
	var buf [64]scoredCell
	for _, c := range d.threatCands(q, last, true, buf[:0]) {
		b.Place(int(c.i), q)
		ok := d.vctDefend(q, depth-1, int(c.i))
		b.Undo()
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
	case b.Counts[o][dense.ClassFive] > 0:
		return false // the opponent wins first
	case b.Counts[q][dense.ClassFive] > 1:
		return true
	}
	var buf [64]scoredCell
	replies := buf[:0]
	switch {
	case b.Counts[q][dense.ClassFive] == 1:
		j := b.Find(q, dense.ClassFive)
		if j < 0 {
			return false
		}
		if !b.Playable(j, o) {
			return true // renju: black's only block is forbidden
		}
		replies = append(replies, scoredCell{i: int32(j)})
	case b.Has(q, dense.ClassOpenFour):
		b.Cands(func(i int) bool {
			if (b.Cell[i].Class[o].MakesFour() || b.Cell[i].Class[q] >= dense.ClassFour) && b.Playable(i, o) {
				replies = append(replies, scoredCell{int32(i), int32(b.Cell[i].Class[q])<<16 + b.Cell[i].Val[q]})
			}
			return true
		})
		slices.SortFunc(replies, func(x, y scoredCell) int { return int(y.score - x.score) })
	default:
		return false // no threat: the opponent moves freely
	}
	for _, r := range replies {
		b.Place(int(r.i), o)
		ok := d.threatWin(q, depth, last) >= 0
		b.Undo()
		if !ok {
			return false
		}
	}
	return len(replies) > 0
}
