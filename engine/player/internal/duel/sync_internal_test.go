package duel

import (
	"context"
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
	"github.com/gomoku-engine/gomoku/engine/player/internal/dense"
	"github.com/gomoku-engine/gomoku/sparse"
)

// checkDuel fails the test when b's bookkeeping differs from a
// recomputation.
func checkDuel(t *testing.T, b *dense.Board) {
	t.Helper()
	require.NoError(t, b.Verify())
}

// TestDuelSearchLeavesBoardInStep stops searches at every stage with small
// node limits and checks that the working board is back at the game's
// position with its bookkeeping intact.
func TestDuelSearchLeavesBoardInStep(t *testing.T) {
	g, err := engine.New()
	require.NoError(t, err)
	_, err = g.Play(0, 0)
	require.NoError(t, err)
	for i := range 40 {
		ds := &State{}
		fits, warm := ds.Sync(g, time.Time{})
		require.True(t, fits && warm)
		lim := unlimited()
		lim.MaxNodes = int64(1 + i*97)
		c, ok := ds.Choose(context.Background(), g, g.Turn(), lim, &core.Stats{}, &atomic.Pointer[sparse.Cell]{})
		require.True(t, ok)
		require.NoError(t, ds.Verify(g))
		if _, err := g.Play(c.Row, c.Col); err != nil || g.Status() != engine.Ongoing {
			break
		}
	}
}

// TestSyncResumes: a board built over many calls, each stopped at once by
// its deadline, ends in step with the game and equal to one built in a
// single call.
func TestSyncResumes(t *testing.T) {
	g, err := engine.New()
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(1, 2))
	for g.Len() < 3000 {
		r, c := rng.IntN(500), rng.IntN(500)
		if g.CanPlace(r, c) != nil {
			continue
		}
		_, err := g.Play(r, c)
		require.NoError(t, err)
		if g.Status() != engine.Ongoing {
			_, err = g.Undo()
			require.NoError(t, err)
		}
	}
	var ds State
	calls := 0
	for {
		calls++
		fits, warm := ds.Sync(g, time.Now())
		require.True(t, fits)
		if warm {
			break
		}
	}
	assert.Greater(t, calls, 1, "a deadline already passed stops the replay")
	require.NoError(t, ds.Verify(g))
	var fresh State
	fits, warm := fresh.Sync(g, time.Time{})
	require.True(t, fits && warm)
	assert.Equal(t, fresh.b.Stone, ds.b.Stone)
	assert.Equal(t, fresh.b.Cell, ds.b.Cell)
	assert.Equal(t, fresh.b.Counts, ds.b.Counts)
	assert.Equal(t, fresh.b.Hash, ds.b.Hash)
}

// TestVerifyFindsDrift: Verify, which the tests of kept state rely on,
// reports a board that drifted from the game in any of its parts.
func TestVerifyFindsDrift(t *testing.T) {
	g, err := engine.New(engine.WithBounds(15, 15))
	require.NoError(t, err)
	for _, m := range benchOpening[:12] {
		_, err := g.Play(7+m[0], 7+m[1])
		require.NoError(t, err)
	}
	var ds State
	fits, warm := ds.Sync(g, time.Time{})
	require.True(t, fits && warm)
	require.NoError(t, ds.Verify(g))
	i, _ := ds.b.Index(0, 0)
	for name, drift := range map[string]func(){
		"hash":   func() { ds.b.Hash ^= 1 },
		"near":   func() { ds.b.Near[i]++ },
		"counts": func() { ds.b.Counts[0][dense.ClassFlex2]++ },
		"worth":  func() { ds.b.Worth[1][dense.Waiting]++ },
		"cell":   func() { ds.b.Cell[i].Val[0]++ },
		"moves":  func() { ds.played[3].Col++ },
	} {
		var fresh State
		fresh.Sync(g, time.Time{})
		ds = fresh
		drift()
		assert.Error(t, ds.Verify(g), name)
	}
	h, err := engine.New(engine.WithBounds(15, 15))
	require.NoError(t, err)
	assert.Error(t, ds.Verify(h), "another game")
}
