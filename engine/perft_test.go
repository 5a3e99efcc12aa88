package engine

import (
	"testing"

	"github.com/gomoku-engine/gomoku/sparse"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// perft counts the distinct games from g's position played to a win or a
// full board, with per-outcome tallies, using play and undo on one game.
func perft(t *testing.T, g *Game, wins []int, draws *int) int {
	rows, cols := g.cfg.Rows, g.cfg.Cols
	total := 0
	for r := range rows {
		for c := range cols {
			if g.At(r, c) != 0 {
				continue
			}
			p := g.Turn()
			out, err := g.Play(r, c)
			if err != nil {
				t.Fatalf("perft: %v", err)
			}
			switch out {
			case Won:
				wins[p]++
				total++
			case Drawn:
				*draws++
				total++
			default:
				total += perft(t, g, wins, draws)
			}
			if _, err := g.Undo(); err != nil {
				t.Fatalf("perft: %v", err)
			}
		}
	}
	return total
}

// TestPerftTicTacToe checks every checker on every board layout against
// the known count of distinct 3×3 tic-tac-toe games: 255,168, of which
// 131,184 are won by the first player, 77,904 by the second and 46,080
// drawn.
func TestPerftTicTacToe(t *testing.T) {
	for _, kind := range allCheckers {
		for _, layout := range sparse.Layouts() {
			t.Run(kind.String()+"/"+layout.String(), func(t *testing.T) {
				g, err := New(WithBounds(3, 3), WithK(3), WithChecker(kind), WithLayout(layout))
				require.NoError(t, err)
				wins := make([]int, 3)
				draws := 0
				assert.Equal(t, 255168, perft(t, g, wins, &draws))
				assert.Equal(t, []int{0, 131184, 77904}, wins)
				assert.Equal(t, 46080, draws)
				assert.Equal(t, 0, g.Len(), "perft leaves the board empty")
			})
		}
	}
}
