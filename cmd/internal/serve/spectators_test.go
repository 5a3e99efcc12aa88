package serve_test

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/cmd/internal/serve"
	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store/sqlite"
)

func eventsURL(c *client, id string) string {
	return "ws" + strings.TrimPrefix(c.base, "http") + "/api/games/" + id + "/events"
}

// dialStatus opens the live updates of game id and returns the handshake's
// status and Retry-After.
func dialStatus(t *testing.T, c *client, id string) (int, string, *websocket.Conn) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, resp, err := websocket.Dial(ctx, eventsURL(c, id), nil)
	if err != nil {
		require.NotNil(t, resp, "%v", err)
		return resp.StatusCode, resp.Header.Get("Retry-After"), nil
	}
	t.Cleanup(func() { conn.CloseNow() })
	return resp.StatusCode, "", conn
}

func TestSpectatorCaps(t *testing.T) {
	t.Run("per address", func(t *testing.T) {
		l := testLimits()
		l.MaxWatchersPerAddress = 2
		c, _ := startServer(t, serve.WithLimits(l))
		a, b := c.create(`{}`), c.create(`{}`)
		code, _, w1 := dialStatus(t, c, a.ID)
		require.Equal(t, http.StatusSwitchingProtocols, code)
		code, _, _ = dialStatus(t, c, b.ID)
		require.Equal(t, http.StatusSwitchingProtocols, code, "the cap is per address, across games")
		code, retry, _ := dialStatus(t, c, b.ID)
		assert.Equal(t, http.StatusTooManyRequests, code)
		assert.NotEmpty(t, retry)
		// A place frees when a spectator leaves.
		w1.Close(websocket.StatusNormalClosure, "")
		require.Eventually(t, func() bool {
			code, _, _ := dialStatus(t, c, a.ID)
			return code == http.StatusSwitchingProtocols
		}, 5*time.Second, 20*time.Millisecond)
	})
	t.Run("in all", func(t *testing.T) {
		l := testLimits()
		l.MaxWatchersPerAddress, l.MaxWatchersTotal = 0, 3
		c, _ := startServer(t, serve.WithLimits(l))
		for range 3 {
			code, _, _ := dialStatus(t, c, c.create(`{}`).ID)
			require.Equal(t, http.StatusSwitchingProtocols, code)
		}
		code, retry, _ := dialStatus(t, c, c.create(`{}`).ID)
		assert.Equal(t, http.StatusServiceUnavailable, code)
		assert.NotEmpty(t, retry)
		m := scrape(t, c)
		assert.Equal(t, 3.0, m[`gomoku_spectators`])
		assert.Equal(t, 1.0, m[`gomoku_spectators_refused_total{reason="total"}`])
	})
}

// TestSpectatorsMany has many spectators of one game each receive every
// move, in order, while moves come faster than a person plays.
func TestSpectatorsMany(t *testing.T) {
	const n, moves = 300, 40
	l := testLimits()
	l.MaxWatchersPerAddress = 0
	c, _ := startServer(t, serve.WithLimits(l))
	g := c.create(`{}`)
	ws := make([]*watcher, n)
	for i := range ws {
		ws[i] = c.watch(g.ID, 0)
	}
	for ply := range moves {
		c.mustMove(g.ID, g.token(ply%2+1), 2*ply, 0, ply)
	}
	for _, w := range ws {
		for ply := 1; ply <= moves; ply++ {
			require.Equal(t, ply, w.next().Ply)
		}
	}
	scrapeWhen(t, c, "gomoku_spectator_events_sent_total", float64(n*moves))
}

// rawUpgrade performs a handshake by hand and returns the connection.
func rawUpgrade(t *testing.T, c *client, id string) (net.Conn, *bufio.Reader) {
	t.Helper()
	host := strings.TrimPrefix(c.base, "http://")
	nc, err := net.Dial("tcp", host)
	require.NoError(t, err)
	t.Cleanup(func() { nc.Close() })
	nc.SetDeadline(time.Now().Add(10 * time.Second))
	key := base64.StdEncoding.EncodeToString([]byte("0123456789abcdef"))
	fmt.Fprintf(nc, "GET /api/games/%s/events HTTP/1.1\r\nHost: %s\r\nConnection: keep-alive, Upgrade\r\nUpgrade: WebSocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: %s\r\n\r\n", id, host, key)
	br := bufio.NewReader(nc)
	resp, err := http.ReadResponse(br, nil)
	require.NoError(t, err)
	require.Equal(t, http.StatusSwitchingProtocols, resp.StatusCode)
	// SHA-1 of the key and RFC 6455's GUID, in base64, computed apart.
	assert.Equal(t, "BACScCJPNqyz+UBoqMH89VmURoA=", resp.Header.Get("Sec-WebSocket-Accept"))
	return nc, br
}

// frame reads one server frame: its first byte and payload.
func readFrame(t *testing.T, br *bufio.Reader) (byte, []byte) {
	t.Helper()
	var h [2]byte
	_, err := io.ReadFull(br, h[:])
	require.NoError(t, err)
	require.Zero(t, h[1]&0x80, "a server's frames are not masked")
	n := int(h[1] & 0x7F)
	require.Less(t, n, 126, "these frames are short")
	p := make([]byte, n)
	_, err = io.ReadFull(br, p)
	require.NoError(t, err)
	return h[0], p
}

// clientFrame is a masked client frame.
func clientFrame(first byte, payload string) []byte {
	mask := []byte{1, 2, 3, 4}
	b := append([]byte{first, 0x80 | byte(len(payload))}, mask...)
	for i := range len(payload) {
		b = append(b, payload[i]^mask[i%4])
	}
	return b
}

func TestSpectatorProtocol(t *testing.T) {
	c, _ := startServer(t)
	g := c.create(`{}`)
	c.mustMove(g.ID, g.token(1), 0, 0, 0)

	t.Run("events, ping, close", func(t *testing.T) {
		nc, br := rawUpgrade(t, c, g.ID)
		first, p := readFrame(t, br)
		assert.Equal(t, byte(0x81), first, "a final text frame")
		assert.Contains(t, string(p), `"ply":1,`)
		_, err := nc.Write(clientFrame(0x89, "hi"))
		require.NoError(t, err)
		first, p = readFrame(t, br)
		assert.Equal(t, byte(0x8A), first, "a pong")
		assert.Equal(t, "hi", string(p))
		_, err = nc.Write(clientFrame(0x88, "\x03\xe8bye"))
		require.NoError(t, err)
		first, p = readFrame(t, br)
		assert.Equal(t, byte(0x88), first, "the close, answered")
		assert.Equal(t, "\x03\xe8", string(p), "with the client's code")
		_, err = br.ReadByte()
		assert.ErrorIs(t, err, io.EOF, "then the server ends the connection")
	})
	for name, tc := range map[string]struct {
		frame []byte
		code  int
	}{
		"unmasked frame":   {[]byte{0x89, 0x00}, 1002},
		"reserved bit":     {clientFrame(0xC9, ""), 1002},
		"unknown opcode":   {clientFrame(0x83, ""), 1002},
		"fragmented ping":  {clientFrame(0x09, ""), 1002},
		"a binary message": {clientFrame(0x82, "x"), 1008},
	} {
		t.Run(name, func(t *testing.T) {
			nc, br := rawUpgrade(t, c, g.ID)
			readFrame(t, br) // the first move
			_, err := nc.Write(tc.frame)
			require.NoError(t, err)
			first, p := readFrame(t, br)
			require.Equal(t, byte(0x88), first)
			require.GreaterOrEqual(t, len(p), 2)
			assert.Equal(t, tc.code, int(p[0])<<8|int(p[1]), "%s", p[2:])
		})
	}
	t.Run("not an upgrade", func(t *testing.T) {
		code, b := c.do("GET", "/api/games/"+g.ID+"/events", "", "")
		assert.Equal(t, http.StatusUpgradeRequired, code, "%s", b)
	})
}

// TestSpectatorsShutdown: closing the server closes its spectators with
// 1001 (going away), so that they reconnect elsewhere.
func TestSpectatorsShutdown(t *testing.T) {
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	require.NoError(t, err)
	defer st.Close()
	srv, err := serve.New(context.Background(), st, serve.WithLimits(testLimits()))
	require.NoError(t, err)
	hs := httptest.NewServer(srv)
	defer hs.Close()
	c := newClient(t, hs.URL)
	g := c.create(`{}`)
	w := c.watch(g.ID, 0)
	closed := make(chan struct{})
	go func() { srv.Close(); close(closed) }()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, _, err = w.conn.Read(ctx)
	assert.Equal(t, websocket.StatusGoingAway, websocket.CloseStatus(err), "%v", err)
	select {
	case <-closed:
	case <-time.After(10 * time.Second):
		t.Fatal("Close did not return")
	}
}

// scrape reads /metrics as a map from each sample's name and labels, as
// written, to its value.
// scrapeWhen scrapes /metrics until name reads want (at most 5 s) and
// returns that scrape. A sender counts what it sent once its write has
// returned, which may be after the spectator has read the events.
func scrapeWhen(t *testing.T, c *client, name string, want float64) map[string]float64 {
	t.Helper()
	var m map[string]float64
	require.Eventually(t, func() bool { m = scrape(t, c); return m[name] == want }, 5*time.Second, 5*time.Millisecond,
		"%s stays at %v, not %v", name, m[name], want)
	return m
}

func scrape(t *testing.T, c *client) map[string]float64 {
	t.Helper()
	code, b := c.do("GET", "/metrics", "", "")
	require.Equal(t, http.StatusOK, code)
	m := map[string]float64{}
	for line := range strings.SplitSeq(string(b), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		require.Positive(t, i, line)
		v, err := strconv.ParseFloat(line[i+1:], 64)
		require.NoError(t, err, line)
		m[line[:i]] = v
	}
	return m
}

// Spectators that stop reading hold up nobody else: the others get each
// move at once, in order, while the stalled ones are dropped once their
// sockets have stayed full for a second.
func TestSpectatorsStalled(t *testing.T) {
	const stalled = 8
	l := testLimits()
	l.MaxWatchersPerAddress = 0
	c, _ := startServer(t, serve.WithLimits(l))
	g := c.create(`{}`)
	for range stalled {
		nc, _ := rawUpgrade(t, c, g.ID)
		nc.(*net.TCPConn).SetReadBuffer(1024) // and never read
	}
	w := c.watch(g.ID, 0)
	type arrival struct {
		ply int
		at  time.Time
	}
	got := make(chan arrival, 100000)
	go func() {
		for {
			_, b, err := w.conn.Read(context.Background())
			if err != nil {
				close(got)
				return
			}
			var e event
			if json.Unmarshal(b, &e) != nil {
				close(got)
				return
			}
			got <- arrival{e.Ply, time.Now()}
		}
	}()
	// Moves as fast as they are answered, until every stalled spectator
	// is dropped. Filling their sockets takes a number of bytes, not a
	// time: a loaded machine answers fewer moves a second, so the bound
	// is generous and a quick run stops long before it.
	var answered []time.Time
	start := time.Now()
	for ply := 0; time.Since(start) < 120*time.Second; ply++ {
		row, col := spacedCell(ply)
		c.mustMove(g.ID, g.token(ply%2+1), row, col, ply)
		answered = append(answered, time.Now())
		if ply%50 == 49 && scrape(t, c)[`gomoku_spectators_dropped_total{reason="slow"}`] == stalled {
			break
		}
	}
	m := scrape(t, c)
	require.Equal(t, float64(stalled), m[`gomoku_spectators_dropped_total{reason="slow"}`], "after %d moves", len(answered))
	assert.Equal(t, 1.0, m["gomoku_spectators"])
	worst := time.Duration(0)
	for ply := 1; ply <= len(answered); ply++ {
		a, ok := <-got
		require.True(t, ok, "the watcher's connection ended")
		require.Equal(t, ply, a.ply)
		worst = max(worst, a.at.Sub(answered[ply-1]))
	}
	t.Logf("%d moves; the watcher's worst delay after a move's answer: %v", len(answered), worst)
	assert.Less(t, worst, 500*time.Millisecond, "held up by the stalled spectators")
}

// With a fan-out window, the first move goes out at once and the moves
// that follow within the window go out together when it ends, one write
// for all of them.
func TestSpectatorsFanoutWindow(t *testing.T) {
	const window = time.Second
	c, _ := startServer(t, serve.WithFanoutWindow(window))
	g := c.create(`{}`)
	w := c.watch(g.ID, 0)
	start := time.Now()
	c.mustMove(g.ID, g.token(1), 0, 0, 0)
	assert.Equal(t, 1, w.next().Ply)
	assert.Less(t, time.Since(start), window/2, "the first move waits for nothing")
	for ply := 1; ply < 5; ply++ {
		c.mustMove(g.ID, g.token(ply%2+1), 0, 2*ply, ply)
	}
	moved := time.Since(start)
	for ply := 2; ply <= 5; ply++ {
		assert.Equal(t, ply, w.next().Ply)
	}
	if moved < window*3/4 {
		assert.GreaterOrEqual(t, time.Since(start), window*3/4, "the later moves waited for the window")
	}
	m := scrapeWhen(t, c, "gomoku_spectator_events_sent_total", 5)
	assert.LessOrEqual(t, m["gomoku_spectator_writes_total"], 3.0, "moves 2 to 5 shared writes (%v to play them)", moved)
}
