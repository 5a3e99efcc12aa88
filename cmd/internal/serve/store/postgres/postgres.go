package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store"
)

// channel is the NOTIFY channel of committed changes: "id:ply:status".
const channel = "gomoku_moves"

// defaultLimit is List's limit when the filter names none.
const defaultLimit = 100

// Store is a [store.Watcher] on a PostgreSQL database.
type Store struct {
	pool    *pgxpool.Pool
	notices *pgxpool.Pool // for the notifications, without synchronous commit
	pending chan string   // "id:ply:status" notifications to send
	done    chan struct{} // closed when the notifier has stopped
	mu      sync.RWMutex  // guards closed against sends on pending
	closed  bool
}

// maxNotices bounds the notifications sent in one transaction.
const maxNotices = 1000

// Open connects to the database at url (postgres://user:password@host/db)
// and brings its schema up to date.
func Open(ctx context.Context, url string) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("postgres: %s: %w", Redact(url), err)
	}
	cfg.MaxConns = max(cfg.MaxConns, 16)
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: %s: %w", Redact(url), err)
	}
	if err := migrate(ctx, pool); err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: %s: %w", Redact(url), err)
	}
	ncfg := cfg.Copy()
	ncfg.MaxConns = 2
	ncfg.ConnConfig.RuntimeParams["synchronous_commit"] = "off"
	notices, err := pgxpool.NewWithConfig(ctx, ncfg)
	if err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: %s: %w", Redact(url), err)
	}
	s := &Store{pool: pool, notices: notices, pending: make(chan string, 4*maxNotices), done: make(chan struct{})}
	go s.notifier()
	return s, nil
}

// notifier sends the queued notifications, all those waiting in one
// statement, until the queue is closed.
func (s *Store) notifier() {
	defer close(s.done)
	batch := make([]string, 0, maxNotices)
	for first := range s.pending {
		batch = store.Gather(batch, first, s.pending, maxNotices)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		// Lost notifications are caught up by Plies; nothing to do here.
		_, _ = s.notices.Exec(ctx, `SELECT pg_notify('`+channel+`', n) FROM unnest($1::text[]) AS n`, batch)
		cancel()
	}
}

// notify queues the notification of a committed change, dropping it when
// the queue is full (the other servers then catch up through Heads).
func (s *Store) notify(id string, h store.Head) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.closed {
		return
	}
	select {
	case s.pending <- id + ":" + strconv.Itoa(h.Ply) + ":" + h.Status:
	default:
	}
}

// parseNotice reads a notification's payload: "id:ply:status", or
// "id:ply" as servers that knew no status sent it.
func parseNotice(payload string) (string, store.Head, bool) {
	id, rest, ok := strings.Cut(payload, ":")
	p, status, _ := strings.Cut(rest, ":")
	ply, err := strconv.Atoi(p)
	if !ok || id == "" || err != nil || ply < 0 {
		return "", store.Head{}, false
	}
	return id, store.Head{Ply: ply, Status: status}, true
}

// Redact returns url without its password, for messages.
func Redact(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "postgres://(unparsable URL)"
	}
	return u.Redacted()
}

// Close sends the queued notifications and closes the connections. The
// store must not be used any more.
func (s *Store) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	close(s.pending)
	s.mu.Unlock()
	<-s.done
	s.notices.Close()
	s.pool.Close()
	return nil
}

// Heads returns the head of each of the games that exist.
func (s *Store) Heads(ctx context.Context, ids []string) (map[string]store.Head, error) {
	rows, err := s.pool.Query(ctx, `SELECT id, ply, status FROM games WHERE id = ANY($1)`, ids)
	if err != nil {
		return nil, fmt.Errorf("postgres: heads: %w", err)
	}
	defer rows.Close()
	heads := make(map[string]store.Head, len(ids))
	for rows.Next() {
		var id string
		var h store.Head
		if err := rows.Scan(&id, &h.Ply, &h.Status); err != nil {
			return nil, fmt.Errorf("postgres: heads: %w", err)
		}
		heads[id] = h
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: heads: %w", err)
	}
	return heads, nil
}

// Create stores a new game.
func (s *Store) Create(ctx context.Context, g store.Game) error {
	seats, err := json.Marshal(g.Seats)
	if err != nil {
		return fmt.Errorf("postgres: create %s: %w", g.ID, err)
	}
	_, err = s.pool.Exec(ctx, `INSERT INTO games
		(id, k, players, rows, cols, rule, max_moves, seats, status, winner, ply, creator, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
		g.ID, g.K, g.Players, g.Rows, g.Cols, g.Rule, g.MaxMoves, seats,
		g.Status, g.Winner, g.Ply, g.Creator, g.Created, g.Updated)
	if err != nil {
		if isUnique(err) {
			return fmt.Errorf("postgres: create %s: %w", g.ID, store.ErrConflict)
		}
		return fmt.Errorf("postgres: create %s: %w", g.ID, err)
	}
	return nil
}

// Append stores move number ply of game id and the game's new summary, in
// one statement (one round trip, one transaction). Only an ongoing game
// advances: one that Expire ended takes no move.
func (s *Store) Append(ctx context.Context, id string, ply int, m store.Move, r store.Result) error {
	tag, err := s.pool.Exec(ctx, `WITH advanced AS (
			UPDATE games SET ply = $2 + 1, status = $3, winner = $4, updated_at = $8,
				creator = CASE WHEN $3 = 'ongoing' THEN creator ELSE '' END
			WHERE id = $1 AND ply = $2 AND status = 'ongoing' RETURNING id)
		INSERT INTO moves (game_id, ply, row, col, player)
		SELECT id, $2, $5, $6, $7 FROM advanced`,
		id, ply, r.Status, r.Winner, m.Row, m.Col, m.Player, r.Updated)
	switch {
	case err != nil && isUnique(err):
		return fmt.Errorf("postgres: append ply %d to %s: %w", ply, id, store.ErrConflict)
	case err != nil:
		return fmt.Errorf("postgres: append to %s: %w", id, err)
	case tag.RowsAffected() == 1:
		s.notify(id, store.Head{Ply: ply + 1, Status: r.Status})
		return nil
	}
	var h store.Head
	switch err := s.pool.QueryRow(ctx, `SELECT ply, status FROM games WHERE id = $1`, id).Scan(&h.Ply, &h.Status); {
	case errors.Is(err, pgx.ErrNoRows):
		return fmt.Errorf("postgres: append to %s: %w", id, store.ErrNotFound)
	case err != nil:
		return fmt.Errorf("postgres: append to %s: %w", id, err)
	}
	return fmt.Errorf("postgres: append ply %d to %s: %w", ply, id, store.Refused(ply, h))
}

const gameColumns = `id, k, players, rows, cols, rule, max_moves, seats, status, winner, ply, creator, created_at, updated_at`

func scanGame(row pgx.Row) (store.Game, error) {
	var g store.Game
	var seats []byte
	if err := row.Scan(&g.ID, &g.K, &g.Players, &g.Rows, &g.Cols, &g.Rule, &g.MaxMoves, &seats,
		&g.Status, &g.Winner, &g.Ply, &g.Creator, &g.Created, &g.Updated); err != nil {
		return g, err
	}
	if err := json.Unmarshal(seats, &g.Seats); err != nil {
		return g, fmt.Errorf("seats of %s: %w", g.ID, err)
	}
	g.Created, g.Updated = g.Created.UTC(), g.Updated.UTC()
	return g, nil
}

// Game returns a game and its moves, read in one repeatable-read
// transaction so they agree.
func (s *Store) Game(ctx context.Context, id string) (store.Game, []store.Move, error) {
	var g store.Game
	var moves []store.Move
	err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		var err error
		g, err = scanGame(tx.QueryRow(ctx, `SELECT `+gameColumns+` FROM games WHERE id = $1`, id))
		if err != nil {
			return err
		}
		moves, err = readMoves(ctx, tx, id, 0)
		return err
	})
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return g, nil, fmt.Errorf("postgres: %s: %w", id, store.ErrNotFound)
	case err != nil:
		return g, nil, fmt.Errorf("postgres: read %s: %w", id, err)
	}
	return g, moves, nil
}

// Moves returns the moves of game id from ply from on.
func (s *Store) Moves(ctx context.Context, id string, from int) ([]store.Move, error) {
	moves, err := readMoves(ctx, s.pool, id, from)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	return moves, nil
}

func readMoves(ctx context.Context, q interface {
	Query(context.Context, string, ...any) (pgx.Rows, error)
}, id string, from int) ([]store.Move, error) {
	rows, err := q.Query(ctx, fmt.Sprintf(store.MovesQuery, "$1", "$2"), id, from)
	if err != nil {
		return nil, fmt.Errorf("moves of %s: %w", id, err)
	}
	defer rows.Close()
	return store.ScanMoves(rows, id, from)
}

// List returns game records, newest first.
func (s *Store) List(ctx context.Context, f store.Filter) ([]store.Game, error) {
	limit := f.Limit
	if limit <= 0 {
		limit = defaultLimit
	}
	query, args := `SELECT `+gameColumns+` FROM games`, []any{}
	if f.Status != "" {
		query += ` WHERE status = $1`
		args = append(args, f.Status)
	}
	query += fmt.Sprintf(` ORDER BY created_at DESC, id LIMIT $%d`, len(args)+1)
	args = append(args, limit)
	rows, err := s.pool.Query(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("postgres: list: %w", err)
	}
	defer rows.Close()
	var games []store.Game
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return nil, fmt.Errorf("postgres: list: %w", err)
		}
		games = append(games, g)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: list: %w", err)
	}
	return games, nil
}

// Expire ends the abandoned games and deletes the old ones, in one
// transaction.
func (s *Store) Expire(ctx context.Context, abandonBefore, deleteBefore time.Time) ([]string, int, error) {
	var endedAt []endedGame
	var deleted int
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		endedAt, deleted = nil, 0
		if !abandonBefore.IsZero() {
			rows, err := tx.Query(ctx, `UPDATE games SET status = 'abandoned', creator = '' WHERE id IN
				(SELECT id FROM games WHERE status = 'ongoing' AND updated_at < $1 ORDER BY updated_at LIMIT $2
				 FOR UPDATE SKIP LOCKED) RETURNING id, ply`, abandonBefore, store.ExpireBatch)
			if err != nil {
				return err
			}
			if endedAt, err = pgx.CollectRows(rows, pgx.RowToStructByPos[endedGame]); err != nil {
				return err
			}
		}
		if deleteBefore.IsZero() {
			return nil
		}
		rows, err := tx.Query(ctx, `SELECT id FROM games WHERE status IN ('won', 'drawn', 'abandoned')
			AND updated_at < $1 LIMIT $2 FOR UPDATE SKIP LOCKED`, deleteBefore, store.ExpireBatch)
		if err != nil {
			return err
		}
		old, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil || len(old) == 0 {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM moves WHERE game_id = ANY($1)`, old); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, `DELETE FROM games WHERE id = ANY($1)`, old)
		deleted = int(tag.RowsAffected())
		return err
	})
	if err != nil {
		return nil, 0, fmt.Errorf("postgres: expire: %w", err)
	}
	ended := make([]string, len(endedAt))
	for i, e := range endedAt {
		ended[i] = e.ID
		s.notify(e.ID, store.Head{Ply: e.Ply, Status: store.Abandoned})
	}
	return ended, deleted, nil
}

// endedGame is a game Expire ended, and its moves.
type endedGame struct {
	ID  string
	Ply int
}

// Watch relays every committed change's NOTIFY to fn until ctx ends or
// the connection fails.
func (s *Store) Watch(ctx context.Context, fn func(id string, h store.Head)) error {
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("postgres: watch: %w", err)
	}
	// A listening connection is never handed back to the pool.
	pc := conn.Hijack()
	defer pc.Close(context.Background())
	if _, err := pc.Exec(ctx, "LISTEN "+channel); err != nil {
		return fmt.Errorf("postgres: watch: %w", err)
	}
	fn("", store.Head{Ply: -1})
	for {
		n, err := pc.WaitForNotification(ctx)
		if err != nil {
			return fmt.Errorf("postgres: watch: %w", err)
		}
		if id, h, ok := parseNotice(n.Payload); ok {
			fn(id, h)
		}
	}
}

// isUnique reports whether err is a unique-constraint violation.
func isUnique(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505"
}
