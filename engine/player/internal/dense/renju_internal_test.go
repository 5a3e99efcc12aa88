package dense

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/renju"
)

// TestRenjuWinsAreExactFivesForBlack checks the board's fives under
// renju: black's six is no five, white's is.
func TestRenjuWinsAreExactFivesForBlack(t *testing.T) {
	cfg := engine.DefaultConfig()
	cfg.Rule = engine.Renju
	b := NewBoard(cfg, -10, -10, 20, 20)
	put := func(r, c, q int) {
		i, ok := b.Index(r, c)
		require.True(t, ok)
		b.Place(i, q)
	}
	for _, c := range []int{0, 1, 3, 4, 5} {
		put(0, c, 0) // black: ●●·●●● — the gap makes six
		put(5, c, 1) // white: the same
	}
	gap := func(r int) int {
		i, _ := b.Index(r, 2)
		return i
	}
	assert.NotEqual(t, ClassFive, b.Cell[gap(0)].Class[0], "black's six is no five")
	assert.True(t, b.Banned(gap(0)), "and it is an overline")
	assert.Equal(t, ClassFive, b.Cell[gap(5)].Class[1], "white's six wins")
	require.NoError(t, b.Verify())
}

// TestFoulTrackMatchesTheDetector plays random renju games on one board,
// marks and undos mixed, black's stones crowding so that doubtful and
// forbidden cells abound, and after every step compares what the board
// keeps incrementally (every cell's state, the doubtful cells, the
// forbidden cells of the position) with a rebuild and with the engine's
// detector on every empty cell; positions met again after undos must give
// the same forbidden cells.
func TestFoulTrackMatchesTheDetector(t *testing.T) {
	for _, bounded := range []bool{false, true} {
		t.Run(fmt.Sprintf("bounded=%v", bounded), func(t *testing.T) {
			cfg := engine.DefaultConfig()
			cfg.Rule = engine.Renju
			// On the infinite board the window reaches far enough past
			// the marks that its edge, which the board takes for a wall,
			// changes no cell a mark can make forbidden.
			r0, c0, size, lo, span := -16, -16, 32, -4, 9
			if bounded {
				cfg.Rows, cfg.Cols = 9, 9
				r0, c0, size, lo, span = 0, 0, 9, 0, 9
			}
			rng := rand.New(rand.NewPCG(24, 7))
			steps, forbidden, doubtful := 0, 0, 0
			for range 30 {
				b := NewBoard(cfg, r0, c0, size, size)
				for range 60 {
					if len(b.Moves) > 0 && rng.IntN(4) == 0 {
						b.Undo()
					} else {
						q := 0
						if rng.IntN(3) == 0 {
							q = 1
						}
						i, ok := b.Index(lo+rng.IntN(span), lo+rng.IntN(span))
						if !ok || b.Stone[i] != 0 || b.Cell[i].Class[q] == ClassFive || !b.Playable(i, q) {
							continue
						}
						b.Place(i, q)
					}
					steps++
					require.NoError(t, b.Verify(), "after %d marks", len(b.Moves))
					forbidden += len(b.forbidden())
					doubtful += len(b.foul.cells)
				}
			}
			t.Logf("%d steps, %d doubtful and %d forbidden cells seen", steps, doubtful, forbidden)
			assert.Greater(t, forbidden, 100, "the positions hold forbidden cells")
			assert.Greater(t, doubtful, forbidden, "and doubtful cells that are not forbidden")
		})
	}
}

// TestRenjuEvaluationLeavesForbiddenCellsToWhite compares the static
// evaluation under renju with a reference summed over every empty cell,
// black's forbidden cells judged by the engine's detector: there black's
// shapes count for nothing and white's twice. The window is larger than
// the fitted board, so the sums also carry the board's base.
func TestRenjuEvaluationLeavesForbiddenCellsToWhite(t *testing.T) {
	cfg := engine.DefaultConfig()
	cfg.Rule = engine.Renju
	rng := rand.New(rand.NewPCG(24, 8))
	corrected := 0
	for range 40 {
		b := NewBoard(cfg, -16, -16, 32, 32)
		for range 14 + rng.IntN(20) {
			q := 0
			if rng.IntN(3) == 0 {
				q = 1
			}
			i, _ := b.Index(-4+rng.IntN(8), -4+rng.IntN(8))
			if b.Stone[i] != 0 || b.Cell[i].Class[q] == ClassFive || !b.Playable(i, q) {
				continue
			}
			b.Place(i, q)
		}
		for q := range 2 {
			// The sums start where an empty board of the fitted size's do.
			worth := b.Base
			for i := range b.Stone {
				if b.Stone[i] != 0 {
					continue
				}
				c := b.CellAt(i)
				w := [2][2]int32{b.Judged[b.Cell[i].Key[0]].worth, b.Judged[b.Cell[i].Key[1]].worth}
				if renju.Check(renjuView{b}, c.Row, c.Col) != renju.None {
					w[0] = [2]int32{}
					w[1][ToMove], w[1][Waiting] = 2*w[1][ToMove], 2*w[1][Waiting]
				}
				for p := range 2 {
					for r := range 2 {
						worth[p][r] += int64(w[p][r])
					}
				}
			}
			want := worth[q][ToMove] - worth[1-q][Waiting] + b.tempo
			require.Equal(t, want, b.Eval(q), "player %d to move in\n%v", q+1, b)
			if want != b.Worth[q][ToMove]-b.Worth[1-q][Waiting]+b.tempo {
				corrected++
			}
		}
	}
	assert.Greater(t, corrected, 10, "forbidden cells changed the evaluation")
}
