package web_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// apiState is the part of GET /api/games/{id} the tests check.
type apiState struct {
	Moves []struct {
		Row, Col, Player int
	}
	Status string
	Winner int
	Turn   int
	Ply    int
	Rule   string
}

// gameID is the id in a game's link.
func gameID(t *testing.T, link string) string {
	t.Helper()
	u, err := url.Parse(link)
	require.NoError(t, err)
	id, ok := strings.CutPrefix(u.Path, "/game/")
	require.True(t, ok, "not a game link: %s", link)
	return id
}

// state asks the server for a game's state, as any API client would.
func (s *testServer) state(id string) apiState {
	s.t.Helper()
	res, err := http.Get(s.URL + "/api/games/" + id)
	require.NoError(s.t, err)
	defer res.Body.Close()
	require.Equal(s.t, http.StatusOK, res.StatusCode)
	var st apiState
	require.NoError(s.t, json.NewDecoder(res.Body).Decode(&st))
	return st
}
