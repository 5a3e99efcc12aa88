package servebench_test

import (
	"context"
	"io"
	"net"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/bench/cputime"
	"github.com/gomoku-engine/gomoku/cmd/internal/serve"
	"github.com/gomoku-engine/gomoku/cmd/internal/serve/servebench"
	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store/sqlite"
)

func envInt(t *testing.T, name string, def int) int {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	require.NoError(t, err, name)
	return n
}

// testLimits are limits loose enough for a load test.
func testLimits() serve.Limits {
	l := serve.DefaultLimits()
	l.RequestsPerSecond, l.MovesPerSecond, l.GamesPerMinute = 0, 0, 0
	return l
}

// startServer runs a server with limits l on a fresh SQLite file over
// real HTTP and returns its address; the test's end closes both.
func startServer(t testing.TB, l serve.Limits) string {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	require.NoError(t, err)
	srv, err := serve.New(context.Background(), st, serve.WithLimits(l), serve.WithBotBudget(50*time.Millisecond))
	require.NoError(t, err)
	hs := httptest.NewServer(srv)
	t.Cleanup(func() {
		hs.Close()
		srv.Close()
		st.Close()
	})
	return hs.URL
}

// TestBench runs the load test briefly against an in-process server; set
// GOMOKU_BENCH_SECONDS, _GAMES and _RATE (moves/s offered) for a longer
// run, and read its figures with -v.
func TestBench(t *testing.T) {
	seconds, games, rate := envInt(t, "GOMOKU_BENCH_SECONDS", 1), envInt(t, "GOMOKU_BENCH_GAMES", 20), envInt(t, "GOMOKU_BENCH_RATE", 0)
	base := startServer(t, testLimits())
	r, err := servebench.Bench(context.Background(), servebench.BenchConfig{URLs: []string{base}, Games: games, Duration: time.Duration(seconds) * time.Second,
		Warmup: 200 * time.Millisecond, MovesPerGame: 50, Rate: float64(rate)})
	require.NoError(t, err)
	t.Logf("\n%s", r)
	assert.Empty(t, r.Errors)
	assert.Positive(t, r.Moves)
	assert.GreaterOrEqual(t, r.NewGames, games)
	if r.Moves > games*50 {
		assert.Greater(t, r.NewGames, games, "games are replaced after 50 moves")
	}
	assert.LessOrEqual(t, r.Percentile(.5), r.Percentile(.99))
}

// TestWatchBench runs the spectators' load test briefly against an
// in-process server; GOMOKU_BENCH_WATCHERS sets how many.
func TestWatchBench(t *testing.T) {
	watchers := envInt(t, "GOMOKU_BENCH_WATCHERS", 200)
	l := testLimits()
	l.MaxWatchersPerAddress = 0
	base := startServer(t, l)
	r, err := servebench.Watch(context.Background(), servebench.BenchConfig{URLs: []string{base}, Games: 2, Rate: 40,
		Duration: time.Second, Warmup: 200 * time.Millisecond, MovesPerGame: 50, Watchers: watchers})
	require.NoError(t, err)
	t.Logf("\n%s", r)
	assert.Empty(t, r.Refused)
	assert.Equal(t, watchers, r.Held)
	assert.Positive(t, r.Moves)
	assert.Equal(t, r.Expected, r.Got, "every move reaches every spectator")
	assert.Zero(t, r.Disorder)
	assert.Positive(t, r.Delivery.Count())
	require.Len(t, r.Memory, 1)
	assert.Equal(t, watchers, r.Memory[0].After.Spectators)
}

// BenchmarkLoopbackWrites is the floor under serve-bench's CPU per event:
// plain 200-byte writes to many loopback connections, each read by a
// goroutine, as the spectators' load generator reads, with no WebSocket
// and no server. cpu-ns/write counts both sides, since both run here.
func BenchmarkLoopbackWrites(b *testing.B) {
	for _, conns := range []int{100, 1000} {
		b.Run("conns="+strconv.Itoa(conns), func(b *testing.B) {
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			require.NoError(b, err)
			defer ln.Close()
			writers := make([]net.Conn, 0, conns)
			for range conns {
				c, err := net.Dial("tcp", ln.Addr().String())
				require.NoError(b, err)
				defer c.Close()
				go io.Copy(io.Discard, c)
				s, err := ln.Accept()
				require.NoError(b, err)
				defer s.Close()
				writers = append(writers, s)
			}
			msg := make([]byte, 200)
			cpu0, _ := cputime.Process()
			for b.Loop() {
				for _, w := range writers {
					if _, err := w.Write(msg); err != nil {
						b.Fatal(err)
					}
				}
				// Each write should find its reader waiting, as a live event
				// does, rather than several messages read at once.
				time.Sleep(5 * time.Millisecond)
			}
			cpu1, ok := cputime.Process()
			if ok {
				b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(b.N*conns), "cpu-ns/write")
			}
		})
	}
}
