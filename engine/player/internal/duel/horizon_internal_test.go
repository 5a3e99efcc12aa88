package duel

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
	"github.com/gomoku-engine/gomoku/engine/record"
	"github.com/gomoku-engine/gomoku/sparse"
)

// horizonSearch searches g's position at 20,000 nodes on a fresh state
// watched by h (none when nil), as the brain plays: its move and stats.
func horizonSearch(t *testing.T, g *engine.Game, h *Horizon) (sparse.Cell, core.Stats) {
	t.Helper()
	ds := &State{}
	ds.SetHorizon(h)
	fits, warm := ds.Sync(g, time.Time{})
	require.True(t, fits && warm)
	lim := core.Limits{Start: time.Now(), MaxDepth: core.MaxDepth, MaxNodes: 20000, Width: core.DefaultWidth, VCF: true, VCT: true}
	var st core.Stats
	c, ok := ds.Choose(context.Background(), g, g.Turn(), lim, &st, &atomic.Pointer[sparse.Cell]{})
	require.True(t, ok)
	return c, st
}

// A watched search plays the same move with the same value, depth and
// nodes as an unwatched one, and what it reports are positions of the
// search: the game's marks then legal alternate moves, whose key is the
// one Keep was asked, whose static value the search could use (the fit
// accepts them).
func TestHorizonWatchesWithoutChanging(t *testing.T) {
	for _, ms := range middleGames(t)[:4] {
		g := gameOf(t, ms)
		rec, err := record.ParseMoveString(ms)
		require.NoError(t, err)
		plain, plainStats := horizonSearch(t, g, nil)
		asked, kept := 0, 0
		var key uint64
		h := &Horizon{
			Keep: func(k uint64) bool {
				asked++
				key = k
				return k%7 == 0
			},
			Record: func(marks []sparse.Cell) {
				kept++
				require.Greater(t, len(marks), g.Len(), ms)
				for n, m := range rec.Moves {
					require.Equal(t, sparse.Cell{Row: m.Row, Col: m.Col}, marks[n], "the game's marks first: %s", ms)
				}
				r, err := NewReplay(g.Config())
				require.NoError(t, err)
				for _, m := range marks {
					require.True(t, r.Play(m.Row, m.Col), "a legal move: %s %v", ms, marks)
				}
				assert.Equal(t, key, r.b.Hash^sideKey[len(marks)%2], "the key of the marks, the side to move's")
				_, _, ok := r.Features()
				assert.True(t, ok, "a position the fit accepts: %s %v", ms, marks)
			},
		}
		watched, watchedStats := horizonSearch(t, g, h)
		assert.Equal(t, plain, watched, ms)
		assert.Equal(t, plainStats.Score, watchedStats.Score, ms)
		assert.Equal(t, plainStats.Depth, watchedStats.Depth, ms)
		assert.Equal(t, plainStats.Nodes, watchedStats.Nodes, ms)
		assert.Greater(t, asked, 1000, "the leaves of 20,000 nodes")
		assert.Greater(t, kept, asked/20, "about one in seven kept")
		assert.Less(t, kept, asked/4, "about one in seven kept")
	}
}
