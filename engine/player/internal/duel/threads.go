package duel

import (
	"context"
	"math"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
	"github.com/gomoku-engine/gomoku/engine/player/internal/dense"
	"github.com/gomoku-engine/gomoku/engine/player/internal/history"
	"github.com/gomoku-engine/gomoku/sparse"
)

// SetThreads sets how many threads search each move, at least 1 (the
// default). More threads search more nodes in the same time; with one,
// the search visits the same nodes whatever the machine's load.
func (ds *State) SetThreads(n int) { ds.threads = max(n, 1) }

// helping brings ds's helpers in step with its board, which Sync has
// brought in step with the game, and returns those that are: one fewer
// than the threads. A helper that cannot follow is dropped for this
// move and built again at the next.
func (ds *State) helping() []*State {
	want := max(ds.threads, 1) - 1
	if want == 0 || ds.b == nil {
		ds.helpers = nil
		return nil
	}
	for len(ds.helpers) < want {
		ds.helpers = append(ds.helpers, &State{})
	}
	ds.helpers = ds.helpers[:want]
	ready := make([]*State, 0, want)
	for _, h := range ds.helpers {
		if h.follow(ds) {
			h.fade()
			ready = append(ready, h)
		}
	}
	return ready
}

// follow brings helper h in step with ds: the same configuration,
// evaluation, window and marks, ds's transposition table and search
// number. The helper's own tables (history, killers, refutations) carry
// over from move to move while the game moves forward, as ds's do, and
// are cleared when it goes back; another game, window or evaluation
// builds the helper afresh.
func (h *State) follow(ds *State) bool {
	fresh := func() {
		b := ds.b
		*h = State{cfg: ds.cfg, ev: ds.ev, kill: make([][2]int32, maxPly+2), failed: make(map[uint64]int),
			b:    dense.NewBoardUnder(ds.cfg, ds.evaluation(), b.R0, b.C0, b.Rows, b.Cols),
			hist: [2][]int32{make([]int32, len(b.Stone)), make([]int32, len(b.Stone))}}
	}
	if h.b == nil || h.cfg != ds.cfg || h.ev != ds.ev || !h.b.SameWindow(ds.b) {
		fresh()
	}
	h.b.SnapFrom = math.MaxInt // the game's marks: see dense.Board.Lookahead
	back, ok := false, true
	held := history.Sync(history.Moves(h.played), history.Moves(ds.played), fresh,
		func() {
			h.b.Undo()
			h.played = h.played[:len(h.played)-1]
			back = true
		},
		func(m engine.Move) bool {
			i, in := h.b.Index(m.Row, m.Col)
			if ok = in && h.b.Stone[i] == 0; ok {
				h.b.Place(i, m.Player-1)
				h.played = append(h.played, m)
			}
			return ok
		})
	if !ok || held != len(ds.played) {
		h.b = nil // not the game ds holds: built afresh at the next move
		return false
	}
	if back {
		h.forgetOrdering()
	}
	h.b.Lookahead()
	h.tt, h.gen = ds.tt, ds.gen
	return true
}

// skipSize and skipPhase spread the helpers' iterations over the depths:
// helper k (from 1) skips the depths d for which
// (d + plies played + skipPhase[j]) / skipSize[j] is odd, j = (k−1) mod 20.
// The first helper searches every other depth, the next two every other
// pair of depths, half a pair apart, and so on.
var (
	skipSize  = [20]int{1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4}
	skipPhase = [20]int{0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7}
)

// skipDepth reports whether helper k skips the iteration of depth plies
// when plies marks are on the board; the calling thread (k = 0) skips
// none.
func skipDepth(k, depth, plies int) bool {
	if k == 0 {
		return false
	}
	j := (k - 1) % len(skipSize)
	return (depth+plies+skipPhase[j])/skipSize[j]%2 != 0
}

// together is deepen on the calling thread and on every helper at once,
// until the calling thread stops; it returns the best move of the thread
// that completed the deepest iteration (the calling thread's on a tie)
// and adds the helpers' nodes to the move's.
func (d *run) together(q int, moves []scoredCell) int {
	if len(d.helpers) == 0 {
		return d.deepen(q, moves)
	}
	ctx, cancel := context.WithCancel(d.ctx)
	defer cancel()
	var pool atomic.Int64
	if d.lim.MaxNodes > 0 {
		d.Share(&pool)
	}
	runs := make([]*run, len(d.helpers))
	found := make([]int, len(d.helpers))
	var wg sync.WaitGroup
	for k, h := range d.helpers {
		lim := d.lim
		// The calling thread's plan decides when to stop.
		lim.Deadline, lim.Optimum = time.Time{}, time.Time{}
		st := &core.Stats{}
		r := &run{Meter: core.NewMeter(ctx, st, lim.MaxNodes, 64), ctx: ctx, s: h, b: h.b, lim: lim, st: st,
			provisional: new(atomic.Pointer[sparse.Cell]), helper: k + 1, classic: d.classic}
		r.Limit = d.lim.Deadline
		if d.lim.MaxNodes > 0 {
			r.Share(&pool)
		}
		if countTree {
			r.tally = &treeTally{}
		}
		runs[k] = r
		wg.Add(1)
		go func() {
			defer wg.Done()
			found[k] = r.deepen(q, slices.Clone(moves))
		}()
	}
	best := d.deepen(q, moves)
	cancel()
	wg.Wait()
	d.s.used = true // the helpers wrote to the shared table
	for k, r := range runs {
		d.st.Nodes += r.st.Nodes
		if r.st.Depth > d.st.Depth && found[k] >= 0 {
			best = found[k]
			d.st.Depth, d.st.Score = r.st.Depth, r.st.Score
		}
	}
	d.publish(best)
	return best
}
