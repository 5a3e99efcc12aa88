package serve

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store"
	"github.com/gomoku-engine/gomoku/engine"
)

// storeTimeout bounds a request's wait for the store.
const storeTimeout = 10 * time.Second

// allow answers 405 unless the request's method is one of methods.
func allow(w http.ResponseWriter, r *http.Request, methods ...string) bool {
	if slices.Contains(methods, r.Method) {
		return true
	}
	w.Header().Set("Allow", strings.Join(methods, ", "))
	writeError(w, errorf(http.StatusMethodNotAllowed, "method %s not allowed here (allowed: %s)", r.Method, strings.Join(methods, ", ")))
	return false
}

// handleGames creates a game (POST) or lists games (GET).
func (s *Server) handleGames(w http.ResponseWriter, r *http.Request) {
	if !allow(w, r, http.MethodGet, http.MethodPost) {
		return
	}
	if r.Method == http.MethodGet {
		s.listGames(w, r)
		return
	}
	var req createRequest
	if e := decode(w, r, &req); e != nil {
		writeError(w, e)
		return
	}
	rec, tokens, e := s.newRecord(req, clientKey(clientAddr(r)))
	if e != nil {
		writeError(w, e)
		return
	}
	if !s.limits.create(rec.Creator) {
		w.Header().Set("Retry-After", "60")
		writeError(w, errorf(http.StatusTooManyRequests, "too many games created from %s; the limit is %g a minute", rec.Creator, s.settings.limits.GamesPerMinute))
		return
	}
	if hasBot(rec) {
		s.botMu.Lock()
		defer s.botMu.Unlock()
		if e := s.admitBots(rec); e != nil {
			w.Header().Set("Retry-After", "60")
			writeError(w, e)
			return
		}
	}
	ctx, cancel := context.WithTimeout(r.Context(), storeTimeout)
	defer cancel()
	if err := s.store.Create(ctx, rec); err != nil {
		logOf(r.Context(), s.log).Error("creating a game", "err", err)
		writeError(w, errorf(http.StatusServiceUnavailable, "the game could not be stored; try again"))
		return
	}
	g, err := newGame(rec, nil)
	if err != nil { // the configuration was validated: cannot happen
		logOf(r.Context(), s.log).Error("building a new game", "game", rec.ID, "err", err)
		writeError(w, errorf(http.StatusInternalServerError, "internal error; the server's log has the details"))
		return
	}
	s.bots.schedule(g) // before anyone else can see the game
	s.mu.Lock()
	s.games[rec.ID] = g
	s.mu.Unlock()
	resp := createResponse{ID: rec.ID, Seats: []seatToken{}}
	for i, t := range tokens {
		if t != "" {
			resp.Seats = append(resp.Seats, seatToken{Player: i + 1, Token: t})
		}
	}
	w.Header().Set("Location", "/api/games/"+rec.ID)
	writeJSON(w, http.StatusCreated, resp)
}

// newRecord validates a creation request and builds the game's record and
// the tokens of its human seats ("" for a bot's).
func (s *Server) newRecord(req createRequest, creator string) (store.Game, []string, *httpError) {
	lim := s.settings.limits
	rec := store.Game{K: 5, Players: 2, Rule: engine.Freestyle.String(), Status: engine.Ongoing.String(),
		MaxMoves: lim.MaxMoves, Creator: creator}
	if req.K != nil {
		rec.K = *req.K
	}
	switch {
	case req.Players != nil:
		rec.Players = *req.Players
	case req.Seats != nil:
		rec.Players = len(req.Seats)
	}
	if req.Rows != nil {
		rec.Rows = *req.Rows
	}
	if req.Cols != nil {
		rec.Cols = *req.Cols
	}
	if req.Rule != nil {
		rec.Rule = *req.Rule
	}
	switch {
	case rec.K < 1 || rec.K > lim.MaxK:
		return rec, nil, errorf(http.StatusUnprocessableEntity, "k must be between 1 and %d, not %d", lim.MaxK, rec.K)
	case rec.Players < 2 || rec.Players > lim.MaxPlayers:
		return rec, nil, errorf(http.StatusUnprocessableEntity, "players must be between 2 and %d, not %d", lim.MaxPlayers, rec.Players)
	case rec.Rows < 0 || rec.Cols < 0:
		return rec, nil, errorf(http.StatusUnprocessableEntity, "rows and cols must not be negative")
	case rec.Rows > math.MaxInt32 || rec.Cols > math.MaxInt32:
		return rec, nil, errorf(http.StatusUnprocessableEntity, "rows and cols must be at most %d", math.MaxInt32)
	case (rec.Rows == 0) != (rec.Cols == 0):
		return rec, nil, errorf(http.StatusUnprocessableEntity, "rows and cols must both be 0 (unbounded) or both positive")
	case req.Seats != nil && len(req.Seats) != rec.Players:
		return rec, nil, errorf(http.StatusUnprocessableEntity, "%d seats for %d players", len(req.Seats), rec.Players)
	}
	kinds := req.Seats
	if kinds == nil {
		kinds = slices.Repeat([]string{human}, rec.Players)
	}
	if !lim.BotOnlyGames && !slices.Contains(kinds, human) {
		return rec, nil, errorf(http.StatusForbidden, "a game needs a human seat: this server hosts no games of bots only")
	}
	bots := botKinds()
	rec.Seats = make([]store.Seat, rec.Players)
	tokens := make([]string, rec.Players)
	for i, k := range kinds {
		switch {
		case k == human:
			tokens[i] = newSecret(16)
			sum := sha256.Sum256([]byte(tokens[i]))
			rec.Seats[i] = store.Seat{Kind: human, TokenHash: sum[:]}
		case slices.Contains(bots, k):
			rec.Seats[i] = store.Seat{Kind: k}
		default:
			return rec, nil, errorf(http.StatusUnprocessableEntity, "seat %d: unknown kind %q (want human, %s)", i+1, k, strings.Join(bots, ", "))
		}
	}
	opts, err := engineOptions(rec)
	if err == nil {
		_, err = engine.New(opts...)
	}
	if err != nil {
		return rec, nil, errorf(http.StatusUnprocessableEntity, "%v", strings.TrimPrefix(err.Error(), "engine: "))
	}
	rec.ID = newSecret(8)
	rec.Created = time.Now().UTC()
	rec.Updated = rec.Created
	return rec, tokens, nil
}

// newSecret returns n random bytes from crypto/rand in hex.
func newSecret(n int) string {
	b := make([]byte, n)
	rand.Read(b) // never fails (it crashes the program instead)
	return hex.EncodeToString(b)
}

// validID reports whether id could be a game id: 16 lower-case hex digits.
func validID(id string) bool {
	if len(id) != 16 {
		return false
	}
	for _, c := range id {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// listGames answers GET /api/games?status=ongoing&limit=50.
func (s *Server) listGames(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	for key := range q {
		if key != "status" && key != "limit" {
			writeError(w, errorf(http.StatusBadRequest, "unknown query parameter %q (want status, limit)", key))
			return
		}
	}
	f := store.Filter{Status: q.Get("status"), Limit: 50}
	switch f.Status {
	case "", "ongoing", "won", "drawn", store.Abandoned:
	default:
		writeError(w, errorf(http.StatusBadRequest, "status must be ongoing, won, drawn or abandoned, not %q", f.Status))
		return
	}
	if l := q.Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > 500 {
			writeError(w, errorf(http.StatusBadRequest, "limit must be a number from 1 to 500, not %q", l))
			return
		}
		f.Limit = n
	}
	ctx, cancel := context.WithTimeout(r.Context(), storeTimeout)
	defer cancel()
	recs, err := s.store.List(ctx, f)
	if err != nil {
		logOf(r.Context(), s.log).Error("listing games", "err", err)
		writeError(w, errorf(http.StatusServiceUnavailable, "the games could not be read; try again"))
		return
	}
	out := struct {
		Games []summary `json:"games"`
	}{Games: make([]summary, len(recs))}
	for i, rec := range recs {
		out.Games[i] = summaryOf(rec, rec.Ply, rec.Status, rec.Winner, rec.Updated)
	}
	writeJSON(w, http.StatusOK, out)
}

// lookup finds the request's game, answering the error itself if it
// cannot.
func (s *Server) lookup(w http.ResponseWriter, r *http.Request) (*game, bool) {
	ctx, cancel := context.WithTimeout(r.Context(), storeTimeout)
	defer cancel()
	g, err := s.game(ctx, r.PathValue("id"))
	switch {
	case errors.Is(err, store.ErrNotFound):
		writeError(w, errorf(http.StatusNotFound, "no game %q", r.PathValue("id")))
		return nil, false
	case err != nil:
		logOf(r.Context(), s.log).Error("reading a game", "game", r.PathValue("id"), "err", err)
		writeError(w, errorf(http.StatusServiceUnavailable, "the game could not be read; try again"))
		return nil, false
	}
	return g, true
}

// handleGame answers GET /api/games/{id}.
func (s *Server) handleGame(w http.ResponseWriter, r *http.Request) {
	if !allow(w, r, http.MethodGet) {
		return
	}
	if g, ok := s.lookup(w, r); ok {
		writeRaw(w, http.StatusOK, g.view.Load().state)
	}
}

// handleMoves plays a move: POST /api/games/{id}/moves.
func (s *Server) handleMoves(w http.ResponseWriter, r *http.Request) {
	if !allow(w, r, http.MethodPost) {
		return
	}
	token, ok := bearer(r)
	if !ok {
		w.Header().Set("WWW-Authenticate", `Bearer realm="gomoku"`)
		writeError(w, errorf(http.StatusUnauthorized, "missing seat token: send Authorization: Bearer TOKEN"))
		return
	}
	var req moveRequest
	if e := decode(w, r, &req); e != nil {
		writeError(w, e)
		return
	}
	switch {
	case req.Row == nil || req.Col == nil || req.Ply == nil:
		writeError(w, errorf(http.StatusBadRequest, "a move needs row, col and ply"))
		return
	case *req.Ply < 0:
		writeError(w, errorf(http.StatusBadRequest, "ply must not be negative"))
		return
	}
	g, ok := s.lookup(w, r)
	if !ok {
		return
	}
	p := g.seatOf(token)
	if p == 0 {
		w.Header().Set("WWW-Authenticate", `Bearer realm="gomoku", error="invalid_token"`)
		writeError(w, errorf(http.StatusUnauthorized, "the token holds no seat in this game"))
		return
	}
	if !s.limits.seat(g.cfg.Seats[p-1].TokenHash) {
		w.Header().Set("Retry-After", "1")
		writeError(w, errorf(http.StatusTooManyRequests, "too many moves with this token; the limit is %g a second", s.settings.limits.MovesPerSecond))
		return
	}
	if next := (*req.Ply%g.cfg.Players+1)%g.cfg.Players + 1; g.cfg.Seats[next-1].Kind != human && s.bots.full() {
		w.Header().Set("Retry-After", "5")
		writeError(w, errorf(http.StatusServiceUnavailable, "the bots are busy; the move was not played; try again later"))
		return
	}
	// The move is judged and stored even if the client goes away meanwhile,
	// so that its fate never depends on when the connection dropped.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), storeTimeout)
	defer cancel()
	v, err := s.playLocked(ctx, g, p, *req.Row, *req.Col, *req.Ply)
	if err != nil {
		writeError(w, moveStatus(err))
		return
	}
	writeRaw(w, http.StatusOK, v.state)
}

// moveStatus maps a refused move to its answer.
func moveStatus(err error) *httpError {
	msg := strings.TrimPrefix(err.Error(), "serve: ")
	switch {
	case errors.Is(err, errStale), errors.Is(err, errNotTurn):
		return errorf(http.StatusConflict, "%s", msg)
	case errors.Is(err, errOver):
		return errorf(http.StatusUnprocessableEntity, "%s", msg)
	case errors.Is(err, errIllegal):
		var me *engine.MoveError
		if errors.As(err, &me) {
			return errorf(http.StatusUnprocessableEntity, "illegal move: %s", strings.TrimPrefix(me.Err.Error(), "engine: "))
		}
		return errorf(http.StatusUnprocessableEntity, "%s", msg)
	}
	return errorf(http.StatusServiceUnavailable, "the move could not be stored; it was not played; try again")
}

// bearer returns the request's bearer token.
func bearer(r *http.Request) (string, bool) {
	scheme, token, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	token = strings.TrimSpace(token)
	return token, ok && strings.EqualFold(scheme, "Bearer") && token != ""
}

// clientAddr is the request's remote address without its port.
func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// health is /healthz's answer: the counts that bound the server's memory
// besides its connections.
type health struct {
	Status    string `json:"status"`
	Games     int    `json:"games"`      // games held in memory
	BotQueue  int    `json:"bot_queue"`  // games whose bot waits for a worker
	BotTables int    `json:"bot_tables"` // bots holding their tables between moves
}

// handleHealth answers GET /healthz once the store answers, with one
// indexed read; the store's error goes to the log only.
func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	if !allow(w, r, http.MethodGet, http.MethodHead) {
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if _, err := s.store.List(ctx, store.Filter{Limit: 1}); err != nil {
		logOf(r.Context(), s.log).Error("health check: the store does not answer", "err", err)
		writeError(w, errorf(http.StatusServiceUnavailable, "the store is unavailable"))
		return
	}
	queued, held := s.bots.stats()
	s.mu.Lock()
	games := len(s.games)
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, health{Status: "ok", Games: games, BotQueue: queued, BotTables: held})
}

// handleIndex answers / when no page is served: where the API is.
func (s *Server) handleIndex(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/" {
		writeError(w, errorf(http.StatusNotFound, "no such page: %s", r.URL.Path))
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	fmt.Fprint(w, "gomoku server: the API is under /api/games (see the README)\n")
}
