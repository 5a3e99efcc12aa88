package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// migrations are the schema's versions in order: migrations[i] brings the
// schema from version i to i+1. Released entries never change.
var migrations = []string{
	`CREATE TABLE games (
		id         TEXT PRIMARY KEY,
		k          INTEGER NOT NULL,
		players    INTEGER NOT NULL,
		rows       INTEGER NOT NULL,
		cols       INTEGER NOT NULL,
		rule       TEXT NOT NULL,
		max_moves  INTEGER NOT NULL,
		seats      JSONB NOT NULL,
		status     TEXT NOT NULL,
		winner     INTEGER NOT NULL,
		ply        INTEGER NOT NULL,
		creator    TEXT NOT NULL,
		created_at TIMESTAMPTZ NOT NULL,
		updated_at TIMESTAMPTZ NOT NULL
	);
	CREATE INDEX games_by_status ON games (status, created_at);
	CREATE TABLE moves (
		game_id TEXT NOT NULL REFERENCES games (id),
		ply     INTEGER NOT NULL,
		row     BIGINT NOT NULL,
		col     BIGINT NOT NULL,
		player  INTEGER NOT NULL,
		PRIMARY KEY (game_id, ply)
	);`,
	// Every listing reads an index in its order, and the janitor finds old
	// games by status and last move; a game over keeps no creator.
	`DROP INDEX games_by_status;
	CREATE INDEX games_by_created ON games (created_at DESC, id);
	CREATE INDEX games_by_status ON games (status, created_at DESC, id);
	CREATE INDEX games_by_update ON games (status, updated_at);
	UPDATE games SET creator = '' WHERE status <> 'ongoing';`,
}

// migrationLock is the advisory lock key that serialises servers migrating
// one database at the same time.
const migrationLock = 0x676f6d6f6b75 // "gomoku"

// migrate brings the schema up to date in one transaction, and
// refuses a database written by a newer program.
func migrate(ctx context.Context, pool *pgxpool.Pool) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, migrationLock); err != nil {
			return fmt.Errorf("migrate: %w", err)
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
			version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`); err != nil {
			return fmt.Errorf("migrate: %w", err)
		}
		var have int
		if err := tx.QueryRow(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&have); err != nil {
			return fmt.Errorf("migrate: %w", err)
		}
		if have > len(migrations) {
			return fmt.Errorf("migrate: schema version %d is newer than this program's %d", have, len(migrations))
		}
		for v := have; v < len(migrations); v++ {
			if _, err := tx.Exec(ctx, migrations[v]); err != nil {
				return fmt.Errorf("migrate to %d: %w", v+1, err)
			}
			if _, err := tx.Exec(ctx, `INSERT INTO schema_migrations (version) VALUES ($1)`, v+1); err != nil {
				return fmt.Errorf("migrate to %d: %w", v+1, err)
			}
		}
		return nil
	})
}
