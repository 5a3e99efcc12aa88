package serve_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/cmd/internal/serve"
	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store"
	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store/sqlite"
)

// syncBuffer is a log sink that tests read while the server writes to it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// logTo returns an option that logs the server's JSON lines to a buffer.
func logTo() (serve.Option, *syncBuffer) {
	buf := &syncBuffer{}
	return serve.WithLogger(slog.New(slog.NewJSONHandler(buf, nil))), buf
}

func jsonHeader() http.Header { return http.Header{"Content-Type": {"application/json"}} }

func TestStrictJSON(t *testing.T) {
	c, _ := startServer(t)
	g := c.create(`{"k":5}`)
	path := "/api/games/" + g.ID + "/moves"
	moves := []struct{ name, body string }{
		{"duplicate key, the last one legal", `{"row":0,"row":7,"col":0,"ply":0}`},
		{"duplicate key, same value", `{"row":7,"col":0,"ply":0,"ply":0}`},
		{"upper-case keys", `{"ROW":0,"Col":0,"PLY":0}`},
		{"one key in another case", `{"row":0,"col":0,"Ply":0}`},
	}
	for _, tc := range moves {
		t.Run("move/"+tc.name, func(t *testing.T) {
			code, b := c.do("POST", path, g.token(1), tc.body)
			assert.Equal(t, http.StatusBadRequest, code, "%s", b)
			assert.Equal(t, 0, c.state(g.ID).Ply, "a refused move changes nothing")
		})
	}
	creates := []struct{ name, body string }{
		{"duplicate key", `{"k":4,"k":5}`},
		{"duplicate seats", `{"seats":["human","search"],"seats":["human","human"]}`},
		{"capitalised key", `{"K":5}`},
		{"kelvin sign folds to k", "{\"\u212a\":5}"},
	}
	for _, tc := range creates {
		t.Run("create/"+tc.name, func(t *testing.T) {
			code, b := c.do("POST", "/api/games", "", tc.body)
			assert.Equal(t, http.StatusBadRequest, code, "%s", b)
		})
	}
	code, b := c.do("GET", "/api/games", "", "")
	require.Equal(t, http.StatusOK, code)
	assert.Equal(t, 1, strings.Count(string(b), `"id"`), "no refused game was stored")
	c.mustMove(g.ID, g.token(1), 0, 0, 0)
}

func TestBoardBounds(t *testing.T) {
	c, _ := startServer(t)
	for _, body := range []string{`{"rows":2147483648,"cols":5}`, `{"rows":5,"cols":2147483648}`, `{"rows":9223372036854775807,"cols":9223372036854775807}`} {
		code, b := c.do("POST", "/api/games", "", body)
		assert.Equal(t, http.StatusUnprocessableEntity, code, "%s: %s", body, b)
		assert.Contains(t, string(b), "2147483647")
	}
	g := c.create(`{"rows":2147483647,"cols":2147483647}`)
	s := c.mustMove(g.ID, g.token(1), 2147483646, 2147483646, 0)
	assert.Equal(t, 2147483647, s.Rows)
	code, b := c.move(g.ID, g.token(2), 2147483647, 0, 1)
	assert.Equal(t, http.StatusUnprocessableEntity, code, "%s", b)
}

func TestCrossSite(t *testing.T) {
	c, _ := startServer(t, serve.WithOrigins("*.friends.example"))
	g := c.create(`{}`)
	movePath := "/api/games/" + g.ID + "/moves"
	cases := []struct {
		name string
		h    http.Header
		want int
	}{
		{"text/plain", http.Header{"Content-Type": {"text/plain"}}, http.StatusUnsupportedMediaType},
		{"a form", http.Header{"Content-Type": {"application/x-www-form-urlencoded"}}, http.StatusUnsupportedMediaType},
		{"multipart", http.Header{"Content-Type": {"multipart/form-data; boundary=x"}}, http.StatusUnsupportedMediaType},
		{"no content type", http.Header{}, http.StatusUnsupportedMediaType},
		{"json from another site", http.Header{"Content-Type": {"application/json"}, "Origin": {"https://evil.example"}}, http.StatusForbidden},
		{"text/plain from another site", http.Header{"Content-Type": {"text/plain"}, "Origin": {"https://evil.example"}}, http.StatusForbidden},
		{"a null origin", http.Header{"Content-Type": {"application/json"}, "Origin": {"null"}}, http.StatusForbidden},
		{"Sec-Fetch-Site: cross-site", http.Header{"Content-Type": {"application/json"}, "Sec-Fetch-Site": {"cross-site"}}, http.StatusForbidden},
		{"Sec-Fetch-Site: same-site", http.Header{"Content-Type": {"application/json"}, "Sec-Fetch-Site": {"same-site"}, "Origin": {"https://sub.evil.example"}}, http.StatusForbidden},
		{"the server's own origin", http.Header{"Content-Type": {"application/json"}, "Origin": {c.base}, "Sec-Fetch-Site": {"same-origin"}}, http.StatusCreated},
		{"an allowed origin", http.Header{"Content-Type": {"application/json; charset=utf-8"}, "Origin": {"https://app.friends.example"}, "Sec-Fetch-Site": {"cross-site"}}, http.StatusCreated},
		{"no browser headers", jsonHeader(), http.StatusCreated},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, b, _ := c.send("POST", "/api/games", `{}`, tc.h)
			assert.Equal(t, tc.want, code, "create: %s", b)
			h := tc.h.Clone()
			h.Set("Authorization", "Bearer "+g.token(1))
			code, b, _ = c.send("POST", movePath, `{"row":0,"col":0,"ply":0}`, h)
			if tc.want == http.StatusCreated {
				require.Equal(t, http.StatusOK, code, "move: %s", b)
				require.Equal(t, 1, c.state(g.ID).Ply)
				g = c.create(`{}`)
				movePath = "/api/games/" + g.ID + "/moves"
				return
			}
			assert.Equal(t, tc.want, code, "move: %s", b)
			assert.Equal(t, 0, c.state(g.ID).Ply, "a refused move changes nothing")
		})
	}
	code, b, _ := c.send("GET", "/api/games", "", http.Header{"Origin": {"https://evil.example"}, "Sec-Fetch-Site": {"cross-site"}})
	assert.Equal(t, http.StatusOK, code, "reading is not changing: %s", b)
}

func TestAllowedHosts(t *testing.T) {
	c, _ := startServer(t, serve.WithAllowedHosts("127.0.0.1", "*.games.example"))
	g := c.create(`{}`)
	for _, host := range []string{"evil.example", "evil.example:80", "games.example", "localhost"} {
		code, b, _ := c.send("GET", "/api/games/"+g.ID, "", http.Header{"Host": {host}})
		assert.Equal(t, http.StatusMisdirectedRequest, code, "%s: %s", host, b)
		h := jsonHeader()
		h.Set("Host", host)
		code, b, _ = c.send("POST", "/api/games", `{}`, h)
		assert.Equal(t, http.StatusMisdirectedRequest, code, "%s: %s", host, b)
	}
	for _, host := range []string{"www.games.example", "www.games.example:8080", strings.TrimPrefix(c.base, "http://")} {
		code, b, _ := c.send("GET", "/api/games/"+g.ID, "", http.Header{"Host": {host}})
		assert.Equal(t, http.StatusOK, code, "%s: %s", host, b)
	}
	// DNS rebinding reaches WebSockets too: a page of evil.example, its
	// name now pointing here, is its own origin.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(c.base, "http") + "/api/games/" + g.ID + "/events"
	_, resp, err := websocket.Dial(ctx, url, &websocket.DialOptions{Host: "evil.example",
		HTTPHeader: http.Header{"Origin": {"http://evil.example"}}})
	require.Error(t, err)
	assert.Equal(t, http.StatusMisdirectedRequest, resp.StatusCode)
}

var requestIDPattern = regexp.MustCompile(`^[0-9a-f]{16}$`)

func TestRequestID(t *testing.T) {
	opt, logs := logTo()
	c, _ := startServer(t, opt)
	seen := map[string]bool{}
	for _, path := range []string{"/healthz", "/api/games", "/api/games/0123456789abcdef", "/api/nothing"} {
		_, _, h := c.send("GET", path, "", nil)
		id := h.Get("X-Request-Id")
		require.Regexp(t, requestIDPattern, id, path)
		assert.False(t, seen[id], "ids differ")
		seen[id] = true
		assert.Contains(t, logs.String(), `"request_id":"`+id+`"`, "the request's log line names its id")
	}
	// A client's own id is echoed when it is plain, replaced when not.
	_, _, h := c.send("GET", "/healthz", "", http.Header{"X-Request-Id": {"lb-7f3a.2"}})
	assert.Equal(t, "lb-7f3a.2", h.Get("X-Request-Id"))
	_, _, h = c.send("GET", "/healthz", "", http.Header{"X-Request-Id": {"a\"b,\"msg\":\"forged"}})
	assert.Regexp(t, requestIDPattern, h.Get("X-Request-Id"))
	_, _, h = c.send("GET", "/healthz", "", http.Header{"X-Request-Id": {strings.Repeat("a", 200)}})
	assert.Regexp(t, requestIDPattern, h.Get("X-Request-Id"))
}

// failingStore is a real store whose listing fails with an error that
// names the database's host and user, as PostgreSQL's do.
type failingStore struct {
	store.Store
	list error
}

func (f *failingStore) List(ctx context.Context, flt store.Filter) ([]store.Game, error) {
	if f.list != nil {
		return nil, f.list
	}
	return f.Store.List(ctx, flt)
}

// errReader fails a request body's read with an error that names addresses.
type errReader struct{}

func (errReader) Read([]byte) (int, error) {
	return 0, errors.New("read tcp 127.0.0.1:18080->127.0.0.1:33698: i/o timeout")
}

func TestGenericErrors(t *testing.T) {
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	require.NoError(t, err)
	fs := &failingStore{Store: st}
	opt, logs := logTo()
	srv, err := serve.New(context.Background(), fs, opt, serve.WithLimits(testLimits()))
	require.NoError(t, err)
	t.Cleanup(func() {
		srv.Close()
		st.Close()
	})

	req := httptest.NewRequest("POST", "/api/games", errReader{})
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, req)
	assert.Equal(t, http.StatusBadRequest, rec.Code)
	assert.NotContains(t, rec.Body.String(), "127.0.0.1")
	assert.NotContains(t, rec.Body.String(), "tcp")
	assert.Contains(t, rec.Body.String(), rec.Header().Get("X-Request-Id"), "the answer names the request's id for the operator")
	assert.Contains(t, logs.String(), "i/o timeout", "the details are in the log")

	fs.list = errors.New(`failed to connect to host=db.internal user=gomoku database=games: password authentication failed`)
	for _, path := range []string{"/healthz", "/api/games"} {
		rec = httptest.NewRecorder()
		srv.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		assert.Equal(t, http.StatusServiceUnavailable, rec.Code, path)
		for _, secret := range []string{"db.internal", "gomoku", "password", "games:"} {
			assert.NotContains(t, rec.Body.String(), secret, path)
		}
	}
	assert.Contains(t, logs.String(), "db.internal", "the details are in the log")
}

// panickingStore is a real store whose Append panics once armed.
type panickingStore struct {
	store.Store
	armed sync.Once
	arm   chan struct{}
}

func (p *panickingStore) Append(ctx context.Context, id string, ply int, m store.Move, r store.Result) error {
	select {
	case <-p.arm:
	default:
		return p.Store.Append(ctx, id, ply, m, r)
	}
	p.armed.Do(func() { panic("store: boom") })
	return p.Store.Append(ctx, id, ply, m, r)
}

// A panic while a request holds a game is answered 500, logged, and leaves
// the game unlocked for the next request.
func TestHandlerPanic(t *testing.T) {
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	require.NoError(t, err)
	ps := &panickingStore{Store: st, arm: make(chan struct{})}
	opt, logs := logTo()
	c := startOn(t, ps, opt)
	g := c.create(`{}`)
	close(ps.arm)
	code, b := c.move(g.ID, g.token(1), 0, 0, 0)
	assert.Equal(t, http.StatusInternalServerError, code, "%s", b)
	assert.NotContains(t, string(b), "boom")
	assert.Contains(t, logs.String(), "store: boom")
	done := make(chan state, 1)
	go func() { done <- c.mustMove(g.ID, g.token(1), 0, 0, 0) }()
	select {
	case s := <-done:
		assert.Equal(t, 1, s.Ply)
	case <-time.After(10 * time.Second):
		t.Fatal("the game stayed locked after the panic")
	}
}
