package serve_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/cmd/internal/serve"
	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store"
	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store/sqlite"
	"net/http/httptest"
)

// client speaks the API as any client would, over real HTTP.
type client struct {
	t    testing.TB
	base string // e.g. http://127.0.0.1:8080
	http *http.Client
}

func newClient(t testing.TB, base string) *client {
	return &client{t: t, base: base, http: &http.Client{Timeout: 30 * time.Second}}
}

// state mirrors GET /api/games/{id}.
type state struct {
	ID       string `json:"id"`
	K        int    `json:"k"`
	Players  int    `json:"players"`
	Rows     int    `json:"rows"`
	Cols     int    `json:"cols"`
	Rule     string `json:"rule"`
	MaxMoves int    `json:"max_moves"`
	Seats    []struct {
		Player int    `json:"player"`
		Kind   string `json:"kind"`
	} `json:"seats"`
	Moves     []move  `json:"moves"`
	Status    string  `json:"status"`
	Winner    int     `json:"winner"`
	Turn      int     `json:"turn"`
	Ply       int     `json:"ply"`
	WinLine   []cell  `json:"win_line"`
	Forbidden []fcell `json:"forbidden"`
	Thinking  bool    `json:"thinking"`
}

type move struct{ Row, Col, Player int }
type cell struct{ Row, Col int }

// fcell is a cell forbidden to black and its foul.
type fcell struct {
	Row, Col int
	Foul     string
}

type created struct {
	ID    string `json:"id"`
	Seats []struct {
		Player int    `json:"player"`
		Token  string `json:"token"`
	} `json:"seats"`
}

// token returns the token of player p's seat.
func (c created) token(p int) string {
	for _, s := range c.Seats {
		if s.Player == p {
			return s.Token
		}
	}
	return ""
}

type event struct {
	Type      string  `json:"type"`
	Ply       int     `json:"ply"`
	Row       int     `json:"row"`
	Col       int     `json:"col"`
	Player    int     `json:"player"`
	Status    string  `json:"status"`
	Winner    int     `json:"winner"`
	Turn      int     `json:"turn"`
	Thinking  bool    `json:"thinking"`
	WinLine   []cell  `json:"win_line"`
	Forbidden []fcell `json:"forbidden"`
}

// do sends a request, as JSON when it is a POST, and returns the status
// and body.
func (c *client) do(method, path, token, body string) (int, []byte) {
	c.t.Helper()
	h := http.Header{}
	if method == http.MethodPost {
		h.Set("Content-Type", "application/json")
	}
	if token != "" {
		h.Set("Authorization", "Bearer "+token)
	}
	code, b, _ := c.send(method, path, body, h)
	return code, b
}

// send sends a request with exactly the headers h and returns the status,
// body and headers of the answer. Every error answer must be a JSON object
// that says what went wrong, and carry the request's id.
func (c *client) send(method, path, body string, h http.Header) (int, []byte, http.Header) {
	c.t.Helper()
	req, err := http.NewRequest(method, c.base+path, strings.NewReader(body))
	require.NoError(c.t, err)
	for k, v := range h {
		if strings.EqualFold(k, "Host") {
			req.Host = v[0]
			continue
		}
		req.Header[k] = v
	}
	resp, err := c.http.Do(req)
	require.NoError(c.t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(c.t, err)
	if resp.StatusCode >= 400 {
		var e struct{ Error string }
		require.NoError(c.t, json.Unmarshal(b, &e), "an error's body must be JSON: %s", b)
		require.NotEmpty(c.t, e.Error, "an error's body must say what went wrong: %s", b)
	}
	return resp.StatusCode, b, resp.Header
}

// create makes a game and fails the test unless it is created.
func (c *client) create(body string) created {
	c.t.Helper()
	code, b := c.do("POST", "/api/games", "", body)
	require.Equal(c.t, http.StatusCreated, code, "%s", b)
	var out created
	require.NoError(c.t, json.Unmarshal(b, &out))
	return out
}

// state reads a game.
func (c *client) state(id string) state {
	c.t.Helper()
	code, b := c.do("GET", "/api/games/"+id, "", "")
	require.Equal(c.t, http.StatusOK, code, "%s", b)
	var s state
	require.NoError(c.t, json.Unmarshal(b, &s))
	return s
}

// move plays and returns the answer's status and body.
func (c *client) move(id, token string, row, col, ply int) (int, []byte) {
	c.t.Helper()
	return c.do("POST", "/api/games/"+id+"/moves", token, fmt.Sprintf(`{"row":%d,"col":%d,"ply":%d}`, row, col, ply))
}

// mustMove plays and fails the test unless the move is accepted.
func (c *client) mustMove(id, token string, row, col, ply int) state {
	c.t.Helper()
	code, b := c.move(id, token, row, col, ply)
	require.Equal(c.t, http.StatusOK, code, "%s", b)
	var s state
	require.NoError(c.t, json.Unmarshal(b, &s))
	return s
}

// waitFor polls a game until ok accepts it.
func (c *client) waitFor(id string, within time.Duration, ok func(state) bool) state {
	c.t.Helper()
	deadline := time.Now().Add(within)
	for {
		s := c.state(id)
		if ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("game %s did not get there within %v: %+v", id, within, s)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// watcher is a live-update connection.
type watcher struct {
	t    testing.TB
	conn *websocket.Conn
}

// watch opens the live updates of a game after ply after.
func (c *client) watch(id string, after int) *watcher {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(c.base, "http") + fmt.Sprintf("/api/games/%s/events?after=%d", id, after)
	conn, _, err := websocket.Dial(ctx, url, nil)
	require.NoError(c.t, err)
	conn.SetReadLimit(1 << 20)
	w := &watcher{t: c.t, conn: conn}
	c.t.Cleanup(func() { conn.CloseNow() })
	return w
}

// next reads the next event.
func (w *watcher) next() event {
	w.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	typ, b, err := w.conn.Read(ctx)
	require.NoError(w.t, err)
	require.Equal(w.t, websocket.MessageText, typ)
	var e event
	require.NoError(w.t, json.Unmarshal(b, &e))
	return e
}

// testLimits are limits loose enough for tests that send many requests.
func testLimits() serve.Limits {
	l := serve.DefaultLimits()
	l.RequestsPerSecond, l.MovesPerSecond, l.GamesPerMinute = 0, 0, 0
	return l
}

// startServer runs a server on a fresh SQLite file over real HTTP.
func startServer(t testing.TB, opts ...serve.Option) (*client, store.Store) {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	require.NoError(t, err)
	return startOn(t, st, opts...), st
}

// startOn runs a server on st over real HTTP; the test's end closes both.
func startOn(t testing.TB, st store.Store, opts ...serve.Option) *client {
	t.Helper()
	opts = append([]serve.Option{serve.WithLimits(testLimits()), serve.WithBotBudget(50 * time.Millisecond)}, opts...)
	srv, err := serve.New(context.Background(), st, opts...)
	require.NoError(t, err)
	hs := httptest.NewServer(srv)
	t.Cleanup(func() {
		hs.Close()
		srv.Close()
		st.Close()
	})
	return newClient(t, hs.URL)
}

// jsonBody formats v as a request body.
func jsonBody(t testing.TB, v any) string {
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(bytes.TrimSpace(b))
}
