package servebench

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/gomoku-engine/gomoku/bench/cputime"
	"github.com/gomoku-engine/gomoku/cmd/internal/openfiles"
)

// WatchResult is what a spectators' load test measured.
type WatchResult struct {
	Wanted   int            // spectators asked for
	Held     int            // connected, and still connected at the end
	Refused  map[string]int // connections refused or lost, by what went wrong
	Lost     []string       // the first few connections lost: why and when
	Moves    int            // moves answered 200, over all games
	MovesPer float64        // moves a second
	MoveLat  *latencies     // from when a move was due to its 200, moves due while measuring
	Expected int64          // events the held spectators should have received
	Got      int64          // events they received
	Disorder int64          // events out of order: a gap or a repeat
	Delivery *latencies     // from when a move was due to its delivery, moves due while measuring
	Fanout   *latencies     // from when a move was sent to its delivery: the same without the load generator's lag
	Memory   []serverMemory // per server, before and after the spectators connected
	Elapsed  time.Duration  // from the first move to the last delivery
	SelfCPU  time.Duration  // the load generator's CPU time meanwhile
}

// serverMemory is a server's memory before and after the spectators
// connected, and its CPU time while the games moved.
type serverMemory struct {
	URL           string
	Before, After memSample
	End           memSample // once the games stopped and the deliveries settled
	CPU           time.Duration
	Sent          float64 // events sent while the games moved
}

// memSample is what a server's /metrics says of its memory.
type memSample struct {
	Spectators int     // gomoku_spectators
	RSS        float64 // process_resident_memory_bytes
	Heap       float64 // go_memstats_heap_inuse_bytes + go_memstats_stack_inuse_bytes
	Goroutines float64 // go_goroutines
	CPU        float64 // process_cpu_seconds_total
	Sent       float64 // gomoku_spectator_events_sent_total
	Writes     float64 // gomoku_spectator_writes_total
	Slow       float64 // gomoku_spectators_dropped_total{reason="slow"}
	Silent     float64 // gomoku_spectators_dropped_total{reason="silent"}
}

// perSpectator is the growth of what f reads, per spectator connected.
func (m serverMemory) perSpectator(f func(memSample) float64) float64 {
	n := m.After.Spectators - m.Before.Spectators
	if n == 0 {
		return 0
	}
	return (f(m.After) - f(m.Before)) / float64(n)
}

func (r WatchResult) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "spectators: %d held of %d\n", r.Held, r.Wanted)
	keys := make([]string, 0, len(r.Refused))
	for k := range r.Refused {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "  refused or lost: %d × %s\n", r.Refused[k], k)
	}
	for _, l := range r.Lost {
		fmt.Fprintf(&b, "  lost: %s\n", l)
	}
	ms := func(d time.Duration) string { return fmt.Sprintf("%.1fms", float64(d)/1e6) }
	fmt.Fprintf(&b, "moves: %d answered, %.1f moves/s; latency p50 %s  p99 %s  max %s\n",
		r.Moves, r.MovesPer, ms(r.MoveLat.percentile(.5)), ms(r.MoveLat.percentile(.99)), ms(r.MoveLat.percentile(1)))
	fmt.Fprintf(&b, "deliveries: %d of %d expected (%d missing), %d out of order\n", r.Got, r.Expected, r.Expected-r.Got, r.Disorder)
	for _, h := range []struct {
		what string
		l    *latencies
	}{{"from when its move was due", r.Delivery}, {"from when its move was sent", r.Fanout}} {
		d := h.l
		fmt.Fprintf(&b, "delivery latency %s (%d measured): p50 %s  p90 %s  p99 %s  p99.9 %s  max %s\n",
			h.what, d.Count(), ms(d.percentile(.5)), ms(d.percentile(.9)), ms(d.percentile(.99)), ms(d.percentile(.999)), ms(d.percentile(1)))
	}
	rss := func(s memSample) float64 { return s.RSS }
	heap := func(s memSample) float64 { return s.Heap }
	gor := func(s memSample) float64 { return s.Goroutines }
	for _, m := range r.Memory {
		fmt.Fprintf(&b, "server %s: %d → %d spectators; per spectator: RSS %+.1f KB (%.0f → %.0f MB), heap+stacks %+.1f KB (%.0f → %.0f MB), goroutines %+.2f\n",
			m.URL, m.Before.Spectators, m.After.Spectators, m.perSpectator(rss)/1024, m.Before.RSS/(1<<20), m.After.RSS/(1<<20),
			m.perSpectator(heap)/1024, m.Before.Heap/(1<<20), m.After.Heap/(1<<20), m.perSpectator(gor))
		perEvent := 0.0
		if m.Sent > 0 {
			perEvent = float64(m.CPU/time.Microsecond) / m.Sent
		}
		if slow, silent := m.End.Slow-m.Before.Slow, m.End.Silent-m.Before.Silent; slow+silent > 0 {
			fmt.Fprintf(&b, "server %s: dropped %.0f spectators as slow readers (a write waited 1 s), %.0f as silent (no pong)\n", m.URL, slow, silent)
		}
		perWrite := 0.0
		if w := m.End.Writes - m.After.Writes; w > 0 {
			perWrite = m.Sent / w
		}
		fmt.Fprintf(&b, "server %s: CPU %.2fs while the games moved (%.0f%% of a core), %.0f events sent (%.2f a write), %.1f µs of CPU per event\n",
			m.URL, m.CPU.Seconds(), 100*m.CPU.Seconds()/r.Elapsed.Seconds(), m.Sent, perWrite, perEvent)
	}
	fmt.Fprintf(&b, "load generator: CPU %.2fs (%.0f%% of a core)\n", r.SelfCPU.Seconds(), 100*r.SelfCPU.Seconds()/r.Elapsed.Seconds())
	return b.String()
}

// latencies is a histogram of durations in steps of 50 µs up to 10 s,
// then of 10 ms up to 130 s, safe for concurrent use: millions of
// deliveries cost no more memory than a few.
type latencies struct {
	fine   [200000]atomic.Int64
	coarse [12000]atomic.Int64
	max    atomic.Int64
	n      atomic.Int64
}

const (
	fineStep   = 50 * time.Microsecond
	coarseStep = 10 * time.Millisecond
	fineRange  = 200000 * fineStep
)

func (l *latencies) add(d time.Duration) {
	d = max(d, 0)
	l.n.Add(1)
	if d < fineRange {
		l.fine[d/fineStep].Add(1)
	} else if i := int((d - fineRange) / coarseStep); i < len(l.coarse) {
		l.coarse[i].Add(1)
	}
	for {
		m := l.max.Load()
		if int64(d) <= m || l.max.CompareAndSwap(m, int64(d)) {
			return
		}
	}
}

func (l *latencies) Count() int64 { return l.n.Load() }

// percentile returns the latency that fraction q of the samples beat, to
// within a step; q = 1 is the largest.
func (l *latencies) percentile(q float64) time.Duration {
	n := l.n.Load()
	if n == 0 {
		return 0
	}
	if q >= 1 {
		return time.Duration(l.max.Load())
	}
	want := int64(q * float64(n))
	var seen int64
	for i := range l.fine {
		if seen += l.fine[i].Load(); seen > want {
			return time.Duration(i+1) * fineStep
		}
	}
	for i := range l.coarse {
		if seen += l.coarse[i].Load(); seen > want {
			return fineRange + time.Duration(i+1)*coarseStep
		}
	}
	return time.Duration(l.max.Load()) // beyond the histogram
}

// watchGame is one game of a spectators' load test, with when each of its
// moves was due and sent.
type watchGame struct {
	id     string
	tokens [2]string
	due    []atomic.Int64 // unix nanoseconds, by ply (1-based): when the move was due
	sent   []atomic.Int64 // and when it was sent
	last   atomic.Int64   // the last ply answered 200
}

// Watch runs a spectators' load test: cfg.Watchers WebSocket spectators,
// spread over cfg.Games games and over the servers at cfg.URLs, watch the
// games, which move cfg.Rate times a second in all.
func Watch(ctx context.Context, cfg BenchConfig) (WatchResult, error) {
	res := WatchResult{Wanted: cfg.Watchers, Refused: map[string]int{}, MoveLat: &latencies{}, Delivery: &latencies{}, Fanout: &latencies{}}
	if err := openfiles.Ensure(uint64(cfg.Watchers + cfg.Games + 200)); err != nil {
		return res, err
	}
	hc := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: cfg.Games + 4}}
	defer hc.CloseIdleConnections()
	for _, u := range cfg.URLs {
		m, err := scrapeMemory(ctx, hc, u, cfg.pprofFor(u))
		if err != nil {
			return res, err
		}
		res.Memory = append(res.Memory, serverMemory{URL: u, Before: m})
	}
	total := cfg.Warmup + cfg.Duration
	plies := int(total.Seconds()*cfg.Rate/float64(cfg.Games)) + 16
	games := make([]*watchGame, cfg.Games)
	for i := range games {
		p := benchPlayer{cfg: cfg, hc: hc, url: cfg.URLs[0]}
		if err := p.step(ctx); err != nil {
			return res, fmt.Errorf("creating a game: %w", err)
		}
		games[i] = &watchGame{id: p.id, tokens: p.tokens, due: make([]atomic.Int64, plies+1), sent: make([]atomic.Int64, plies+1)}
	}

	// Connect every spectator, a few at a time.
	type viewer struct {
		g    *watchGame
		c    *benchConn
		last atomic.Int64
		lost atomic.Value // string: why the connection ended early
		when string       // and when, written before lost
	}
	viewers := make([]*viewer, cfg.Watchers)
	var refusedMu sync.Mutex
	sem := make(chan struct{}, 64)
	var dials sync.WaitGroup
	for i := range viewers {
		sem <- struct{}{}
		dials.Add(1)
		go func() {
			defer func() { <-sem; dials.Done() }()
			g := games[i%len(games)]
			u := cfg.URLs[i%len(cfg.URLs)]
			dctx, cancel := context.WithTimeout(ctx, 30*time.Second)
			defer cancel()
			c, err := dialEvents(dctx, u, g.id)
			if err != nil {
				refusedMu.Lock()
				res.Refused[err.Error()]++
				refusedMu.Unlock()
				return
			}
			viewers[i] = &viewer{g: g, c: c}
		}()
	}
	dials.Wait()
	// Let the handshakes' garbage go before measuring what stays.
	time.Sleep(2 * time.Second)
	for i, u := range cfg.URLs {
		m, err := scrapeMemory(ctx, hc, u, cfg.pprofFor(u))
		if err != nil {
			return res, err
		}
		res.Memory[i].After = m
	}

	start := time.Now()
	cpu0, _ := cputime.Process()
	measureFrom := start.Add(cfg.Warmup)
	var readers sync.WaitGroup
	var disorder atomic.Int64
	for _, v := range viewers {
		if v == nil {
			continue
		}
		readers.Add(1)
		go func() {
			defer readers.Done()
			for {
				buf, err := v.c.next()
				if err != nil {
					v.when = fmt.Sprintf("%.1fs in, having ply %d of %d", time.Since(start).Seconds(), v.last.Load(), v.g.last.Load())
					v.lost.Store(err.Error())
					return
				}
				now := time.Now()
				ply := eventPly(buf)
				if ply != int(v.last.Load())+1 {
					disorder.Add(1)
				}
				v.last.Store(int64(ply))
				if ply >= 1 && ply < len(v.g.due) {
					if t := v.g.due[ply].Load(); t >= measureFrom.UnixNano() {
						res.Delivery.add(now.Sub(time.Unix(0, t)))
						res.Fanout.add(now.Sub(time.Unix(0, v.g.sent[ply].Load())))
					}
				}
			}
		}()
	}

	// Play every game at Rate/Games moves a second.
	deadline := measureFrom.Add(cfg.Duration)
	interval := time.Duration(float64(cfg.Games) / cfg.Rate * float64(time.Second))
	var players sync.WaitGroup
	var moveErrs sync.Map
	for gi, g := range games {
		players.Add(1)
		go func() {
			defer players.Done()
			p := benchPlayer{cfg: cfg, hc: hc, url: cfg.URLs[0], id: g.id, tokens: g.tokens}
			p.cfg.MovesPerGame = len(g.due) - 1
			due := start.Add(time.Duration(gi) * interval / time.Duration(len(games)))
			for p.ply+1 < len(g.due) {
				if wait := time.Until(due); wait > 0 {
					time.Sleep(wait)
				}
				if !time.Now().Before(deadline) {
					return
				}
				g.due[p.ply+1].Store(due.UnixNano())
				g.sent[p.ply+1].Store(time.Now().UnixNano())
				if err := p.step(ctx); err != nil {
					n, _ := moveErrs.LoadOrStore(err.Error(), new(atomic.Int64))
					n.(*atomic.Int64).Add(1)
					return
				}
				if !due.Before(measureFrom) {
					res.MoveLat.add(time.Since(due))
				}
				g.last.Store(int64(p.ply))
				due = due.Add(interval)
			}
		}()
	}
	players.Wait()
	moveErrs.Range(func(k, v any) bool {
		res.Refused["move: "+k.(string)] += int(v.(*atomic.Int64).Load())
		return true
	})
	for _, g := range games {
		res.Moves += int(g.last.Load())
	}
	res.MovesPer = float64(res.Moves) / time.Since(start).Seconds()

	// Give the last moves time to arrive, then count.
	settle := time.Now().Add(10 * time.Second)
	for time.Now().Before(settle) {
		behind := false
		for _, v := range viewers {
			if v != nil && v.lost.Load() == nil && v.last.Load() < v.g.last.Load() {
				behind = true
				break
			}
		}
		if !behind {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	cpu1, _ := cputime.Process()
	res.Elapsed, res.SelfCPU = time.Since(start), cpu1-cpu0
	for i, u := range cfg.URLs {
		m, err := scrapeMemory(ctx, hc, u, "")
		if err != nil {
			return res, err
		}
		res.Memory[i].End = m
		res.Memory[i].CPU = time.Duration((m.CPU - res.Memory[i].After.CPU) * float64(time.Second))
		res.Memory[i].Sent = m.Sent - res.Memory[i].After.Sent
	}
	for _, v := range viewers {
		if v == nil {
			continue
		}
		if why := v.lost.Load(); why != nil {
			res.Refused["lost: "+why.(string)]++
			if len(res.Lost) < 10 {
				res.Lost = append(res.Lost, why.(string)+", "+v.when)
			}
			continue
		}
		res.Held++
		res.Expected += v.g.last.Load()
		res.Got += v.last.Load()
		v.c.nc.Close()
	}
	for _, v := range viewers {
		if v != nil {
			v.c.nc.Close()
		}
	}
	readers.Wait()
	res.Disorder = disorder.Load()
	return res, nil
}

// eventPly reads an event's ply without decoding the rest, sparing the
// CPU that the load generator shares with the servers.
func eventPly(b []byte) int {
	i := bytes.Index(b, []byte(`"ply":`))
	if i < 0 {
		return -1
	}
	b = b[i+len(`"ply":`):]
	j := bytes.IndexByte(b, ',')
	if j < 0 {
		return -1
	}
	n, err := strconv.Atoi(string(b[:j]))
	if err != nil {
		return -1
	}
	return n
}

// pprofFor is the profile address given for the server at u, if any.
func (cfg BenchConfig) pprofFor(u string) string {
	for i, v := range cfg.URLs {
		if v == u && i < len(cfg.Pprof) {
			return cfg.Pprof[i]
		}
	}
	return ""
}

// scrapeMemory reads a server's memory and spectators from its /metrics,
// after a garbage collection when its profiles' address is known (a heap
// profile with gc=1 runs one).
func scrapeMemory(ctx context.Context, hc *http.Client, u, pprofURL string) (memSample, error) {
	if pprofURL != "" {
		req, err := http.NewRequestWithContext(ctx, "GET", strings.TrimSuffix(pprofURL, "/")+"/debug/pprof/heap?gc=1", nil)
		if err != nil {
			return memSample{}, err
		}
		resp, err := hc.Do(req)
		if err != nil {
			return memSample{}, fmt.Errorf("--pprof %s: %w", pprofURL, err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	req, err := http.NewRequestWithContext(ctx, "GET", u+"/metrics", nil)
	if err != nil {
		return memSample{}, err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return memSample{}, fmt.Errorf("no server at %s: %w", u, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return memSample{}, fmt.Errorf("%s/metrics answered %d", u, resp.StatusCode)
	}
	var m memSample
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		name, val, ok := strings.Cut(sc.Text(), " ")
		if !ok || strings.HasPrefix(name, "#") {
			continue
		}
		f, err := strconv.ParseFloat(val, 64)
		if err != nil {
			continue
		}
		switch name {
		case "process_resident_memory_bytes":
			m.RSS = f
		case "go_memstats_heap_inuse_bytes", "go_memstats_stack_inuse_bytes":
			m.Heap += f
		case "go_goroutines":
			m.Goroutines = f
		case "process_cpu_seconds_total":
			m.CPU = f
		case "gomoku_spectator_events_sent_total":
			m.Sent = f
		case "gomoku_spectator_writes_total":
			m.Writes = f
		case "gomoku_spectators":
			m.Spectators = int(f)
		case `gomoku_spectators_dropped_total{reason="slow"}`:
			m.Slow = f
		case `gomoku_spectators_dropped_total{reason="silent"}`:
			m.Silent = f
		}
	}
	return m, sc.Err()
}

// benchConn is the load generator's side of a live-update connection:
// leaner than a general client, so that the CPU it shares with the
// servers goes to them. It reads text frames, answers pings, and reports

// The WebSocket opcodes the spectators' connections read (RFC 6455).
const (
	opText  = 0x1
	opClose = 0x8
	opPing  = 0x9
	opPong  = 0xA
)

// a close frame as an error.
type benchConn struct {
	nc  net.Conn
	br  *bufio.Reader
	buf []byte
}

// dialEvents opens the live updates of game id on the server at base.
func dialEvents(ctx context.Context, base, id string) (*benchConn, error) {
	u, err := url.Parse(base)
	if err != nil {
		return nil, err
	}
	var d net.Dialer
	nc, err := d.DialContext(ctx, "tcp", u.Host)
	if err != nil {
		return nil, fmt.Errorf("dial failed")
	}
	if dl, ok := ctx.Deadline(); ok {
		nc.SetDeadline(dl)
	}
	key := base64.StdEncoding.EncodeToString([]byte(id[:16]))
	fmt.Fprintf(nc, "GET /api/games/%s/events HTTP/1.1\r\nHost: %s\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"+
		"Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: %s\r\n\r\n", id, u.Host, key)
	br := bufio.NewReaderSize(nc, 1024)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		nc.Close()
		return nil, fmt.Errorf("handshake failed")
	}
	if resp.StatusCode != http.StatusSwitchingProtocols {
		nc.Close()
		return nil, fmt.Errorf("%d %s", resp.StatusCode, http.StatusText(resp.StatusCode))
	}
	nc.SetDeadline(time.Time{})
	return &benchConn{nc: nc, br: br, buf: make([]byte, 0, 512)}, nil
}

// ended names how a connection ended: the server closed it (EOF), reset
// it, or something else.
func ended(err error) error {
	switch {
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		return errors.New("connection ended by the server (EOF)")
	case errors.Is(err, syscall.ECONNRESET):
		return errors.New("connection reset")
	}
	return fmt.Errorf("connection ended: %w", err)
}

// next returns the next text message's payload, valid until the next call.
func (c *benchConn) next() ([]byte, error) {
	for {
		var h [2]byte
		if _, err := io.ReadFull(c.br, h[:]); err != nil {
			return nil, ended(err)
		}
		n := uint64(h[1] & 0x7F)
		switch n {
		case 126:
			var e [2]byte
			if _, err := io.ReadFull(c.br, e[:]); err != nil {
				return nil, ended(err)
			}
			n = uint64(binary.BigEndian.Uint16(e[:]))
		case 127:
			var e [8]byte
			if _, err := io.ReadFull(c.br, e[:]); err != nil {
				return nil, ended(err)
			}
			n = binary.BigEndian.Uint64(e[:])
		}
		if h[1]&0x80 != 0 || n > 1<<20 {
			return nil, errors.New("bad frame")
		}
		if uint64(cap(c.buf)) < n {
			c.buf = make([]byte, n)
		}
		c.buf = c.buf[:n]
		if _, err := io.ReadFull(c.br, c.buf); err != nil {
			return nil, ended(err)
		}
		switch h[0] & 0x0F {
		case opText:
			return c.buf, nil
		case opPing:
			// A client's frames are masked; a zero mask leaves the payload as is.
			pong := append([]byte{0x80 | opPong, 0x80 | byte(len(c.buf)), 0, 0, 0, 0}, c.buf...)
			if _, err := c.nc.Write(pong); err != nil {
				return nil, ended(err)
			}
		case opClose:
			code := 0
			if len(c.buf) >= 2 {
				code = int(binary.BigEndian.Uint16(c.buf))
			}
			return nil, fmt.Errorf("closed with %d", code)
		}
	}
}
