package serve

import (
	"context"
	"fmt"
	"log/slog"
	"maps"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store"
)

// Server answers the game API over HTTP. Create it with [New], serve it as
// an [http.Handler], and [Server.Close] it before closing its store.
type Server struct {
	store   store.Store
	watcher store.Watcher // nil unless the store is shared with other servers
	settings
	log    *slog.Logger
	mux    *http.ServeMux
	bots   *botPool
	limits *limiters
	// Spectators and the operator's view.
	crowd   *crowd
	metrics *metrics

	mu    sync.Mutex // guards games
	games map[string]*game
	loads map[string]*loading // games being read from the store

	botMu sync.Mutex // serialises the creation of games with bots, against their caps

	ctx     context.Context // ends when the server closes
	cancel  context.CancelFunc
	closeMu sync.RWMutex // guards closed against new work in wg
	closed  bool
	wg      sync.WaitGroup // background goroutines and live connections
}

// track counts one more piece of background work for Close to wait for,
// or reports false when the server is closing.
func (s *Server) track() bool {
	s.closeMu.RLock()
	defer s.closeMu.RUnlock()
	if s.closed {
		return false
	}
	s.wg.Add(1)
	return true
}

// loading is one read of a game from the store that concurrent requests
// for the same game share.
type loading struct {
	done chan struct{}
	g    *game
	err  error
}

// New creates a server on st, resumes the bots whose turn it is in its
// ongoing games and, when st is shared with other servers, follows their
// moves.
func New(ctx context.Context, st store.Store, opts ...Option) (*Server, error) {
	s := &Server{store: st, settings: defaultSettings(), games: map[string]*game{}, loads: map[string]*loading{}}
	for _, o := range opts {
		o(&s.settings)
	}
	s.log = s.settings.log
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.limits = newLimiters(s.settings.limits)
	s.metrics = newMetrics(s)
	s.crowd = newCrowd(s)
	s.bots = newBotPool(s, s.workers, s.settings.limits.BotQueue)
	s.routes()
	if w, ok := st.(store.Watcher); ok {
		s.watcher = w
		if err := s.follow(); err != nil {
			s.Close()
			return nil, err
		}
	}
	if err := s.resume(ctx); err != nil {
		s.Close()
		return nil, err
	}
	if s.track() {
		go s.every(time.Minute, s.janitor)
	}
	return s, nil
}

// Close stops the bots, the live connections and the background work. It
// does not close the store; in-flight requests should be finished first
// (http.Server.Shutdown).
func (s *Server) Close() error {
	s.closeMu.Lock()
	s.closed = true
	s.closeMu.Unlock()
	s.cancel()
	s.bots.stop()
	s.wg.Wait()
	return nil
}

func (s *Server) routes() {
	s.mux = http.NewServeMux()
	s.mux.HandleFunc("/api/games", s.handleGames)
	s.mux.HandleFunc("/api/games/{id}", s.handleGame)
	s.mux.HandleFunc("/api/games/{id}/moves", s.handleMoves)
	s.mux.HandleFunc("/api/games/{id}/events", s.handleEvents)
	s.mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, errorf(http.StatusNotFound, "no such endpoint: %s", r.URL.Path))
	})
	s.mux.HandleFunc("/healthz", s.handleHealth)
	s.mux.Handle("GET /metrics", s.metrics.handler())
	if s.page != nil {
		s.mux.Handle("/", s.page)
	} else {
		s.mux.HandleFunc("/", s.handleIndex)
	}
}

// ServeHTTP gives each request an id, answered in X-Request-Id, logs it in
// one line with that id, and serves it through [Server.guard].
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	rec := &recorder{ResponseWriter: w, status: http.StatusOK}
	r = s.forwarded(r)
	addr := clientAddr(r)
	id := requestID(r)
	rec.Header().Set(requestIDHeader, id)
	log := s.log.With(slog.String("request_id", id))
	r = r.WithContext(withLog(r.Context(), log))
	s.metrics.inFlight.Inc()
	func() {
		defer s.metrics.inFlight.Dec() // also when net/http's abort panic goes through
		s.guard(rec, r, addr)
	}()
	if r.Pattern == "" { // refused before routing
		_, r.Pattern = s.mux.Handler(r)
	}
	s.metrics.observe(r.Pattern, rec.status, time.Since(start).Seconds())
	log.LogAttrs(r.Context(), slog.LevelInfo, "request",
		slog.String("method", r.Method), slog.String("path", r.URL.Path),
		slog.Int("status", rec.status), slog.Int64("bytes", rec.bytes),
		slog.Duration("took", time.Since(start)), slog.String("addr", addr))
}

// recorder notes what a handler answered, for the request's log line.
type recorder struct {
	http.ResponseWriter
	status      int
	bytes       int64
	wroteHeader bool
}

func (r *recorder) WriteHeader(status int) {
	if !r.wroteHeader {
		r.status, r.wroteHeader = status, true
	}
	r.ResponseWriter.WriteHeader(status)
}

func (r *recorder) Write(b []byte) (int, error) {
	r.wroteHeader = true
	n, err := r.ResponseWriter.Write(b)
	r.bytes += int64(n)
	return n, err
}

// Unwrap lets http.ResponseController and the WebSocket upgrade reach the
// connection.
func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// game returns the game with this id, from memory or read from the store.
func (s *Server) game(ctx context.Context, id string) (*game, error) {
	if !validID(id) {
		return nil, fmt.Errorf("%w: %q", store.ErrNotFound, id)
	}
	s.mu.Lock()
	if g, ok := s.games[id]; ok {
		g.touch() // before the janitor, which holds s.mu to evict, can see it idle
		s.mu.Unlock()
		return g, nil
	}
	if l, ok := s.loads[id]; ok {
		s.mu.Unlock()
		select {
		case <-l.done:
			return l.g, l.err
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	l := &loading{done: make(chan struct{})}
	s.loads[id] = l
	s.mu.Unlock()

	rec, moves, err := s.store.Game(ctx, id)
	if err == nil {
		l.g, err = newGame(rec, moves)
	}
	if err == nil {
		s.bots.schedule(l.g) // before anyone else can see the game
	}
	l.err = err
	s.mu.Lock()
	delete(s.loads, id)
	if err == nil {
		s.games[id] = l.g
	}
	s.mu.Unlock()
	close(l.done)
	return l.g, err
}

// resume loads the most recent ongoing games with a bot seat, as many as
// [Limits.BotGames], so that a bot whose turn it is moves again after a
// restart. Older ones move again when someone asks for them.
func (s *Server) resume(ctx context.Context) error {
	const page = 10000
	most := s.settings.limits.BotGames
	if most <= 0 {
		most = page
	}
	games, err := s.store.List(ctx, store.Filter{Status: "ongoing", Limit: page})
	if err != nil {
		return fmt.Errorf("serve: resuming bots: %w", err)
	}
	n, left := 0, 0
	for _, rec := range games {
		if !hasBot(rec) || rec.Status != "ongoing" {
			continue
		}
		if n >= most {
			left++
			continue
		}
		if _, err := s.game(ctx, rec.ID); err != nil {
			s.log.Error("resuming a game", "game", rec.ID, "err", err)
			continue
		}
		n++
	}
	if n > 0 {
		s.log.Info("resumed games with bots", "games", n, "left_until_asked_for", left)
	}
	return nil
}

func hasBot(rec store.Game) bool {
	for _, st := range rec.Seats {
		if st.Kind != human {
			return true
		}
	}
	return false
}

// every runs fn every d until the server stops; run it in a goroutine
// counted in s.wg.
func (s *Server) every(d time.Duration, fn func()) {
	defer s.wg.Done()
	tick := time.NewTicker(d)
	defer tick.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-tick.C:
		}
		fn()
	}
}

// janitor drops from memory the games nobody has used for a while (they
// are read again from the store when asked for), idle bots' tables and
// idle rate limiters, and queues the bots that found the queue full.
func (s *Server) janitor() {
	s.evict(time.Now().Add(-s.evictAfter))
	s.bots.sweep(time.Now().Add(-botIdle))
	s.limits.sweep()
	s.requeue()
	s.expire(time.Now())
}

// evict drops the idle games last used before cutoff and returns how many
// games it dropped.
func (s *Server) evict(cutoff time.Time) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for id, g := range s.games {
		if g.lastUsed.Load() < cutoff.UnixNano() && g.idle() {
			delete(s.games, id)
			n++
		}
	}
	return n
}

// idle reports whether nothing holds on to the game: no watcher, no bot.
func (g *game) idle() bool {
	if g.audience.size() > 0 || !g.mu.TryLock() {
		return false
	}
	defer g.mu.Unlock()
	return !g.botQueued
}

// follow keeps the games in memory up to date with the moves other servers
// store and the games their janitors end. It returns once the first
// subscription is in place.
func (s *Server) follow() error {
	ready := make(chan struct{})
	var once sync.Once
	failed := make(chan error, 1)
	if !s.track() {
		return nil
	}
	go func() {
		defer s.wg.Done()
		for s.ctx.Err() == nil {
			err := s.watcher.Watch(s.ctx, func(id string, h store.Head) {
				if h.Ply < 0 {
					once.Do(func() { close(ready) })
				}
				if s.track() {
					go func() {
						defer s.wg.Done()
						if id == "" {
							s.poll() // anything may have changed
						} else {
							s.noticed(id, h)
						}
					}()
				}
			})
			select {
			case <-ready:
			default:
				failed <- err
				return
			}
			if s.ctx.Err() == nil {
				s.log.Error("following other servers' moves; retrying", "err", err)
				select {
				case <-s.ctx.Done():
				case <-time.After(time.Second):
				}
			}
		}
	}()
	select {
	case <-ready:
	case err := <-failed:
		return fmt.Errorf("serve: following other servers: %w", err)
	}
	if s.track() {
		go s.every(pollEvery, s.poll)
	}
	return nil
}

// pollEvery is how often a server sharing its store compares the heads
// (plies and statuses) of the games it holds with the store's, in case a
// notification was lost.
const pollEvery = 3 * time.Second

// poll catches up the games held in memory that other servers moved on or
// ended without this one hearing of it.
func (s *Server) poll() {
	s.mu.Lock()
	held := make(map[string]*view, len(s.games))
	for id, g := range s.games {
		held[id] = g.view.Load()
	}
	s.mu.Unlock()
	ids := slices.Sorted(maps.Keys(held))
	for len(ids) > 0 {
		chunk := ids[:min(len(ids), 1000)]
		ids = ids[len(chunk):]
		ctx, cancel := context.WithTimeout(s.ctx, storeTimeout)
		heads, err := s.watcher.Heads(ctx, chunk)
		cancel()
		if err != nil {
			if s.ctx.Err() == nil {
				s.log.Error("comparing games with the store", "err", err)
			}
			break
		}
		for _, id := range chunk {
			if h, ok := heads[id]; ok && behind(held[id], h) {
				s.noticed(id, h)
			}
		}
	}
}

// behind reports whether a view lacks what the store's head h says of its
// game: moves, or the game's end for want of them.
func behind(v *view, h store.Head) bool {
	return h.Ply > v.ply || h.Status == store.Abandoned && !v.abandoned
}

// noticed handles another server's change to game id, now at head h: if
// this server holds the game, it catches up with the moves and ends it if
// it was abandoned.
func (s *Server) noticed(id string, h store.Head) {
	s.mu.Lock()
	g := s.games[id]
	s.mu.Unlock()
	if g == nil || !behind(g.view.Load(), h) {
		return
	}
	if g.view.Load().ply < h.Ply {
		if err := s.catchUp(s.ctx, g); err != nil {
			if s.ctx.Err() == nil {
				s.log.Error("catching up with another server's move", "game", g.id, "err", err)
			}
			return
		}
	}
	if h.Status == store.Abandoned && g.view.Load().ply >= h.Ply {
		s.abandon(g)
	}
}
