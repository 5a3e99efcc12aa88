package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"modernc.org/sqlite"

	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store"
)

// defaultLimit is List's limit when the filter names none.
const defaultLimit = 100

// Create stores a new game.
func (s *Store) Create(ctx context.Context, g store.Game) error {
	seats, err := json.Marshal(g.Seats)
	if err != nil {
		return fmt.Errorf("sqlite: create %s: %w", g.ID, err)
	}
	return s.do(ctx, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO games
			(id, k, players, rows, cols, rule, max_moves, seats, status, winner, ply, creator, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			g.ID, g.K, g.Players, g.Rows, g.Cols, g.Rule, g.MaxMoves, string(seats),
			g.Status, g.Winner, g.Ply, g.Creator, g.Created.UnixNano(), g.Updated.UnixNano())
		if err != nil {
			if isConstraint(err) {
				return fmt.Errorf("sqlite: create %s: %w", g.ID, store.ErrConflict)
			}
			return fmt.Errorf("sqlite: create %s: %w", g.ID, err)
		}
		return nil
	})
}

// writeStmts are the writer's statements, prepared once on its connection.
type writeStmts struct {
	advance, insertMove, head *sql.Stmt
}

func prepare(ctx context.Context, db *sql.DB) (writeStmts, error) {
	var w writeStmts
	for _, p := range []struct {
		stmt **sql.Stmt
		sql  string
	}{
		{&w.advance, `UPDATE games SET ply = ?1 + 1, status = ?2, winner = ?3, updated_at = ?4,
			creator = CASE WHEN ?2 = 'ongoing' THEN creator ELSE '' END WHERE id = ?5 AND ply = ?1 AND status = 'ongoing'`},
		{&w.insertMove, `INSERT INTO moves (game_id, ply, row, col, player) VALUES (?, ?, ?, ?, ?)`},
		{&w.head, `SELECT ply, status FROM games WHERE id = ?`},
	} {
		stmt, err := db.PrepareContext(ctx, p.sql)
		if err != nil {
			return w, fmt.Errorf("preparing statements: %w", err)
		}
		*p.stmt = stmt
	}
	return w, nil
}

// Append stores move number ply of game id and the game's new summary.
// The games row moves from ply to ply+1 first, so a refused move writes
// nothing.
func (s *Store) Append(ctx context.Context, id string, ply int, m store.Move, r store.Result) error {
	now := r.Updated.UnixNano()
	return s.do(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.StmtContext(ctx, s.stmts.advance).ExecContext(ctx, ply, r.Status, r.Winner, now, id)
		if err != nil {
			return fmt.Errorf("sqlite: append to %s: %w", id, err)
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			var h store.Head
			switch err := tx.StmtContext(ctx, s.stmts.head).QueryRowContext(ctx, id).Scan(&h.Ply, &h.Status); {
			case errors.Is(err, sql.ErrNoRows):
				return fmt.Errorf("sqlite: append to %s: %w", id, store.ErrNotFound)
			case err != nil:
				return fmt.Errorf("sqlite: append to %s: %w", id, err)
			}
			return fmt.Errorf("sqlite: append ply %d to %s: %w", ply, id, store.Refused(ply, h))
		}
		// The games row said ply was free, so this cannot collide; if it
		// does, the database is inconsistent and the group is rolled back.
		if _, err := tx.StmtContext(ctx, s.stmts.insertMove).ExecContext(ctx, id, ply, m.Row, m.Col, m.Player); err != nil {
			return fmt.Errorf("sqlite: append to %s: %w", id, err)
		}
		return nil
	})
}

const gameColumns = `id, k, players, rows, cols, rule, max_moves, seats, status, winner, ply, creator, created_at, updated_at`

// scanGame reads one row of gameColumns.
func scanGame(row interface{ Scan(...any) error }) (store.Game, error) {
	var g store.Game
	var seats string
	var created, updated int64
	if err := row.Scan(&g.ID, &g.K, &g.Players, &g.Rows, &g.Cols, &g.Rule, &g.MaxMoves, &seats,
		&g.Status, &g.Winner, &g.Ply, &g.Creator, &created, &updated); err != nil {
		return g, err
	}
	if err := json.Unmarshal([]byte(seats), &g.Seats); err != nil {
		return g, fmt.Errorf("seats of %s: %w", g.ID, err)
	}
	g.Created, g.Updated = time.Unix(0, created).UTC(), time.Unix(0, updated).UTC()
	return g, nil
}

// Game returns a game and its moves, read in one transaction so they agree.
func (s *Store) Game(ctx context.Context, id string) (store.Game, []store.Move, error) {
	tx, err := s.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return store.Game{}, nil, fmt.Errorf("sqlite: read %s: %w", id, err)
	}
	defer tx.Rollback()
	g, err := scanGame(tx.QueryRowContext(ctx, `SELECT `+gameColumns+` FROM games WHERE id = ?`, id))
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return g, nil, fmt.Errorf("sqlite: %s: %w", id, store.ErrNotFound)
	case err != nil:
		return g, nil, fmt.Errorf("sqlite: read %s: %w", id, err)
	}
	moves, err := readMoves(ctx, tx, id, 0)
	if err != nil {
		return g, nil, err
	}
	return g, moves, nil
}

// Moves returns the moves of game id from ply from on.
func (s *Store) Moves(ctx context.Context, id string, from int) ([]store.Move, error) {
	return readMoves(ctx, s.read, id, from)
}

func readMoves(ctx context.Context, q interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}, id string, from int) ([]store.Move, error) {
	rows, err := q.QueryContext(ctx, fmt.Sprintf(store.MovesQuery, "?", "?"), id, from)
	if err != nil {
		return nil, fmt.Errorf("sqlite: moves of %s: %w", id, err)
	}
	defer rows.Close()
	moves, err := store.ScanMoves(rows, id, from)
	if err != nil {
		return nil, fmt.Errorf("sqlite: %w", err)
	}
	return moves, nil
}

// listQuery is List's query and arguments; both of its forms read an
// index in order.
func listQuery(f store.Filter) (string, []any) {
	limit := f.Limit
	if limit <= 0 {
		limit = defaultLimit
	}
	query := `SELECT ` + gameColumns + ` FROM games`
	args := []any{}
	if f.Status != "" {
		query += ` WHERE status = ?`
		args = append(args, f.Status)
	}
	query += ` ORDER BY created_at DESC, id LIMIT ?`
	return query, append(args, limit)
}

// Expire's queries, each reading an index: the games to end, and the
// games to delete.
const (
	abandonQuery = `UPDATE games SET status = 'abandoned', creator = '' WHERE id IN
		(SELECT id FROM games WHERE status = 'ongoing' AND updated_at < ? ORDER BY updated_at LIMIT ?) RETURNING id`
	oldQuery = `SELECT id FROM games WHERE status IN ('won', 'drawn', 'abandoned') AND updated_at < ? LIMIT ?`
)

// Expire ends the abandoned games and deletes the old ones.
func (s *Store) Expire(ctx context.Context, abandonBefore, deleteBefore time.Time) ([]string, int, error) {
	var ended, old []string
	err := s.do(ctx, func(ctx context.Context, tx *sql.Tx) error {
		ended, old = ended[:0], old[:0]
		var err error
		if !abandonBefore.IsZero() {
			if ended, err = queryIDs(ctx, tx, abandonQuery, abandonBefore.UnixNano(), store.ExpireBatch); err != nil {
				return err
			}
		}
		if deleteBefore.IsZero() {
			return nil
		}
		if old, err = queryIDs(ctx, tx, oldQuery, deleteBefore.UnixNano(), store.ExpireBatch); err != nil {
			return err
		}
		for _, id := range old {
			if _, err := tx.ExecContext(ctx, `DELETE FROM moves WHERE game_id = ?`, id); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `DELETE FROM games WHERE id = ?`, id); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, 0, fmt.Errorf("sqlite: expire: %w", err)
	}
	return ended, len(old), nil
}

func queryIDs(ctx context.Context, tx *sql.Tx, query string, args ...any) ([]string, error) {
	rows, err := tx.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// List returns game records, newest first.
func (s *Store) List(ctx context.Context, f store.Filter) ([]store.Game, error) {
	query, args := listQuery(f)
	rows, err := s.read.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("sqlite: list: %w", err)
	}
	defer rows.Close()
	var games []store.Game
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return nil, fmt.Errorf("sqlite: list: %w", err)
		}
		games = append(games, g)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: list: %w", err)
	}
	return games, nil
}

// isConstraint reports whether err is SQLite refusing a write for a
// constraint (the primary keys here).
func isConstraint(err error) bool {
	const sqliteConstraint = 19 // SQLITE_CONSTRAINT, the primary code of every constraint error
	var e *sqlite.Error
	return errors.As(err, &e) && e.Code()&0xff == sqliteConstraint
}
