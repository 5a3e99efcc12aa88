package sqlite_test

import (
	"context"
	"path/filepath"
	"testing"

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
