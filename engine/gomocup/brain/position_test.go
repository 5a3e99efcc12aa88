package brain

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/gomocup"
)

func positionOf(t *testing.T, cols, rows int, stones ...stone) *position {
	t.Helper()
	p := newPosition(cols, rows)
	for _, s := range stones {
		require.NoError(t, p.free(s.x, s.y))
		p.place(s.x, s.y, s.f)
	}
	checkPosition(t, p)
	return p
}

func TestFallback(t *testing.T) {
	row := func(f gomocup.Field, y int, xs ...int) []stone {
		var out []stone
		for _, x := range xs {
			out = append(out, stone{x, y, f})
		}
		return out
	}
	cat := func(parts ...[]stone) []stone {
		var out []stone
		for _, p := range parts {
			out = append(out, p...)
		}
		return out
	}
	tests := []struct {
		name   string
		stones []stone
		rule   engine.Rule
		x, y   int
	}{
		{"empty board: the centre", nil, engine.Freestyle, 10, 10},
		{"own four: win", cat(row(gomocup.FieldOwn, 3, 4, 5, 6, 7), row(gomocup.FieldOpponent, 9, 1, 2, 4), row(gomocup.FieldOpponent, 3, 3)), engine.Freestyle, 8, 3},
		{"opponent four: block", cat(row(gomocup.FieldOwn, 3, 4, 5, 6), row(gomocup.FieldOpponent, 9, 1, 2, 3, 4), row(gomocup.FieldOwn, 9, 0)), engine.Freestyle, 5, 9},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := positionOf(t, 20, 20, tt.stones...)
			g, me := p.game(k, tt.rule)
			x, y, ok := p.fallback(g, me)
			require.True(t, ok)
			assert.Equal(t, [2]int{tt.x, tt.y}, [2]int{x, y})
			assert.NoError(t, p.free(x, y))
		})
	}
}

func TestFallbackExactRule(t *testing.T) {
	// Own stones at x = 0, 1, 2, 3 and 5 of row 0: x = 4 makes six, a win in
	// freestyle only.
	var stones []stone
	for _, x := range []int{0, 1, 2, 3, 5} {
		stones = append(stones, stone{x, 0, gomocup.FieldOwn}, stone{2 * x, 9, gomocup.FieldOpponent})
	}
	p := positionOf(t, 20, 20, stones...)
	g, me := p.game(k, engine.Exact)
	x, y, ok := p.fallback(g, me)
	require.True(t, ok)
	assert.NotEqual(t, [2]int{4, 0}, [2]int{x, y}, "an overline does not win under exact five")
	g, me = p.game(k, engine.Freestyle)
	x, y, _ = p.fallback(g, me)
	assert.Equal(t, [2]int{4, 0}, [2]int{x, y})
}

func TestPositionGame(t *testing.T) {
	// Opponent began: the brain is player 2 and the game is in rotation.
	p := positionOf(t, 15, 15, stone{7, 7, gomocup.FieldOpponent}, stone{8, 8, gomocup.FieldOwn}, stone{9, 9, gomocup.FieldOpponent})
	g, me := p.game(k, engine.Freestyle)
	require.NotNil(t, g)
	assert.Equal(t, 2, me)
	assert.Equal(t, 2, g.Turn())
	assert.Equal(t, engine.Rotation, g.Config().Order)
	assert.Equal(t, 1, g.At(7, 7), "row = y, col = x")

	// Counts no alternating game reaches: free order, the brain is 1.
	p = positionOf(t, 15, 15, stone{1, 1, gomocup.FieldOwn}, stone{2, 2, gomocup.FieldOwn}, stone{3, 3, gomocup.FieldOpponent})
	g, me = p.game(k, engine.Freestyle)
	require.NotNil(t, g)
	assert.Equal(t, 1, me)
	assert.Equal(t, engine.FreeOrder, g.Config().Order)

	// Dead stones of a continuous game are a third player's.
	p = positionOf(t, 15, 15, stone{1, 1, gomocup.FieldOwn}, stone{2, 2, gomocup.FieldDead}, stone{3, 3, gomocup.FieldOpponent})
	g, _ = p.game(k, engine.Freestyle)
	require.NotNil(t, g)
	assert.Equal(t, 3, g.Config().Players)
	assert.Equal(t, 3, g.At(2, 2))

	// A five already on the board: no game for a strategy, yet a fallback.
	p = positionOf(t, 15, 15, stone{0, 0, gomocup.FieldOpponent}, stone{1, 0, gomocup.FieldOpponent}, stone{2, 0, gomocup.FieldOpponent}, stone{3, 0, gomocup.FieldOpponent}, stone{4, 0, gomocup.FieldOpponent},
		stone{0, 5, gomocup.FieldOwn}, stone{1, 5, gomocup.FieldOwn}, stone{2, 5, gomocup.FieldOwn}, stone{3, 5, gomocup.FieldOwn})
	g, _ = p.game(k, engine.Freestyle)
	assert.Nil(t, g)
	x, y, ok := p.fallback(nil, 0)
	require.True(t, ok)
	assert.NoError(t, p.free(x, y))
}

func TestPositionRemove(t *testing.T) {
	p := positionOf(t, 9, 9, stone{1, 1, gomocup.FieldOwn}, stone{2, 2, gomocup.FieldOpponent})
	assert.False(t, p.remove(3, 3))
	assert.True(t, p.remove(1, 1))
	assert.False(t, p.remove(1, 1))
	checkPosition(t, p)
	assert.Equal(t, []stone{{2, 2, gomocup.FieldOpponent}}, p.stones)
	assert.Equal(t, 80, p.empties())
}
