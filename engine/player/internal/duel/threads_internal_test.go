package duel

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
	"github.com/gomoku-engine/gomoku/sparse"
)

// The calling thread searches every depth; a helper searches half of
// any run of depths twice its skip size long, and the first helper every
// other depth, which ones turning with the plies played.
func TestSkipDepth(t *testing.T) {
	for plies := range 4 {
		for depth := 1; depth <= 40; depth++ {
			assert.False(t, skipDepth(0, depth, plies))
		}
		for k := 1; k <= 45; k++ {
			size := skipSize[(k-1)%len(skipSize)]
			for from := 1; from <= 20; from++ {
				searched := 0
				for depth := from; depth < from+2*size; depth++ {
					if !skipDepth(k, depth, plies) {
						searched++
					}
				}
				assert.Equal(t, size, searched, "helper %d, %d plies, depths %d to %d", k, plies, from, from+2*size-1)
			}
		}
	}
	var even, odd []int
	for depth := 1; depth <= 6; depth++ {
		if !skipDepth(1, depth, 10) {
			even = append(even, depth)
		}
		if !skipDepth(1, depth, 11) {
			odd = append(odd, depth)
		}
	}
	assert.Equal(t, []int{2, 4, 6}, even)
	assert.Equal(t, []int{1, 3, 5}, odd)
}

// chooseKept runs the kept state ds's search for the player to move
// in g within lim.
func chooseKept(t *testing.T, ds *State, g *engine.Game, lim core.Limits) (sparse.Cell, *core.Stats) {
	t.Helper()
	fits, warm := ds.Sync(g, time.Time{})
	require.True(t, fits && warm)
	st := &core.Stats{}
	c, ok := ds.Choose(context.Background(), g, g.Turn(), lim, st, new(atomic.Pointer[sparse.Cell]))
	require.True(t, ok)
	require.NoError(t, g.CanPlace(c.Row, c.Col))
	return c, st
}

// With several threads a node limit counts the positions of all of them,
// and each helper's board is the game's.
func TestThreadsPoolTheNodeLimit(t *testing.T) {
	const limit = 40_000
	for _, ms := range middleGames(t)[:2] {
		for _, threads := range []int{1, 2, 4} {
			g := gameOf(t, ms)
			var ds State
			ds.SetThreads(threads)
			lim := unlimited()
			lim.MaxNodes = limit
			_, st := chooseKept(t, &ds, g, lim)
			assert.GreaterOrEqual(t, st.Nodes, int64(limit), "%d threads", threads)
			assert.LessOrEqual(t, st.Nodes, int64(limit+threads*128), "%d threads", threads)
			require.Len(t, ds.helpers, threads-1)
			require.NoError(t, ds.Verify(g))
		}
	}
}

// The helpers search (they write to the shared table) and stop when the
// calling thread does: the move comes within its deadline and leaves no
// goroutine behind. Not every helper need write: one that starts late
// can find each of its nodes already decided by the table.
func TestThreadsStopWithTheDeadline(t *testing.T) {
	g := gameOf(t, middleGames(t)[0])
	var ds State
	ds.SetThreads(3)
	before := runtime.NumGoroutine()
	lim := unlimited()
	lim.Start = time.Now()
	lim.Deadline = lim.Start.Add(300 * time.Millisecond)
	lim.Optimum = lim.Deadline
	chooseKept(t, &ds, g, lim)
	assert.Less(t, time.Since(lim.Start), 800*time.Millisecond, "the deadline was 300 ms")
	// The runtime counts its finalizer goroutine while it runs
	// finalizers, so the count may be over for a moment; a helper left
	// running would keep it over.
	for wait := time.Now().Add(2 * time.Second); runtime.NumGoroutine() > before && time.Now().Before(wait); {
		time.Sleep(5 * time.Millisecond)
	}
	assert.LessOrEqual(t, runtime.NumGoroutine(), before, "no helper left running")
	require.Len(t, ds.helpers, 2)
	assert.True(t, slices.ContainsFunc(ds.helpers, func(h *State) bool { return h.used }), "a helper searched")
}

// The helpers follow the game as the calling thread's board does: move by
// move, into a new window when play leaves the old one, back when the
// game goes back (their ordering tables then cleared, as the calling
// thread's are), and into a new game and another configuration.
func TestThreadsFollowTheGame(t *testing.T) {
	g, err := engine.New()
	require.NoError(t, err)
	var ds State
	ds.SetThreads(3)
	lim := unlimited()
	lim.MaxDepth = 4
	play := func(r, c int) {
		_, err := g.Play(r, c)
		require.NoError(t, err)
	}
	for _, m := range [][2]int{{0, 0}, {0, 1}, {1, 1}, {2, 2}, {1, 0}} {
		play(m[0], m[1])
		chooseKept(t, &ds, g, lim)
		require.NoError(t, ds.Verify(g))
	}
	window := *ds.b
	play(40, -35) // far outside the window
	chooseKept(t, &ds, g, lim)
	require.NoError(t, ds.Verify(g))
	require.False(t, ds.b.SameWindow(&window), "a new window")

	_, err = g.Undo()
	require.NoError(t, err)
	_, err = g.Undo()
	require.NoError(t, err)
	fits, warm := ds.Sync(g, time.Time{})
	require.True(t, fits && warm)
	helpers := ds.helping()
	require.Len(t, helpers, 2)
	for k, h := range helpers {
		assertNoOrdering(t, h, fmt.Sprintf("helper %d after going back", k+1))
		require.NoError(t, h.Verify(g))
	}

	// Forget clears the helpers' ordering tables as well as the
	// calling thread's. Whether a helper's search left any behind
	// depends on the threads' timing, so some are set here.
	for _, h := range ds.helpers {
		h.hist[0][0], h.hist[1][1] = 5, 7
		h.kill[1] = [2]int32{3, 4}
		h.failed[1] = 2
	}
	ds.Forget()
	assertNoOrdering(t, &ds, "the calling thread after Forget")
	for k, h := range ds.helpers {
		assertNoOrdering(t, h, fmt.Sprintf("helper %d after Forget", k+1))
	}

	// Another configuration, then a new game of it: the whole board is
	// the window, so the helpers keep theirs and take the marks back.
	for _, first := range [][2]int{{7, 7}, {3, 3}} {
		exact, err := engine.New(engine.WithBounds(15, 15), engine.WithRule(engine.Exact))
		require.NoError(t, err)
		for _, m := range [][2]int{first, {7, 8}, {8, 8}} {
			_, err := exact.Play(m[0], m[1])
			require.NoError(t, err)
		}
		chooseKept(t, &ds, exact, lim)
		require.NoError(t, ds.Verify(exact))
	}
}

// assertNoOrdering asserts that h's history, killers and refutations
// are empty.
func assertNoOrdering(t *testing.T, h *State, who string) {
	t.Helper()
	for q := range h.hist {
		assert.False(t, slices.ContainsFunc(h.hist[q], func(v int32) bool { return v != 0 }), "%s: history", who)
	}
	assert.False(t, slices.ContainsFunc(h.kill, func(k [2]int32) bool { return k != [2]int32{} }), "%s: killers", who)
	assert.Empty(t, h.failed, "%s: refutations", who)
}
