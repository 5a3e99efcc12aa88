package duel

import (
	"context"
	"fmt"
	"math/rand/v2"
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

// Move ordering tries the most urgent threat first: a win in two before
// anything, the block of the opponent's four-three before an own double
// three, an own four-three before the block of a double three; the
// transposition table's move before all of them. The positions, for
// player 1 (q = 0) to move, offsets from (r0, c0):
//   - o43: player 2 has a four-three at (5, 4) (three in a row on row 5
//     against player 1's wall at (5, 0), two in column 4);
//   - q43: the same shape for player 1, against player 2's wall;
//   - d3: a double three at (10, 10) (two in row 10, two in column 10)
//     with open twos on both diagonals, a cell worth more by value alone
//     than the block of a four-three.
func TestMovesRankThreatsFirst(t *testing.T) {
	o43 := [2][][2]int{{{5, 0}}, {{5, 1}, {5, 2}, {5, 3}, {3, 4}, {4, 4}}}
	d3 := [][2]int{{10, 8}, {10, 9}, {8, 10}, {9, 10}, {12, 12}, {12, 8}}
	for _, tc := range []struct {
		name   string
		marks  [2][][2]int
		tt     [2]int // offsets of the table's move; {−1, −1} for none
		want   [][2]int
		reason string
	}{
		{"block four-three before own double three", [2][][2]int{append(o43[0], d3...), o43[1]}, [2]int{-1, -1},
			[][2]int{{5, 4}}, "the opponent's four-three wins before a double three"},
		{"own four-three before blocking a double three", [2][][2]int{o43[1], append(o43[0], d3...)}, [2]int{-1, -1},
			[][2]int{{5, 4}}, "a four-three wins before the opponent's double three"},
		{"own open four first", [2][][2]int{append(o43[0], [][2]int{{0, 2}, {0, 3}, {0, 4}}...), o43[1]}, [2]int{-1, -1},
			[][2]int{{0, 1}, {0, 5}}, "an open four wins"},
		{"table's move first", [2][][2]int{append(o43[0], d3...), o43[1]}, [2]int{7, 9},
			[][2]int{{7, 9}}, "the table's move is tried first"},
	} {
		for _, bounded := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/bounded=%v", tc.name, bounded), func(t *testing.T) {
				opts := []engine.Option{}
				r0, c0 := -7, 3
				if bounded {
					opts = append(opts, engine.WithBounds(15, 15))
					r0, c0 = 1, 1
				}
				d := duelOn(t, opts, r0, c0, tc.marks)
				tt := -1
				if tc.tt[0] >= 0 {
					tt, _ = d.b.Index(r0+tc.tt[0], c0+tc.tt[1])
				}
				ms, limit := d.moves(0, 1, -1, tt, 1)
				if !assert.Positive(t, limit) {
					return
				}
				pick(ms, 0)
				c := d.b.CellAt(int(ms[0].i))
				var want []sparse.Cell
				for _, w := range tc.want {
					want = append(want, sparse.Cell{Row: r0 + w[0], Col: c0 + w[1]})
				}
				assert.Contains(t, want, c, tc.reason)
				checkDuel(t, d.b)
			})
		}
	}
}

// keepBest leaves the k best cells first, as a full sort would, for every
// k and for lists with ties, sorted, reversed and shuffled.
func TestKeepBest(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 300 {
		n := 1 + trial%40
		ms := make([]scoredCell, n)
		for j := range ms {
			ms[j] = scoredCell{i: int32(j), score: int32(rng.IntN(1 + trial%12))}
		}
		switch trial % 3 {
		case 1:
			slices.SortFunc(ms, byBetter)
		case 2:
			slices.SortFunc(ms, func(a, b scoredCell) int { return -byBetter(a, b) })
		}
		want := slices.Clone(ms)
		slices.SortFunc(want, byBetter)
		for k := 1; k <= n; k++ {
			got := slices.Clone(ms)
			keepBest(got, k)
			head := slices.Clone(got[:k])
			slices.SortFunc(head, byBetter)
			require.Equal(t, want[:k], head, "n=%d k=%d", n, k)
			require.ElementsMatch(t, ms, got, "a permutation")
		}
	}
}

// The ordering tables (history and killers) learnt in one game are gone in
// the next and after an undo: a kept State then searches exactly as a
// fresh one, the same move after the same number of nodes.
func TestOrderingTablesForgotten(t *testing.T) {
	search := func(ds *State, g *engine.Game) (sparse.Cell, int64) {
		t.Helper()
		fits, warm := ds.Sync(g, time.Time{})
		require.True(t, fits && warm)
		lim := core.Limits{Start: time.Now(), MaxDepth: core.MaxDepth, MaxNodes: 20000, Width: core.DefaultWidth, VCF: true, VCT: true}
		st := &core.Stats{}
		c, ok := ds.Choose(context.Background(), g, g.Turn(), lim, st, &atomic.Pointer[sparse.Cell]{})
		require.True(t, ok)
		return c, st.Nodes
	}
	learnt := func(ds *State) bool {
		for q := range ds.hist {
			if slices.ContainsFunc(ds.hist[q], func(v int32) bool { return v != 0 }) {
				return true
			}
		}
		return slices.ContainsFunc(ds.kill, func(k [2]int32) bool { return k != [2]int32{} })
	}
	const first, second = "h8h7f8i8g6i9h6f6g7i5i7g8f10g9", "h8i7h6h9h7g8f7f6i5h5g7j4d8e9"

	var kept State
	search(&kept, gameOf(t, first))
	require.True(t, learnt(&kept), "a search fills the tables")

	g := gameOf(t, second)
	fresh := &State{}
	wantCell, wantNodes := search(fresh, g)
	kept.Sync(g, time.Time{})
	assert.False(t, learnt(&kept), "a new game starts with empty tables")
	gotCell, gotNodes := search(&kept, g)
	assert.Equal(t, wantCell, gotCell)
	assert.Equal(t, wantNodes, gotNodes)

	// Undoing the move just searched for forgets what the search learnt.
	require.True(t, learnt(&kept))
	_, err := g.Play(gotCell.Row, gotCell.Col)
	require.NoError(t, err)
	kept.Sync(g, time.Time{})
	_, err = g.Undo()
	require.NoError(t, err)
	kept.Sync(g, time.Time{})
	assert.False(t, learnt(&kept), "an undo empties the tables")
	require.NoError(t, kept.Verify(g))
}
