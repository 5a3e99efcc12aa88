package store

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Errors shared by every back end.
var (
	// ErrNotFound: no game has that id.
	ErrNotFound = errors.New("store: game not found")
	// ErrConflict: the ply was already taken by another move, or the game
	// id already exists.
	ErrConflict = errors.New("store: conflict")
	// ErrClosed: the store was closed.
	ErrClosed = errors.New("store: closed")
	// ErrAbandoned: the game was ended without a move ([Store.Expire]),
	// so it takes none.
	ErrAbandoned = errors.New("store: game abandoned")
)

// Game is a game's record: its configuration, seats and current summary.
type Game struct {
	ID       string
	K        int
	Players  int
	Rows     int // 0 with Cols 0: unbounded
	Cols     int
	Rule     string // "freestyle" or "exact"
	MaxMoves int    // the game is drawn when it reaches this many moves
	Seats    []Seat // one per player, player i+1 in Seats[i]
	Status   string // "ongoing", "won", "drawn" or "abandoned"
	Winner   int    // the winning player, or 0
	Ply      int    // moves played
	Creator  string // the address that created the game, "" once it is over
	Created  time.Time
	Updated  time.Time
}

// Seat is one player's seat: a human holding a token, or a bot.
type Seat struct {
	Kind string `json:"kind"` // "human" or a bot's name
	// TokenHash is the SHA-256 of a human seat's token; the token itself
	// is never stored.
	TokenHash []byte `json:"token_hash,omitempty"`
}

// Move is one stored move.
type Move struct {
	Row, Col, Player int
}

// ExpireBatch bounds the games one call of [Store.Expire] ends, and those
// it deletes, so that its transaction stays short.
const ExpireBatch = 500

// Statuses of a game's record. A game over keeps no creator.
const (
	Ongoing   = "ongoing"
	Abandoned = "abandoned" // ended by [Store.Expire]
)

// Result is a game's summary after a move: what [Store.Append] writes
// to the game's record along with the move.
type Result struct {
	Status  string
	Winner  int
	Updated time.Time
}

// Filter selects games for [Store.List].
type Filter struct {
	Status string // "" for any
	Limit  int    // at most this many, newest first; 0 for the back end's default
}

// Store keeps games durably. Every method is safe for concurrent use.
type Store interface {
	// Create stores a new game with no moves. A taken id gives ErrConflict.
	Create(ctx context.Context, g Game) error
	// Game returns a game's record and all its moves, oldest first.
	Game(ctx context.Context, id string) (Game, []Move, error)
	// Moves returns the moves of a game from ply from on (0 is the first
	// move), oldest first.
	Moves(ctx context.Context, id string, from int) ([]Move, error)
	// Append stores m as move number ply (0-based) of game id and updates
	// the game's summary to r, atomically and durably. It fails with
	// ErrConflict when the game already has more than ply moves, with
	// ErrAbandoned when it has ply moves but was abandoned, and with
	// ErrNotFound for an unknown game.
	Append(ctx context.Context, id string, ply int, m Move, r Result) error
	// List returns game records (without moves), newest first.
	List(ctx context.Context, f Filter) ([]Game, error)
	// Expire ends as "abandoned" the ongoing games without a move since
	// abandonBefore, forgetting their creators, and deletes, with their
	// moves, the games over without a move since deleteBefore; a zero
	// time skips either. It does at most ExpireBatch of each and returns
	// the ids of the games it ended and how many it deleted.
	Expire(ctx context.Context, abandonBefore, deleteBefore time.Time) (ended []string, deleted int, err error)
	// Close waits for pending writes and releases the store.
	Close() error
}

// Head is where a game stands in the store: how many moves it has, and
// its status after them.
type Head struct {
	Ply    int
	Status string // "" when not known
}

// Watcher is a store shared by several server processes. Watch calls fn
// with the game id and new head of every game that any process changes
// (a move appended, or the game ended by [Store.Expire]), until ctx is
// done or the connection is lost. It first calls fn("", Head{Ply: -1})
// once it is listening, meaning that any game may have changed before
// then. fn must not block for long.
type Watcher interface {
	Store
	Watch(ctx context.Context, fn func(id string, h Head)) error
	// Heads returns the head of each of the games that exist, for a
	// server to check that it missed no notification.
	Heads(ctx context.Context, ids []string) (map[string]Head, error)
}

// Rows is what both drivers' query results offer.
type Rows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

// MovesQuery selects the moves of a game from a ply on, in order, as
// ScanMoves reads them; its two parameters are the game's id and the ply.
const MovesQuery = `SELECT ply, row, col, player FROM moves WHERE game_id = %s AND ply >= %s ORDER BY ply`

// ScanMoves reads the rows of MovesQuery for game id from ply from on,
// and fails if a ply is missing: moves are stored without gaps, so a gap
// means the database lost one.
func ScanMoves(rows Rows, id string, from int) ([]Move, error) {
	var moves []Move
	for rows.Next() {
		var ply int
		var m Move
		if err := rows.Scan(&ply, &m.Row, &m.Col, &m.Player); err != nil {
			return nil, fmt.Errorf("moves of %s: %w", id, err)
		}
		if ply != from+len(moves) {
			return nil, fmt.Errorf("moves of %s: ply %d missing", id, from+len(moves))
		}
		moves = append(moves, m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("moves of %s: %w", id, err)
	}
	return moves, nil
}

// Gather returns first followed by whatever else ch holds right now, up to
// max values in all, reusing buf's storage: a writer that takes its queue
// in batches serves everything that waited while it was busy, and never
// waits for more.
func Gather[T any](buf []T, first T, ch <-chan T, max int) []T {
	batch := append(buf[:0], first)
	for len(batch) < max {
		select {
		case v, ok := <-ch:
			if !ok {
				return batch
			}
			batch = append(batch, v)
		default:
			return batch
		}
	}
	return batch
}

// Refused is why Append did not store move number ply of a game whose
// record, at head h, did not advance: ErrAbandoned when the game was
// ended at that very ply, ErrConflict otherwise.
func Refused(ply int, h Head) error {
	if h.Ply == ply && h.Status == Abandoned {
		return ErrAbandoned
	}
	return ErrConflict
}
