package serve

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A game dropped from memory is read back from the store, whole, when it
// is next asked for, and play goes on.
func TestEvict(t *testing.T) {
	ts := newTestServer(t, DefaultLimits())
	s := ts.s
	call := func(method, path, token, body string) *httptest.ResponseRecorder {
		return ts.call("192.0.2.1:1", method, path, token, body)
	}
	rec, tokens, e := s.newRecord(createRequest{}, "192.0.2.1")
	require.Nil(t, e)
	require.NoError(t, ts.st.Create(context.Background(), rec))
	path := "/api/games/" + rec.ID
	require.Equal(t, http.StatusOK, call("POST", path+"/moves", tokens[0], `{"row":0,"col":0,"ply":0}`).Code)
	before := call("GET", path, "", "").Body.String()

	assert.Equal(t, 0, s.evict(time.Now().Add(-time.Hour)), "recently used")
	assert.Equal(t, 1, s.evict(time.Now().Add(time.Second)))
	assert.Empty(t, s.games)
	assert.Equal(t, before, call("GET", path, "", "").Body.String())
	assert.Equal(t, http.StatusOK, call("POST", path+"/moves", tokens[1], `{"row":1,"col":1,"ply":1}`).Code)
	assert.Contains(t, call("GET", path, "", "").Body.String(), `"ply":2`)
}
