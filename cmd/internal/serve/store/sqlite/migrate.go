package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// migrations are the schema's versions in order: migrations[i] brings the
// schema from version i to i+1. Released entries never change; a new
// version is a new entry.
var migrations = []string{
	`CREATE TABLE games (
		id         TEXT PRIMARY KEY,
		k          INTEGER NOT NULL,
		players    INTEGER NOT NULL,
		rows       INTEGER NOT NULL,
		cols       INTEGER NOT NULL,
		rule       TEXT NOT NULL,
		max_moves  INTEGER NOT NULL,
		seats      TEXT NOT NULL,
		status     TEXT NOT NULL,
		winner     INTEGER NOT NULL,
		ply        INTEGER NOT NULL,
		creator    TEXT NOT NULL,
		created_at INTEGER NOT NULL,
		updated_at INTEGER NOT NULL
	);
	CREATE INDEX games_by_status ON games (status, created_at);
	CREATE TABLE moves (
		game_id TEXT NOT NULL REFERENCES games (id),
		ply     INTEGER NOT NULL,
		row     INTEGER NOT NULL,
		col     INTEGER NOT NULL,
		player  INTEGER NOT NULL,
		PRIMARY KEY (game_id, ply)
	) WITHOUT ROWID;`,
	// Every listing reads an index in its order, and the janitor finds old
	// games by status and last move; a game over keeps no creator.
	`DROP INDEX games_by_status;
	CREATE INDEX games_by_created ON games (created_at DESC, id);
	CREATE INDEX games_by_status ON games (status, created_at DESC, id);
	CREATE INDEX games_by_update ON games (status, updated_at);
	UPDATE games SET creator = '' WHERE status != 'ongoing';`,
}

// SchemaVersion is the schema version this package writes.
var SchemaVersion = len(migrations)

// migrate brings the schema up to SchemaVersion, one transaction per
// version, and refuses a database written by a newer program.
func migrate(ctx context.Context, db *sql.DB) error {
	if _, err := db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)`); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	var have int
	if err := db.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&have); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	if have > len(migrations) {
		return fmt.Errorf("migrate: schema version %d is newer than this program's %d", have, len(migrations))
	}
	for v := have; v < len(migrations); v++ {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return fmt.Errorf("migrate to %d: %w", v+1, err)
		}
		if _, err := tx.ExecContext(ctx, migrations[v]); err != nil {
			tx.Rollback()
			return fmt.Errorf("migrate to %d: %w", v+1, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)`,
			v+1, time.Now().UnixNano()); err != nil {
			tx.Rollback()
			return fmt.Errorf("migrate to %d: %w", v+1, err)
		}
		if err := tx.Commit(); err != nil {
			return fmt.Errorf("migrate to %d: %w", v+1, err)
		}
	}
	return nil
}
