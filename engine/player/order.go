package player

import (
	"slices"

	"github.com/gomoku-engine/gomoku/sparse"
)

// scored is a candidate cell with its ordering score.
type scored struct {
	key   uint64
	score int64
}

// byScore orders candidates best first, then by cell for determinism.
func byScore(a, b scored) int {
	switch {
	case a.score != b.score:
		if a.score > b.score {
			return -1
		}
		return 1
	case a.key != b.key:
		if packedLess(a.key, b.key) {
			return -1
		}
		return 1
	}
	return 0
}

// packedLess is row-major order on packed cells.
func packedLess(a, b uint64) bool {
	ar, ac := sparse.Unpack(a)
	br, bc := sparse.Unpack(b)
	return ar < br || (ar == br && ac < bc)
}

// sortedCells returns a set's cells in row-major order.
func sortedCells[V any](m map[uint64]V) []uint64 {
	out := make([]uint64, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.SortFunc(out, func(a, b uint64) int {
		switch {
		case a == b:
			return 0
		case packedLess(a, b):
			return -1
		}
		return 1
	})
	return out
}

// candidates returns the empty cells near a mark, scored for mover and
// sorted best first.
func (t *tracker) candidates(mover int) []scored {
	out := make([]scored, 0, len(t.near))
	for key := range t.near {
		r, c := sparse.Unpack(key)
		if t.g.At(r, c) != 0 {
			continue
		}
		out = append(out, scored{key, t.moveScore(r, c, mover)})
	}
	slices.SortFunc(out, byScore)
	return out
}

// moveScore is the one-move gain of mover marking the empty (r, c): the
// worth its own live windows through the cell gain, plus the worth of the
// opponents' live windows it kills. It is the change of the evaluation,
// so ordering by it tries the moves a static look would prefer first.
func (t *tracker) moveScore(r, c, mover int) int64 {
	k := t.k
	center := k + 1
	var attack, defence int64
	for _, a := range axes {
		for i := range t.line {
			off := i - center
			t.line[i] = t.cell(r+off*a.dr, c+off*a.dc)
		}
		t.line[center] = 0
		for s := center - k + 1; s <= center; s++ {
			owner, count, live := t.inspect(s)
			switch {
			case !live:
			case owner == 0:
				attack += t.weights[1]
			case owner == mover:
				if count+1 < k {
					attack += t.weights[count+1] - t.weights[count]
				} else {
					attack += 1 << 40 // completes a win
				}
			default:
				defence += t.weights[count]
			}
		}
	}
	return 2*attack + defence
}

// inspect reports the owner and mark count of the window at line index s
// and whether it is live for its owner (an empty window is live).
func (t *tracker) inspect(s int) (owner, count int, live bool) {
	k := t.k
	for i := s; i < s+k; i++ {
		v := t.line[i]
		switch {
		case v == 0:
			continue
		case v == offBoard:
			return 0, 0, false
		case owner == 0:
			owner = v
		case v != owner:
			return 0, 0, false
		}
		count++
	}
	if owner != 0 && t.exact && (t.line[s-1] == owner || t.line[s+k] == owner) {
		return owner, count, false
	}
	return owner, count, true
}
