package play

import (
	"context"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player"
	"github.com/gomoku-engine/gomoku/sparse"
)

// A bot that picks a cell renju forbids to black does not stop the game:
// the nearest allowed cell is played and the message says why.
func TestPlayBotReplacesForbiddenCell(t *testing.T) {
	g, err := engine.New(engine.WithRule(engine.Renju), engine.WithBounds(15, 15))
	require.NoError(t, err)
	for _, c := range [][2]int{{7, 7}, {3, 3}, {7, 8}, {3, 11}, {8, 9}, {11, 3}, {9, 9}, {11, 11}} {
		_, err := g.Play(c[0], c[1])
		require.NoError(t, err)
	}
	seats := []Seat{{Name: "scripted", Bot: player.NewScripted(nil)}, {Name: humanSeat}}
	s := NewSession(context.Background(), io.Discard, g, seats, Options{ViewRows: 9, ViewCols: 9})
	msg, err := s.PlayBot(1, sparse.Cell{Row: 7, Col: 9})
	require.NoError(t, err)
	assert.Equal(t, "X (player 1, scripted) chose 7 9, forbidden to black (double three): plays 6 8 instead", msg)
	last, _ := g.LastMove()
	assert.Equal(t, engine.Move{Row: 6, Col: 8, Player: 1}, last)

	// Any other refusal is the bot's error.
	_, err = s.PlayBot(2, sparse.Cell{Row: 7, Col: 7})
	require.ErrorIs(t, err, engine.ErrOccupied)
	assert.Equal(t, 9, g.Len())
}
