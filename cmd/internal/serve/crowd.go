package serve

import (
	"context"
	"net"
	"net/http"
	"runtime"
	"sync"
	"syscall"
	"time"
)

// Live events are written by two pools of senders. The fast lane writes
// only what a socket takes at once, so it never waits: a few senders, two
// per CPU, keep up with any number of spectators, and leave the CPU to
// the requests in between (with more of them runnable, a move's request
// waits behind them at each step, the next move comes later, and fewer
// events share a write). A spectator whose socket is full goes to the
// slow lane, whose senders wait up to liveTimeout for it to take the
// rest: they are many, so that spectators who stopped reading hold up
// one another, not the others.
var fastSenders = 2 * runtime.GOMAXPROCS(0)

const slowSenders = 64

// crowd is every spectator of this server: it admits them within the
// limits, hands each move to the senders, pings the idle, and closes them
// all when the server stops.
type crowd struct {
	s     *Server
	queue chan []*spectator // spectators with moves to send, each in one batch at most
	slow  chan *spectator   // spectators whose socket was full, for the slow lane

	mu     sync.Mutex
	all    map[*spectator]struct{}
	byAddr map[string]int
	byGame map[*game]int
	closed bool
}

func newCrowd(s *Server) *crowd {
	cr := &crowd{s: s, queue: make(chan []*spectator, 4096), slow: make(chan *spectator, 4096),
		all: map[*spectator]struct{}{}, byAddr: map[string]int{}, byGame: map[*game]int{}}
	for range fastSenders {
		if s.track() {
			go cr.send()
		}
	}
	for range slowSenders {
		if s.track() {
			go cr.sendSlow()
		}
	}
	if s.track() {
		go cr.keep()
	}
	return cr
}

// enqueue hands spectators just marked queued to the senders.
func (cr *crowd) enqueue(batch []*spectator) { handOver(cr.s.ctx, cr.queue, batch) }

// handOver sends v on ch, or, when ch is full, waits aside until it takes
// v or ctx ends: the caller may hold a game's lock.
func handOver[T any](ctx context.Context, ch chan<- T, v T) {
	select {
	case ch <- v:
	default:
		go func() {
			select {
			case ch <- v:
			case <-ctx.Done():
			}
		}()
	}
}

// counted adds what a spectator's run sent to the metrics.
func (cr *crowd) counted(sent, writes int) {
	cr.s.metrics.sent.Add(float64(sent))
	cr.s.metrics.writes.Add(float64(writes))
}

// send is one sender of the fast lane: it writes each queued spectator's
// new moves, as far as its socket takes them at once, and hands those
// whose socket is full to the slow lane.
func (cr *crowd) send() {
	defer cr.s.wg.Done()
	for {
		select {
		case <-cr.s.ctx.Done():
			return
		case batch := <-cr.queue:
			sent, writes := 0, 0
			for _, sp := range batch {
				if sp.state.CompareAndSwap(spQueued, spRunning) {
					n, w, err := sp.run(0)
					sent, writes = sent+n, writes+w
					switch {
					case err == errFull:
						cr.toSlowLane(sp)
					case err != nil:
						cr.s.metrics.dropped.WithLabelValues(dropSlow).Inc()
					}
				}
			}
			cr.counted(sent, writes)
		}
	}
}

// toSlowLane hands a spectator whose socket was full, still running, to
// the slow lane.
func (cr *crowd) toSlowLane(sp *spectator) { handOver(cr.s.ctx, cr.slow, sp) }

// sendSlow is one sender of the slow lane: it finishes the writes that a
// spectator's socket did not take at once, and sends the moves that came
// meanwhile, waiting up to liveTimeout for each write; a spectator that
// takes no more within it is dropped.
func (cr *crowd) sendSlow() {
	defer cr.s.wg.Done()
	for {
		select {
		case <-cr.s.ctx.Done():
			return
		case sp := <-cr.slow:
			n, w, err := sp.run(liveTimeout)
			cr.counted(n, w)
			if err != nil {
				cr.s.metrics.dropped.WithLabelValues(dropSlow).Inc()
			}
		}
	}
}

// admit reserves a place for sp within the limits: per game, per client
// address and in all. Its request (and then its reader) must give the
// place back with leave.
func (cr *crowd) admit(sp *spectator) *httpError {
	lim := cr.s.settings.limits
	cr.mu.Lock()
	defer cr.mu.Unlock()
	refuse := func(reason string, e *httpError) *httpError {
		cr.s.metrics.refused.WithLabelValues(reason).Inc()
		return e
	}
	switch {
	case cr.closed:
		return errorf(http.StatusServiceUnavailable, "the server is shutting down")
	case lim.MaxWatchersTotal > 0 && len(cr.all) >= lim.MaxWatchersTotal:
		return refuse("total", errorf(http.StatusServiceUnavailable, "this server has too many spectators; try again later"))
	case lim.MaxWatchersPerAddress > 0 && cr.byAddr[sp.addr] >= lim.MaxWatchersPerAddress:
		return refuse("address", errorf(http.StatusTooManyRequests, "too many live connections from %s; the limit is %d", sp.addr, lim.MaxWatchersPerAddress))
	case lim.MaxWatchers > 0 && cr.byGame[sp.g] >= lim.MaxWatchers:
		return refuse("game", errorf(http.StatusServiceUnavailable, "this game has too many watchers; try again later"))
	case !cr.s.track():
		return errorf(http.StatusServiceUnavailable, "the server is shutting down")
	}
	cr.all[sp] = struct{}{}
	cr.byAddr[sp.addr]++
	cr.byGame[sp.g]++
	return nil
}

// join gives an admitted spectator its upgraded connection and makes it
// one of its game's audience. It reports false when the server is
// closing. The connection is set under cr.mu because the pinger reads it
// from every admitted spectator.
func (cr *crowd) join(sp *spectator, nc net.Conn, raw syscall.RawConn) bool {
	cr.mu.Lock()
	defer cr.mu.Unlock()
	sp.nc, sp.raw = nc, raw
	if cr.closed {
		return false
	}
	a := &sp.g.audience
	a.mu.Lock()
	if a.set == nil {
		a.set = map[*spectator]struct{}{}
	}
	a.set[sp] = struct{}{}
	a.mu.Unlock()
	cr.s.metrics.spectators.Inc()
	return true
}

// leave gives back sp's place and closes its connection; it is called
// once, by whoever holds the spectator last (its request or its reader).
func (cr *crowd) leave(sp *spectator) {
	sp.state.Store(spGone)
	if sp.nc != nil {
		sp.nc.Close()
	}
	a := &sp.g.audience
	a.mu.Lock()
	_, joined := a.set[sp]
	delete(a.set, sp)
	a.mu.Unlock()
	if joined {
		cr.s.metrics.spectators.Dec()
	}
	cr.mu.Lock()
	delete(cr.all, sp)
	if cr.byAddr[sp.addr]--; cr.byAddr[sp.addr] <= 0 {
		delete(cr.byAddr, sp.addr)
	}
	if cr.byGame[sp.g]--; cr.byGame[sp.g] <= 0 {
		delete(cr.byGame, sp.g)
	}
	cr.mu.Unlock()
	cr.s.wg.Done()
}

// orphaned closes with 1001 the spectators of a game dropped from memory,
// whose moves now go to the copy read again from the store: they
// reconnect to that one from their last ply.
func (cr *crowd) orphaned(g *game) {
	a := &g.audience
	a.mu.Lock()
	all := make([]*spectator, 0, len(a.set))
	for sp := range a.set {
		all = append(all, sp)
	}
	a.mu.Unlock()
	for _, sp := range all {
		go sp.close(closeGoingAway, "the game was reloaded; reconnect")
	}
}

// each runs fn on every spectator, at most limit at a time, and waits.
func (cr *crowd) each(limit int, fn func(*spectator)) {
	cr.mu.Lock()
	all := make([]*spectator, 0, len(cr.all))
	for sp := range cr.all {
		if sp.nc != nil {
			all = append(all, sp)
		}
	}
	cr.mu.Unlock()
	sem := make(chan struct{}, limit)
	var wg sync.WaitGroup
	for _, sp := range all {
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			fn(sp)
		}()
	}
	wg.Wait()
}

// keep pings every spectator every pingEvery, dropping those that have
// not answered the last ping, and closes them all with 1001 (going away)
// when the server stops.
func (cr *crowd) keep() {
	defer cr.s.wg.Done()
	tick := time.NewTicker(pingEvery)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
			silent := time.Now().Add(-pingEvery - pongTimeout).UnixNano()
			cr.each(256, func(sp *spectator) {
				if sp.heard.Load() < silent || sp.write(pingFrame, pongTimeout) != nil {
					cr.s.metrics.dropped.WithLabelValues(dropSilent).Inc()
					sp.nc.Close() // its reader leaves
				}
			})
		case <-cr.s.ctx.Done():
			cr.mu.Lock()
			cr.closed = true
			cr.mu.Unlock()
			cr.each(1024, func(sp *spectator) { sp.close(closeGoingAway, "server shutting down") })
			return
		}
	}
}
