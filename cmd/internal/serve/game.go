package serve

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store"
	"github.com/gomoku-engine/gomoku/engine"
)

const human = "human"

// game is a game held in memory: the engine's copy of it, which only ever
// holds committed moves between calls, and a published view for readers.
type game struct {
	id  string
	cfg store.Game // configuration and seats; its summary fields are stale

	mu        sync.Mutex // serialises moves and syncs
	eng       *engine.Game
	botQueued bool // a bot of this game is queued or thinking
	stale     bool // the store may hold moves the engine lacks
	abandoned bool // ended for want of moves: over, without a winner

	view     atomic.Pointer[view]
	head     []byte       // the state JSON's unchanging start: configuration and seats
	lastUsed atomic.Int64 // unix nanoseconds

	audience audience // spectators on this server
}

// view is a game's committed state at one ply. Views are immutable once
// published; moves shares its backing array with later views, which only
// append beyond its length.
type view struct {
	ply       int
	status    engine.Outcome // Drawn for an abandoned game
	abandoned bool
	winner    int
	moves     []store.Move
	movesJSON []byte // moves as JSON objects separated by commas, shared like moves
	winLine   []cell
	forbidden []forbiddenCell // for black to move under renju; never nil
	updated   time.Time
	state     []byte // the state's JSON, as GET answers it
}

// newGame rebuilds a game from its record and moves through the engine.
func newGame(rec store.Game, moves []store.Move) (*game, error) {
	opts, err := engineOptions(rec)
	if err != nil {
		return nil, err
	}
	em := make([]engine.Move, len(moves))
	for i, m := range moves {
		em[i] = engine.Move{Row: m.Row, Col: m.Col, Player: m.Player}
	}
	eng, err := engine.FromMoves(em, opts...)
	if err != nil {
		return nil, fmt.Errorf("serve: game %s: replaying its moves: %w", rec.ID, err)
	}
	kinds := botKinds()
	for i, s := range rec.Seats {
		if s.Kind != human && !slices.Contains(kinds, s.Kind) {
			return nil, fmt.Errorf("serve: game %s: seat %d: unknown bot %q", rec.ID, i+1, s.Kind)
		}
	}
	g := &game{id: rec.ID, cfg: rec, eng: eng, abandoned: rec.Status == store.Abandoned}
	g.head = stateHead(rec)
	g.publish(append([]store.Move(nil), moves...), rec.Updated)
	g.touch()
	return g, nil
}

// engineOptions turns a record's configuration into the engine's.
func engineOptions(rec store.Game) ([]engine.Option, error) {
	rule, err := engine.ParseRule(rec.Rule)
	if err != nil {
		return nil, err
	}
	opts := []engine.Option{engine.WithK(rec.K), engine.WithPlayers(rec.Players), engine.WithRule(rule)}
	if rec.Rows != 0 || rec.Cols != 0 {
		opts = append(opts, engine.WithBounds(rec.Rows, rec.Cols))
	}
	return opts, nil
}

// seedFor derives a bot's seed from its game and seat, so a game's bots
// differ from one game to the next but not across restarts.
func seedFor(id string, player int) uint64 {
	h := fnv.New64a()
	h.Write([]byte(id))
	h.Write([]byte{byte(player)})
	return h.Sum64()
}

func (g *game) touch() { g.lastUsed.Store(time.Now().UnixNano()) }

// status is the game's outcome after the engine's: a game that reaches its
// move limit without a win is drawn, and an abandoned one counts as drawn.
func (g *game) status() (engine.Outcome, int) {
	if g.abandoned {
		return engine.Drawn, 0
	}
	st := g.eng.Status()
	if st == engine.Ongoing && g.eng.Len() >= g.cfg.MaxMoves {
		return engine.Drawn, 0
	}
	return st, g.eng.Winner()
}

// publish makes the engine's current state the game's view and wakes the
// watchers. moves must be the engine's history. Called with mu held (or
// before the game is shared).
func (g *game) publish(moves []store.Move, updated time.Time) {
	st, winner := g.status()
	v := &view{ply: len(moves), status: st, abandoned: g.abandoned, winner: winner, moves: moves, updated: updated}
	from := 0
	if prev := g.view.Load(); prev != nil {
		from, v.movesJSON = prev.ply, prev.movesJSON
	}
	for i, m := range moves[from:] {
		if from+i > 0 {
			v.movesJSON = append(v.movesJSON, ',')
		}
		v.movesJSON = appendMove(v.movesJSON, m)
	}
	if st == engine.Won {
		v.winLine = cellsOf(g.eng.WinningLine())
	}
	v.forbidden = []forbiddenCell{}
	if st == engine.Ongoing {
		v.forbidden = forbiddenOf(g.eng)
	}
	v.state = g.encode(v)
	g.view.Store(v)
	g.audience.notify(g, v)
}

// statusName is the status as the API names it.
func (v *view) statusName() string {
	if v.abandoned {
		return store.Abandoned
	}
	return v.status.String()
}

// abandon ends the game for want of moves, as the store did already.
func (s *Server) abandon(g *game) {
	g.mu.Lock()
	defer s.unlock(g)
	s.abandonLocked(g)
}

// abandonLocked is abandon with g.mu held.
func (s *Server) abandonLocked(g *game) {
	if g.abandoned || g.view.Load().status != engine.Ongoing {
		return
	}
	g.abandoned = true
	v := g.view.Load()
	g.publish(v.moves, time.Now().UTC())
	s.bots.release(g.id)
}

// turn is the player to move after ply moves, or 0 when the game is over.
func (g *game) turn(ply int, st engine.Outcome) int {
	if st != engine.Ongoing {
		return 0
	}
	return ply%g.cfg.Players + 1
}

// thinking reports whether a bot is to move.
func (g *game) thinking(turn int) bool {
	return turn > 0 && g.cfg.Seats[turn-1].Kind != human
}

// stateHead renders the part of a game's state JSON that never changes,
// up to the comma before "moves".
func stateHead(rec store.Game) []byte {
	b, err := json.Marshal(summaryOf(rec, 0, "", 0, time.Time{}).config)
	if err != nil {
		panic(fmt.Sprintf("serve: encoding a game's state: %v", err)) // only plain values: cannot fail
	}
	return append(b[:len(b)-1], ',')
}

// encode renders v as the game's state JSON, the fields in [summary]'s
// order. It is written by hand because it runs for every move and the
// moves, already rendered, are most of it.
func (g *game) encode(v *view) []byte {
	turn := g.turn(v.ply, v.status)
	b := make([]byte, 0, len(g.head)+len(v.movesJSON)+200+40*len(v.winLine))
	b = append(b, g.head...)
	b = append(b, `"moves":[`...)
	b = append(b, v.movesJSON...)
	b = append(b, `],"status":"`...)
	b = append(b, v.statusName()...)
	b = append(b, `","winner":`...)
	b = strconv.AppendInt(b, int64(v.winner), 10)
	b = append(b, `,"turn":`...)
	b = strconv.AppendInt(b, int64(turn), 10)
	b = append(b, `,"ply":`...)
	b = strconv.AppendInt(b, int64(v.ply), 10)
	b = append(b, `,"win_line":[`...)
	for i, c := range v.winLine {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(appendRowCol(b, c.Row, c.Col), '}')
	}
	b = append(b, `],"forbidden":[`...)
	b = appendForbidden(b, v.forbidden)
	b = append(b, `],"thinking":`...)
	b = strconv.AppendBool(b, g.thinking(turn))
	b = append(b, `,"created":"`...)
	b = g.cfg.Created.AppendFormat(b, time.RFC3339Nano)
	b = append(b, `","updated":"`...)
	b = v.updated.AppendFormat(b, time.RFC3339Nano)
	return append(b, `"}`...)
}

// appendForbidden renders cells as JSON objects separated by commas.
func appendForbidden(b []byte, cells []forbiddenCell) []byte {
	for i, c := range cells {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendRowCol(b, c.Row, c.Col)
		b = append(b, `,"foul":"`...)
		b = append(b, c.Foul...) // a Foul's name: plain lower-case words
		b = append(b, `"}`...)
	}
	return b
}

// appendRowCol opens a cell's JSON object: {"row":R,"col":C, without the
// closing brace, for the fields that follow.
func appendRowCol(b []byte, row, col int) []byte {
	b = append(b, `{"row":`...)
	b = strconv.AppendInt(b, int64(row), 10)
	b = append(b, `,"col":`...)
	return strconv.AppendInt(b, int64(col), 10)
}

func appendMove(b []byte, m store.Move) []byte {
	b = appendRowCol(b, m.Row, m.Col)
	b = append(b, `,"player":`...)
	b = strconv.AppendInt(b, int64(m.Player), 10)
	return append(b, '}')
}

// seatOf returns the player whose token this is, or 0. Every human seat's
// hash is compared, in constant time, whether or not one matched earlier.
func (g *game) seatOf(token string) int {
	sum := sha256.Sum256([]byte(token))
	found := 0
	for i, s := range g.cfg.Seats {
		if s.Kind == human && subtle.ConstantTimeCompare(sum[:], s.TokenHash) == 1 {
			found = i + 1
		}
	}
	return found
}

// Errors of a move, mapped to HTTP statuses by the handlers.
var (
	errStale    = errors.New("serve: stale ply")
	errNotTurn  = errors.New("serve: not this seat's turn")
	errOver     = errors.New("serve: game is over")
	errIllegal  = errors.New("serve: illegal move")
	errUnstored = errors.New("serve: the move could not be stored")
)

// playLocked plays like [Server.play], taking g's lock, and returns the
// view right after.
func (s *Server) playLocked(ctx context.Context, g *game, player, row, col, ply int) (*view, error) {
	g.mu.Lock()
	defer s.unlock(g)
	err := s.play(ctx, g, player, row, col, ply)
	return g.view.Load(), err
}

// unlock releases g's lock; deferred by whoever locks g. When the holder
// is panicking, g's engine may hold a half-played move, so g is dropped
// from memory first (the store has the truth, read again on the next
// request) and the panic goes on to be recovered above.
func (s *Server) unlock(g *game) {
	if v := recover(); v != nil {
		g.stale = true
		s.mu.Lock()
		if s.games[g.id] == g {
			delete(s.games, g.id)
		}
		s.mu.Unlock()
		g.mu.Unlock()
		s.crowd.orphaned(g)
		panic(v)
	}
	g.mu.Unlock()
}

// play validates a move by player at ply through the engine, commits it
// and publishes it. It must be called with g.mu held. A move that repeats
// the one accepted at that ply for the same player returns nil and changes
// nothing.
func (s *Server) play(ctx context.Context, g *game, player, row, col, ply int) error {
	for attempt := 0; ; attempt++ {
		if g.stale {
			if err := s.sync(ctx, g); err != nil {
				return err
			}
		}
		v := g.view.Load()
		switch {
		case ply < v.ply:
			if m := v.moves[ply]; m.Row == row && m.Col == col && m.Player == player {
				return nil
			}
			return fmt.Errorf("%w: ply %d was played already; the game is at ply %d", errStale, ply, v.ply)
		case ply > v.ply:
			if s.watcher != nil && attempt == 0 {
				g.stale = true // another server may have moved on
				continue
			}
			return fmt.Errorf("%w: ply %d is ahead of the game, which is at ply %d", errStale, ply, v.ply)
		case v.status != engine.Ongoing:
			return fmt.Errorf("%w (%s)", errOver, v.statusName())
		case g.turn(v.ply, v.status) != player:
			return fmt.Errorf("%w: it is player %d's turn", errNotTurn, g.turn(v.ply, v.status))
		}
		if _, err := g.eng.PlayAs(row, col, player); err != nil {
			return fmt.Errorf("%w: %w", errIllegal, err)
		}
		m := store.Move{Row: row, Col: col, Player: player}
		st, winner := g.status()
		now := time.Now().UTC()
		err := s.store.Append(ctx, g.id, ply, m, store.Result{Status: st.String(), Winner: winner, Updated: now})
		s.metrics.commit.Observe(time.Since(now).Seconds())
		if err != nil && !errors.Is(err, store.ErrConflict) && !errors.Is(err, store.ErrAbandoned) {
			err = s.checkStored(ctx, g.id, ply, m, err)
		}
		if errors.Is(err, store.ErrAbandoned) {
			// Another server's janitor ended the game before this one
			// heard of it.
			g.eng.Undo()
			s.abandonLocked(g)
			return fmt.Errorf("%w (%s)", errOver, store.Abandoned)
		}
		if err != nil {
			g.eng.Undo()
			g.stale = true
			if errors.Is(err, store.ErrConflict) && attempt == 0 {
				continue // another server took the ply: catch up, then judge again
			}
			s.log.Error("storing a move", "game", g.id, "ply", ply, "err", err)
			return fmt.Errorf("%w: %w", errUnstored, err)
		}
		g.publish(append(v.moves, m), now)
		if st != engine.Ongoing {
			s.metrics.ended.WithLabelValues(st.String()).Inc()
		}
		s.moved(g)
		return nil
	}
}

// checkStored finds out what became of move m at ply when the store
// answered err, which may only mean that the answer was lost (a dropped
// connection after the commit): it returns nil when m is stored at ply,
// ErrConflict when another move is, and err otherwise.
func (s *Server) checkStored(ctx context.Context, id string, ply int, m store.Move, err error) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), storeTimeout)
	defer cancel()
	moves, rerr := s.store.Moves(ctx, id, ply)
	switch {
	case rerr != nil || len(moves) == 0:
		return err
	case moves[0] == m:
		s.log.Warn("move stored although the store answered an error", "game", id, "ply", ply, "err", err)
		return nil
	}
	return fmt.Errorf("%w: %w", store.ErrConflict, err)
}

// sync brings the engine up to the store's moves, for a game that other
// servers may have moved on. Called with g.mu held.
func (s *Server) sync(ctx context.Context, g *game) error {
	v := g.view.Load()
	moves, err := s.store.Moves(ctx, g.id, v.ply)
	if err != nil {
		return fmt.Errorf("%w: %w", errUnstored, err)
	}
	g.stale = false
	if len(moves) == 0 {
		return nil
	}
	all := v.moves
	for _, m := range moves {
		if _, err := g.eng.PlayAs(m.Row, m.Col, m.Player); err != nil {
			// The store holds a move the engine refuses: keep what was
			// legal, and say so loudly.
			s.log.Error("stored move refused by the engine", "game", g.id, "ply", len(all), "err", err)
			break
		}
		all = append(all, m)
	}
	g.publish(all, time.Now().UTC())
	s.moved(g)
	return nil
}

// catchUp brings g up to the store's moves, which other servers may have
// moved on.
func (s *Server) catchUp(ctx context.Context, g *game) error {
	g.mu.Lock()
	defer s.unlock(g)
	g.stale = true
	return s.sync(ctx, g)
}

// moved hands the turn to the game's next bot, if any, or releases its
// bots when it is over. Called with g.mu held.
func (s *Server) moved(g *game) {
	if g.view.Load().status != engine.Ongoing {
		s.bots.release(g.id)
		return
	}
	s.bots.schedule(g)
}

// expire ends the games abandoned as of now and deletes the old ones, as
// the retention settings say, a batch at a time.
func (s *Server) expire(now time.Time) {
	var abandonBefore, deleteBefore time.Time
	if s.abandonAfter > 0 {
		abandonBefore = now.Add(-s.abandonAfter)
	}
	if s.retainFor > 0 {
		deleteBefore = now.Add(-s.retainFor)
	}
	if abandonBefore.IsZero() && deleteBefore.IsZero() {
		return
	}
	ctx, cancel := context.WithTimeout(s.ctx, storeTimeout)
	defer cancel()
	ended, deleted, err := s.store.Expire(ctx, abandonBefore, deleteBefore)
	if err != nil {
		if s.ctx.Err() == nil {
			s.log.Error("expiring old games", "err", err)
		}
		return
	}
	for _, id := range ended {
		s.mu.Lock()
		g := s.games[id]
		s.mu.Unlock()
		if g != nil {
			s.abandon(g)
		}
	}
	if len(ended) > 0 || deleted > 0 {
		s.log.Info("expired old games", "abandoned", len(ended), "deleted", deleted)
	}
}
