package serve

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"github.com/coder/websocket"

	"github.com/gomoku-engine/gomoku/engine"
)

// Live-update timings.
const (
	writeTimeout = 10 * time.Second // a watcher that takes longer to receive an event is dropped
	pingEvery    = 30 * time.Second // keeps idle connections (and proxies) alive
)

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
}

// eventAt describes move number ply (1-based) as seen from view v, which
// has at least ply moves.
func (g *game) eventAt(v *view, ply int) event {
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
		Status: st.String(), Winner: winner, Turn: turn, Thinking: g.thinking(turn), WinLine: line}
}

// subscribe registers a watcher; its channel receives a signal (not the
// event) whenever the game's view changes. It fails when the game has too
// many watchers.
func (g *game) subscribe(limit int) (chan struct{}, bool) {
	g.subMu.Lock()
	defer g.subMu.Unlock()
	if limit > 0 && len(g.subs) >= limit {
		return nil, false
	}
	ch := make(chan struct{}, 1)
	g.subs[ch] = struct{}{}
	return ch, true
}

func (g *game) unsubscribe(ch chan struct{}) {
	g.subMu.Lock()
	delete(g.subs, ch)
	g.subMu.Unlock()
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
	if !s.track() {
		writeError(w, errorf(http.StatusServiceUnavailable, "the server is shutting down"))
		return
	}
	defer s.wg.Done()
	ch, ok := g.subscribe(s.settings.limits.MaxWatchers)
	if !ok {
		writeError(w, errorf(http.StatusServiceUnavailable, "this game has too many watchers; try again later"))
		return
	}
	defer g.unsubscribe(ch)
	// The HTTP server's read deadline would cut a connection that lives
	// for the whole game; the pings below find dead peers instead.
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Time{})
	rc.SetWriteDeadline(time.Time{})
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: s.origins})
	if err != nil {
		return // Accept has answered: a bad handshake or a foreign Origin
	}
	defer c.CloseNow()
	// The client has nothing to say: its only messages are control frames
	// (pings, close), which reading handles; a data message closes the
	// connection with 1008.
	c.SetReadLimit(1024)
	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()
	go func() {
		defer cancel()
		if _, _, err := c.Read(ctx); err == nil {
			c.Close(websocket.StatusPolicyViolation, "the server takes no messages")
		}
	}()
	ping := time.NewTicker(pingEvery)
	defer ping.Stop()
	sent := after
	for {
		g.touch()
		v := g.view.Load()
		for ; sent < v.ply; sent++ {
			b, _ := json.Marshal(g.eventAt(v, sent+1))
			wctx, cancel := context.WithTimeout(ctx, writeTimeout)
			err := c.Write(wctx, websocket.MessageText, b)
			cancel()
			if err != nil {
				return
			}
		}
		select {
		case <-ch:
		case <-ping.C:
			pctx, cancel := context.WithTimeout(ctx, writeTimeout)
			err := c.Ping(pctx)
			cancel()
			if err != nil {
				return
			}
		case <-ctx.Done():
			if s.ctx.Err() != nil {
				c.Close(websocket.StatusGoingAway, "server shutting down")
			}
			return
		}
	}
}
