package serve

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store"
	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store/postgres"
	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store/postgres/pgtest"
)

func TestRetention(t *testing.T) {
	ts := newTestServer(t, DefaultLimits(), WithRetention(7*24*time.Hour, 90*24*time.Hour))
	now := time.Now().UTC()
	addr := "192.0.2.1:1"
	// Games made as if long ago, straight in the store.
	old := func(status string, age time.Duration) (string, string) {
		rec, tokens, e := ts.s.newRecord(createRequest{}, "192.0.2.1")
		require.Nil(t, e)
		rec.Status, rec.Created, rec.Updated = status, now.Add(-age), now.Add(-age)
		require.NoError(t, ts.st.Create(context.Background(), rec))
		return rec.ID, tokens[0]
	}
	idle, idleToken := old("ongoing", 9*24*time.Hour)
	evicted, _ := old("ongoing", 8*24*time.Hour)
	over, _ := old("won", 100*24*time.Hour)
	recent, _ := old("drawn", 10*24*time.Hour)
	fresh, _ := ts.create(addr, `{}`)
	status := func(id string) (int, summary) {
		rec := ts.call(addr, "GET", "/api/games/"+id, "", "")
		var s summary
		if rec.Code == http.StatusOK {
			require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &s))
		}
		return rec.Code, s
	}
	_, s := status(idle) // held in memory as it ends
	require.Equal(t, "ongoing", s.Status)

	ts.s.expire(now)
	_, s = status(idle)
	assert.Equal(t, "abandoned", s.Status)
	assert.Zero(t, s.Turn)
	rec := ts.call(addr, "POST", "/api/games/"+idle+"/moves", idleToken, `{"row":0,"col":0,"ply":0}`)
	assert.Equal(t, http.StatusUnprocessableEntity, rec.Code, "%s", rec.Body)
	assert.Contains(t, rec.Body.String(), "abandoned")
	_, s = status(evicted)
	assert.Equal(t, "abandoned", s.Status, "read from the store")
	code, _ := status(over)
	assert.Equal(t, http.StatusNotFound, code)
	code, _ = status(recent)
	assert.Equal(t, http.StatusOK, code, "over, but not for long enough")
	_, s = status(fresh)
	assert.Equal(t, "ongoing", s.Status)
	rec = ts.call(addr, "GET", "/api/games?status=abandoned", "", "")
	require.Equal(t, http.StatusOK, rec.Code)
	assert.Contains(t, rec.Body.String(), idle)
	got, _, err := ts.st.Game(context.Background(), idle)
	require.NoError(t, err)
	assert.Empty(t, got.Creator, "an ended game keeps no address")
	assert.Equal(t, store.Abandoned, got.Status)
}

// Two servers on one PostgreSQL database report a game that one of them
// ends as abandoned at once, whether or not the other heard it from that
// server; and a move the other sends before hearing of it is refused, not
// stored over the ended game.
func TestRetentionAcrossServers(t *testing.T) {
	url := pgtest.URL(t)
	var ts [2]*testServer
	for i := range ts {
		st, err := postgres.Open(context.Background(), url)
		require.NoError(t, err)
		ts[i] = newTestServerOn(t, st, DefaultLimits(), WithRetention(7*24*time.Hour, 0))
	}
	a, b := ts[0], ts[1]
	db, err := pgx.Connect(context.Background(), url)
	require.NoError(t, err)
	defer db.Close(context.Background())
	addr := "192.0.2.1:1"
	status := func(ts *testServer, id string) string {
		rec := ts.call(addr, "GET", "/api/games/"+id, "", "")
		require.Equal(t, http.StatusOK, rec.Code, "%s", rec.Body)
		var s summary
		require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &s))
		return s.Status
	}
	// age makes a game look untouched for nine days.
	age := func(id string) {
		_, err := db.Exec(context.Background(), `UPDATE games SET updated_at = now() - interval '9 days' WHERE id = $1`, id)
		require.NoError(t, err)
	}

	t.Run("ended by the other server's janitor", func(t *testing.T) {
		id, tokens := a.create(addr, `{}`)
		rec := b.call(addr, "POST", "/api/games/"+id+"/moves", tokens[0], `{"row":0,"col":0,"ply":0}`)
		require.Equal(t, http.StatusOK, rec.Code, "%s", rec.Body)
		require.Eventually(t, func() bool {
			a.s.mu.Lock()
			g := a.s.games[id]
			a.s.mu.Unlock()
			return g != nil && g.view.Load().ply == 1
		}, 5*time.Second, time.Millisecond, "the move reached the server that made the game")
		age(id)
		a.s.expire(time.Now())
		assert.Equal(t, "abandoned", status(a, id))
		// Within a notification's delivery, well before the servers
		// compare their games with the store.
		start := time.Now()
		assert.Eventually(t, func() bool { return status(b, id) == "abandoned" }, pollEvery/2, 5*time.Millisecond)
		t.Logf("the other server reported it abandoned after %v", time.Since(start))
		rec = b.call(addr, "POST", "/api/games/"+id+"/moves", tokens[1], `{"row":5,"col":5,"ply":1}`)
		assert.Equal(t, http.StatusUnprocessableEntity, rec.Code, "%s", rec.Body)
	})

	t.Run("ended without a notification", func(t *testing.T) {
		id, tokens := a.create(addr, `{}`)
		require.Equal(t, "ongoing", status(b, id))
		// As a server that died between its commit and its notification.
		_, err := db.Exec(context.Background(), `UPDATE games SET status = 'abandoned', creator = '' WHERE id = $1`, id)
		require.NoError(t, err)
		// A move sent before b hears of it must not bring the game back.
		rec := b.call(addr, "POST", "/api/games/"+id+"/moves", tokens[0], `{"row":0,"col":0,"ply":0}`)
		assert.Equal(t, http.StatusUnprocessableEntity, rec.Code, "%s", rec.Body)
		assert.Contains(t, rec.Body.String(), "abandoned")
		var stored string
		require.NoError(t, db.QueryRow(context.Background(), `SELECT status FROM games WHERE id = $1`, id).Scan(&stored))
		assert.Equal(t, "abandoned", stored)
		assert.Equal(t, "abandoned", status(b, id))
		// a, which held it too, learns within the servers' comparison with
		// the store.
		assert.Eventually(t, func() bool { return status(a, id) == "abandoned" }, 2*pollEvery, 10*time.Millisecond)
	})
}
