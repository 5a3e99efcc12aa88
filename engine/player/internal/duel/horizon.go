package duel

import "github.com/gomoku-engine/gomoku/sparse"

// A Horizon watches the positions whose static value the search stands
// on: the leaves it scores and the frontier nodes futility prunes on
// their static value. The evaluation's fitter collects them
// (engine/player/internal/evalfit's reach), since they look little like
// the positions of games: lines where a side played poor moves, quiet
// positions after a forcing sequence. Keep is asked first with the
// position's key, so that sampling costs no more than a call; Record gets
// the kept position's marks in play order (the first mover's first),
// valid only during the call. A State without one pays a nil test a leaf.
type Horizon struct {
	// Keep reports whether to record the position with this key (its
	// stones and the side to move, the same for any order of the marks).
	Keep func(key uint64) bool
	// Record receives a kept position's marks.
	Record func(marks []sparse.Cell)
}

// SetHorizon has the search report to h the positions whose static value
// it uses, or nothing when h is nil. It changes nothing the search does.
func (ds *State) SetHorizon(h *Horizon) { ds.horizon = h }

// atHorizon reports the position, q to move, to the horizon's watcher.
func (d *run) atHorizon(q int) {
	h := d.s.horizon
	if !h.Keep(d.b.Hash ^ sideKey[q]) {
		return
	}
	marks := make([]sparse.Cell, len(d.b.Moves))
	for n, i := range d.b.Moves {
		marks[n] = d.b.CellAt(int(i))
	}
	h.Record(marks)
}
