package duel

import "slices"

// picker hands out a node's moves in the order moves would try them. A
// node that does not answer a threat and whose table move is one moves
// would list tries that move before generating anything, and generates
// the others only when it does not cut off: the first move makes most
// cutoffs, and generation scans and scores every cell near the marks.
//
// The others are then scored with the history as it stood before the
// table's move was searched (see histNote), so that the staged search
// tries the same moves in the same order as one that generated them all
// first, and visits the same nodes.
type picker struct {
	moves []scoredCell
	// wide is set once the moves past the width are listed (see widen),
	// skip how many moves were tried before them.
	wide bool
	skip int
	// first is the table's move, tried before generating, or −1.
	first int
	// limit is how many of moves are tried, once generated.
	limit     int
	generated bool
	// depth is the node's plies left.
	q, ply, depth int
}

// histNote is a history bonus given during the search, kept while a node
// above may still need the history as it was before it.
type histNote struct {
	q     int8
	i     int32
	bonus int32
}

// newPicker prepares the moves of q at ply (see moves for the others).
func (d *run) newPicker(q, ply, forced, ttMove int, threatened bool, depth int) picker {
	p := picker{first: -1, q: q, ply: ply, depth: depth}
	for len(d.open) <= ply {
		d.open = append(d.open, -1)
	}
	d.open[ply] = -1
	if len(d.histLog) > 0 && !d.anyOpen(ply) {
		d.histLog = d.histLog[:0]
	}
	if !d.scanAll && forced < 0 && !threatened && ply > 0 && d.lim.Width >= 2 && d.listable(q, ttMove) && d.another(q, ttMove) {
		p.first = ttMove
		return p
	}
	p.moves, p.limit = d.moves(q, ply, forced, ttMove, depth)
	p.generated = true
	return p
}

// listed is how many moves the node would try: those generated, and the
// table's move tried before generating.
func (p *picker) listed() int {
	n := p.limit
	if p.first >= 0 {
		n++
	}
	return n
}

// none reports whether the node has no move to try.
func (p *picker) none() bool { return p.generated && p.limit == 0 }

// forcedReply reports whether the node's moves are few enough to cost no
// depth: a single move, or at most five when threatened. A node that
// tries its table's move first has at least two (see another).
func (p *picker) forcedReply(threatened bool) bool {
	return p.generated && (p.limit == 1 || (threatened && p.limit <= 5))
}

// next is the array cell of the node's n-th move (from 0), or −1 when
// there are no more; n counts up from 0 by one.
func (d *run) next(p *picker, n int) int {
	if p.first >= 0 {
		if n == 0 {
			d.open[p.ply] = int32(len(d.histLog))
			return p.first
		}
		if !p.generated {
			mark := int(d.open[p.ply])
			d.histBack(mark)
			p.moves, p.limit = d.generate(p.q, p.ply, -1, -1, p.first, p.depth)
			d.histForth(mark)
			d.open[p.ply] = -1
			p.generated = true
		}
		n--
	}
	n -= p.skip
	if n >= p.limit {
		return -1
	}
	pick(p.moves, n)
	return int(p.moves[n].i)
}

// listable reports whether array cell i is a move moves would list for
// q at a node that does not answer a threat.
func (d *run) listable(q, i int) bool {
	b := d.b
	if i < 0 || i >= len(b.Stone) || b.Stone[i] != 0 || b.Near[i] == 0 {
		return false
	}
	if bx, grow := b.CandBox(); !b.Within(i, bx, grow) {
		return false
	}
	return 2*b.Cell[i].Val[q]+b.Cell[i].Val[1-q] > 0 && b.Playable(i, q)
}

// another reports whether moves would list a move of q's besides i, at
// a node that does not answer a threat. The scan stops at the first.
func (d *run) another(q, i int) bool {
	b := d.b
	found := false
	b.Cands(func(j int) bool {
		if j != i && 2*b.Cell[j].Val[q]+b.Cell[j].Val[1-q] > 0 && b.Playable(j, q) {
			found = true
			return false
		}
		return true
	})
	return found
}

// reward adds the history bonus of a quiet move that cut off at a node
// with depth plies left, noting it for the nodes above that have yet to
// generate their moves.
func (d *run) reward(q, i, depth int) {
	bonus := int32(depth * depth)
	if bonus == 0 {
		return
	}
	d.s.hist[q][i] += bonus
	d.histLog = append(d.histLog, histNote{int8(q), int32(i), bonus})
}

// histBack takes back the history bonuses noted from mark on, histForth
// gives them again.
func (d *run) histBack(mark int) {
	for k := len(d.histLog) - 1; k >= mark; k-- {
		n := d.histLog[k]
		d.s.hist[n.q][n.i] -= n.bonus
	}
}

func (d *run) histForth(mark int) {
	for _, n := range d.histLog[mark:] {
		d.s.hist[n.q][n.i] += n.bonus
	}
}

// anyOpen reports whether a node above ply tried its table's move and has
// yet to generate the others: the latest node to prepare its moves at
// each ply above is an ancestor of the one at ply.
func (d *run) anyOpen(ply int) bool {
	for _, m := range d.open[:ply] {
		if m >= 0 {
			return true
		}
	}
	return false
}

// escapeWidth is whether a node whose moves all lose tries those its
// width left out (see widen); tests turn it off to reach the claims it
// refutes.
var escapeWidth = true

// widen lists, after the n moves tried, the candidates the node's width
// left out, and reports whether there are any. A node lists them once.
func (d *run) widen(p *picker, n int) bool {
	if !p.generated || p.wide {
		return false
	}
	p.wide = true
	var tried [32]int32
	seen := tried[:0]
	if p.first >= 0 {
		seen = append(seen, int32(p.first))
	}
	for _, m := range p.moves[:p.limit] {
		seen = append(seen, m.i)
	}
	all, _ := d.generate(p.q, p.ply, -1, -1, -1, wideAll)
	rest := all[:0]
	for _, m := range all {
		if !slices.Contains(seen, m.i) {
			rest = append(rest, m)
		}
	}
	if len(rest) == 0 {
		return false
	}
	d.scratch[p.ply] = rest
	p.moves, p.limit, p.first, p.skip = rest, len(rest), -1, n
	return true
}

// A node far from the leaves tries more moves than one near them: the
// base width (Limits.Width) up to wideFrom plies left, wideStep more for
// each ply beyond, and every candidate from wideAll plies left. A fixed
// width never searches the move ranked just past it, however long the
// search runs; far from the leaves such a move costs little, since late
// moves are reduced and a node that cuts off stops before them, and a
// search of a few plies (a short think) has no node that far up.
var (
	wideFrom = 4
	wideStep = 4
	wideAll  = 8
)

// widthAt is how many moves a node with depth plies left tries below the
// root, for a base width of base.
func widthAt(base, depth int) int {
	switch {
	case depth >= wideAll:
		return maxWidth
	case depth <= wideFrom:
		return base
	}
	return min(base+wideStep*(depth-wideFrom), maxWidth)
}

// maxWidth stands for every candidate.
const maxWidth = 1 << 20
