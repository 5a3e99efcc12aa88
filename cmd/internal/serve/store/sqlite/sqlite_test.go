package sqlite_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store"
	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store/sqlite"
	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store/storetest"
)

func TestContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) storetest.Opener {
		path := filepath.Join(t.TempDir(), "games.db")
		return func(t *testing.T) store.Store {
			st, err := sqlite.Open(context.Background(), path)
			require.NoError(t, err)
			return st
		}
	})
}

func TestMigrations(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	st, err := sqlite.Open(context.Background(), path)
	require.NoError(t, err)
	require.NoError(t, st.Close())

	// Opening again applies nothing twice.
	st, err = sqlite.Open(context.Background(), path)
	require.NoError(t, err)
	require.NoError(t, st.Close())

	// A database from a newer program is refused, not damaged.
	db, err := sql.Open("sqlite", path)
	require.NoError(t, err)
	var have int
	require.NoError(t, db.QueryRow(`SELECT MAX(version) FROM schema_migrations`).Scan(&have))
	assert.Equal(t, sqlite.SchemaVersion, have)
	_, err = db.Exec(`INSERT INTO schema_migrations (version, applied_at) VALUES (?, 0)`, have+1)
	require.NoError(t, err)
	require.NoError(t, db.Close())
	_, err = sqlite.Open(context.Background(), path)
	assert.ErrorContains(t, err, "newer than this program's")
}
