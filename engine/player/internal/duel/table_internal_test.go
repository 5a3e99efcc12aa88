package duel

import (
	"fmt"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
	"github.com/gomoku-engine/gomoku/sparse"
)

func TestTableEntries(t *testing.T) {
	slot := int64(unsafe.Sizeof(ttSlot{}))
	require.Equal(t, int64(24), slot, "the documented entry size")
	for _, tc := range []struct {
		bytes int64
		want  int
	}{
		{0, 1 << 18},
		{-5, 1 << 18},
		{DefaultTableMemory, 1 << 18},
		{DefaultTableMemory - 1, 1 << 17},
		{slot << 20, 1 << 20},
		{slot<<21 - 1, 1 << 20},
		{175 << 20, 1 << 22}, // half of Gomocup's 350 MiB: 96 MiB
		{1, 1 << minTableBits},
		{1 << 62, 1 << maxTableBits},
	} {
		got := tableEntries(tc.bytes)
		assert.Equal(t, tc.want, got, "%d bytes", tc.bytes)
		if tc.bytes >= slot<<minTableBits && tc.bytes < slot<<maxTableBits {
			assert.LessOrEqual(t, int64(got)*slot, tc.bytes, "fits the budget")
			assert.Greater(t, 2*int64(got)*slot, tc.bytes, "the largest power of two that fits")
		}
	}
}

// The table's size follows SetTableMemory at the next Sync, which starts
// afresh, and stays put while the game goes on.
func TestSetTableMemory(t *testing.T) {
	g, err := engine.New(engine.WithBounds(15, 15))
	require.NoError(t, err)
	_, err = g.Play(7, 7)
	require.NoError(t, err)
	var ds State
	ds.Sync(g, time.Time{})
	assert.Len(t, ds.tt, 1<<18)
	ds.SetTableMemory(24 << 20)
	fits, warm := ds.Sync(g, time.Time{})
	require.True(t, fits && warm)
	assert.Len(t, ds.tt, 1<<20)
	assert.Equal(t, int64(24<<20), ds.tableMemory, "kept by the rebuild")
	require.NoError(t, ds.Verify(g))
	_, err = g.Play(7, 8)
	require.NoError(t, err)
	ds.Sync(g, time.Time{})
	assert.Len(t, ds.tt, 1<<20)
	ds.SetTableMemory(0)
	ds.Sync(g, time.Time{})
	assert.Len(t, ds.tt, 1<<18)
	require.NoError(t, ds.Verify(g))
}

// A mate score is stored relative to the node: a win 5 plies from a node
// reached at ply 3 reads, where the same position is reached at ply 9 (of
// this search or of a later one from another root), as a win 5 plies from
// there. Other values are stored as they are.
func TestTableMateRelativeToNode(t *testing.T) {
	ds := &State{tt: make([]ttSlot, 1<<minTableBits)}
	d := &run{s: ds}
	for _, tc := range []struct {
		name          string
		atStore, want func(ply int) int32
	}{
		{"win", func(p int) int32 { return winScore - int32(p+5) }, func(p int) int32 { return winScore - int32(p+5) }},
		{"loss", func(p int) int32 { return -winScore + int32(p+4) }, func(p int) int32 { return -winScore + int32(p+4) }},
		{"quiet", func(int) int32 { return 1234 }, func(int) int32 { return 1234 }},
		{"quiet loss", func(int) int32 { return -mateScore + 1 }, func(int) int32 { return -mateScore + 1 }},
	} {
		for _, plies := range [][2]int{{3, 9}, {9, 3}, {0, 40}, {17, 17}} {
			t.Run(fmt.Sprintf("%s/%d→%d", tc.name, plies[0], plies[1]), func(t *testing.T) {
				const key = 0x1234_5678_9abc_def0
				d.store(key, 4, tc.atStore(plies[0]), core.ExactBound, 7, plies[0])
				s, found := d.probe(key)
				require.True(t, found)
				v, ok := s.cut(4, -infScore, infScore, plies[1])
				require.True(t, ok)
				assert.Equal(t, tc.want(plies[1]), v)
				assert.Equal(t, int32(7), s.best)
			})
		}
	}
}

// An entry settles a search only as deep as its own and only where its
// bound allows; one stored under another key of the same slot is never
// read.
func TestTableBounds(t *testing.T) {
	ds := &State{tt: make([]ttSlot, 1<<minTableBits)}
	d := &run{s: ds}
	const key = 0x0bad_cafe_0000_0123
	for _, tc := range []struct {
		bound       int8
		depth       int
		alpha, beta int32
		cuts        bool
	}{
		{core.ExactBound, 5, -10, 10, true},
		{core.ExactBound, 6, -10, 10, false}, // searched less deep
		{core.ExactBound, 3, 200, 300, true},
		{core.LowerBound, 5, 90, 100, true}, // value ≥ beta
		{core.LowerBound, 5, 100, 101, false},
		{core.LowerBound, 5, 100, 200, false},
		{core.UpperBound, 5, 100, 200, true}, // value ≤ alpha
		{core.UpperBound, 5, 99, 200, false},
		{core.UpperBound, 5, 0, 50, false},
	} {
		name := fmt.Sprintf("bound=%d/depth=%d/(%d,%d)", tc.bound, tc.depth, tc.alpha, tc.beta)
		d.store(key, 5, 100, tc.bound, 3, 2)
		s, found := d.probe(key)
		require.True(t, found, name)
		v, ok := s.cut(tc.depth, tc.alpha, tc.beta, 2)
		assert.Equal(t, tc.cuts, ok, name)
		if ok {
			assert.Equal(t, int32(100), v, name)
		}
		other := key + uint64(len(ds.tt)) // the same slot
		_, found = d.probe(other)
		assert.False(t, found, "%s: another position in the slot", name)
	}
	// A shallower bound does not overwrite a deeper one of the same
	// position; an exact value does.
	d.store(key, 8, 50, core.LowerBound, 1, 0)
	d.store(key, 2, 10, core.UpperBound, 2, 0)
	s, _ := d.probe(key)
	assert.Equal(t, int8(8), s.depth)
	d.store(key, 2, 10, core.ExactBound, 2, 0)
	s, _ = d.probe(key)
	assert.Equal(t, int8(2), s.depth)
}

// What the table learnt stays only while the game moves forward: undoing a
// move, a new game and another configuration all find it empty, whatever
// its size.
func TestTableForgottenOnUndoAndNewGame(t *testing.T) {
	for _, mem := range []int64{0, 24 << 16} {
		t.Run(fmt.Sprintf("mem=%d", mem), func(t *testing.T) {
			g, err := engine.New(engine.WithBounds(15, 15))
			require.NoError(t, err)
			var ds State
			ds.SetTableMemory(mem)
			mark := func() { // as run.store does
				ds.tt[5].save(ttEntry{key: 99, value: winScore - 3, depth: 4, bound: core.ExactBound})
				ds.used = true
			}
			marked := func() bool { return ds.tt[5].load().key == 99 }
			for _, m := range [][2]int{{7, 7}, {7, 8}, {8, 8}} {
				_, err := g.Play(m[0], m[1])
				require.NoError(t, err)
			}
			ds.Sync(g, time.Time{})
			mark()
			_, err = g.Play(9, 9)
			require.NoError(t, err)
			ds.Sync(g, time.Time{})
			assert.True(t, marked(), "kept while the game moves forward")
			_, err = g.Undo()
			require.NoError(t, err)
			_, err = g.Undo()
			require.NoError(t, err)
			ds.Sync(g, time.Time{})
			assert.False(t, marked(), "cleared by an undo")
			require.NoError(t, ds.Verify(g))

			mark()
			g2, err := engine.New(engine.WithBounds(15, 15))
			require.NoError(t, err)
			_, err = g2.Play(3, 3)
			require.NoError(t, err)
			ds.Sync(g2, time.Time{})
			assert.False(t, marked(), "cleared by a new game")
			require.NoError(t, ds.Verify(g2))

			mark()
			g3, err := engine.New(engine.WithBounds(15, 15), engine.WithK(6))
			require.NoError(t, err)
			_, err = g3.Play(3, 3)
			require.NoError(t, err)
			ds.Sync(g3, time.Time{})
			assert.False(t, marked(), "cleared by another configuration")
			assert.Len(t, ds.tt, tableEntries(mem))
			require.NoError(t, ds.Verify(g3))
		})
	}
}

// A mate an earlier search stored without searching all its plies comes
// back from the table at every iteration of the next search up to the
// depth it was stored at. The root's rule that mateIterations winning
// iterations in a row settle the game must not count those: here every
// root move's position holds a win in 14 for the mover, stored at depth
// 10. Stored by this search, the claim settles the game after
// mateIterations iterations that read it (all but the first, whose
// children are leaves scored before the table is read), as the rule
// means; carried over from the search before, it leaves the search
// deepening to its limit.
func TestCarriedClaimSettlesNothing(t *testing.T) {
	for _, tc := range []struct {
		name    string
		carried bool
		halt    core.Halt
		depth   int
	}{
		{"stored by this search", false, core.HaltSettled, 1 + mateIterations},
		{"carried over", true, core.HaltDepth, 8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := engine.New(engine.WithBounds(15, 15))
			require.NoError(t, err)
			for _, m := range [][2]int{{7, 7}, {7, 8}, {8, 8}, {6, 6}} {
				_, err := g.Play(m[0], m[1])
				require.NoError(t, err)
			}
			var ds State
			fits, warm := ds.Sync(g, time.Time{})
			require.True(t, fits && warm)
			b, q := ds.b, g.Turn()-1
			gen := ds.gen + 1 // the coming search's
			if tc.carried {
				gen = ds.gen
			}
			var cands []int
			b.Cands(func(i int) bool { cands = append(cands, i); return true })
			require.NotEmpty(t, cands)
			for _, i := range cands {
				b.Place(i, q)
				key := b.Hash ^ sideKey[1-q]
				ds.tt[key&uint64(len(ds.tt)-1)].save(ttEntry{key: key, value: -(winScore - 13), depth: 10, bound: core.ExactBound, gen: gen})
				b.Undo()
			}
			ds.used = true
			lim := unlimited()
			lim.VCF, lim.VCT, lim.MaxDepth = false, false, 8
			_, st := chooseWith(t, &ds, g, lim)
			assert.Equal(t, core.WinValue-14, st.Score, "the stored win, one ply further")
			assert.Equal(t, tc.halt, st.Halt)
			assert.Equal(t, tc.depth, st.Depth)
		})
	}
}

// The same from a real game (against AIWine at 5 s + 0.2 s): one search
// kept across white's moves, each bounded by the nodes the game's search
// spent, and before the 18th ply it settled on i5 after 28,211 nodes, at
// depth 6, on a win its table carried from the move before; Rapfi reads
// i5 as a loss in 17 and f8 as the only win. Now it goes on deepening
// and, given the nodes, finds f8. The search reduces late moves and
// evaluates as it did for that game (pvLess off, searchAsRecorded), so
// that it plays the game's moves and its table holds what the game's did.
func TestCarriedClaimFromAGame(t *testing.T) {
	if raceEnabled {
		t.Skip("one goroutine, 2·10⁶ nodes: the race detector checks nothing here")
	}
	set(t, &pvLess, false)
	searchAsRecorded(t)
	whole := aiwineMove18(t)
	spent := []int64{365860, 506597, 135788, 311759, 216977, 418466, 313738}
	for _, last := range []int64{28211, 1e6} {
		g, err := engine.New(engine.WithBounds(15, 15))
		require.NoError(t, err)
		var ds State
		ds.SetTableMemory(350 << 20 / 2) // as the brain sizes it for Gomocup's max_memory
		choose := func(nodes int64) (sparse.Cell, core.Stats) {
			fits, warm := ds.Sync(g, time.Time{})
			require.True(t, fits && warm)
			return chooseWith(t, &ds, g, suiteLimits(nodes))
		}
		for ply := range whole.Len() {
			m, _ := whole.MoveAt(ply)
			if m.Player == 2 && ply >= 3 {
				c, _ := choose(spent[(ply-3)/2])
				require.Equal(t, sparse.Cell{Row: m.Row, Col: m.Col}, c, "white's move at ply %d, as in the game", ply+1)
			}
			_, err := g.Play(m.Row, m.Col)
			require.NoError(t, err)
		}
		c, st := choose(last)
		assert.NotEqual(t, core.HaltSettled, st.Halt, "within %d nodes: %s at depth %d, %s", last, cellName(c), st.Depth, scoreName(st.Score))
		if last >= 1e6 {
			assert.Equal(t, "f8", cellName(c), "depth %d, %s", st.Depth, scoreName(st.Score))
		}
	}
}
