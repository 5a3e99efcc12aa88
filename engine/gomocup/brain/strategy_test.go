package brain

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
)

func TestByNameKeepsOneSearch(t *testing.T) {
	f, err := ByName("search", 1)
	require.NoError(t, err)
	a, err := f(Think{Stones: 1})
	require.NoError(t, err)
	b, err := f(Think{Stones: 7})
	require.NoError(t, err)
	assert.Same(t, a, b, "one search serves every move")
	assert.Equal(t, "search", a.Name())

	g, err := engine.New(engine.WithBounds(15, 15))
	require.NoError(t, err)
	_, err = g.Play(7, 7)
	require.NoError(t, err)
	// A search still busy (a move that overran) leaves the next move to a
	// fresh one rather than share its state.
	k := a.(*keptSearch)
	k.mu.Lock()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	c, err := k.Choose(ctx, g, 2)
	k.mu.Unlock()
	require.NoError(t, err)
	assert.NoError(t, g.CanPlace(c.Row, c.Col))

	r1, err := ByName("random", 1)
	require.NoError(t, err)
	x, _ := r1(Think{Stones: 1})
	y, _ := r1(Think{Stones: 2})
	assert.NotSame(t, x, y, "other strategies are made per move")
}

// INFO max_memory reaches the kept search: a new limit makes a new search,
// its table sized from half the limit, at the next move; the same limit
// keeps the search and what it learnt. So does INFO thread_num.
func TestByNameSizesTableFromMaxMemory(t *testing.T) {
	assert.Equal(t, int64(175<<20), tableMemory(350<<20))
	assert.Zero(t, tableMemory(0), "no limit: the default table")
	f, err := ByName("search", 1)
	require.NoError(t, err)
	g, err := engine.New(engine.WithBounds(15, 15))
	require.NoError(t, err)
	_, err = g.Play(7, 7)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()

	s, err := f(Think{MaxMemory: 0})
	require.NoError(t, err)
	k := s.(*keptSearch)
	first := k.s
	_, err = k.Choose(ctx, g, 2)
	require.NoError(t, err)
	assert.Same(t, first, k.s, "no limit, as made")

	_, err = f(Think{MaxMemory: 64 << 20})
	require.NoError(t, err)
	_, err = k.Choose(ctx, g, 2)
	require.NoError(t, err)
	assert.NotSame(t, first, k.s, "a new limit, a new search")
	assert.Equal(t, setting{memory: 64 << 20}, k.have)
	second := k.s
	_, err = f(Think{MaxMemory: 64 << 20})
	require.NoError(t, err)
	_, err = k.Choose(ctx, g, 2)
	require.NoError(t, err)
	assert.Same(t, second, k.s, "the same limit keeps the search")

	_, err = f(Think{MaxMemory: 64 << 20, Threads: 2})
	require.NoError(t, err)
	_, err = k.Choose(ctx, g, 2)
	require.NoError(t, err)
	assert.NotSame(t, second, k.s, "INFO thread_num makes a new search")
	assert.Equal(t, setting{memory: 64 << 20, threads: 2}, k.have)
}
