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
	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player"
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

// fourFor returns a move after which player has exactly one cell that
// wins and the opponent none yet, and that cell.
func fourFor(g *engine.Game, player int) (move, win cell, ok bool) {
	cfg := g.Config()
	wins := func(g *engine.Game, p int) []cell {
		var out []cell
		for r := range cfg.Rows {
			for c := range cfg.Cols {
				if w, _ := g.WouldWin(r, c, p); w {
					out = append(out, cell{r, c})
				}
			}
		}
		return out
	}
	if len(wins(g, 3-player)) > 0 || len(wins(g, player)) > 0 {
		return cell{}, cell{}, false
	}
	for r := range cfg.Rows {
		for c := range cfg.Cols {
			if g.CanPlace(r, c) != nil {
				continue
			}
			next := g.Clone()
			if _, err := next.PlayAs(r, c, player); err != nil {
				continue
			}
			if w := wins(next, player); len(w) == 1 {
				return cell{r, c}, w[0], true
			}
		}
	}
	return cell{}, cell{}, false
}

// TestServerBotBlocksAfterRestart plays a person against the search on a
// server restarted before every other move of the person's: the person
// builds lines (as the greedy player would) until a move makes a four with
// a single winning cell; the server is restarted, the four played, the
// server restarted again, and the bot must answer the cell that blocks
// the four, its only move.
func TestServerBotBlocksAfterRestart(t *testing.T) {
	r := newRestartable(t)
	human := player.NewGreedy(22)
	for attempt := range 5 {
		created := r.c.create(`{"k":5,"rows":15,"cols":15,"rule":"freestyle","seats":["human","search"]}`)
		for turn := 0; ; turn++ {
			s := r.c.state(created.ID)
			if s.Status != "ongoing" {
				break // the bot won first: try another game
			}
			require.Equal(t, 1, s.Turn)
			g, err := engine.New(engine.WithBounds(15, 15))
			require.NoError(t, err)
			for _, m := range s.Moves {
				_, err := g.PlayAs(m.Row, m.Col, m.Player)
				require.NoError(t, err)
			}
			if turn%2 == 1 {
				r.restart()
			}
			if mv, win, ok := fourFor(g, 1); ok {
				r.restart()
				r.c.mustMove(created.ID, created.token(1), mv.Row, mv.Col, s.Ply)
				r.restart() // the bot may be thinking: it moves again after the restart
				after := r.c.waitFor(created.ID, 20*time.Second, func(s2 state) bool { return s2.Ply > s.Ply+1 || s2.Status != "ongoing" })
				require.Equal(t, move{win.Row, win.Col, 2}, after.Moves[s.Ply+1],
					"attempt %d: the bot must block the four made by %v; moves %v", attempt, mv, after.Moves)
				return
			}
			c, err := human.Choose(context.Background(), g, 1)
			require.NoError(t, err)
			r.c.mustMove(created.ID, created.token(1), c.Row, c.Col, s.Ply)
			r.c.waitFor(created.ID, 20*time.Second, func(s2 state) bool { return s2.Ply > s.Ply+1 || s2.Status != "ongoing" })
		}
	}
	t.Fatal("in five games the person never made a four before the bot won")
}
