package serve

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store"
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
