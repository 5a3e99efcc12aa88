package serve_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/cmd/internal/serve"
)

func TestRateLimits(t *testing.T) {
	t.Run("per address", func(t *testing.T) {
		l := testLimits()
		l.RequestsPerSecond = 5 // bursts of 10
		c, _ := startServer(t, serve.WithLimits(l))
		codes := map[int]int{}
		start := time.Now()
		for range 15 {
			code, _ := c.do("GET", "/healthz", "", "")
			codes[code]++
		}
		// The burst, plus what refilled meanwhile on a slow machine.
		refilled := int(time.Since(start).Seconds()*5) + 1
		assert.GreaterOrEqual(t, codes[200], 10)
		assert.LessOrEqual(t, codes[200], 10+refilled)
		assert.Equal(t, 15, codes[200]+codes[429], "%v", codes)
	})
	t.Run("per seat", func(t *testing.T) {
		l := testLimits()
		l.MovesPerSecond = 1 // bursts of 2
		c, _ := startServer(t, serve.WithLimits(l))
		g := c.create(`{"k":5}`)
		// Player 1's token: two moves pass, the third is refused and changes
		// nothing; player 2's allowance is its own.
		start := time.Now()
		c.mustMove(g.ID, g.token(1), 0, 0, 0)
		code, b := c.move(g.ID, g.token(1), 9, 9, 1) // not its turn, but counted
		require.Equal(t, http.StatusConflict, code, "%s", b)
		c.mustMove(g.ID, g.token(2), 1, 1, 1)
		code, b = c.move(g.ID, g.token(1), 2, 2, 2)
		if time.Since(start) < 900*time.Millisecond { // else a move refilled
			assert.Equal(t, http.StatusTooManyRequests, code, "%s", b)
			assert.Equal(t, 2, c.state(g.ID).Ply)
		}
		time.Sleep(1100 * time.Millisecond)
		if s := c.state(g.ID); s.Ply == 2 {
			c.mustMove(g.ID, g.token(1), 2, 2, 2)
		}
	})
	t.Run("games per address", func(t *testing.T) {
		l := testLimits()
		l.GamesPerMinute = 3
		c, _ := startServer(t, serve.WithLimits(l))
		for range 3 {
			c.create(`{}`)
		}
		code, b := c.do("POST", "/api/games", "", `{}`)
		assert.Equal(t, http.StatusTooManyRequests, code, "%s", b)
		code, b = c.do("GET", "/api/games", "", "")
		require.Equal(t, http.StatusOK, code)
		assert.Equal(t, 3, strings.Count(string(b), `"id"`))
	})
}

func TestWebSocketRefusals(t *testing.T) {
	l := testLimits()
	l.MaxWatchers = 2
	c, _ := startServer(t, serve.WithLimits(l))
	g := c.create(`{}`)
	url := "ws" + strings.TrimPrefix(c.base, "http") + "/api/games/" + g.ID + "/events"
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()

	_, resp, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {"https://evil.example"}}})
	require.Error(t, err, "a page from another origin")
	assert.Equal(t, http.StatusForbidden, resp.StatusCode)

	_, resp, err = websocket.Dial(ctx, url+"?after=5", nil)
	require.Error(t, err, "after beyond the game's ply")
	assert.Equal(t, http.StatusConflict, resp.StatusCode)

	_, resp, err = websocket.Dial(ctx, strings.Replace(url, g.ID, "0123456789abcdef", 1), nil)
	require.Error(t, err)
	assert.Equal(t, http.StatusNotFound, resp.StatusCode)

	w1, w2 := c.watch(g.ID, 0), c.watch(g.ID, 0)
	_, resp, err = websocket.Dial(ctx, url, nil)
	require.Error(t, err, "one watcher too many")
	assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)

	// The watchers still get their events; a client message closes the
	// sender's connection with 1008 and frees its place.
	c.mustMove(g.ID, g.token(1), 3, 3, 0)
	assert.Equal(t, 1, w1.next().Ply)
	assert.Equal(t, 1, w2.next().Ply)
	require.NoError(t, w1.conn.Write(ctx, websocket.MessageText, []byte("hello")))
	_, _, err = w1.conn.Read(ctx)
	assert.Equal(t, websocket.StatusPolicyViolation, websocket.CloseStatus(err))
	require.Eventually(t, func() bool {
		conn, _, err := websocket.Dial(ctx, url+"?after=1", nil)
		if err != nil {
			return false
		}
		conn.CloseNow()
		return true
	}, 5*time.Second, 20*time.Millisecond)
}

// One IPv6 client usually holds a whole /64: its addresses share one
// allowance, of requests and of games.
func TestRateLimitsIPv6Network(t *testing.T) {
	l := testLimits()
	l.RequestsPerSecond, l.GamesPerMinute = 1, 2 // bursts of 2 requests, 2 games
	h := fuzzServer(t, serve.WithLimits(l))
	from := func(addr, method, path, body string) int {
		req := httptest.NewRequest(method, path, strings.NewReader(body))
		req.RemoteAddr = addr
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec.Code
	}
	assert.Equal(t, http.StatusCreated, from("[2001:db8:1:2::1]:4000", "POST", "/api/games", `{}`))
	assert.Equal(t, http.StatusCreated, from("[2001:db8:1:2:ffff::9]:4001", "POST", "/api/games", `{}`))
	assert.Equal(t, http.StatusTooManyRequests, from("[2001:db8:1:2:abcd::1]:4002", "GET", "/healthz", ""), "the same /64")
	assert.Equal(t, http.StatusOK, from("[2001:db8:1:3::1]:4000", "GET", "/healthz", ""), "the next /64")
	assert.Equal(t, http.StatusOK, from("192.0.2.1:4000", "GET", "/healthz", ""))
	assert.Equal(t, http.StatusOK, from("192.0.2.2:4000", "GET", "/healthz", ""))
	assert.Equal(t, http.StatusOK, from("192.0.2.2:4000", "GET", "/healthz", ""))
	assert.Equal(t, http.StatusTooManyRequests, from("[::ffff:192.0.2.2]:4000", "GET", "/healthz", ""), "an IPv4 address mapped to IPv6 is that address")
}
