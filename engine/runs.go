package engine

import (
	"maps"
	"slices"

	"github.com/gomoku-engine/gomoku/sparse"
)

// runs is the O(1) run-length checker. For every axis it stores the length
// of each maximal run of one player's marks at the run's two end cells.
// A new mark's neighbours on an axis are necessarily run ends (the new cell
// was empty), so the runs on both sides are read in O(1), merged, and the
// merged length written at the new run's two ends. Interior cells keep
// stale lengths that are never read.
type runs struct {
	k    int
	rule Rule
	// lengths maps a packed cell to its run length on each axis.
	lengths map[uint64][4]int32
	// log holds every write, so Forget can restore exactly what a Record
	// changed; frames[i] is len(log) before the i-th recorded move.
	log    []runEdit
	frames []int
}

type runEdit struct {
	key  uint64
	axis uint8
	old  int32
}

func newRuns(c Config) *runs {
	return &runs{k: c.K, rule: c.Rule, lengths: make(map[uint64][4]int32)}
}

func (r *runs) Record(b *sparse.Board, row, col int, p uint8) bool {
	r.frames = append(r.frames, len(r.log))
	won := false
	for ax, a := range axes {
		before := r.side(b, row-a.dr, col-a.dc, ax, p)
		after := r.side(b, row+a.dr, col+a.dc, ax, p)
		n := int32(before + 1 + after)
		r.set(sparse.Pack(row, col), ax, n)
		if before > 0 {
			r.set(sparse.Pack(row-before*a.dr, col-before*a.dc), ax, n)
		}
		if after > 0 {
			r.set(sparse.Pack(row+after*a.dr, col+after*a.dc), ax, n)
		}
		won = won || wins(int(n), r.k, r.rule)
	}
	return won
}

// side is the length of p's run ending at (row, col) on axis ax, or 0 when
// that cell does not hold p's mark.
func (r *runs) side(b *sparse.Board, row, col, ax int, p uint8) int {
	if b.Get(row, col) != p {
		return 0
	}
	return int(r.lengths[sparse.Pack(row, col)][ax])
}

func (r *runs) set(key uint64, ax int, n int32) {
	v := r.lengths[key]
	r.log = append(r.log, runEdit{key: key, axis: uint8(ax), old: v[ax]})
	v[ax] = n
	r.lengths[key] = v
}

func (r *runs) Forget(*sparse.Board, int, int, uint8) {
	start := r.frames[len(r.frames)-1]
	r.frames = r.frames[:len(r.frames)-1]
	for i := len(r.log) - 1; i >= start; i-- {
		e := r.log[i]
		v := r.lengths[e.key]
		v[e.axis] = e.old
		if v == [4]int32{} {
			delete(r.lengths, e.key)
		} else {
			r.lengths[e.key] = v
		}
	}
	r.log = r.log[:start]
}

func (r *runs) Clone() Checker {
	return &runs{k: r.k, rule: r.rule, lengths: maps.Clone(r.lengths),
		log: slices.Clone(r.log), frames: slices.Clone(r.frames)}
}
