package player

import "slices"

// Limits of the two-player threat searches.
const (
	// duelVCFDepth bounds the fours of a VCF line.
	duelVCFDepth = 30
	// leafVCFNodes is the node budget of the VCF tried at the search's
	// leaves, rootVCFNodes that of the VCF at the root.
	leafVCFNodes = 200
	rootVCFNodes = 200000
	// vcfFailedLimit bounds the table of refuted positions.
	vcfFailedLimit = 1 << 20
)

// leafVCF reports whether q, to move, wins by continuous fours, within a
// small node budget.
func (d *duel) leafVCF(q int) bool {
	d.vcfLeft = leafVCFNodes
	return d.fourWin(q, duelVCFDepth) >= 0
}

// rootVCF returns the first move of a VCF for q, to move, or −1.
func (d *duel) rootVCF(q int, nodes int) int {
	d.vcfLeft = nodes
	return d.fourWin(q, duelVCFDepth)
}

// vcf looks for a victory by continuous fours for q, to move: every move
// makes a four, so the opponent's reply is forced to its winning cell,
// until q makes a five, an open four (two winning cells) or a four with an
// open three the opponent cannot answer with a four. The opponent's forced
// blocks may make fours of their own, which q must block with a four. It
// returns q's first move, or −1.
func (d *duel) fourWin(q, depth int) int {
	d.tick()
	d.vcfLeft--
	b := d.b
	o := 1 - q
	if d.stopped || d.vcfLeft < 0 {
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
		if !b.cell[i].class[q].makesFour() || !d.vcfFour(i, q, depth) {
			return -1
		}
		return i
	}
	if b.counts[q][classOpenFour] > 0 {
		return b.find(q, classOpenFour)
	}
	if b.counts[q][classFourThree] > 0 && b.fours(o) == 0 {
		return b.find(q, classFourThree)
	}
	if depth <= 0 || b.fours(q) == 0 {
		return -1
	}
	key := b.hash ^ sideKey[q]
	if left, ok := d.vcfFailed[key]; ok && left >= depth {
		return -1
	}
	var buf [64]scoredCell
	cands := buf[:0]
	b.cands(func(i int) bool {
		if c := b.cell[i].class[q]; c.makesFour() {
			cands = append(cands, scoredCell{int32(i), int32(c)<<16 + b.cell[i].val[q]})
		}
		return true
	})
	slices.SortFunc(cands, func(x, y scoredCell) int { return int(y.score - x.score) })
	for _, c := range cands {
		if d.vcfFour(int(c.i), q, depth) {
			return int(c.i)
		}
		if d.stopped || d.vcfLeft < 0 {
			return -1
		}
	}
	if len(d.vcfFailed) >= vcfFailedLimit {
		clear(d.vcfFailed)
	}
	d.vcfFailed[key] = depth
	return -1
}

// vcfFour plays q's four at i, the opponent's block, and goes on.
func (d *duel) vcfFour(i, q, depth int) bool {
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
		j := b.find(q, classFive)
		b.place(j, o)
		ok = d.fourWin(q, depth-1) >= 0
		b.undo()
	}
	b.undo()
	return ok
}

// duelVCTDepth bounds the threats of a VCT line, and vctThrees how many
// of the best moves that make a three a VCT node tries.
const (
	duelVCTDepth = 8
	vctThrees    = 12
	vctSalt      = 0x3c6ef372fe94f82b
)

// vct looks for a victory by continuous threats for q, to move: fours and
// threes (a move after which q could make an open four), the opponent
// answering a four at its winning cell and a three with one of its own
// fours or a cell that spoils it. It returns q's first move, or −1.
func (d *duel) threatWin(q, depth int) int {
	d.tick()
	d.vcfLeft--
	b := d.b
	o := 1 - q
	switch {
	case d.stopped || d.vcfLeft < 0:
		return -1
	case b.counts[q][classFive] > 0:
		return b.find(q, classFive)
	case b.counts[o][classFive] > 1:
		return -1
	case b.counts[o][classFive] == 1:
		// Block, and win only if a threat of q's still stands.
		i := b.find(o, classFive)
		b.place(i, q)
		ok := d.vctDefend(q, depth)
		b.undo()
		if ok {
			return i
		}
		return -1
	case b.counts[q][classOpenFour] > 0:
		return b.find(q, classOpenFour)
	case b.counts[q][classFourThree] > 0 && b.fours(o) == 0:
		return b.find(q, classFourThree)
	case depth <= 0:
		return -1
	}
	key := b.hash ^ sideKey[q] ^ vctSalt
	if left, ok := d.vcfFailed[key]; ok && left >= depth {
		return -1
	}
	var buf [64]scoredCell
	cands := buf[:0]
	b.cands(func(i int) bool {
		if c := b.cell[i].class[q]; c >= classFlex3 {
			cands = append(cands, scoredCell{int32(i), int32(c)<<16 + b.cell[i].val[q] + b.cell[i].val[o]})
		}
		return true
	})
	slices.SortFunc(cands, func(x, y scoredCell) int { return int(y.score - x.score) })
	threes := 0
	for _, c := range cands {
		if !b.cell[c.i].class[q].makesFour() {
			if threes++; threes > vctThrees {
				break
			}
		}
		b.place(int(c.i), q)
		ok := d.vctDefend(q, depth-1)
		b.undo()
		if ok {
			return int(c.i)
		}
		if d.stopped || d.vcfLeft < 0 {
			return -1
		}
	}
	if len(d.vcfFailed) >= vcfFailedLimit {
		clear(d.vcfFailed)
	}
	d.vcfFailed[key] = depth
	return -1
}

// vctDefend reports whether q, having just moved, wins against every
// reply of the opponent.
func (d *duel) vctDefend(q, depth int) bool {
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
		replies = append(replies, scoredCell{i: int32(b.find(q, classFive))})
	case b.counts[q][classOpenFour] > 0:
		b.cands(func(i int) bool {
			if b.cell[i].class[o].makesFour() || b.cell[i].class[q] >= classFour {
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
		ok := d.threatWin(q, depth) >= 0
		b.undo()
		if !ok {
			return false
		}
	}
	return len(replies) > 0
}
