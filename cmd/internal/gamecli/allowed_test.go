package gamecli_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/cmd/internal/gamecli"
	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/renju"
	"github.com/gomoku-engine/gomoku/sparse"
)

func TestReplaceForbidden(t *testing.T) {
	g, err := engine.New(engine.WithRule(engine.Renju), engine.WithBounds(15, 15))
	require.NoError(t, err)
	// Black's threes 7 7..7 8 and 8 9..9 9 meet at 7 9: a double three.
	for _, c := range [][2]int{{7, 7}, {3, 3}, {7, 8}, {3, 11}, {8, 9}, {11, 3}, {9, 9}, {11, 11}} {
		_, err := g.Play(c[0], c[1])
		require.NoError(t, err)
	}
	require.Equal(t, renju.DoubleThree, g.Forbidden(7, 9))

	c, note, err := gamecli.ReplaceForbidden(g, sparse.Cell{Row: 7, Col: 9})
	require.NoError(t, err)
	assert.Equal(t, sparse.Cell{Row: 6, Col: 8}, c, "the first allowed cell of the nearest ring")
	assert.Equal(t, "chose 7 9, forbidden to black (double three): plays 6 8 instead", note)

	for _, same := range []sparse.Cell{{Row: 0, Col: 0}, {Row: 7, Col: 7}, {Row: 20, Col: 20}} {
		c, note, err := gamecli.ReplaceForbidden(g, same)
		require.NoError(t, err)
		assert.Equal(t, same, c, "allowed, occupied or off the board: left to the game to judge")
		assert.Empty(t, note)
	}
}

// On random crowded renju positions the replacement is always playable
// and no allowed cell lies nearer the bot's choice than it, as a search of
// the whole board finds.
func TestReplaceForbiddenIsNearestAllowed(t *testing.T) {
	const n = 15
	rng := rand.New(rand.NewPCG(1, 2))
	replaced := 0
	for range 60 {
		g, err := engine.New(engine.WithRule(engine.Renju), engine.WithBounds(n, n))
		require.NoError(t, err)
		for g.Status() == engine.Ongoing && g.Len() < 120 {
			// Black plays near the middle, to crowd it with shapes.
			c := sparse.Cell{Row: 4 + rng.IntN(7), Col: 4 + rng.IntN(7)}
			if g.Turn() == 2 {
				c = sparse.Cell{Row: rng.IntN(n), Col: rng.IntN(n)}
			}
			if g.CanPlace(c.Row, c.Col) != nil {
				continue
			}
			got, _, err := gamecli.ReplaceForbidden(g, c)
			require.NoError(t, err)
			if got != c {
				replaced++
				require.NotEqual(t, renju.None, g.Forbidden(c.Row, c.Col))
				d := dist(c, got)
				for r := range n {
					for col := range n {
						if g.CanPlace(r, col) == nil && g.Forbidden(r, col) == renju.None {
							require.GreaterOrEqual(t, dist(c, sparse.Cell{Row: r, Col: col}), d, "(%d, %d) is nearer %v than %v", r, col, c, got)
						}
					}
				}
			}
			_, err = g.Play(got.Row, got.Col)
			require.NoError(t, err)
		}
	}
	assert.Greater(t, replaced, 20, "the positions had forbidden cells to replace")
}

func dist(a, b sparse.Cell) int { return max(abs(a.Row-b.Row), abs(a.Col-b.Col)) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
