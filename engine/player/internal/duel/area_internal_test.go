package duel

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player/internal/dense"
	"github.com/gomoku-engine/gomoku/engine/record"
)

// TestEvaluationDoesNotGrowWithTheBoard: the same position, far from the
// edges, gets the same static value, for either side to move, on bounded
// boards of every size and on an infinite board (whose window is another
// size again), under each rule and K; and on 15×15, the size the weights
// were fitted on, the sums are the cells' own. Without the base the value
// grew by about 4 a cell of area: 1,600 from 25×25 to 31×31.
func TestEvaluationDoesNotGrowWithTheBoard(t *testing.T) {
	moves, err := record.ParseMoveString("h8h7f8i8g6i9h6f6g7i5i7g8f10g9")
	require.NoError(t, err)
	for _, rule := range []engine.Rule{engine.Freestyle, engine.Exact, engine.Renju} {
		for _, k := range []int{4, 5, 6} {
			if rule == engine.Renju && k != 5 {
				continue
			}
			t.Run(fmt.Sprintf("%v/k=%d", rule, k), func(t *testing.T) {
				evals := map[int][2]int64{}
				for _, side := range []int{25, 31, 41, 0} {
					opts := []engine.Option{engine.WithRule(rule), engine.WithK(k)}
					if side > 0 {
						opts = append(opts, engine.WithBounds(side, side))
					}
					g, err := engine.New(opts...)
					require.NoError(t, err)
					shift := side/2 - 7
					for _, m := range moves.Moves {
						_, err := g.Play(m.Row+shift, m.Col+shift)
						require.NoError(t, err)
						if g.Status() != engine.Ongoing {
							t.Skip("the moves end the game at this K")
						}
					}
					var ds State
					fits, warm := ds.Sync(g, time.Time{})
					require.True(t, fits && warm)
					evals[side] = [2]int64{ds.b.Eval(0), ds.b.Eval(1)}
				}
				for q := range 2 {
					for _, side := range []int{31, 41, 0} {
						assert.Equal(t, evals[25][q], evals[side][q],
							"side %d to move: %d on 25×25, %d on %d×%d (0: infinite)", q+1, evals[25][q], evals[side][q], side, side)
					}
				}
			})
		}
	}
}

// TestBaseIsZeroOnTheFittedSize: on the board the weights were fitted on,
// the evaluation sums are exactly the cells' weights, as before the base.
func TestBaseIsZeroOnTheFittedSize(t *testing.T) {
	for _, rule := range []engine.Rule{engine.Freestyle, engine.Exact, engine.Renju} {
		g, err := engine.New(engine.WithBounds(dense.FitBoard, dense.FitBoard), engine.WithRule(rule))
		require.NoError(t, err)
		b := dense.NewBoard(g.Config(), 0, 0, dense.FitBoard, dense.FitBoard)
		assert.Zero(t, b.Base, "%v", rule)
		b9 := dense.NewBoard(g.Config(), 0, 0, 9, 9)
		assert.NotZero(t, b9.Base, "%v: a 9×9 window", rule)
	}
}
