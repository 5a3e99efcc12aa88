package serve

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store"
	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player"
)

const human = "human"

// game is a game held in memory: the engine's copy of it, which only ever
// holds committed moves between calls, and a published view for readers.
type game struct {
	id  string
	cfg store.Game // configuration and seats; its summary fields are stale

	mu        sync.Mutex // serialises moves and syncs
	eng       *engine.Game
	bots      []engine.Strategy // per seat; nil for a human seat
	botQueued bool              // a bot of this game is queued or thinking
	stale     bool              // the store may hold moves the engine lacks

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
	status    engine.Outcome
	winner    int
	moves     []store.Move
	movesJSON []byte // moves as JSON objects separated by commas, shared like moves
	winLine   []cell
	updated   time.Time
	state     []byte // the state's JSON, as GET answers it
}

// newGame rebuilds a game from its record and moves through the engine.
func newGame(rec store.Game, moves []store.Move, budget time.Duration) (*game, error) {
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
	g := &game{id: rec.ID, cfg: rec, eng: eng, bots: make([]engine.Strategy, len(rec.Seats))}
	g.head = stateHead(rec)
	for i, s := range rec.Seats {
		if s.Kind != human {
			if g.bots[i], err = player.ByName(s.Kind, seedFor(rec.ID, i+1), player.WithBudget(budget)); err != nil {
				return nil, fmt.Errorf("serve: game %s: %w", rec.ID, err)
			}
		}
	}
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
// move limit without a win is drawn.
func (g *game) status() (engine.Outcome, int) {
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
	v := &view{ply: len(moves), status: st, winner: winner, moves: moves, updated: updated}
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
	v.state = g.encode(v)
	g.view.Store(v)
	g.audience.notify(g, v)
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
	b = append(b, v.status.String()...)
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
		b = append(b, `{"row":`...)
		b = strconv.AppendInt(b, int64(c.Row), 10)
		b = append(b, `,"col":`...)
		b = strconv.AppendInt(b, int64(c.Col), 10)
		b = append(b, '}')
	}
	b = append(b, `],"thinking":`...)
	b = strconv.AppendBool(b, g.thinking(turn))
	b = append(b, `,"created":"`...)
	b = g.cfg.Created.AppendFormat(b, time.RFC3339Nano)
	b = append(b, `","updated":"`...)
	b = v.updated.AppendFormat(b, time.RFC3339Nano)
	return append(b, `"}`...)
}

func appendMove(b []byte, m store.Move) []byte {
	b = append(b, `{"row":`...)
	b = strconv.AppendInt(b, int64(m.Row), 10)
	b = append(b, `,"col":`...)
	b = strconv.AppendInt(b, int64(m.Col), 10)
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
			return fmt.Errorf("%w (%s)", errOver, v.status)
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
		s.bots.schedule(g)
		return nil
	}
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
	s.bots.schedule(g)
	return nil
}
