package servebench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/gomoku-engine/gomoku/cmd/internal/exitcode"
)

const benchDescription = `Drives many concurrent two-player games against a running "gomoku serve" and
reports the acknowledged (committed) moves per second and the latency of a
move, from sending it to its 200 answer. Each game plays moves two cells
apart, so none is ever won, for --moves moves, then a new game takes its
place. Start the server without rate limits, as the load comes from one
address and each seat moves as fast as it is answered. With several --url
(servers sharing one PostgreSQL database), the games are spread over them.

With --watchers N, it measures spectators instead: N WebSocket connections
spread over --games games (and over the --url servers), while the games
move --rate times a second in all, posted to the first server. It reports
the spectators held, the events delivered, in order and missing, the moves
a second achieved, the latency from posting a move to each delivery, each
server's memory per spectator from its /metrics (after a garbage
collection when --pprof gives the server's profiles address), its CPU time
per event and events per write, and the spectators it dropped, and how
and when each lost connection ended. N connections take N open files here and
N on the servers' side; the limit is raised to the hard limit if needed.

Examples:
   gomoku serve --db /tmp/bench.db --rate 0 --move-rate 0 --game-rate 0 --log none &
   gomoku serve-bench --url http://127.0.0.1:8080 --games 100 --duration 10s

   gomoku serve --db /tmp/w.db --rate 0 --move-rate 0 --game-rate 0 --max-watchers-per-addr 0 --pprof 127.0.0.1:6060 --log none &
   gomoku serve-bench --watchers 10000 --games 1 --rate 20 --duration 30s --pprof http://127.0.0.1:6060`

// Command is the "serve-bench" command, the game server's load test.
func Command() *cli.Command {
	return &cli.Command{
		Name:        "serve-bench",
		Usage:       "load-test a running gomoku serve: acknowledged moves per second and latency percentiles",
		Description: benchDescription,
		Flags: []cli.Flag{
			&cli.StringSliceFlag{Name: "url", Value: cli.NewStringSlice("http://127.0.0.1:8080"), Usage: "a server's base `URL`; repeat it for servers that share a database"},
			&cli.IntFlag{Name: "watchers", Usage: "measure this many WebSocket spectators of the games instead (needs --rate)"},
			&cli.StringSliceFlag{Name: "pprof", Usage: "the profiles `URL` of each --url server, in order (its --pprof), to collect garbage before reading its memory"},
			&cli.IntFlag{Name: "games", Value: 100, Usage: "games played at once (one client each)"},
			&cli.DurationFlag{Name: "duration", Value: 10 * time.Second, Usage: "how long to measure"},
			&cli.DurationFlag{Name: "warmup", Value: time.Second, Usage: "load before measuring starts"},
			&cli.IntFlag{Name: "moves", Value: 200, Usage: "moves per game before a new game is started"},
			&cli.Float64Flag{Name: "rate", Usage: "offer this many moves a second in all, spread evenly over the games, and time each move from when it was due (0: each game moves as soon as it is answered)"},
		},
		Action: func(c *cli.Context) error {
			cfg := BenchConfig{Games: c.Int("games"), Duration: c.Duration("duration"), Warmup: c.Duration("warmup"),
				MovesPerGame: c.Int("moves"), Rate: c.Float64("rate"), Watchers: c.Int("watchers"), Pprof: c.StringSlice("pprof")}
			for _, u := range c.StringSlice("url") {
				cfg.URLs = append(cfg.URLs, strings.TrimSuffix(u, "/"))
			}
			if cfg.Games < 1 || cfg.Duration <= 0 || cfg.Warmup < 0 || cfg.MovesPerGame < 1 || cfg.Rate < 0 || cfg.Watchers < 0 {
				return cli.Exit("gomoku serve-bench: --games, --duration and --moves must be positive, --rate and --watchers not negative", exitcode.Usage)
			}
			if cfg.Watchers > 0 {
				if cfg.Rate <= 0 {
					return cli.Exit("gomoku serve-bench: --watchers needs --rate, the moves a second in all", exitcode.Usage)
				}
				fmt.Fprintf(c.App.Writer, "gomoku serve-bench: %d spectators of %d games on %s, %g moves/s, for %v (after %v of warm-up)\n",
					cfg.Watchers, cfg.Games, strings.Join(cfg.URLs, ", "), cfg.Rate, cfg.Duration, cfg.Warmup)
				r, err := Watch(c.Context, cfg)
				if err != nil {
					return cli.Exit("gomoku serve-bench: "+err.Error(), exitcode.Fail)
				}
				fmt.Fprint(c.App.Writer, r)
				return nil
			}
			offered := "as fast as answered"
			if cfg.Rate > 0 {
				offered = fmt.Sprintf("%g moves/s offered", cfg.Rate)
			}
			fmt.Fprintf(c.App.Writer, "gomoku serve-bench: %d games against %s for %v (after %v of warm-up), %s\n",
				cfg.Games, strings.Join(cfg.URLs, ", "), cfg.Duration, cfg.Warmup, offered)
			r, err := Bench(c.Context, cfg)
			if err != nil {
				return cli.Exit("gomoku serve-bench: "+err.Error(), exitcode.Fail)
			}
			fmt.Fprint(c.App.Writer, r)
			return nil
		},
	}
}

// BenchConfig is a load test's shape.
type BenchConfig struct {
	URLs         []string // the servers' base URLs; games are spread over them
	Games        int
	Duration     time.Duration
	Warmup       time.Duration
	MovesPerGame int
	// Rate, when positive, is the moves per second offered in all: each
	// game moves at Rate/Games a second, and a move's latency counts from
	// when it was due, so a slow answer that delays the next move is not
	// hidden (no coordinated omission).
	Rate float64
	// Watchers, when positive, makes the test one of spectators ([Watch]).
	Watchers int
	// Pprof are the servers' profile addresses, in the order of URLs, if
	// known.
	Pprof []string
}

// BenchResult is what a load test measured.
type BenchResult struct {
	Moves    int             // moves answered 200 while measuring
	Elapsed  time.Duration   // time measured
	Latency  []time.Duration // every measured move's latency, sorted
	Errors   map[string]int  // refused or failed requests, by what went wrong
	NewGames int
}

// PerSecond is the acknowledged moves per second.
func (r BenchResult) PerSecond() float64 { return float64(r.Moves) / r.Elapsed.Seconds() }

// Percentile returns the latency that fraction q of the moves beat.
func (r BenchResult) Percentile(q float64) time.Duration {
	if len(r.Latency) == 0 {
		return 0
	}
	i := int(q * float64(len(r.Latency)))
	return r.Latency[min(i, len(r.Latency)-1)]
}

func (r BenchResult) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "acknowledged moves: %d in %.2fs = %.0f moves/s (%d games started)\n",
		r.Moves, r.Elapsed.Seconds(), r.PerSecond(), r.NewGames)
	ms := func(d time.Duration) string { return fmt.Sprintf("%.2fms", float64(d)/1e6) }
	fmt.Fprintf(&b, "move latency: p50 %s  p90 %s  p99 %s  p99.9 %s  max %s\n",
		ms(r.Percentile(.5)), ms(r.Percentile(.9)), ms(r.Percentile(.99)), ms(r.Percentile(.999)), ms(r.Percentile(1)))
	keys := make([]string, 0, len(r.Errors))
	for k := range r.Errors {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if len(keys) == 0 {
		b.WriteString("errors: none\n")
	}
	for _, k := range keys {
		fmt.Fprintf(&b, "errors: %d × %s\n", r.Errors[k], k)
	}
	return b.String()
}

// Bench runs a load test of moves against the servers at cfg.URLs.
func Bench(ctx context.Context, cfg BenchConfig) (BenchResult, error) {
	hc := &http.Client{
		Timeout:   30 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: cfg.Games, MaxConnsPerHost: cfg.Games},
	}
	defer hc.CloseIdleConnections()
	for _, u := range cfg.URLs {
		resp, err := hc.Get(u + "/healthz")
		if err != nil {
			return BenchResult{}, fmt.Errorf("no server at %s: %w", u, err)
		}
		resp.Body.Close()
	}
	start := time.Now()
	measureFrom := start.Add(cfg.Warmup)
	end := measureFrom.Add(cfg.Duration)
	ctx, cancel := context.WithDeadline(ctx, end)
	defer cancel()

	var mu sync.Mutex
	res := BenchResult{Errors: map[string]int{}}
	var wg sync.WaitGroup
	for i := range cfg.Games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := benchPlayer{cfg: cfg, hc: hc, url: cfg.URLs[i%len(cfg.URLs)]}
			var lat []time.Duration
			errs := map[string]int{}
			var interval time.Duration
			due := time.Now()
			if cfg.Rate > 0 {
				interval = time.Duration(float64(cfg.Games) / cfg.Rate * float64(time.Second))
				due = due.Add(time.Duration(rand.Int64N(int64(interval)))) // spread the games' phases
			}
			for ctx.Err() == nil {
				sent := time.Now()
				if interval > 0 && p.ready() {
					if wait := time.Until(due); wait > 0 {
						select {
						case <-time.After(wait):
						case <-ctx.Done():
							continue
						}
					}
					sent = due
					due = due.Add(interval)
				}
				err := p.step(ctx)
				took := time.Since(sent)
				if ctx.Err() != nil {
					break // a request cut by the deadline says nothing about the server
				}
				if err != nil {
					errs[err.Error()]++
					p.id = ""
					continue
				}
				if p.moved && sent.After(measureFrom) {
					lat = append(lat, took)
				}
			}
			mu.Lock()
			res.Latency = append(res.Latency, lat...)
			res.NewGames += p.games
			for k, n := range errs {
				res.Errors[k] += n
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	res.Elapsed = time.Since(measureFrom)
	if res.Elapsed > cfg.Duration {
		res.Elapsed = cfg.Duration
	}
	res.Moves = len(res.Latency)
	slices.Sort(res.Latency)
	return res, nil
}

// created is the load test's view of the server's answer to a new game.
type created struct {
	ID    string `json:"id"`
	Seats []struct {
		Token string `json:"token"`
	} `json:"seats"`
}

// apiError is the load test's view of the server's error bodies.
type apiError struct {
	Error string `json:"error"`
}

// benchPlayer plays both seats of one game at a time.
type benchPlayer struct {
	cfg    BenchConfig
	hc     *http.Client
	url    string // the server it plays on
	id     string
	tokens [2]string
	ply    int
	games  int
	moved  bool // the last step was a move (not a game's creation)
}

// ready reports whether the next step is a move, not a game's creation.
func (p *benchPlayer) ready() bool { return p.id != "" && p.ply < p.cfg.MovesPerGame }

// step creates a game when none is under way, or plays its next move.
func (p *benchPlayer) step(ctx context.Context) error {
	p.moved = false
	if !p.ready() {
		var g created
		if err := p.post(ctx, "/api/games", "", `{"k":5,"seats":["human","human"]}`, http.StatusCreated, &g); err != nil {
			return err
		}
		if len(g.Seats) != 2 {
			return fmt.Errorf("creating a game: %d tokens", len(g.Seats))
		}
		p.id, p.tokens, p.ply = g.ID, [2]string{g.Seats[0].Token, g.Seats[1].Token}, 0
		p.games++
		return nil
	}
	row, col := 2*(p.ply/50), 2*(p.ply%50)
	body := fmt.Sprintf(`{"row":%d,"col":%d,"ply":%d}`, row, col, p.ply)
	var st []byte
	if err := p.post(ctx, "/api/games/"+p.id+"/moves", p.tokens[p.ply%2], body, http.StatusOK, &st); err != nil {
		return err
	}
	// The answer is the whole game; the load generator only checks its ply,
	// without spending the CPU it shares with the server on decoding moves.
	if !bytes.Contains(st, []byte(`,"ply":`+strconv.Itoa(p.ply+1)+`,`)) {
		return fmt.Errorf("move answered without ply %d", p.ply+1)
	}
	p.ply++
	p.moved = true
	return nil
}

func (p *benchPlayer) post(ctx context.Context, path, token, body string, want int, out any) error {
	req, err := http.NewRequestWithContext(ctx, "POST", p.url+path, strings.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := p.hc.Do(req)
	if err != nil {
		return fmt.Errorf("request failed")
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return fmt.Errorf("reading an answer failed")
	}
	if resp.StatusCode != want {
		var e apiError
		json.Unmarshal(b, &e)
		return fmt.Errorf("%d %s", resp.StatusCode, e.Error)
	}
	if raw, ok := out.(*[]byte); ok {
		*raw = b
		return nil
	}
	return json.Unmarshal(b, out)
}
