package serve_test

import (
	"context"
	"errors"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store"
	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store/postgres"
	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store/postgres/pgtest"
	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store/sqlite"
)

// lostAnswers is a real store whose Append, once armed, commits and then
// fails as a connection dropped after the commit would.
type lostAnswers struct {
	store.Store
	armed atomic.Int32
}

func (l *lostAnswers) Append(ctx context.Context, id string, ply int, m store.Move, r store.Result) error {
	err := l.Store.Append(ctx, id, ply, m, r)
	if err == nil && l.armed.Add(-1) >= 0 {
		return errors.New("unexpected EOF: connection reset by peer")
	}
	return err
}

// A move that the store committed is answered as played, though the
// store's answer was lost, and a move it did not commit as not played.
func TestLostCommitAnswer(t *testing.T) {
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	require.NoError(t, err)
	lostCommitAnswer(t, st)
}

func TestLostCommitAnswerPostgres(t *testing.T) {
	st, err := postgres.Open(context.Background(), pgtest.URL(t))
	require.NoError(t, err)
	lostCommitAnswer(t, st)
}

func lostCommitAnswer(t *testing.T, st store.Store) {
	la := &lostAnswers{Store: st}
	c := startOn(t, la)
	g := c.create(`{}`)
	la.armed.Store(1)
	s := c.mustMove(g.ID, g.token(1), 3, 3, 0)
	assert.Equal(t, 1, s.Ply)
	assert.Equal(t, s, c.state(g.ID))
	c.mustMove(g.ID, g.token(2), 4, 4, 1)

	b := c.create(`{"seats":["human","random"]}`)
	la.armed.Store(2) // the human's move and the bot's reply
	c.mustMove(b.ID, b.token(1), 0, 0, 0)
	c.waitFor(b.ID, 10*time.Second, func(s state) bool { return s.Ply == 2 })
	// Far from the bot's reply, which the random bot makes within two
	// cells of the first mark.
	c.mustMove(b.ID, b.token(1), 50, 50, 2)
}
