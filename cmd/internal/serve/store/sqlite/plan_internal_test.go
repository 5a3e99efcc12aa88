package sqlite

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store"
)

// Every listing, and the janitor's searches, read an index in order: no
// scan of the games table, no sort in a temporary tree.
func TestQueryPlans(t *testing.T) {
	st, err := Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	require.NoError(t, err)
	defer st.Close()
	type query struct {
		name string
		sql  string
		args []any
	}
	var queries []query
	for _, f := range []store.Filter{{}, {Limit: 1}, {Status: "ongoing", Limit: 50}, {Status: "won"}} {
		q, args := listQuery(f)
		queries = append(queries, query{"list " + f.Status, q, args})
	}
	cutoff := time.Now().UnixNano()
	queries = append(queries,
		query{"abandon", abandonQuery, []any{cutoff, 10}},
		query{"old", oldQuery, []any{cutoff, 10}},
		query{"moves", strings.ReplaceAll(store.MovesQuery, "%s", "?"), []any{"0123456789abcdef", 0}},
	)
	for _, q := range queries {
		rows, err := st.read.Query("EXPLAIN QUERY PLAN "+q.sql, q.args...)
		require.NoError(t, err, q.name)
		var plan []string
		for rows.Next() {
			var id, parent, unused int
			var detail string
			require.NoError(t, rows.Scan(&id, &parent, &unused, &detail))
			plan = append(plan, detail)
		}
		require.NoError(t, rows.Err())
		rows.Close()
		joined := strings.Join(plan, "; ")
		t.Logf("%s: %s", q.name, joined)
		for _, step := range plan {
			assert.False(t, strings.HasPrefix(step, "SCAN games") && !strings.Contains(step, "INDEX"), "%s scans the games: %s", q.name, joined)
			assert.NotContains(t, step, "TEMP B-TREE", "%s sorts: %s", q.name, joined)
		}
	}
}
