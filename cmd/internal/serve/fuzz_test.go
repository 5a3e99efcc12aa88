package serve_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/cmd/internal/serve"
	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store/sqlite"
)

// fuzzServer is a server called in-process, without the network.
func fuzzServer(t testing.TB, opts ...serve.Option) http.Handler {
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	require.NoError(t, err)
	srv, err := serve.New(context.Background(), st, append([]serve.Option{serve.WithLimits(testLimits())}, opts...)...)
	require.NoError(t, err)
	t.Cleanup(func() {
		srv.Close()
		st.Close()
	})
	return srv
}

func call(h http.Handler, method, path, token, body string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	if method == http.MethodPost {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func FuzzMoveBody(f *testing.F) {
	for _, s := range []string{
		`{"row":0,"col":0,"ply":0}`, `{"row":-1,"col":2,"ply":0}`, `{"row":2147483648,"col":0,"ply":0}`,
		`{"row":0,"col":0,"ply":-1}`, `{"row":0,"col":0}`, `{"row":1e3,"col":0,"ply":0}`, `{"row":0,"col":0,"ply":0,"x":1}`,
		`{"row":0,"col":0,"ply":0} {}`, `null`, `[]`, ``, `{"row":"1","col":0,"ply":0}`, `{"ROW":0,"col":0,"ply":0}`,
		`{"row":0,"row":1,"col":0,"ply":0}`, `{"row":0,"col":0,"ply":0,"Ply":0}`, "{\"row\":0,\"col\":0,\"pl\u0079\":0}",
	} {
		f.Add(s, 1)
	}
	h := fuzzServer(f)
	rec := call(h, "POST", "/api/games", "", `{"k":4,"rows":9,"cols":9}`)
	require.Equal(f, http.StatusCreated, rec.Code)
	var g created
	require.NoError(f, json.Unmarshal(rec.Body.Bytes(), &g))
	path := "/api/games/" + g.ID

	f.Fuzz(func(t *testing.T, body string, seat int) {
		before := call(h, "GET", path, "", "").Body.String()
		token := g.token(1 + (seat & 1))
		rec := call(h, "POST", path+"/moves", token, body)
		after := call(h, "GET", path, "", "").Body.String()
		var e struct{ Error string }
		switch rec.Code {
		case http.StatusOK:
			require.Equal(t, []string{"col", "ply", "row"}, topKeys(t, body), "only an object with row, col and ply once each, as spelled, is played")
			var was, now state
			require.NoError(t, json.Unmarshal([]byte(before), &was))
			require.NoError(t, json.Unmarshal([]byte(after), &now))
			require.JSONEq(t, after, rec.Body.String(), "a move answers the new state")
			if now.Ply == was.Ply { // the same move sent again
				require.Equal(t, before, after)
				return
			}
			require.Equal(t, was.Ply+1, now.Ply)
			require.Equal(t, was.Moves, now.Moves[:was.Ply])
		case http.StatusBadRequest, http.StatusConflict, http.StatusUnprocessableEntity, http.StatusRequestEntityTooLarge:
			require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &e), "%s", rec.Body)
			require.NotEmpty(t, e.Error)
			require.Equal(t, before, after, "a refused move changes nothing")
		default:
			t.Fatalf("status %d for %q: %s", rec.Code, body, rec.Body)
		}
	})
}

func FuzzCreateBody(f *testing.F) {
	for _, s := range []string{
		`{}`, `{"k":5,"players":3,"rows":0,"cols":0,"rule":"freestyle","seats":["human","human","search"]}`,
		`{"k":3,"rows":3,"cols":3,"rule":"exact"}`, `{"k":0}`, `{"players":300}`, `{"rows":-1,"cols":-1}`,
		`{"seats":["greedy","random"]}`, `{"seats":[]}`, `{"seats":null}`, `{"k":1e2}`, `{"rule":5}`, `null`,
		`{"rows":2147483647,"cols":2147483647}`, `{"rows":2147483648,"cols":1}`, `{"k":5}{"k":6}`,
	} {
		f.Add(s)
	}
	h := fuzzServer(f)
	f.Fuzz(func(t *testing.T, body string) {
		rec := call(h, "POST", "/api/games", "", body)
		switch rec.Code {
		case http.StatusCreated:
			var g created
			require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &g))
			get := call(h, "GET", "/api/games/"+g.ID, "", "")
			require.Equal(t, http.StatusOK, get.Code)
			var s state
			require.NoError(t, json.Unmarshal(get.Body.Bytes(), &s))
			if s.Seats[0].Kind == "human" { // else the bots may be playing already
				require.Equal(t, 0, s.Ply)
				require.Equal(t, "ongoing", s.Status)
			}
			humans := 0
			for _, seat := range s.Seats {
				if seat.Kind == "human" {
					humans++
				}
			}
			require.Len(t, g.Seats, humans, "one token per human seat")
			require.GreaterOrEqual(t, s.Players, 2)
			for _, seat := range g.Seats {
				require.Len(t, seat.Token, 32, "128 bits in hex")
				require.NotContains(t, get.Body.String(), seat.Token, "no token in the state")
			}
		case http.StatusBadRequest, http.StatusUnprocessableEntity, http.StatusRequestEntityTooLarge,
			http.StatusForbidden,                                      // bots only
			http.StatusTooManyRequests, http.StatusServiceUnavailable: // the caps on games with bots
			var e struct{ Error string }
			require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &e), "%s", rec.Body)
			require.NotEmpty(t, e.Error)
		default:
			t.Fatalf("status %d for %q: %s", rec.Code, body, rec.Body)
		}
	})
}

// topKeys returns the keys of the JSON object in body, sorted, as they
// are spelled after unescaping, repeats included.
func topKeys(t *testing.T, body string) []string {
	dec := json.NewDecoder(strings.NewReader(body))
	tok, err := dec.Token()
	require.NoError(t, err)
	require.Equal(t, json.Delim('{'), tok)
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		require.NoError(t, err)
		keys = append(keys, tok.(string))
		var skip json.RawMessage
		require.NoError(t, dec.Decode(&skip))
	}
	slices.Sort(keys)
	return keys
}
