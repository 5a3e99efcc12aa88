package engine

import (
	"maps"

	"github.com/gomoku-engine/gomoku/engine/internal/cellkey"
	"github.com/gomoku-engine/gomoku/sparse"
)

// runs is the O(1) run-length checker. For every axis it knows the length
// of each maximal run of one player's marks of at least longRun cells, at
// the run's two end cells. A new mark's neighbours on an axis are
// necessarily run ends (the new cell was empty), so the runs on both sides
// are read in O(1), merged, and the merged length written at the new run's
// two ends. Interior cells keep stale lengths that are never read.
//
// Runs shorter than longRun are counted by walking, which reads at most
// longRun cells a side: on most boards nearly every run is that short, so
// the checker then stores nothing and costs what the walk does, and its
// tables hold only the long runs it exists for. A run's length never
// shrinks while its marks stay, so a cell's length on an axis, once
// written, stays exact for as long as the cell ends that run.
//
// Record and Forget come in strict LIFO order, so the entries live in a
// stack, the map only finding a cell's slot, and every change a Record
// makes (an entry made, a length overwritten) is logged with the Record's
// sequence number, which lets Forget undo exactly that Record without a
// per-move frame. An entry made by the current Record needs no log of its
// later writes: Forget drops it whole.
//
// On a torus the neighbours and run ends are taken across the edges. A
// line there is a cycle, and when a mark fills the last gap of one, the
// runs on its two sides are the same run, which the merge would count
// twice: the merged length is capped at the cycle's length.
type runs struct {
	k    int
	rule Rule
	// torus walks across the edges when the board wraps, and holds its
	// geometry; cycles[a] is the length of every line along axes[a] there.
	torus   *torusWalk
	cycles  [4]int32
	slot    map[uint64]int32 // a packed cell's index in entries
	entries stack[runEntry]
	log     stack[runEdit]
	seq     int32 // the number of Records not forgotten
	base    int32 // len(entries) when the current Record began
}

// longRun is the shortest run whose length the checker keeps. A walk of
// longRun-1 cells a side tells whether a run reaches it, and 4 is the
// longest reach for which the board answers [sparse.Board.AxisRuns] from
// one block of tiles, so that a move among short runs costs one such call.
const longRun = 5

// runEntry is a cell's run length on each axis, 0 where none was written.
type runEntry struct {
	key     uint64
	lengths [4]int32
}

// runEdit is one change made by Record number seq: entry slot's length on
// axis was old before, or, when old is madeEntry, the entry was made.
type runEdit struct {
	seq  int32
	slot uint32 // the entry's index << 2 | the axis
	old  int32
}

const madeEntry = -1

func newRuns(c Config) *runs {
	r := &runs{k: c.K, rule: c.Rule, slot: make(map[uint64]int32)}
	if c.Torus {
		r.torus = newTorusWalk(c)
		for a, d := range axes {
			r.cycles[a] = int32(min(c.Cycle(d.Row, d.Col), maxRun))
		}
	}
	return r
}

// maxRun caps a torus's cycle lengths to the int32 the checker stores: a
// diagonal cycle of a huge torus can be longer, but no game holds that
// many marks, so the cap changes no answer.
const maxRun = 1<<31 - 1

func (r *runs) Record(b *sparse.Board, row, col int, p uint8) bool {
	won := false
	r.base = int32(r.entries.Len())
	// Away from a torus's edges no walk of longRun cells wraps, and the
	// board counts all four axes at once.
	flat := r.torus == nil || (row >= longRun && row+longRun < r.torus.cfg.Rows && col >= longRun && col+longRun < r.torus.cfg.Cols)
	var near [4]int
	if flat {
		near = b.AxisRuns(row, col, p, longRun-1)
	}
	for ax, a := range axes {
		if flat && near[ax] < longRun-1 {
			// Both sides are shorter than the walk's reach, so it counted
			// them whole, and the merged run is too short to keep.
			won = won || wins(1+near[ax], r.k, r.rule, p)
			continue
		}
		before := r.side(b, row, col, -a.Row, -a.Col, ax, p)
		after := r.side(b, row, col, a.Row, a.Col, ax, p)
		n := int32(before + 1 + after)
		if r.torus != nil {
			n = min(n, r.cycles[ax])
		}
		if n >= longRun {
			// The merged run's two ends, the new mark itself when a side
			// is empty.
			br, bc, ar, ac := row-before*a.Row, col-before*a.Col, row+after*a.Row, col+after*a.Col
			if r.torus != nil {
				br, bc = r.torus.cfg.Wrap(br, bc)
				ar, ac = r.torus.cfg.Wrap(ar, ac)
			}
			r.set(cellkey.Pack(br, bc), ax, n)
			r.set(cellkey.Pack(ar, ac), ax, n)
		}
		won = won || wins(int(n), r.k, r.rule, p)
	}
	r.seq++
	return won
}

// side is the length of p's run that ends next to (row, col) in direction
// (dr, dc) on axis ax, not counting (row, col), or 0 when that neighbour
// does not hold p's mark.
func (r *runs) side(b *sparse.Board, row, col, dr, dc, ax int, p uint8) int {
	var n int
	if r.torus == nil {
		n = b.Run(row, col, dr, dc, p, longRun)
	} else {
		n = r.torus.run(b, row, col, dr, dc, p, min(longRun, int(r.cycles[ax])-1))
	}
	if n < longRun {
		return n
	}
	nr, nc := row+dr, col+dc
	if r.torus != nil {
		nr, nc = r.torus.cfg.Wrap(nr, nc)
	}
	if s, ok := r.slot[cellkey.Pack(nr, nc)]; ok {
		if l := r.entries.at(int(s)).lengths[ax]; l > 0 {
			return int(l)
		}
	}
	// Every end of a long run has its length; should one be missing, the
	// whole walk still gives the right answer.
	if r.torus == nil {
		return b.Run(row, col, dr, dc, p, maxRun)
	}
	return r.torus.run(b, row, col, dr, dc, p, int(r.cycles[ax])-1)
}

// set writes n as a marked cell's run length on axis ax, making the
// cell's entry if it has none, and logs the change.
func (r *runs) set(key uint64, ax int, n int32) {
	s, ok := r.slot[key]
	if !ok {
		s = int32(r.entries.Len())
		r.slot[key] = s
		r.entries.push(runEntry{key: key})
		r.log.push(runEdit{seq: r.seq, slot: uint32(s) << 2, old: madeEntry})
	}
	e := r.entries.at(int(s))
	if s < r.base {
		r.log.push(runEdit{seq: r.seq, slot: uint32(s)<<2 | uint32(ax), old: e.lengths[ax]})
	}
	e.lengths[ax] = n
}

func (r *runs) Forget(*sparse.Board, int, int, uint8) {
	r.seq--
	for r.log.Len() > 0 && r.log.at(r.log.Len()-1).seq == r.seq {
		e := r.log.pop()
		if e.old == madeEntry {
			delete(r.slot, r.entries.pop().key) // the latest entry: they are made in order
			continue
		}
		r.entries.at(int(e.slot >> 2)).lengths[e.slot&3] = e.old
	}
}

func (r *runs) Clone() winChecker {
	return &runs{k: r.k, rule: r.rule, torus: r.torus, cycles: r.cycles, slot: maps.Clone(r.slot),
		entries: r.entries.clone(), log: r.log.clone(), seq: r.seq}
}
