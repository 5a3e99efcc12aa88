package history_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player/internal/history"
)

func mv(r, c, p int) engine.Move { return engine.Move{Row: r, Col: c, Player: p} }

func TestCommon(t *testing.T) {
	a := history.Moves{mv(0, 0, 1), mv(1, 1, 2), mv(2, 2, 1), mv(3, 3, 2)}
	for _, tc := range []struct {
		name string
		b    history.Moves
		want int
	}{
		{"both empty", nil, 0},
		{"same", slices.Clone(a), 4},
		{"prefix", a[:2], 2},
		{"longer", append(slices.Clone(a), mv(4, 4, 1)), 4},
		{"first differs", history.Moves{mv(9, 9, 1), mv(1, 1, 2), mv(2, 2, 1), mv(3, 3, 2)}, 0},
		// Later indexes coincide: only the prefix counts.
		{"middle differs", history.Moves{mv(0, 0, 1), mv(5, 5, 2), mv(2, 2, 1), mv(3, 3, 2)}, 1},
		{"same cell, other player", history.Moves{mv(0, 0, 2)}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, history.Common(a, tc.b))
			assert.Equal(t, tc.want, history.Common(tc.b, a))
		})
	}
}

// copyOf is a working copy that logs the callbacks Sync makes.
type copyOf struct {
	moves  []engine.Move
	resets int
	undos  int
	limit  int // play refuses moves once the copy holds this many; 0: none
}

func (c *copyOf) sync(want history.History) int {
	return history.Sync(history.Moves(c.moves), want,
		func() { c.resets++; c.moves = c.moves[:0] },
		func() { c.undos++; c.moves = c.moves[:len(c.moves)-1] },
		func(m engine.Move) bool {
			if c.limit > 0 && len(c.moves) >= c.limit {
				return false
			}
			c.moves = append(c.moves, m)
			return true
		})
}

// TestSyncNewGameSharingALaterMove is the stale-state case: a new game
// whose seventh move equals the old game's must not keep the old six.
func TestSyncNewGameSharingALaterMove(t *testing.T) {
	old := history.Moves{mv(7, 3, 1), mv(0, 0, 2), mv(7, 4, 1), mv(14, 0, 2), mv(7, 5, 1), mv(0, 14, 2), mv(14, 14, 1)}
	next := history.Moves{mv(3, 3, 1), mv(2, 3, 2), mv(4, 3, 1), mv(14, 0, 2), mv(5, 3, 1), mv(0, 14, 2), mv(14, 14, 1)}
	c := &copyOf{moves: slices.Clone(old)}
	require.Equal(t, len(next), c.sync(next))
	assert.Equal(t, []engine.Move(next), c.moves)
	assert.Equal(t, 1, c.resets)
	assert.Zero(t, c.undos)
}

// TestSyncProperty checks Sync against its definition on random pairs of
// histories sharing a random prefix and often coinciding later on.
func TestSyncProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	cells := func(n int) history.Moves {
		out := make(history.Moves, n)
		for i := range out {
			out[i] = mv(rng.IntN(3), rng.IntN(3), 1+i%2)
		}
		return out
	}
	for range 2000 {
		shared := cells(rng.IntN(6))
		a := append(slices.Clone(shared), cells(rng.IntN(6))...)
		b := append(slices.Clone(shared), cells(rng.IntN(6))...)
		want := 0
		for want < min(len(a), len(b)) && a[want] == b[want] {
			want++
		}
		require.Equal(t, want, history.Common(a, b))

		c := &copyOf{moves: slices.Clone(a)}
		if rng.IntN(4) == 0 {
			c.limit = rng.IntN(len(b) + 1)
		}
		held := c.sync(b)
		switch {
		case c.limit > 0 && c.limit < len(b):
			require.Equal(t, max(c.limit, want), held)
		default:
			require.Equal(t, len(b), held)
		}
		assert.Equal(t, []engine.Move(b[:held]), c.moves, "%v -> %v", a, b)
		if want == 0 && len(a) > 0 {
			assert.Equal(t, 1, c.resets)
			assert.Zero(t, c.undos)
		} else {
			assert.Zero(t, c.resets)
			assert.Equal(t, len(a)-want, c.undos)
		}
	}
}

func TestMovesMoveAt(t *testing.T) {
	m := history.Moves{mv(1, 2, 1)}
	got, ok := m.MoveAt(0)
	assert.True(t, ok)
	assert.Equal(t, mv(1, 2, 1), got)
	for _, i := range []int{-1, 1} {
		_, ok := m.MoveAt(i)
		assert.False(t, ok)
	}
}

// *engine.Game is a History.
var _ history.History = (*engine.Game)(nil)
