package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMoveAt(t *testing.T) {
	g, err := New(WithK(3))
	require.NoError(t, err)
	_, ok := g.MoveAt(0)
	assert.False(t, ok, "empty history")
	for _, c := range [][2]int{{0, 0}, {5, -7}, {1, 1}} {
		_, err := g.Play(c[0], c[1])
		require.NoError(t, err)
	}
	for i, want := range g.History() {
		got, ok := g.MoveAt(i)
		require.True(t, ok)
		assert.Equal(t, want, got)
	}
	for _, i := range []int{-1, 3, 100} {
		_, ok := g.MoveAt(i)
		assert.False(t, ok, "index %d", i)
	}
	_, err = g.Undo()
	require.NoError(t, err)
	_, ok = g.MoveAt(2)
	assert.False(t, ok, "an undone move is no longer in the history")
}
