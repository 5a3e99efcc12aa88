package duel

import (
	"github.com/gomoku-engine/gomoku/engine/player/internal/dense"
)

// cellSet is a set of array cells: the root moves an analysis has ruled
// out ([core.Limits.Exclude]). The nil set holds nothing, so a search
// without exclusions reads it at no cost.
type cellSet map[int]bool

// excluded is the set of the window's cells among lim.Exclude, nil when
// there are none (cells outside the window cannot be root moves).
func (d *run) excluded() cellSet {
	var ex cellSet
	for _, c := range d.lim.Exclude {
		if i, ok := d.b.Index(c.Row, c.Col); ok {
			if ex == nil {
				ex = cellSet{}
			}
			ex[i] = true
		}
	}
	return ex
}

// find is [board.find] leaving out the set's cells.
func (ex cellSet) find(b *dense.Board, q int, c dense.CellClass) int {
	if i := b.Find(q, c); i < 0 || !ex[i] {
		return i
	}
	found := -1
	b.Scan(b.Box, 2, func(i int) bool {
		if !ex[i] && b.Cell[i].Class[q] >= c && b.Playable(i, q) {
			found = i
			return false
		}
		return true
	})
	return found
}

// drop removes the set's cells from moves, in place.
func (ex cellSet) drop(moves []scoredCell) []scoredCell {
	if len(ex) == 0 {
		return moves
	}
	out := moves[:0]
	for _, m := range moves {
		if !ex[int(m.i)] {
			out = append(out, m)
		}
	}
	return out
}

// has reports whether the array cell i is in the set; −1 (no cell) never is.
func (ex cellSet) has(i int) bool { return i >= 0 && ex[i] }
