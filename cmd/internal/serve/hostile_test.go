package serve_test

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/cmd/internal/gomokutest"
	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store/postgres/pgtest"
)

var (
	testBotsOnce sync.Once
	testBotsBin  string
	testBotsErr  error
)

// testBotsBinary builds the gomoku program with the test bots (the tag
// gomoku_testbots), once per test process, beside the plain one.
func testBotsBinary(t *testing.T) string {
	t.Helper()
	plain := gomokutest.Binary(t) // skips under -short; removed by TestMain's cleanup
	testBotsOnce.Do(func() {
		testBotsBin = filepath.Join(filepath.Dir(plain), "gomoku-testbots")
		out, err := exec.Command("go", "build", "-tags", "gomoku_testbots", "-o", testBotsBin,
			"github.com/gomoku-engine/gomoku/cmd/gomoku").CombinedOutput()
		if err != nil {
			testBotsErr = fmt.Errorf("building gomoku with the test bots: %v\n%s", err, out)
		}
	})
	require.NoError(t, testBotsErr)
	return testBotsBin
}

func TestBinaryHostile(t *testing.T) {
	hostile(t, func(t *testing.T) string { return filepath.Join(t.TempDir(), "games.db") })
}

func TestBinaryHostilePostgres(t *testing.T) {
	hostile(t, func(t *testing.T) string { return pgtest.URL(t) })
}

// hostile runs the hostile clients against the program on a database of
// newDB's.
func hostile(t *testing.T, newDB func(t *testing.T) string) {
	t.Run("bot-only flood", func(t *testing.T) { botFlood(t, newDB(t)) })
	t.Run("cross-site", func(t *testing.T) { crossSiteBinary(t, newDB(t)) })
	t.Run("slow clients", func(t *testing.T) { slowClients(t, newDB(t)) })
	t.Run("connection flood", func(t *testing.T) { connectionFlood(t, newDB(t)) })
	t.Run("strict JSON and oversized fields", func(t *testing.T) { badBodies(t, newDB(t)) })
	t.Run("panicking bot", func(t *testing.T) { panickingBot(t, newDB(t)) })
}

// health is what /healthz tells.
type health struct {
	Status    string `json:"status"`
	Games     int    `json:"games"`
	BotQueue  int    `json:"bot_queue"`
	BotTables int    `json:"bot_tables"`
}

func (c *client) health() health {
	c.t.Helper()
	code, b := c.do("GET", "/healthz", "", "")
	require.Equal(c.t, http.StatusOK, code, "%s", b)
	var h health
	require.NoError(c.t, json.Unmarshal(b, &h))
	return h
}

// rss is the process's resident memory in bytes, as Linux counts it.
func (p *process) rss() int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.cmd.Process.Pid))
	require.NoError(p.t, err)
	for line := range strings.Lines(string(b)) {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			require.NoError(p.t, err)
			return kb << 10
		}
	}
	p.t.Fatal("no VmRSS")
	return 0
}

// botFlood: games of bots only are refused; with them allowed, a flood of
// search-against-search games is capped, the bots' tables bounded by the
// workers, and the memory stays bounded while they play.
func botFlood(t *testing.T, db string) {
	p := startBinary(t, db, "--bot-workers", "1", "--bot-budget", "20ms")
	for range 10 {
		code, b := p.client.do("POST", "/api/games", "", `{"seats":["search","search"]}`)
		require.Equal(t, http.StatusForbidden, code, "%s", b)
	}
	for range 5 {
		p.client.create(`{"seats":["human","search"]}`)
	}
	code, b := p.client.do("POST", "/api/games", "", `{"seats":["human","search"]}`)
	require.Equal(t, http.StatusTooManyRequests, code, "the sixth from one address: %s", b)
	p.kill()

	const most, queue = 20, 16
	p = startBinary(t, db, "--bot-workers", "1", "--bot-budget", "20ms", "--bot-only-games",
		"--max-bot-games", strconv.Itoa(most), "--max-bot-games-per-address", "0", "--bot-queue", strconv.Itoa(queue))
	base := p.rss()
	created, refused := 0, 0
	for range 40 {
		code, b := p.client.do("POST", "/api/games", "", `{"seats":["search","search"]}`)
		switch code {
		case http.StatusCreated:
			created++
		case http.StatusServiceUnavailable:
			refused++
		default:
			t.Fatalf("creating a game of bots: %d %s", code, b)
		}
	}
	// The five games with a human seat from above were resumed and count
	// too, as long as they go on.
	assert.LessOrEqual(t, created, most)
	assert.Positive(t, created)
	assert.Equal(t, 40, created+refused)
	keep := 2*1 + 2 // the bots the pool holds for one worker
	var peak int64
	deadline := time.Now().Add(6 * time.Second)
	for time.Now().Before(deadline) {
		h := p.client.health()
		require.LessOrEqual(t, h.BotTables, keep, "bots holding tables")
		require.LessOrEqual(t, h.BotQueue, queue, "games waiting for the worker")
		peak = max(peak, p.rss())
		time.Sleep(200 * time.Millisecond)
	}
	t.Logf("%d games of bots playing, %d refused: RSS %d MB at the start, %d MB at the peak", created, refused, base>>20, peak>>20)
	// Before the pool owned the bots, ten such games held about 6 MB of
	// tables each for as long as they lived.
	assert.Less(t, peak, base+100<<20, "resident memory grew by %d MB", (peak-base)>>20)
}

// crossSiteBinary: another site's page can neither create games nor move.
func crossSiteBinary(t *testing.T, db string) {
	p := startBinary(t, db)
	c := p.client
	g := c.create(`{}`)
	for _, h := range []http.Header{
		{"Content-Type": {"text/plain"}, "Origin": {"https://evil.example"}},
		{"Content-Type": {"application/x-www-form-urlencoded"}},
		{"Content-Type": {"application/json"}, "Origin": {"https://evil.example"}},
		{"Content-Type": {"application/json"}, "Sec-Fetch-Site": {"cross-site"}},
	} {
		code, b, _ := c.send("POST", "/api/games", `{}`, h)
		assert.Contains(t, []int{http.StatusForbidden, http.StatusUnsupportedMediaType}, code, "%v: %s", h, b)
		h = h.Clone()
		h.Set("Authorization", "Bearer "+g.token(1))
		code, b, _ = c.send("POST", "/api/games/"+g.ID+"/moves", `{"row":0,"col":0,"ply":0}`, h)
		assert.Contains(t, []int{http.StatusForbidden, http.StatusUnsupportedMediaType}, code, "%v: %s", h, b)
	}
	code, b := c.do("GET", "/api/games", "", "")
	require.Equal(t, http.StatusOK, code)
	assert.Equal(t, 1, strings.Count(string(b), `"id"`), "no game made from another site")
	assert.Zero(t, c.state(g.ID).Ply)
}

// slowClients: a client that sends slowly, or stops reading, is cut off
// after --io-timeout, and holds nobody else up meanwhile.
func slowClients(t *testing.T, db string) {
	p := startBinary(t, db, "--io-timeout", "2s")
	c := p.client
	addr := strings.TrimPrefix(c.base, "http://")
	g := c.create(`{}`)
	for ply := range 200 { // a state of some size
		row, col := spacedCell(ply)
		c.mustMove(g.ID, g.token(ply%2+1), row, col, ply)
	}

	// Headers that never end.
	headers, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	defer headers.Close()
	fmt.Fprintf(headers, "GET /api/games/%s HTTP/1.1\r\nHost: x\r\n", g.ID)
	// A body that never comes whole.
	body, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	defer body.Close()
	fmt.Fprintf(body, "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"k\":")
	// Readers that never read: many requests for the game, pipelined.
	var readers []net.Conn
	for range 10 {
		r, err := net.Dial("tcp", addr)
		require.NoError(t, err)
		defer r.Close()
		r.(*net.TCPConn).SetReadBuffer(4096)
		readers = append(readers, r)
		go func() {
			req := fmt.Sprintf("GET /api/games/%s HTTP/1.1\r\nHost: x\r\n\r\n", g.ID)
			for range 2000 {
				if _, err := io.WriteString(r, req); err != nil {
					return
				}
			}
		}()
	}
	// Everyone else is served meanwhile. A request held up behind a slow
	// client would wait out its 2 s timeout; a loaded machine may delay one
	// by a few hundred milliseconds, not most of them.
	start := time.Now()
	var took []time.Duration
	for time.Since(start) < 2500*time.Millisecond {
		t0 := time.Now()
		c.health()
		took = append(took, time.Since(t0))
		time.Sleep(50 * time.Millisecond)
	}
	slices.Sort(took)
	assert.Less(t, took[len(took)-1], 1500*time.Millisecond, "the slowest ordinary request while slow clients hang on")
	assert.Less(t, took[len(took)/2], 500*time.Millisecond, "the median ordinary request while slow clients hang on")
	// The slow ones are cut off: their reads end (closed, or reset with
	// requests unread), within the timeout and some slack, well before
	// everything asked for arrives.
	closedWithin := func(conn net.Conn, within time.Duration) (int64, bool) {
		conn.SetReadDeadline(time.Now().Add(within))
		n, err := io.Copy(io.Discard, conn)
		return n, err == nil || errors.Is(err, syscall.ECONNRESET)
	}
	_, ok := closedWithin(headers, 5*time.Second)
	assert.True(t, ok, "unfinished headers")
	n, ok := closedWithin(body, 5*time.Second)
	assert.True(t, ok, "an unfinished body")
	t.Logf("the slow body got %d bytes back", n)
	state := int64(len(mustGet(t, c, "/api/games/"+g.ID)))
	for i, r := range readers {
		n, ok := closedWithin(r, 5*time.Second)
		assert.True(t, ok, "reader %d not cut off", i)
		assert.Less(t, n, 2000*state, "reader %d got every answer", i)
	}
	assert.NotContains(t, p.stderr.String(), `"level":"ERROR"`)
}

func mustGet(t *testing.T, c *client, path string) []byte {
	code, b := c.do("GET", path, "", "")
	require.Equal(t, http.StatusOK, code, "%s", b)
	return b
}

// connectionFlood: one address opening connections it does not use gets
// at most --max-conns of them, for --io-timeout, and then the server
// serves again.
func connectionFlood(t *testing.T, db string) {
	const most = 40
	p := startBinary(t, db, "--max-conns", strconv.Itoa(most), "--io-timeout", "1s")
	addr := strings.TrimPrefix(p.client.base, "http://")
	var idle []net.Conn
	for range most + 20 {
		conn, err := net.Dial("tcp", addr)
		require.NoError(t, err)
		defer conn.Close()
		idle = append(idle, conn)
	}
	// Those beyond the cap are closed at once.
	closed := 0
	for _, conn := range idle[most:] {
		conn.SetReadDeadline(time.Now().Add(500 * time.Millisecond))
		if _, err := conn.Read(make([]byte, 1)); err == io.EOF {
			closed++
		}
	}
	assert.Equal(t, 20, closed, "connections beyond the cap")
	// Once the idle ones time out, the server answers again.
	time.Sleep(1500 * time.Millisecond)
	for range 5 {
		p.client.health()
	}
}

// badBodies: the strict-JSON and oversized cases, end to end.
func badBodies(t *testing.T, db string) {
	p := startBinary(t, db)
	c := p.client
	g := c.create(`{}`)
	path := "/api/games/" + g.ID + "/moves"
	for _, tc := range []struct {
		name, path, body string
		want             int
	}{
		{"duplicate key", path, `{"row":0,"row":7,"col":0,"ply":0}`, http.StatusBadRequest},
		{"keys in another case", path, `{"ROW":0,"Col":0,"PLY":0}`, http.StatusBadRequest},
		{"duplicate create key", "/api/games", `{"k":5,"k":3}`, http.StatusBadRequest},
		{"board beyond 2^31-1", "/api/games", `{"rows":2147483648,"cols":5}`, http.StatusUnprocessableEntity},
		{"a number of 10,000 digits", path, `{"row":` + strings.Repeat("9", 10000) + `,"col":0,"ply":0}`, http.StatusRequestEntityTooLarge},
		{"a long string", "/api/games", `{"rule":"` + strings.Repeat("x", 3000) + `"}`, http.StatusUnprocessableEntity},
		{"many seats", "/api/games", `{"seats":[` + strings.Repeat(`"human",`, 2000) + `"human"]}`, http.StatusRequestEntityTooLarge},
		{"deep nesting", "/api/games", `{"seats":` + strings.Repeat("[", 1000) + strings.Repeat("]", 1000) + `}`, http.StatusBadRequest},
		{"a megabyte", "/api/games", `{"k":5,"x":"` + strings.Repeat("x", 1<<20) + `"}`, http.StatusRequestEntityTooLarge},
	} {
		code, b := c.do("POST", tc.path, g.token(1), tc.body)
		assert.Equal(t, tc.want, code, "%s: %.200s", tc.name, b)
	}
	// Headers beyond 16 KB: refused with 431, or cut off while still
	// being sent.
	conn, err := net.Dial("tcp", strings.TrimPrefix(c.base, "http://"))
	require.NoError(t, err)
	defer conn.Close()
	fmt.Fprintf(conn, "GET /api/games/%s HTTP/1.1\r\nHost: x\r\nX-Padding: %s\r\n\r\n", g.ID, strings.Repeat("x", 64<<10))
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	status, err := bufio.NewReader(conn).ReadString('\n')
	if err == nil {
		assert.Contains(t, status, "431")
	} else {
		assert.ErrorIs(t, err, syscall.ECONNRESET)
	}
	code, b := c.do("POST", path, strings.Repeat("t", 8000), `{"row":0,"col":0,"ply":0}`)
	assert.Equal(t, http.StatusUnauthorized, code, "a long token: %.200s", b)
	assert.Zero(t, c.state(g.ID).Ply, "nothing was played")
	c.mustMove(g.ID, g.token(1), 0, 0, 0)
}

// panickingBot: a bot that panics on every move (built in with the tag
// gomoku_testbots) neither stops the server nor its game: each of its
// moves is a random one, and each panic is in the log.
func panickingBot(t *testing.T, db string) {
	p := startProgram(t, testBotsBinary(t), db)
	c := p.client
	g := c.create(`{"seats":["human","panicky"]}`)
	for ply := 0; ply < 10; ply += 2 {
		c.mustMove(g.ID, g.token(1), 1000, 3*ply, ply)
		c.waitFor(g.ID, 10*time.Second, func(s state) bool { return s.Ply == ply+2 })
	}
	// The server logs a panic on its standard error while the move is
	// stored: the log can reach the pipe after the state shows the move.
	panics := func() int { return strings.Count(p.stderr.String(), "panicky bot: boom") }
	assert.Eventually(t, func() bool { return panics() >= 5 }, 10*time.Second, 10*time.Millisecond, "one logged panic per move")
	assert.Equal(t, 5, panics(), "one logged panic per move")
	// The process lives on and restarts into the same game.
	p.kill()
	p = startProgram(t, testBotsBinary(t), db)
	p.client.mustMove(g.ID, g.token(1), 1000, 100, 10)
	p.client.waitFor(g.ID, 10*time.Second, func(s state) bool { return s.Ply == 12 })
	sc := bufio.NewScanner(strings.NewReader(p.stderr.String()))
	for sc.Scan() {
		var line struct{ Level, Msg string }
		if json.Unmarshal(sc.Bytes(), &line) == nil && line.Level == "ERROR" {
			assert.Contains(t, []string{"bot failed; playing a random move instead"}, line.Msg)
		}
	}
}
