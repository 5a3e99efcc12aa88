package serve_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// playThreeToWin plays a whole three-player game to a win through the API
// while a spectator watches, and checks every answer and event.
func playThreeToWin(t *testing.T, c *client) {
	g := c.create(`{"k":3,"players":3,"rows":0,"cols":0,"rule":"freestyle","seats":["human","human","human"]}`)
	require.Len(t, g.Seats, 3)
	spectator := c.watch(g.ID, 0)
	moves := []move{{0, 0, 1}, {5, 0, 2}, {-10, 7, 3}, {0, 1, 1}, {5, 1, 2}, {-10, 8, 3}, {0, 2, 1}}
	for ply, m := range moves {
		s := c.mustMove(g.ID, g.token(m.Player), m.Row, m.Col, ply)
		assert.Equal(t, ply+1, s.Ply)
		assert.Equal(t, moves[:ply+1], s.Moves)
		e := spectator.next()
		assert.Equal(t, event{Type: "move", Ply: ply + 1, Row: m.Row, Col: m.Col, Player: m.Player,
			Status: s.Status, Winner: s.Winner, Turn: s.Turn, WinLine: e.WinLine}, e)
		if ply < len(moves)-1 {
			assert.Equal(t, "ongoing", s.Status)
			assert.Equal(t, (ply+1)%3+1, s.Turn)
			assert.Empty(t, e.WinLine)
		}
	}
	s := c.state(g.ID)
	assert.Equal(t, "won", s.Status)
	assert.Equal(t, 1, s.Winner)
	assert.Equal(t, 0, s.Turn)
	assert.Equal(t, []cell{{0, 0}, {0, 1}, {0, 2}}, s.WinLine)
	assert.Equal(t, moves, s.Moves)

	// After the win: a late move is refused as the game is over, a stale
	// one as stale, and the winning move sent again is accepted again.
	code, b := c.move(g.ID, g.token(2), 9, 9, 7)
	assert.Equal(t, http.StatusUnprocessableEntity, code, "%s", b)
	code, b = c.move(g.ID, g.token(2), 9, 9, 6)
	assert.Equal(t, http.StatusConflict, code, "%s", b)
	again := c.mustMove(g.ID, g.token(1), 0, 2, 6)
	assert.Equal(t, s, again)

	// A latecomer catches up from any ply.
	late := c.watch(g.ID, 4)
	for ply := 5; ply <= 7; ply++ {
		e := late.next()
		assert.Equal(t, ply, e.Ply)
		assert.Equal(t, moves[ply-1], move{e.Row, e.Col, e.Player})
	}
}

// playToDraw fills a 3 × 3 board without a win.
func playToDraw(t *testing.T, c *client) {
	g := c.create(`{"k":3,"rows":3,"cols":3,"seats":["human","human"]}`)
	moves := []move{{0, 0, 1}, {0, 1, 2}, {0, 2, 1}, {1, 1, 2}, {1, 0, 1}, {2, 0, 2}, {1, 2, 1}, {2, 2, 2}, {2, 1, 1}}
	var s state
	for ply, m := range moves {
		s = c.mustMove(g.ID, g.token(m.Player), m.Row, m.Col, ply)
	}
	assert.Equal(t, "drawn", s.Status)
	assert.Equal(t, 0, s.Winner)
	assert.Equal(t, 0, s.Turn)
	assert.Empty(t, s.WinLine)
	code, b := c.move(g.ID, g.token(2), 0, 0, 9)
	assert.Equal(t, http.StatusUnprocessableEntity, code, "%s", b)
	assert.Contains(t, string(b), "over")
}

// playWithBot plays a three-player game where the third seat is a bot,
// until someone wins or 30 moves have been played.
func playWithBot(t *testing.T, c *client) {
	g := c.create(`{"k":4,"players":3,"seats":["human","human","greedy"]}`)
	require.Len(t, g.Seats, 2)
	s := c.state(g.ID)
	assert.Equal(t, "greedy", s.Seats[2].Kind)
	for s.Status == "ongoing" && s.Ply < 30 {
		p := s.Turn
		row := 2 * (s.Ply / 3)
		col := 40 * p
		s = c.mustMove(g.ID, g.token(p), row, col, s.Ply)
		if s.Status != "ongoing" {
			break
		}
		if s.Turn == 3 {
			assert.True(t, s.Thinking, "the bot is to move: %+v", s)
			ply := s.Ply
			s = c.waitFor(g.ID, 10*time.Second, func(s state) bool { return s.Ply > ply })
			assert.Equal(t, 3, s.Moves[ply].Player)
		}
	}
	assert.GreaterOrEqual(t, s.Ply, 9)
}

func TestGames(t *testing.T) {
	c, _ := startServer(t)
	t.Run("three players to a win", func(t *testing.T) { playThreeToWin(t, c) })
	t.Run("draw on a full board", func(t *testing.T) { playToDraw(t, c) })
	t.Run("with a bot", func(t *testing.T) { playWithBot(t, c) })
}
