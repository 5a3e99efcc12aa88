package serve_test

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/cmd/internal/serve"
	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store"
	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store/sqlite"
)

// restartable is a server on one SQLite file that a test stops and starts
// again, as an operator restarts the process.
type restartable struct {
	t    *testing.T
	path string
	st   store.Store
	srv  *serve.Server
	hs   *httptest.Server
	c    *client
}

func newRestartable(t *testing.T) *restartable {
	r := &restartable{t: t, path: filepath.Join(t.TempDir(), "games.db")}
	r.start()
	t.Cleanup(r.stop)
	return r
}

func (r *restartable) start() {
	r.t.Helper()
	st, err := sqlite.Open(context.Background(), r.path)
	require.NoError(r.t, err)
	srv, err := serve.New(context.Background(), st, serve.WithLimits(testLimits()), serve.WithBotBudget(50*time.Millisecond))
	require.NoError(r.t, err)
	r.st, r.srv, r.hs = st, srv, httptest.NewServer(srv)
	r.c = newClient(r.t, r.hs.URL)
}

func (r *restartable) stop() {
	if r.hs == nil {
		return
	}
	r.hs.Close()
	r.srv.Close()
	require.NoError(r.t, r.st.Close())
	r.hs = nil
}

func (r *restartable) restart() {
	r.stop()
	r.start()
}

// storeMoves appends moves to game id in the stopped server's file, as
// the server itself would have written them.
func (r *restartable) storeMoves(id string, from int, moves []move) {
	r.t.Helper()
	st, err := sqlite.Open(context.Background(), r.path)
	require.NoError(r.t, err)
	defer func() { require.NoError(r.t, st.Close()) }()
	for i, m := range moves {
		res := store.Result{Status: store.Ongoing, Updated: time.Now()}
		require.NoError(r.t, st.Append(context.Background(), id, from+i, store.Move{Row: m.Row, Col: m.Col, Player: m.Player}, res))
	}
}

// TestServerBotBlocksAfterRestart resumes, after restarts, games in which
// the person (player 1) has just made a four that the search (player 2)
// must block, its only move. The second game shares a move with the first
// at the same index, which is what fooled a kept search into playing on
// the first game's stones.
func TestServerBotBlocksAfterRestart(t *testing.T) {
	r := newRestartable(t)
	games := []struct {
		moves []move
		block cell
	}{
		{ // a four in row 3, its left end taken
			moves: []move{{3, 3, 1}, {3, 2, 2}, {3, 4, 1}, {0, 14, 2}, {3, 5, 1}, {14, 0, 2}, {3, 6, 1}},
			block: cell{3, 7},
		},
		{ // a four in column 7, its top end taken; move 6 is the first game's
			moves: []move{{4, 7, 1}, {3, 7, 2}, {5, 7, 1}, {0, 0, 2}, {6, 7, 1}, {14, 0, 2}, {7, 7, 1}},
			block: cell{8, 7},
		},
	}
	for i, tc := range games {
		created := r.c.create(`{"k":5,"rows":15,"cols":15,"rule":"freestyle","seats":["human","search"]}`)
		r.stop()
		r.storeMoves(created.ID, 0, tc.moves)
		r.start()
		ply := len(tc.moves)
		after := r.c.waitFor(created.ID, 20*time.Second, func(s state) bool { return s.Ply > ply || s.Status != "ongoing" })
		require.Greater(t, len(after.Moves), ply, "game %d: the bot did not move after the restart", i)
		require.Equal(t, move{tc.block.Row, tc.block.Col, 2}, after.Moves[ply], "game %d: the bot must block the four", i)
		// The person plays on in the same process, so that the next game
		// meets a server whose bots have seen this one.
		next := r.c.state(created.ID)
		if next.Status == "ongoing" {
			r.c.mustMove(created.ID, created.token(1), 10, 10, next.Ply)
			r.c.waitFor(created.ID, 20*time.Second, func(s state) bool { return s.Ply > next.Ply+1 || s.Status != "ongoing" })
		}
	}
}
