package duel

// A node far from the leaves tries more moves than one near them: the
// base width (Limits.Width) up to wideFrom plies left, wideStep more for
// each ply beyond, and every candidate from wideAll plies left. A fixed
// width never searches the move ranked just past it, however long the
// search runs; far from the leaves such a move costs little, since late
// moves are reduced and a node that cuts off stops before them, and a
// search of a few plies (a short think) has no node that far up. The
// moves past the base width are reduced wideReduction plies more than
// the others (see reduction): the move that raises alpha is rarely one of
// them, so they are looked at cheaply and searched in full only when
// they beat alpha.
var (
	wideFrom      = 4
	wideStep      = 4
	wideAll       = 8
	wideReduction = 1
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

// reduction is the late-move reduction of the n-th move (from 0) of a
// node with depth plies left, for a base width of base: lateReduction,
// and wideReduction more for a move past the base width at a node that
// tries more than it, still leaving at least a ply from depth 3.
func reduction(base, depth, n int) int {
	r := lateReduction(depth, n)
	if n < base || widthAt(base, depth) <= base {
		return r
	}
	return min(r+wideReduction, max(depth-2, 1))
}
