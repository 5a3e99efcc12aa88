package duel

import (
	"fmt"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
	"github.com/gomoku-engine/gomoku/engine/record"
	"github.com/gomoku-engine/gomoku/sparse"
)

// TestDeepenSetsAsideLosingMoves: the root's screening, done as moves
// come to lead an iteration, drops the moves after which the opponent
// wins by fours, whatever their rank. Player 2, to move, faces player
// 1's VCF; the root moves are put in an order that starts with the
// losing ones (judged by the same screening, run on every move as a
// referee), and a one-ply search must still answer with a move that
// stops the fours. On an infinite and a bounded board, both rules.
func TestDeepenSetsAsideLosingMoves(t *testing.T) {
	marks := [2][][2]int{
		{{0, 0}, {0, 1}, {0, 2}, {2, 3}, {3, 3}, {1, 4}, {1, 5}, {1, 6}},
		{{0, -1}, {4, 3}, {1, 7}, {20, 0}, {20, 7}, {27, 3}, {33, 20}},
	}
	for _, rule := range []engine.Rule{engine.Freestyle, engine.Exact} {
		for _, bounded := range []bool{false, true} {
			opts := []engine.Option{engine.WithRule(rule)}
			r0, c0 := -5, 7
			if bounded {
				opts = append(opts, engine.WithBounds(40, 30))
				r0, c0 = 1, 2
			}
			t.Run(rule.String()+map[bool]string{false: "/infinite", true: "/bounded"}[bounded], func(t *testing.T) {
				d := duelOn(t, opts, r0, c0, marks)
				d.lim.MaxDepth = 1
				d.provisional = new(atomic.Pointer[sparse.Cell])
				d.lim.VCT = false
				const q = 1
				all, _ := d.moves(q, 0, -1, -1, false)
				moves := slices.Clone(all)
				slices.SortFunc(moves, byBetter)
				lost := map[int32]bool{}
				for _, m := range moves {
					lost[m.i] = d.loses(q, m, false)
				}
				require.False(t, d.Stopped)
				// Losing moves first, in their order, then the others.
				slices.SortStableFunc(moves, func(a, b scoredCell) int {
					switch {
					case lost[a.i] && !lost[b.i]:
						return -1
					case lost[b.i] && !lost[a.i]:
						return 1
					}
					return 0
				})
				require.True(t, lost[moves[0].i], "the position has moves that lose to the fours")
				require.False(t, lost[moves[len(moves)-1].i], "and moves that stop them")
				d.st.Reason = core.ReasonSearch
				i := d.deepen(q, moves)
				assert.False(t, lost[int32(i)], "the answer %v lets the fours through", d.b.cellAt(i))
				assert.Equal(t, core.ReasonRefute, d.st.Reason)
				checkDuel(t, d.b)
			})
		}
	}
}

// TestDeepenWhenEveryMoveLoses: when every root move loses to the
// opponent's fours (two winning setups far apart), the search still
// answers with one of them.
func TestDeepenWhenEveryMoveLoses(t *testing.T) {
	// Two corners of player 1, each K−2 in a row and K−2 in a column
	// blocked at their far ends: marking a corner makes two fours.
	var attack, walls [][2]int
	for _, dr := range []int{0, 12} {
		for i := range 3 {
			attack = append(attack, [2]int{dr + 1, 2 + i}, [2]int{dr + 2 + i, 5})
		}
		walls = append(walls, [2]int{dr + 1, 1}, [2]int{dr + 5, 5})
	}
	d := duelOn(t, nil, 3, -4, [2][][2]int{attack, walls})
	d.lim.MaxDepth = 2
	d.provisional = new(atomic.Pointer[sparse.Cell])
	const q = 1
	all, _ := d.moves(q, 0, -1, -1, false)
	moves := slices.Clone(all)
	slices.SortFunc(moves, byBetter)
	for _, m := range moves {
		require.True(t, d.loses(q, m, false), "%v", d.b.cellAt(int(m.i)))
	}
	i := d.deepen(q, moves)
	assert.True(t, slices.ContainsFunc(moves, func(m scoredCell) bool { return int(m.i) == i }))
	checkDuel(t, d.b)
}

// TestBestBlockReportsTheLoss: facing a five to block, the root answers
// the block at once; when the opponent still has a five after it (an open
// four, or two fours), the block only puts the loss off, and the score
// says so: mate in two plies against the player to move. The working
// board is left as it was.
func TestBestBlockReportsTheLoss(t *testing.T) {
	defender := [][2]int{{5, 5}, {6, 8}, {-5, 2}, {-4, -6}}
	for _, tc := range []struct {
		name    string
		attack  [][2]int
		block   [][2]int
		answers [][2]int
		lost    bool
	}{
		{"four", [][2]int{{0, 0}, {0, 1}, {0, 2}, {0, 3}}, [][2]int{{0, -1}}, [][2]int{{0, 4}}, false},
		{"open four", [][2]int{{0, 0}, {0, 1}, {0, 2}, {0, 3}}, nil, [][2]int{{0, -1}, {0, 4}}, true},
		{"two fours", [][2]int{{0, 0}, {0, 1}, {0, 2}, {0, 3}, {2, 6}, {3, 6}, {4, 6}, {5, 6}},
			[][2]int{{0, -1}, {6, 6}}, [][2]int{{0, 4}, {1, 6}}, true},
	} {
		for _, rule := range []engine.Rule{engine.Freestyle, engine.Exact} {
			for _, bounded := range []bool{false, true} {
				opts := []engine.Option{engine.WithRule(rule)}
				r0, c0 := -3, 9
				if bounded {
					opts = append(opts, engine.WithBounds(15, 15))
					r0, c0 = 6, 6
				}
				t.Run(fmt.Sprintf("%s/%v/bounded=%v", tc.name, rule, bounded), func(t *testing.T) {
					d := duelOn(t, opts, r0, c0, [2][][2]int{tc.attack, append(slices.Clone(defender), tc.block...)})
					d.provisional = new(atomic.Pointer[sparse.Cell])
					const q = 1
					hash, marks := d.b.hash, slices.Clone(d.b.moves)
					i, ok := d.best(q)
					require.True(t, ok)
					c := d.b.cellAt(i)
					assert.True(t, slices.ContainsFunc(tc.answers, func(a [2]int) bool {
						return c == sparse.Cell{Row: r0 + a[0], Col: c0 + a[1]}
					}), "%v", c)
					assert.Equal(t, core.ReasonOnlyMove, d.st.Reason)
					if tc.lost {
						assert.Equal(t, int64(-core.WinValue+2), d.st.Score)
					} else {
						assert.Greater(t, d.st.Score, int64(-core.WinValue/2))
					}
					assert.Equal(t, marks, d.b.moves)
					assert.Equal(t, hash, d.b.hash)
					checkDuel(t, d.b)
				})
			}
		}
	}
}

// TestProvenMates: iterative deepening stops on a win or a loss only when
// the iteration searched every ply of it in full.
func TestProvenMates(t *testing.T) {
	for _, c := range []struct {
		v     int32
		depth int
		want  bool
	}{
		{0, 30, false},
		{mateScore - 1, 30, false},
		{winScore - 1, 1, true},
		{winScore - 3, 1, false},
		{winScore - 3, 3, true},
		{-winScore + 2, 1, false},
		{-winScore + 2, 2, true},
		{-winScore, 1, true},
	} {
		assert.Equal(t, c.want, proven(c.v, c.depth), "value %d at depth %d", c.v, c.depth)
	}
}

// TestDeepenPastAnUnsoundWin holds a position of a game lost to Rapfi
// under the exact rule, white to move: e7 makes a three and a four to
// come, and at depth 1 black's narrow defence at the horizon (the cells
// that spoil the three, the fours that also make a three) all lose, so
// e7 scored a win and deepening stopped there. Black's bare four f6
// gains the tempo and refutes it (Rapfi: e7 −206 for white, while f6 wins
// for white in 15 plies), and so does e10, which a search stopped after
// three iterations of wins played. Deepened on, the search plays f6.
func TestDeepenPastAnUnsoundWin(t *testing.T) {
	r, err := record.ParseMoveString("h8g8j10h7i6g9g10g7i7h9g6i10j11f8e6f9e9")
	require.NoError(t, err)
	g, err := r.Game(engine.WithBounds(15, 15), engine.WithRule(engine.Exact))
	require.NoError(t, err)
	for _, nodes := range []int64{2e4, 1e5} {
		c, st := chooseOn(t, g, suiteLimits(nodes))
		assert.Equal(t, sparse.Cell{Row: 5, Col: 5}, c, "at %g nodes: %s (depth %d, score %d)", float64(nodes), cellName(c), st.Depth, st.Score)
		assert.Greater(t, st.Depth, 1, "at %g nodes", float64(nodes))
	}
}
