package serve

import (
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
)

// Live-update timings.
const (
	// catchUpTimeout bounds each event sent to a spectator that is
	// catching up (a reconnection, or a late arrival to a long game): its
	// own request sends these, so a slow network only slows itself.
	catchUpTimeout = 10 * time.Second
	// liveTimeout bounds each live write. The socket's send buffer holds
	// many events, so a write waits only for a spectator that has stopped
	// reading for a long while; it is dropped, and reconnects from its last
	// ply. Until then it holds up the rest of its sender's batch.
	liveTimeout = time.Second
	pingEvery   = 30 * time.Second // keeps idle connections (and proxies) alive
	pongTimeout = 10 * time.Second // a spectator silent for pingEvery+pongTimeout (no pong) is dropped
	closeWait   = 5 * time.Second  // for the client's answer to a close frame
	controlWait = time.Second      // to write a control frame
)

// sendBuffer is the kernel's send buffer asked for each spectator's
// socket, which Linux doubles for its bookkeeping. Left to itself the
// kernel grows a buffer up to several megabytes for a client that stops
// reading, so that each could pin that much of the machine's memory and
// go on for thousands of moves before its writes wait and it is dropped;
// this holds a few hundred events (a quick network's worth in flight, and
// seconds of a famous game), and a reconnection's backlog goes through it
// at the network's pace.
const sendBuffer = 64 << 10

// event is one live update: a move and the game's state right after it.
type event struct {
	Type     string `json:"type"` // "move"
	Ply      int    `json:"ply"`  // moves played, this one included (1 for the first move)
	Row      int    `json:"row"`
	Col      int    `json:"col"`
	Player   int    `json:"player"`
	Status   string `json:"status"`
	Winner   int    `json:"winner"`
	Turn     int    `json:"turn"`
	Thinking bool   `json:"thinking"`
	WinLine  []cell `json:"win_line"`
	// Forbidden are the cells renju forbids to black right after the
	// move, when black is to move next; left out when there are none, so
	// that the frames of other games stay as short as they were.
	Forbidden []forbiddenCell `json:"forbidden,omitempty"`
}

// eventAt describes move number ply (1-based) as seen from view v, which
// has at least ply moves, with forbidden the cells forbidden to black
// right after it. A move's event never changes once played: the outcome
// it carries is that of the game right after it.
func (g *game) eventAt(v *view, ply int, forbidden []forbiddenCell) event {
	m := v.moves[ply-1]
	st, winner, line := engine.Ongoing, 0, []cell{}
	if ply == v.ply {
		st, winner = v.status, v.winner
		if v.winLine != nil {
			line = v.winLine
		}
	}
	turn := g.turn(ply, st)
	return event{Type: "move", Ply: ply, Row: m.Row, Col: m.Col, Player: m.Player,
		Status: st.String(), Winner: winner, Turn: turn, Thinking: g.thinking(turn), WinLine: line, Forbidden: forbidden}
}

// replay steps through v's moves, from a given ply on, to say which cells
// renju forbade to black after each: the view keeps them for its last
// ply only, and a spectator catching up needs the earlier ones. Other
// rules forbid nothing, and nothing is replayed for them.
type replay struct {
	g   *game
	v   *view
	eng *engine.Game // after the moves so far; nil before the first need
	ply int
}

// after returns the cells forbidden right after move ply, which must
// come after the previous call's.
func (r *replay) after(ply int) []forbiddenCell {
	if ply == r.v.ply {
		return r.v.forbidden
	}
	if r.g.cfg.Rule != engine.Renju.String() {
		return []forbiddenCell{}
	}
	if r.eng == nil {
		opts, err := engineOptions(r.g.cfg)
		if err == nil {
			r.eng, err = engine.New(opts...)
		}
		if err != nil {
			return []forbiddenCell{} // the game was built from the same options: cannot happen
		}
	}
	for ; r.ply < ply; r.ply++ {
		m := r.v.moves[r.ply]
		if _, err := r.eng.PlayAs(m.Row, m.Col, m.Player); err != nil {
			return []forbiddenCell{} // the moves were played by the same rules: cannot happen
		}
	}
	return forbiddenOf(r.eng)
}

// audience is a game's spectators on this server, and its events encoded
// once for all of them.
type audience struct {
	mu  sync.Mutex
	set map[*spectator]struct{}

	// frames[p-1] is move p's event as a WebSocket text frame. It only grows; readers
	// load it without the lock and never look past their copy's length.
	frames atomic.Pointer[[][]byte]

	handed time.Time // when the spectators were last handed to the senders
	held   bool      // moves wait for the fan-out window to end
}

// size is how many spectators the game has here.
func (a *audience) size() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return len(a.set)
}

// upTo returns the events as WebSocket frames, at least up to move ply,
// encoding those up to it from v (which has at least ply moves) if nobody
// has yet.
func (a *audience) upTo(g *game, v *view, ply int) [][]byte {
	if f := a.frames.Load(); f != nil && len(*f) >= ply {
		return *f
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	var f [][]byte
	if p := a.frames.Load(); p != nil {
		f = *p
	}
	r := &replay{g: g, v: v}
	for len(f) < ply {
		b, _ := json.Marshal(g.eventAt(v, len(f)+1, r.after(len(f)+1)))
		f = append(f, appendFrame(make([]byte, 0, len(b)+4), opText, b))
	}
	a.frames.Store(&f)
	return f
}

// notify hands every spectator of g to the senders, after encoding the
// new moves' events once; within the crowd's fan-out window after the
// last hand-over, the moves wait for its end, and then go out together.
// Called by publish with g.mu held.
func (a *audience) notify(g *game, v *view) {
	if a.size() == 0 {
		return // no frames for games nobody watches here
	}
	a.upTo(g, v, v.ply)
	a.mu.Lock()
	var window time.Duration
	for sp := range a.set {
		window = sp.cr.s.fanoutWindow
		break
	}
	if a.held {
		a.mu.Unlock()
		return
	}
	if wait := time.Until(a.handed.Add(window)); window > 0 && wait > 0 {
		a.held = true
		a.mu.Unlock()
		time.AfterFunc(wait, func() {
			a.mu.Lock()
			a.held = false
			a.hand()
		})
		return
	}
	a.hand()
}

// hand gives every spectator with moves to send to the senders. Called
// with a.mu held, which it releases.
func (a *audience) hand() {
	a.handed = time.Now()
	// The spectators go to the senders in batches: one hand-over (and at
	// most one sender woken) per batch, not per spectator.
	var cr *crowd
	batch := make([]*spectator, 0, min(len(a.set), sendBatch))
	for sp := range a.set {
		cr = sp.cr
		if sp.wake() {
			if batch = append(batch, sp); len(batch) == sendBatch {
				cr.enqueue(batch)
				batch = make([]*spectator, 0, sendBatch)
			}
		}
	}
	a.mu.Unlock()
	if len(batch) > 0 {
		cr.enqueue(batch)
	}
}

// sendBatch is how many spectators a sender takes at once.
const sendBatch = 64

// spectator is one live-update connection once upgraded. No goroutine
// waits on its behalf for moves: a move hands it to the crowd's senders,
// which write what it has not seen yet. Its only goroutine reads the
// client's control frames.
type spectator struct {
	nc   net.Conn
	raw  syscall.RawConn // nc's socket, for writes that never wait; nil if nc has none
	g    *game
	addr string
	cr   *crowd

	wmu     sync.Mutex   // one frame written at a time
	until   time.Time    // the write deadline set; guarded by wmu
	rest    []byte       // the end of a write the socket did not take at once; guarded by wmu
	heard   atomic.Int64 // unix nanoseconds: when the client last sent a frame (or joined)
	closing atomic.Bool  // a close frame was sent

	sent  int          // moves delivered; only the holder of the running state touches it
	state atomic.Int32 // idle, queued, running, dirty or gone
}

// write writes one frame within d, after what is left of an earlier
// write.
func (sp *spectator) write(b []byte, d time.Duration) error {
	sp.wmu.Lock()
	defer sp.wmu.Unlock()
	if len(sp.rest) > 0 {
		b, sp.rest = append(sp.rest, b...), nil
	}
	if len(b) == 0 {
		return nil
	}
	sp.deadline(d)
	_, err := sp.nc.Write(b)
	return err
}

// writeNow writes b as far as the socket takes it without waiting, and
// reports whether it took it all; what is left waits in sp.rest for
// [spectator.write]. Without a socket of its own (a test's pipe, or a
// system without write(2)), it waits up to liveTimeout.
func (sp *spectator) writeNow(b []byte) (bool, error) {
	sp.wmu.Lock()
	defer sp.wmu.Unlock()
	if len(sp.rest) > 0 {
		sp.rest = append(sp.rest, b...)
		return false, nil
	}
	if sp.raw == nil {
		sp.deadline(liveTimeout)
		_, err := sp.nc.Write(b)
		return err == nil, err
	}
	n, werr := 0, error(nil)
	if err := sp.raw.Write(func(fd uintptr) bool {
		n, werr = writeOnce(fd, b)
		return true // one attempt: never wait for room
	}); err != nil {
		return false, err // closed
	}
	switch {
	case werr == syscall.EAGAIN || werr == syscall.EINTR:
		n = 0
	case werr != nil:
		return false, werr
	}
	if n < len(b) {
		sp.rest = append([]byte(nil), b[n:]...)
		return false, nil
	}
	return true, nil
}

// deadline makes a write blocked for between 3/4 of d and d fail. Moving
// the deadline costs more than the write itself on a fast connection, so
// it moves only when that range requires. Called with wmu held.
func (sp *spectator) deadline(d time.Duration) {
	now := time.Now()
	if left := sp.until.Sub(now); left < d*3/4 || left > d {
		sp.until = now.Add(d)
		sp.nc.SetWriteDeadline(sp.until)
	}
}

// joined returns frames as one write. They are copied together rather
// than handed to writev: they are small, and a copy costs less than the
// system call it saves.
func joined(frames [][]byte) []byte {
	if len(frames) == 1 {
		return frames[0]
	}
	n := 0
	for _, f := range frames {
		n += len(f)
	}
	b := make([]byte, 0, n)
	for _, f := range frames {
		b = append(b, f...)
	}
	return b
}

// close starts the closing handshake with code: the reader then waits
// closeWait at most for the client's answer and ends the connection.
func (sp *spectator) close(code uint16, reason string) {
	if sp.closing.CompareAndSwap(false, true) {
		sp.write(closeFrame(code, reason), controlWait)
		sp.nc.SetReadDeadline(time.Now().Add(closeWait))
	}
}

// A spectator's states: the senders take a queued spectator, and a move
// that comes while one runs marks it dirty so that it runs again.
const (
	spIdle int32 = iota
	spQueued
	spRunning
	spDirty
	spGone // left: never sent to again
)

// wake asks for the spectator's new moves to be sent. It reports true
// when the caller must hand the spectator to the senders (it was idle);
// one that is queued or being written to will see the moves anyway.
func (sp *spectator) wake() bool {
	for {
		switch st := sp.state.Load(); st {
		case spIdle:
			if sp.state.CompareAndSwap(spIdle, spQueued) {
				return true
			}
		case spRunning:
			if sp.state.CompareAndSwap(spRunning, spDirty) {
				return false
			}
		default: // queued or dirty already, or gone
			return false
		}
	}
}

// run sends the moves the spectator lacks, until none is left; the caller
// holds the running state (it took a queued spectator, or it is the
// spectator's own request catching up), which run gives up at the end.
// With timeout 0 it never waits: when the socket does not take a write
// whole, it returns errFull still holding the running state, for the
// slow lane to go on with a timeout. It returns the number of events
// sent and of writes that sent them.
func (sp *spectator) run(timeout time.Duration) (sent, writes int, err error) {
	for {
		n, w, err := sp.deliver(timeout)
		sent, writes = sent+n, writes+w
		if err == errFull {
			return sent, writes, err
		}
		if err != nil {
			sp.nc.Close() // its reader sees the connection end and leaves
			return sent, writes, err
		}
		if sp.state.CompareAndSwap(spRunning, spIdle) {
			return sent, writes, nil
		}
		if !sp.state.CompareAndSwap(spDirty, spRunning) {
			return sent, writes, nil // gone
		}
	}
}

// errFull: the spectator's socket did not take a write whole.
var errFull = errors.New("serve: the spectator's socket is full")

// deliver writes every move after sp.sent, and first what is left of an
// earlier write. A spectator that is behind (catching up, or when the
// senders are) gets up to maxBatch frames in one write, so that falling
// behind costs fewer system calls, not more; each write within timeout,
// or without waiting at all when timeout is 0. It returns the events
// sent and the writes.
func (sp *spectator) deliver(timeout time.Duration) (n, writes int, err error) {
	if timeout > 0 {
		if err := sp.write(nil, timeout); err != nil { // what is left, if anything
			return 0, 0, err
		}
	}
	v := sp.g.view.Load()
	if sp.sent >= v.ply {
		return 0, 0, nil
	}
	frames := sp.g.audience.upTo(sp.g, v, v.ply)
	for sp.sent < v.ply {
		k := min(v.ply-sp.sent, maxBatch)
		b := joined(frames[sp.sent : sp.sent+k])
		done := true
		if timeout > 0 {
			err = sp.write(b, timeout)
		} else {
			done, err = sp.writeNow(b)
		}
		if err != nil {
			return n, writes, err
		}
		sp.sent += k // taken, or kept in sp.rest
		n += k
		writes++
		if !done {
			return n, writes, errFull
		}
	}
	return n, writes, nil
}

// maxBatch is the most frames written at once: a write's timeout must
// allow for them all.
const maxBatch = 64

// read handles what the client sends, until the connection ends: it
// answers pings and a close, and notes that the client is alive. A data
// message breaks the protocol (the client has nothing to say): 1008.
func (sp *spectator) read() {
	defer sp.cr.leave(sp)
	code, reason := readFrames(sp.nc, func(op byte, p []byte) bool {
		sp.heard.Store(time.Now().UnixNano())
		switch op {
		case opClose:
			if sp.closing.CompareAndSwap(false, true) {
				reply := closeFrame(closeNormal, "")
				if len(p) >= 2 {
					reply = appendFrame(nil, opClose, p[:2]) // the client's code, echoed
				}
				sp.write(reply, controlWait)
			}
			return false
		case opPing:
			sp.write(appendFrame(nil, opPong, p), controlWait)
		}
		return true
	})
	if code != 0 {
		sp.close(code, reason)
		io.Copy(io.Discard, sp.nc) // until the client's close, or closeWait
	}
}

// handleEvents streams a game's moves over a WebSocket:
// GET /api/games/{id}/events?after=N sends every move after ply N, then
// each new one as it is committed.
func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) {
	if !allow(w, r, http.MethodGet) {
		return
	}
	after := 0
	for key := range r.URL.Query() {
		if key != "after" {
			writeError(w, errorf(http.StatusBadRequest, "unknown query parameter %q (want after)", key))
			return
		}
	}
	if a := r.URL.Query().Get("after"); a != "" {
		n, err := strconv.Atoi(a)
		if err != nil || n < 0 {
			writeError(w, errorf(http.StatusBadRequest, "after must be a ply, 0 or more, not %q", a))
			return
		}
		after = n
	}
	g, ok := s.lookup(w, r)
	if !ok {
		return
	}
	if after > g.view.Load().ply && s.watcher != nil {
		_ = s.catchUp(r.Context(), g)
	}
	if ply := g.view.Load().ply; after > ply {
		writeError(w, errorf(http.StatusConflict, "after=%d is ahead of the game, which is at ply %d", after, ply))
		return
	}
	sp := &spectator{g: g, addr: clientKey(clientAddr(r)), cr: s.crowd, sent: after}
	sp.state.Store(spRunning) // this request sends the backlog before the senders take over
	if e := s.crowd.admit(sp); e != nil {
		if e.status == http.StatusTooManyRequests || e.status == http.StatusServiceUnavailable {
			w.Header().Set("Retry-After", "10")
		}
		writeError(w, e)
		return
	}
	// Until the spectator is handed to its reader, this request owns its
	// place in the crowd.
	handed := false
	defer func() {
		if !handed {
			s.crowd.leave(sp)
		}
	}()
	nc := upgrade(w, r, s.origins)
	if nc == nil {
		return // answered: a bad handshake or a foreign Origin
	}
	// The HTTP server's deadlines would cut a connection that lives for the
	// whole game; each write brings its own, and pings find dead peers.
	nc.SetDeadline(time.Time{})
	var raw syscall.RawConn
	if tc := socket(nc); tc != nil {
		tc.SetWriteBuffer(sendBuffer)
		if canWriteOnce {
			raw, _ = tc.SyscallConn()
		}
	}
	sp.heard.Store(time.Now().UnixNano())
	if !s.crowd.join(sp, nc, raw) {
		sp.close(closeGoingAway, "server shutting down")
		return
	}
	handed = true
	go sp.read()
	// The backlog goes out here, within this connection's own time, then
	// the senders take over; a move that came meanwhile made the spectator
	// dirty, so run sends it too.
	n, writes, _ := sp.run(catchUpTimeout)
	s.crowd.counted(n, writes)
}
