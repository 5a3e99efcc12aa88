package duel

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
