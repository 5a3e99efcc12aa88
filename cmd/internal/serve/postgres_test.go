package serve_test

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store/postgres"
	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store/postgres/pgtest"
)

// twoServers runs two servers, each with its own connections, on one
// PostgreSQL database, as two processes would.
func twoServers(t *testing.T) (*client, *client) {
	a, b, _ := twoServersOn(t)
	return a, b
}

// twoServersOn is twoServers that also returns the database's URL.
func twoServersOn(t *testing.T) (*client, *client, string) {
	url := pgtest.URL(t)
	var cs [2]*client
	for i := range cs {
		st, err := postgres.Open(context.Background(), url)
		require.NoError(t, err)
		cs[i] = startOn(t, st)
	}
	return cs[0], cs[1], url
}

// A move stored without its notification (as when a server dies between
// its commit and its NOTIFY) still reaches the other servers' watchers.
func TestPostgresLostNotification(t *testing.T) {
	a, b, url := twoServersOn(t)
	g := a.create(`{"k":5}`)
	watch := b.watch(g.ID, 0)
	a.mustMove(g.ID, g.token(1), 0, 0, 0)
	assert.Equal(t, 1, watch.next().Ply)

	conn, err := pgx.Connect(context.Background(), url)
	require.NoError(t, err)
	defer conn.Close(context.Background())
	_, err = conn.Exec(context.Background(), `WITH advanced AS (UPDATE games SET ply = 2 WHERE id = $1 AND ply = 1 RETURNING id)
		INSERT INTO moves (game_id, ply, row, col, player) SELECT id, 1, 4, 4, 2 FROM advanced`, g.ID)
	require.NoError(t, err)
	e := watch.next() // within the servers' polling interval
	assert.Equal(t, event{Type: "move", Ply: 2, Row: 4, Col: 4, Player: 2, Status: "ongoing", Turn: 1, WinLine: []cell{}}, e)
	assert.Equal(t, 2, b.state(g.ID).Ply)
}

func TestPostgresRaceAcrossServers(t *testing.T) {
	a, b := twoServers(t)
	raceRounds(t, a, b, 1000)
}

func TestPostgresGamesAcrossServers(t *testing.T) {
	a, b := twoServers(t)
	t.Run("three players to a win", func(t *testing.T) { playThreeToWin(t, a) })
	t.Run("draw on a full board", func(t *testing.T) { playToDraw(t, b) })
	t.Run("with a bot", func(t *testing.T) { playWithBot(t, a) })

	t.Run("moves on one server reach the other's watchers", func(t *testing.T) {
		g := a.create(`{"k":3}`)
		watch := b.watch(g.ID, 0)
		players := []*client{a, b}
		cells := []move{{0, 0, 1}, {1, 0, 2}, {0, 1, 1}, {1, 1, 2}, {0, 2, 1}}
		for ply, m := range cells {
			// Each player moves on alternate servers, each at the ply it saw.
			players[ply%2].mustMove(g.ID, g.token(m.Player), m.Row, m.Col, ply)
			e := watch.next()
			assert.Equal(t, ply+1, e.Ply)
			assert.Equal(t, m, move{e.Row, e.Col, e.Player})
		}
		s := b.state(g.ID)
		assert.Equal(t, "won", s.Status)
		assert.Equal(t, []cell{{0, 0}, {0, 1}, {0, 2}}, s.WinLine)
	})
}
