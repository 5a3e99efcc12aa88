package duel

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
	"github.com/gomoku-engine/gomoku/engine/player/internal/dense"
	"github.com/gomoku-engine/gomoku/engine/record"
	"github.com/gomoku-engine/gomoku/sparse"
)

// duelOn sets up a free-order game with player 1's and player 2's marks at
// (r0, c0) + the given offsets and returns a two-player search on it.
func duelOn(t *testing.T, opts []engine.Option, r0, c0 int, marks [2][][2]int) *run {
	t.Helper()
	g, err := engine.New(append(opts, engine.WithFreeOrder())...)
	require.NoError(t, err)
	for p, ms := range marks {
		for _, m := range ms {
			_, err := g.PlayAs(r0+m[0], c0+m[1], p+1)
			require.NoError(t, err)
		}
	}
	require.Equal(t, engine.Ongoing, g.Status())
	return runOn(t, g)
}

// runOn returns a two-player search, bounded by nothing but its depth, on
// a fresh working board of g's position.
func runOn(tb testing.TB, g *engine.Game) *run {
	tb.Helper()
	ds := &State{failed: make(map[uint64]int)}
	fits, warm := ds.Sync(g, time.Time{})
	require.True(tb, fits && warm)
	st := &core.Stats{}
	return &run{Meter: core.NewMeter(context.Background(), st, 0, 64), s: ds, b: ds.b, lim: unlimited(), st: st}
}

// gameOf is the 15×15 game of move string ms, freestyle unless opts
// say otherwise.
func gameOf(tb testing.TB, ms string, opts ...engine.Option) *engine.Game {
	tb.Helper()
	r, err := record.ParseMoveString(ms)
	require.NoError(tb, err)
	g, err := r.Game(append([]engine.Option{engine.WithBounds(15, 15)}, opts...)...)
	require.NoError(tb, err)
	return g
}

// unlimited are the limits of a search bounded by nothing but its depth.
func unlimited() core.Limits {
	return core.Limits{Start: time.Now(), MaxDepth: core.MaxDepth, Width: core.DefaultWidth, VCF: true, VCT: true}
}

// TestDuelFutilityKeepsThreats: futility pruning leaves alone the nodes
// where threats decide. At one ply left and a null window far below the
// mover's static value, a mover facing two double fours is still found
// lost. Several K, both rules, infinite and bounded boards.
func TestDuelFutilityKeepsThreats(t *testing.T) {
	for _, k := range []int{5, 6, 7} {
		rules := []engine.Rule{engine.Freestyle, engine.Exact}
		if k == 5 {
			rules = append(rules, engine.Renju)
		}
		for _, rule := range rules {
			for _, bounded := range []bool{false, true} {
				opts := []engine.Option{engine.WithK(k), engine.WithRule(rule)}
				r0, c0 := -9, 4
				if bounded {
					opts = append(opts, engine.WithBounds(4*k+6, 4*k+6))
					r0, c0 = 1, 1
				}
				name := fmt.Sprintf("k=%d/%v/bounded=%v", k, rule, bounded)
				t.Run(name+"/futility", func(t *testing.T) {
					// Two corners, each where K−2 in a row and K−2 in a
					// column, blocked at their far ends, meet.
					var attack, walls [][2]int
					for _, dr := range []int{0, 2*k + 2} {
						for i := range k - 2 {
							attack = append(attack, [2]int{dr + 1, 2 + i}, [2]int{dr + 2 + i, k})
						}
						walls = append(walls, [2]int{dr + 1, 1}, [2]int{dr + k, k})
					}
					d := duelOn(t, opts, r0, c0, [2][][2]int{walls, attack})
					alpha := d.evaluate(0) - 100000
					v := d.search(1, alpha, alpha+1, 1, 0)
					assert.LessOrEqual(t, v, -mateScore, "two double fours cannot both be stopped")
					checkDuel(t, d.b)
				})
			}
		}
	}
}

// TestDuelFutilityKeepsFourThrees: futility pruning is not applied to a
// node whose opponent has a four-three to make. At one ply left and a null
// window far below the mover's static value, a mover facing two four-three
// cells far apart (each a blocked three on a row, against a wall, crossing
// an open two on a column) and without a four of its own is found lost.
func TestDuelFutilityKeepsFourThrees(t *testing.T) {
	for _, bounded := range []bool{false, true} {
		opts := []engine.Option{}
		r0, c0 := -7, 3
		if bounded {
			opts = append(opts, engine.WithBounds(20, 20))
			r0, c0 = 3, 1
		}
		t.Run(fmt.Sprintf("bounded=%v", bounded), func(t *testing.T) {
			var walls, attack [][2]int
			for _, dc := range []int{0, 10} {
				walls = append(walls, [2]int{0, dc})
				attack = append(attack, [2]int{0, dc + 1}, [2]int{0, dc + 2}, [2]int{0, dc + 3}, [2]int{1, dc + 4}, [2]int{2, dc + 4})
			}
			d := duelOn(t, opts, r0, c0, [2][][2]int{walls, attack})
			const q = 0
			require.Equal(t, int32(2), d.b.Counts[1-q][dense.ClassFourThree])
			require.False(t, d.b.Has(1-q, dense.ClassOpenFour), "no open three yet")
			require.Zero(t, d.b.Fours(q))
			alpha := d.evaluate(q) - 100000
			v := d.search(1, alpha, alpha+1, 1, q)
			assert.LessOrEqual(t, v, -mateScore, "two four-threes cannot both be stopped")
			checkDuel(t, d.b)
		})
	}
}

// Late-move reductions start at depth 2 and the third move, leave at
// least a ply from depth 3 (a ply less at depth 2), and never shrink as
// the depth or the move's rank grows; a principal-variation node's are a
// ply less, none where a null-window node's would be one.
func TestLateReduction(t *testing.T) {
	for depth := -1; depth <= maxPly+3; depth++ {
		for n := 0; n < 40; n++ {
			r := lateReduction(depth, n, false)
			pv := lateReduction(depth, n, true)
			if depth < 2 || n < 2 {
				require.Zero(t, r, "depth %d, move %d", depth, n)
				require.Zero(t, pv, "depth %d, move %d", depth, n)
				continue
			}
			require.GreaterOrEqual(t, r, 1, "depth %d, move %d", depth, n)
			require.LessOrEqual(t, r, max(depth-2, 1), "depth %d, move %d", depth, n)
			require.GreaterOrEqual(t, r, lateReduction(depth-1, n, false), "depth %d, move %d", depth, n)
			require.GreaterOrEqual(t, r, lateReduction(depth, n-1, false), "depth %d, move %d", depth, n)
			require.Equal(t, r-1, pv, "depth %d, move %d at a principal-variation node", depth, n)
		}
	}
	assert.Equal(t, 1, lateReduction(2, 2, false))
	assert.Equal(t, 1, lateReduction(3, 3, false))
	assert.Equal(t, 4, lateReduction(8, 11, false))
	assert.Equal(t, 3, lateReduction(8, 11, true))
}

// Facing an open three, a node tries its fours and the cells that spoil
// the three; at the horizon, only the fours that do more than delay: a
// bare four elsewhere is left out there, and kept above it.
func TestMovesFacingThreeAtHorizon(t *testing.T) {
	for _, bounded := range []bool{false, true} {
		opts := []engine.Option{}
		r0, c0 := -7, 3
		if bounded {
			opts = append(opts, engine.WithBounds(15, 15))
			r0, c0 = 2, 1
		}
		t.Run(fmt.Sprintf("bounded=%v", bounded), func(t *testing.T) {
			// Player 1: an open three on row 0 and a wall at (5, 0);
			// player 2: three in a row on row 5 against the wall, which
			// (5, 4) and (5, 5) make a blocked four.
			d := duelOn(t, opts, r0, c0, [2][][2]int{
				{{0, 2}, {0, 3}, {0, 4}, {5, 0}},
				{{5, 1}, {5, 2}, {5, 3}},
			})
			const q = 1
			list := func(depth int) []sparse.Cell {
				ms, limit := d.moves(q, 1, -1, -1, depth)
				var out []sparse.Cell
				for _, m := range ms[:limit] {
					c := d.b.CellAt(int(m.i))
					out = append(out, sparse.Cell{Row: c.Row - r0, Col: c.Col - c0})
				}
				return out
			}
			spoil := []sparse.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 1}, {Row: 0, Col: 5}, {Row: 0, Col: 6}}
			bare := []sparse.Cell{{Row: 5, Col: 4}, {Row: 5, Col: 5}}
			assert.ElementsMatch(t, append(slices.Clone(spoil), bare...), list(1))
			assert.ElementsMatch(t, spoil, list(0))
			checkDuel(t, d.b)
		})
	}
}

// TestHorizonDefenceTriesEveryFour: at the horizon, a player facing an
// open three whose narrow defence (the cells that spoil it and the fours
// that also make a three) loses, but who has a victory by continuous fours
// starting with a bare four, is not scored lost. The position is from the
// search playing on, against itself, from a game it lost to Rapfi: black's
// last move (n9) made the open three l7-m8-n9,
// and white wins by j12 (a four on the diagonal m9-l10-k11), i13, k13, …;
// the narrow list made black's search believe n9 won, and play into it.
func TestHorizonDefenceTriesEveryFour(t *testing.T) {
	g := gameOf(t, "h8h9i7g9i9g7i8i6g8j8f8e8j9k10j10i11l7k7k8m6l6l5l9k11m7m9n8k5l8l10m8o8n9")
	ds := &State{failed: make(map[uint64]int)}
	fits, warm := ds.Sync(g, time.Time{})
	require.True(t, fits && warm)
	st := &core.Stats{}
	d := &run{Meter: core.NewMeter(context.Background(), st, 0, 64), s: ds, b: ds.b, lim: unlimited(), st: st}
	q := g.Turn() - 1
	require.True(t, d.b.Has(1-q, dense.ClassOpenFour), "white faces an open three")
	v := d.search(0, -infScore, infScore, 1, q)
	assert.Greater(t, v, -mateScore, "white is not lost at the horizon: it has a VCF")
}

// TestPruningKeepsLateThreats: a shallow null-window node far below its
// window, whose wins are all threat moves tried late (behind a quiet table
// move), still finds a win: no pruning of whole nodes by static value nor
// of late moves may drop a move that makes a three or a four. Player 1
// has open twos on row 0 and column 3 that (0, 3) makes a double three;
// player 2 has nothing to answer with. Infinite and bounded boards.
func TestPruningKeepsLateThreats(t *testing.T) {
	for _, bounded := range []bool{false, true} {
		opts := []engine.Option{}
		r0, c0 := -7, 3
		if bounded {
			opts = append(opts, engine.WithBounds(15, 15))
			r0, c0 = 3, 1
		}
		for depth := 1; depth <= 4; depth++ {
			t.Run(fmt.Sprintf("bounded=%v/depth=%d", bounded, depth), func(t *testing.T) {
				d := duelOn(t, opts, r0, c0, [2][][2]int{
					{{0, 1}, {0, 2}, {1, 3}, {2, 3}, {8, 9}},
					{{9, 9}},
				})
				const q = 0
				require.False(t, d.b.Has(q, dense.ClassFourThree) || d.b.Has(q, dense.ClassOpenFour), "no win seen before a move")
				require.Zero(t, d.b.Fours(1-q))
				quiet, ok := d.b.Index(r0+9, c0+8)
				require.True(t, ok)
				require.Zero(t, threatRank(d.b.Cell[quiet].Class[q], d.b.Cell[quiet].Class[1-q]))
				key := d.b.Hash ^ sideKey[q]
				d.store(key, 0, 0, core.UpperBound, quiet, 1)
				alpha := d.evaluate(q) + 100000
				v := d.search(depth, alpha, alpha+1, 1, q)
				assert.GreaterOrEqual(t, v, mateScore, "the double three wins")
				checkDuel(t, d.b)
			})
		}
	}
}

// TestMateDistancePruning: searched past the end of the game with every
// move tried, small boards get the same value, the win's distance
// included, with mate-distance pruning as without, and in fewer nodes
// over all of them: a shorter mate found first leaves the longer lines
// nothing to find.
func TestMateDistancePruning(t *testing.T) {
	if raceEnabled {
		t.Skip("one goroutine: the race detector slows it tenfold and checks nothing more")
	}
	set(t, &mateDistance, mateDistance)
	var nodes [2]int64
	mates := 0
	for _, tc := range solveCases[:8] {
		for seed := range refereeSeeds() {
			g, _ := tc.game(t, seed, 31)
			if g == nil {
				continue
			}
			q := g.Len() % 2
			depth := tc.rows*tc.cols - g.Len() + 2
			var values [2]int32
			for k, on := range []bool{false, true} {
				mateDistance = on
				d := runOn(t, g)
				d.lim.Width = refereeWidth
				d.plain = true
				values[k] = d.search(depth, -infScore, infScore, 1, q)
				nodes[k] += d.st.Nodes
			}
			require.Equal(t, values[0], values[1], "%v, seed %d: %s", tc, seed, g.History())
			if values[0] >= mateScore || values[0] <= -mateScore {
				mates++
			}
		}
	}
	assert.Greater(t, mates, 20, "positions with a forced result")
	assert.Less(t, nodes[1], nodes[0], "nodes with and without mate-distance pruning")
	t.Logf("%d positions with a forced result; nodes without and with mate-distance pruning: %d, %d", mates, nodes[0], nodes[1])
}
