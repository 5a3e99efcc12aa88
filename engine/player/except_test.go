package player_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player"
	"github.com/gomoku-engine/gomoku/engine/renju"
	"github.com/gomoku-engine/gomoku/sparse"
)

// rank asks s for n moves one after another, each excluding the ones
// before, as an analysis does.
func rank(t testing.TB, s *player.Search, g *engine.Game, n int) ([]sparse.Cell, []player.Stats) {
	t.Helper()
	var moves []sparse.Cell
	var stats []player.Stats
	for range n {
		c, err := s.ChooseExcept(context.Background(), g, g.Turn(), moves)
		require.NoError(t, err)
		moves = append(moves, c)
		stats = append(stats, s.LastStats())
	}
	return moves, stats
}

// TestChooseExceptRanksDistinctAllowedMoves: on random renju positions,
// bounded and not, the moves ranked one after another are distinct, legal,
// never forbidden to black, and the first is Choose's own.
func TestChooseExceptRanksDistinctAllowedMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 9))
	for i := range 16 {
		var opts []engine.Option
		if i%2 == 0 {
			opts = append(opts, engine.WithBounds(15, 15))
		}
		g := renjuPosition(t, rng, 10+rng.IntN(30), opts...)
		newSearch := func() *player.Search {
			return player.NewSearch(player.WithBudget(0), player.WithMaxNodes(2000), player.WithSeed(3))
		}
		want := chooseLegal(t, newSearch(), g)
		moves, _ := rank(t, newSearch(), g, 6)
		assert.Equal(t, want, moves[0], "the first is Choose's")
		for j, c := range moves {
			require.NoError(t, g.CanPlace(c.Row, c.Col))
			require.Equal(t, renju.None, g.Forbidden(c.Row, c.Col), "%v forbidden in\n%v", c, g)
			require.NotContains(t, moves[:j], c, "listed twice")
		}
	}
}

// TestChooseExceptGivesUpAWinOnlyWhenTold: with the winning cell
// excluded, the search names another move and sees that it does not win
// at once; excluding every cell the player may mark is an error.
func TestChooseExceptGivesUpAWinOnlyWhenTold(t *testing.T) {
	g := newGame(t, engine.WithBounds(6, 6))
	// Black's four on row 0 is blocked at column 0: (0, 5) wins.
	play(t, g, cells(0, 1, 0, 0, 0, 2, 5, 0, 0, 3, 5, 2, 0, 4, 5, 4)...)
	s := player.NewSearch(player.WithBudget(0), player.WithMaxNodes(5000))
	moves, stats := rank(t, s, g, 2)
	assert.Equal(t, sparse.Cell{Row: 0, Col: 5}, moves[0])
	plies, ok := stats[0].MateIn()
	assert.True(t, ok)
	assert.Equal(t, 1, plies)
	assert.NotEqual(t, player.ReasonWin, stats[1].Reason, "the second move does not win at once")

	var all []sparse.Cell
	for r := range 6 {
		for c := range 6 {
			if g.At(r, c) == 0 {
				all = append(all, sparse.Cell{Row: r, Col: c})
			}
		}
	}
	_, err := s.ChooseExcept(context.Background(), g, g.Turn(), all)
	require.ErrorIs(t, err, player.ErrAllExcluded)
	c, err := s.ChooseExcept(context.Background(), g, g.Turn(), all[1:])
	require.NoError(t, err)
	assert.Equal(t, all[0], c, "the one cell left")
}

// TestChooseExceptOnAnEmptyBoard: the opening first, then the cells
// nearest it.
func TestChooseExceptOnAnEmptyBoard(t *testing.T) {
	g := newGame(t, engine.WithBounds(15, 15))
	moves, _ := rank(t, player.NewSearch(player.WithBudget(0), player.WithMaxNodes(100)), g, 9)
	assert.Equal(t, sparse.Cell{Row: 7, Col: 7}, moves[0])
	for _, c := range moves[1:] {
		assert.LessOrEqual(t, max(c.Row-7, 7-c.Row, c.Col-7, 7-c.Col), 1, "%v next to the centre", c)
	}
	assert.True(t, slices.IsSortedFunc(moves[1:], sparse.Cell.Compare))
}
