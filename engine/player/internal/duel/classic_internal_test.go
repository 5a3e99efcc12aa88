package duel

import (
	"context"
	"fmt"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
	"github.com/gomoku-engine/gomoku/sparse"
)

// classicGames are openings of games against Rapfi, 15×15 freestyle.
var classicGames = []string{
	"h8 j8 h10 j9 j6 i7 h6 k9 i6 g6 h7 h9 i9 j10 h5 h4 j7 k8 g8",
	"h8 g9 i10 f11 e8 g8 i9 g7 g10 f9 j10 f10",
	"h8 f6 g7 g9 i6 e7 f8 e9 e8 d8 c9 g8 f10 h9 f9 f7 i10 g10 f11 f12 g12",
}

// classicChoose is a classic search of ds on g within nodes, from a
// state in step with g.
func classicChoose(t *testing.T, ds *State, g *engine.Game, nodes int64) (sparse.Cell, core.Stats) {
	t.Helper()
	ds.SetClassic(true)
	fits, warm := ds.Sync(g, time.Time{})
	require.True(t, fits && warm)
	c, st := chooseWith(t, ds, g, suiteLimits(nodes))
	require.NoError(t, ds.Verify(g), "the search leaves the board in step")
	return c, st
}

// TestClassicKeptStateMatchesFresh: a state kept across the moves of a
// game, whose table, history and counter moves the searches fill, then
// taken back two moves, or on to another game, searches exactly as a
// fresh state does there: the same move, value, depth and nodes.
func TestClassicKeptStateMatchesFresh(t *testing.T) {
	const nodes = 6000
	fresh := func(g *engine.Game) (sparse.Cell, core.Stats) {
		return classicChoose(t, &State{}, g, nodes)
	}
	same := func(name string, g *engine.Game, kept *State) {
		c, st := classicChoose(t, kept, g, nodes)
		fc, fst := fresh(g)
		assert.Equal(t, fc, c, name)
		assert.Equal(t, fst.Nodes, st.Nodes, name)
		assert.Equal(t, fst.Score, st.Score, name)
		assert.Equal(t, fst.Depth, st.Depth, name)
	}
	var kept State
	for n, ms := range classicGames {
		whole := gameOf(t, ms)
		g, err := engine.New(engine.WithBounds(15, 15))
		require.NoError(t, err)
		for ply := range whole.Len() {
			m, _ := whole.MoveAt(ply)
			_, err := g.Play(m.Row, m.Col)
			require.NoError(t, err)
			switch {
			case ply == whole.Len()-5 && n > 0:
				same(fmt.Sprintf("game %d, after game %d", n, n-1), g, &kept)
			case ply > whole.Len()-5:
				classicChoose(t, &kept, g, nodes)
			}
		}
		assert.True(t, kept.used, "the searches filled the table")
		assert.NotZero(t, historySum(&kept), "the searches filled the history")
		for range 2 {
			_, err := g.Undo()
			require.NoError(t, err)
		}
		same(fmt.Sprintf("game %d, two moves taken back", n), g, &kept)
	}
}

// historySum sums the magnitudes of the classic search's history.
func historySum(ds *State) int64 {
	var s int64
	for p := range 2 {
		for k := range 2 {
			for _, h := range ds.chist[p][k] {
				s += int64(max(h, -h))
			}
		}
	}
	return s
}

// TestClassicTablesForgotten: the history and counter moves are kept
// while the game moves forward and cleared by an undo.
func TestClassicTablesForgotten(t *testing.T) {
	g := gameOf(t, classicGames[1])
	var ds State
	classicChoose(t, &ds, g, 20000)
	require.NotZero(t, historySum(&ds))
	counters := func() int {
		n := 0
		for p := range 2 {
			for _, c := range ds.counter[p] {
				if c != (counterMove{}) {
					n++
				}
			}
		}
		return n
	}
	require.NotZero(t, counters())
	_, err := g.Play(0, 0)
	require.NoError(t, err)
	ds.Sync(g, time.Time{})
	assert.NotZero(t, historySum(&ds), "kept while the game moves forward")
	_, err = g.Undo()
	require.NoError(t, err)
	_, err = g.Undo()
	require.NoError(t, err)
	ds.Sync(g, time.Time{})
	assert.Zero(t, historySum(&ds), "cleared by an undo")
	assert.Zero(t, counters(), "cleared by an undo")
}

// TestClassicTableStore: the classic search's store keeps a deeper
// bound of the same position over a shallower one unless that is exact
// or within 2 plies, keeps the old move when the new entry has none, and
// an entry that holds only a seen node settles no search.
func TestClassicTableStore(t *testing.T) {
	ds := &State{tt: make([]ttSlot, 1<<minTableBits)}
	d := &run{s: ds}
	const key = 0x0bad_cafe_0000_0123
	for _, tc := range []struct {
		name        string
		depth       int
		bound       int8
		best        int
		wantDepth   int8
		wantBest    int32
		wantReplace bool
	}{
		{"a shallower lower bound", 5, core.LowerBound, 7, 10, 3, false},
		{"a shallower exact value", 5, core.ExactBound, 7, 5, 7, true},
		{"within 2 plies", 8, core.UpperBound, 7, 8, 7, true},
		{"no move", 8, core.UpperBound, -1, 8, 3, true},
		{"a PV entry's exact value", 1, core.ExactBound | pvFlag, 7, 1, 7, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d.storeClassic(key, 10, 100, core.LowerBound, 3, 0)
			d.storeClassic(key, tc.depth, 50, tc.bound, tc.best, 0)
			e, ok := d.probe(key)
			require.True(t, ok)
			assert.Equal(t, tc.wantDepth, e.depth)
			assert.Equal(t, tc.wantBest, e.best)
			assert.Equal(t, tc.wantReplace, e.value == 50)
		})
	}
	d.storeClassic(key+1, -3, 0, staticOnly|pvFlag, -1, 0)
	e, ok := d.probe(key + 1)
	require.True(t, ok)
	assert.Equal(t, pvFlag, e.bound&pvFlag)
	e.bound &^= pvFlag
	for _, depth := range []int{-3, 0, 1} {
		_, cuts := e.cut(depth, -1000, 1000, 0)
		assert.False(t, cuts, "a seen node's entry at depth %d", depth)
	}
}

// TestClassicPlaysFiveInARowOnly: the classic search plays two-player
// five in a row under the freestyle and exact rules, on bounded and
// unbounded boards; renju and other K are left to the screened search.
func TestClassicPlaysFiveInARowOnly(t *testing.T) {
	for _, tc := range []struct {
		opts    []engine.Option
		classic bool
	}{
		{[]engine.Option{engine.WithBounds(15, 15)}, true},
		{[]engine.Option{engine.WithBounds(20, 20), engine.WithRule(engine.Exact)}, true},
		{nil, true},
		{[]engine.Option{engine.WithBounds(15, 15), engine.WithRule(engine.Renju)}, false},
		{[]engine.Option{engine.WithBounds(15, 15), engine.WithK(6)}, false},
		{[]engine.Option{engine.WithK(4)}, false},
	} {
		g, err := engine.New(tc.opts...)
		require.NoError(t, err)
		for _, m := range [][2]int{{7, 7}, {7, 8}, {8, 8}} {
			_, err := g.Play(m[0], m[1])
			require.NoError(t, err)
		}
		ds := &State{}
		ds.SetClassic(true)
		fits, warm := ds.Sync(g, time.Time{})
		require.True(t, fits && warm)
		assert.Equal(t, tc.classic, ds.b.Grades[0] != nil, "%v", g.Config())
		_, st := chooseWith(t, ds, g, suiteLimits(3000))
		if tc.classic {
			assert.Equal(t, core.ReasonSearch, st.Reason, "%v", g.Config())
			assert.GreaterOrEqual(t, st.Depth, 2, "%v: the classic search starts at 2 plies", g.Config())
		}
		require.NoError(t, ds.Verify(g))
	}
}

// BenchmarkSearches runs each search afresh on the middle games of
// testdata/middlegames.txt within a node limit, side by side, under
// each rule it plays, and reports its speed and the median depth it
// completed. Run it once:
//
//	go test -run '^$' -bench Searches -benchtime 1x ./engine/player/internal/duel
func BenchmarkSearches(b *testing.B) {
	for _, classic := range []bool{true, false} {
		for _, rule := range []engine.Rule{engine.Freestyle, engine.Exact} {
			for _, exp := range []int{5, 6} {
				benchSearch(b, classic, rule, exp)
			}
		}
	}
}

// benchSearch is one of BenchmarkSearches' rows: 10^exp nodes a search.
func benchSearch(b *testing.B, classic bool, rule engine.Rule, exp int) {
	name := map[bool]string{true: "classic", false: "screened"}[classic]
	nodes := int64(math.Pow10(exp))
	b.Run(fmt.Sprintf("search=%s/rule=%v/nodes=1e%d", name, rule, exp), func(b *testing.B) {
		var all int64
		var spent time.Duration
		var depths []int
		positions := middleGames(b)
		for b.Loop() {
			for _, ms := range positions {
				g := gameOf(b, ms, engine.WithRule(rule))
				ds := &State{}
				ds.SetClassic(classic)
				if fits, warm := ds.Sync(g, time.Time{}); !fits || !warm {
					b.Fatal("no window")
				}
				start := time.Now()
				_, st := chooseWith(b, ds, g, suiteLimits(nodes))
				spent += time.Since(start)
				all += st.Nodes
				depths = append(depths, st.Depth)
			}
		}
		slices.Sort(depths)
		b.ReportMetric(float64(all)/spent.Seconds(), "nodes/s")
		b.ReportMetric(float64(depths[len(depths)/2]), "depth")
	})
}

// TestClassicThreads: the classic search on three threads pools its node
// limit, answers a legal move and leaves every thread's board in step
// (run under the race detector in CI).
func TestClassicThreads(t *testing.T) {
	g := gameOf(t, classicGames[0])
	var ds State
	ds.SetThreads(3)
	c, st := classicChoose(t, &ds, g, 30000)
	require.NoError(t, g.CanPlace(c.Row, c.Col))
	assert.GreaterOrEqual(t, st.Nodes, int64(30000))
	assert.LessOrEqual(t, st.Nodes, int64(30000+3*128), "the threads share the limit")
	require.Len(t, ds.helpers, 2)
	assert.GreaterOrEqual(t, st.Depth, 2)
}

// TestClassicSingularSearch: the singular search of a node's table move
// searches the node's other moves against a bound below the move's
// stored value, and leaves no trace of its own: the node's entry and the
// board as they were, and no move left out at any ply afterwards. Its
// verdict is one of its four: the move singular (a ply, or two off the
// PV), the node cut (multi-cut), the move reduced, or nothing.
func TestClassicSingularSearch(t *testing.T) {
	tried := 0
	for n, ms := range classicGames {
		g := gameOf(t, ms)
		var ds State
		classicChoose(t, &ds, g, 200000)
		b := ds.b
		q := len(b.Moves) % 2
		key := b.Hash ^ sideKey[q]
		var st core.Stats
		d := &run{Meter: core.NewMeter(context.Background(), &st, 0, 64), ctx: context.Background(), s: &ds, b: b,
			lim: suiteLimits(0), st: &st, classic: true}
		e, ok := d.probe(key)
		require.True(t, ok, "game %d: the search stored the root", n)
		e.bound &^= pvFlag
		require.GreaterOrEqual(t, e.best, int32(0), "game %d", n)
		if e.value >= mateScore || e.value <= -mateScore {
			continue // settled: no singular search
		}
		tried++
		// A shallow entry for the node, which any store of the node's
		// own would replace.
		slot := &ds.tt[key&uint64(len(ds.tt)-1)]
		*slot = ttSlot{}
		d.storeClassic(key, 3, e.value, core.LowerBound, int(e.best), 1)
		for _, depth := range []int{7 * onePly, 10 * onePly} {
			for _, beta := range []int32{e.value - 200, e.value + 1, e.value + 200} {
				before := slot.load()
				marks := len(b.Moves)
				ext, cutoff := d.singular(depth, beta, 1, q, int(e.best), e.value, false, true, 0)
				require.False(t, d.Stopped)
				assert.Equal(t, before, slot.load(), "game %d: the node's entry is untouched", n)
				assert.Equal(t, marks, len(b.Moves), "game %d: the board is as it was", n)
				assert.Equal(t, [maxPly + 2]int32{}, d.cl.skip, "game %d: no move is left out afterwards", n)
				switch {
				case cutoff:
					assert.Zero(t, ext, "game %d", n)
					assert.LessOrEqual(t, beta, e.value, "game %d: a multi-cut needs the bound at beta or above", n)
				default:
					assert.Contains(t, []int{0, -150, onePly, 2 * onePly}, ext, "game %d", n)
				}
			}
		}
		require.NoError(t, ds.Verify(g))
	}
	assert.GreaterOrEqual(t, tried, 2, "positions the search has not settled")
}
