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
//
// Record and Forget come in strict LIFO order, so the per-cell lengths
// live in a stack: Record pushes the new cell's entry and Forget pops it.
// The map only finds a cell's slot; the lengths are then read and written
// in place, which halves the hashing of a map of lengths.
//
// On a torus the neighbours and run ends are taken across the edges. A
// line there is a cycle, and when a mark fills the last gap of one, the
// runs on its two sides are the same run, which the merge would count
// twice: the merged length is capped at the cycle's length.
type runs struct {
	k    int
	rule Rule
	// torus holds the board's geometry when it wraps; cycles[a] is the
	// length of every line along axes[a] there.
	torus  *Config
	cycles [4]int32
	// slot maps a packed marked cell to its entry in lengths.
	slot map[uint64]int32
	// lengths holds each marked cell's run length on each axis, in the
	// order the cells were recorded.
	lengths [][4]int32
	// log holds every write to an older cell's entry, so Forget can
	// restore exactly what a Record changed; frames[i] is len(log) before
	// the i-th recorded move.
	log    []runEdit
	frames []int
}

type runEdit struct {
	slot int32
	axis uint8
	old  int32
}

func newRuns(c Config) *runs {
	r := &runs{k: c.K, rule: c.Rule, slot: make(map[uint64]int32)}
	if c.Torus {
		r.torus = &c
		for a, d := range axes {
			r.cycles[a] = int32(min(c.Cycle(d.dr, d.dc), maxRun))
		}
	}
	return r
}

// maxRun caps a torus's cycle lengths to the int32 the checker stores: a
// diagonal cycle of a huge torus can be longer, but no game holds that
// many marks, so the cap changes no answer.
const maxRun = 1<<31 - 1

func (r *runs) Record(b *sparse.Board, row, col int, p uint8) bool {
	r.frames = append(r.frames, len(r.log))
	self := int32(len(r.lengths))
	r.lengths = append(r.lengths, [4]int32{})
	r.slot[sparse.Pack(row, col)] = self
	won := false
	for ax, a := range axes {
		pr, pc, nr, nc := row-a.dr, col-a.dc, row+a.dr, col+a.dc
		if r.torus != nil {
			pr, pc = r.torus.Wrap(pr, pc)
			nr, nc = r.torus.Wrap(nr, nc)
		}
		before := r.side(b, pr, pc, ax, p)
		after := r.side(b, nr, nc, ax, p)
		n := int32(before + 1 + after)
		if r.torus != nil {
			n = min(n, r.cycles[ax])
		}
		r.lengths[self][ax] = n
		// The runs' far ends, which the merged run now ends at.
		br, bc, ar, ac := row-before*a.dr, col-before*a.dc, row+after*a.dr, col+after*a.dc
		if r.torus != nil {
			br, bc = r.torus.Wrap(br, bc)
			ar, ac = r.torus.Wrap(ar, ac)
		}
		if before > 0 {
			r.set(sparse.Pack(br, bc), ax, n)
		}
		if after > 0 {
			r.set(sparse.Pack(ar, ac), ax, n)
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
	return int(r.lengths[r.slot[sparse.Pack(row, col)]][ax])
}

// set writes n as the run length of an older cell on axis ax, logging the
// old value.
func (r *runs) set(key uint64, ax int, n int32) {
	s := r.slot[key]
	r.log = append(r.log, runEdit{slot: s, axis: uint8(ax), old: r.lengths[s][ax]})
	r.lengths[s][ax] = n
}

func (r *runs) Forget(_ *sparse.Board, row, col int, _ uint8) {
	start := r.frames[len(r.frames)-1]
	r.frames = r.frames[:len(r.frames)-1]
	for i := len(r.log) - 1; i >= start; i-- {
		e := r.log[i]
		r.lengths[e.slot][e.axis] = e.old
	}
	r.log = r.log[:start]
	r.lengths = r.lengths[:len(r.lengths)-1]
	delete(r.slot, sparse.Pack(row, col))
}

func (r *runs) Clone() Checker {
	return &runs{k: r.k, rule: r.rule, torus: r.torus, cycles: r.cycles, slot: maps.Clone(r.slot), lengths: slices.Clone(r.lengths),
		log: slices.Clone(r.log), frames: slices.Clone(r.frames)}
}
