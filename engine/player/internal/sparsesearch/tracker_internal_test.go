package sparsesearch

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/internal/cellkey"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
)

// checkTracker fails the test when tr's bookkeeping differs from a
// recomputation.
func checkTracker(t *testing.T, tr *Tracker) {
	t.Helper()
	require.NoError(t, tr.Verify())
}

// TestTrackerMatchesBoard plays and undoes random moves on many
// configurations and checks the incremental state after each.
func TestTrackerMatchesBoard(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for round := range 40 {
		cfg := engine.DefaultConfig()
		cfg.K = 1 + rng.IntN(6)
		cfg.Players = 2 + rng.IntN(2)
		if round%3 == 0 {
			cfg.Rows, cfg.Cols = 2+rng.IntN(6), 2+rng.IntN(6)
			cfg.K = 1 + rng.IntN(max(cfg.Rows, cfg.Cols))
		}
		if rng.IntN(2) == 0 {
			cfg.Rule = engine.Exact
		}
		t.Run(fmt.Sprintf("%d/%v", round, cfg), func(t *testing.T) {
			tr, err := NewTracker(cfg)
			require.NoError(t, err)
			for step := 0; step < 60; step++ {
				if tr.g.Len() > 0 && (tr.g.Status() != engine.Ongoing || rng.IntN(4) == 0) {
					tr.Undo()
				} else {
					r, c := rng.IntN(7)-3, rng.IntN(7)-3
					if cfg.Bounded() {
						r, c = rng.IntN(cfg.Rows), rng.IntN(cfg.Cols)
					}
					if tr.g.CanPlace(r, c) != nil {
						continue
					}
					_, err := tr.Place(r, c, tr.g.Turn())
					require.NoError(t, err)
				}
				checkTracker(t, tr)
			}
		})
	}
}

// TestSearchLeavesItsCopyInStep stops searches at every stage with small
// node limits and checks that the working copy is back where it started:
// the real game's position, with bookkeeping to match.
func TestSearchLeavesItsCopyInStep(t *testing.T) {
	g, err := engine.New(engine.WithK(4))
	require.NoError(t, err)
	_, err = g.Play(0, 0)
	require.NoError(t, err)
	for i := range 40 {
		var s State
		warm, err := s.Sync(g, time.Time{})
		require.NoError(t, err)
		require.True(t, warm)
		lim := core.Limits{Start: time.Now(), MaxDepth: core.MaxDepth, MaxNodes: int64(1 + i*37), Width: core.DefaultWidth, VCF: true, VCT: true}
		key, ok := s.NewRun(context.Background(), g.Turn(), lim, &core.Stats{}, rand.New(rand.NewPCG(1, 2))).Best()
		require.True(t, ok)
		require.NoError(t, s.Verify(g))
		r, c := cellkey.Unpack(key)
		if _, err := g.Play(r, c); err != nil || g.Status() != engine.Ongoing {
			break
		}
	}
}

// TestVerifyFindsDrift: Verify, which the tests of kept state rely on,
// reports a tracker that drifted from the game in any of its parts.
func TestVerifyFindsDrift(t *testing.T) {
	g, err := engine.New(engine.WithPlayers(3), engine.WithK(4))
	require.NoError(t, err)
	for _, m := range [][2]int{{0, 0}, {1, 1}, {2, 2}, {0, 1}, {1, 2}, {2, 3}, {0, 2}} {
		_, err := g.Play(m[0], m[1])
		require.NoError(t, err)
	}
	key := cellkey.Pack(0, 3)
	for name, drift := range map[string]func(tr *Tracker){
		"score":  func(tr *Tracker) { tr.score[1]++ },
		"fours":  func(tr *Tracker) { tr.fours[2][key]++ },
		"threes": func(tr *Tracker) { delete(tr.threes[1], key) },
		"gain":   func(tr *Tracker) { tr.gain[3][key] = cellGain{attack: 1} },
		"near":   func(tr *Tracker) { tr.near[key]++ },
		"hash":   func(tr *Tracker) { tr.hash ^= 1 },
	} {
		var s State
		warm, err := s.Sync(g, time.Time{})
		require.NoError(t, err)
		require.True(t, warm)
		require.NoError(t, s.Verify(g))
		drift(s.t)
		assert.Error(t, s.Verify(g), name)
	}
}
