package player

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/sparse"
)

// TestWarmUp: on a game of thousands of marks, a search with a tiny budget
// answers at once while it builds its working copy over several calls.
func TestWarmUp(t *testing.T) {
	g, err := engine.New()
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(1, 2))
	for g.Len() < 3000 {
		r, c := rng.IntN(500), rng.IntN(500)
		if g.CanPlace(r, c) != nil {
			continue
		}
		_, err := g.Play(r, c)
		require.NoError(t, err)
		if g.Status() != engine.Ongoing {
			_, err = g.Undo()
			require.NoError(t, err)
		}
	}
	s := NewSearch(WithBudget(time.Millisecond))
	warmUps := 0
	for range 1000 {
		c, err := s.Choose(context.Background(), g, g.Turn())
		require.NoError(t, err)
		require.NoError(t, g.CanPlace(c.Row, c.Col))
		if s.LastStats().Reason != ReasonWarmUp {
			break
		}
		warmUps++
	}
	assert.Positive(t, warmUps, "1 ms is not enough to replay 3000 moves")
	assert.NotEqual(t, ReasonWarmUp, s.LastStats().Reason, "the copy gets built")
}

func TestQuickMove(t *testing.T) {
	g, err := engine.New(engine.WithK(4), engine.WithFreeOrder())
	require.NoError(t, err)
	for _, m := range []engine.Move{
		{Row: 0, Col: 0, Player: 1}, {Row: 0, Col: 1, Player: 1}, {Row: 7, Col: 7, Player: 1}, {Row: 5, Col: 9, Player: 1},
		{Row: 3, Col: 0, Player: 2}, {Row: 3, Col: 1, Player: 2}, {Row: 3, Col: 2, Player: 2},
	} {
		_, err := g.PlayAs(m.Row, m.Col, m.Player)
		require.NoError(t, err)
	}
	quick := func(g *engine.Game, player int) sparse.Cell {
		c, err := quickMove(g, player)
		require.NoError(t, err)
		return c
	}
	assert.Contains(t, []sparse.Cell{{Row: 3, Col: -1}, {Row: 3, Col: 3}}, quick(g, 2), "a win first")
	assert.Contains(t, []sparse.Cell{{Row: 3, Col: -1}, {Row: 3, Col: 3}}, quick(g, 1), "else a block")
	h, err := engine.New()
	require.NoError(t, err)
	_, err = h.Play(4, 4)
	require.NoError(t, err)
	c := quick(h, 2)
	assert.InDelta(t, 4, c.Row, 1)
	assert.InDelta(t, 4, c.Col, 1)
}
