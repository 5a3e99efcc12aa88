package main

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/arena/opening"
	"github.com/gomoku-engine/gomoku/sparse"
)

// cand builds a candidate from (row, col) pairs.
func cand(rc ...int) candidate {
	c := make(candidate, len(rc)/2)
	for i := range c {
		c[i] = sparse.Cell{Row: rc[2*i], Col: rc[2*i+1]}
	}
	return c
}

func TestHasThree(t *testing.T) {
	tests := []struct {
		name string
		c    candidate
		want bool
	}{
		{"two blacks", cand(0, 0, 5, 5, 0, 1), false},
		{"open three", cand(0, 0, 5, 5, 0, 1, 6, 6, 0, 2), true},
		{"split three", cand(0, 0, 5, 5, 0, 1, 6, 6, 0, 3), true},
		{"three over five cells", cand(0, 0, 5, 5, 0, 2, 6, 6, 0, 4), true},
		{"too far apart", cand(0, 0, 5, 5, 0, 2, 6, 6, 0, 5), false},
		{"blocked by white", cand(0, 0, 0, 1, 0, 2, 6, 6, 0, 3), false},
		{"diagonal three", cand(0, 0, 5, 5, 1, 1, 6, 7, 2, 2), true},
		{"anti-diagonal three", cand(0, 0, 5, 5, 1, -1, 6, 7, 3, -3), true},
		{"white three", cand(0, 0, 3, 0, 5, 5, 3, 1, 6, 7, 3, 2), true},
		{"scattered", cand(0, 0, 1, 0, 1, 1, 0, 1, -1, 1, 2, 2), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, hasThree(tt.c))
		})
	}
}

func TestKeyIgnoresSymmetryTranslationAndOrder(t *testing.T) {
	c := cand(0, 0, 1, 2, -1, 1, 2, -1)
	same := []candidate{
		cand(0, 0, 1, -2, -1, -1, 2, 1), // mirrored left-right
		cand(0, 0, -1, 2, 1, 1, -2, -1), // upside down
		cand(0, 0, 2, 1, 1, -1, -1, 2),  // transposed
		cand(3, 4, 4, 6, 2, 5, 5, 3),    // moved
		cand(-1, 1, 2, -1, 0, 0, 1, 2),  // black's stones in the other order
		cand(-1, 1, 1, 2, 0, 0, 2, -1),  // both colours' stones swapped in order
		cand(0, 0, 2, -1, 1, 1, -1, -2), // rotated a quarter turn
	}
	for i, s := range same {
		assert.Equal(t, key(c), key(s), "variant %d", i)
	}
	differ := []candidate{
		cand(1, 2, 0, 0, 2, -1, -1, 1), // colours swapped
		cand(0, 0, 1, 2, -1, 1, 2, 0),  // one stone elsewhere
		cand(0, 0, 1, 2, -1, 1),        // one stone fewer
	}
	for i, d := range differ {
		assert.NotEqual(t, key(c), key(d), "variant %d", i)
	}
}

func TestGenerateFollowsSpec(t *testing.T) {
	spec := genSpec{minStones: 3, maxStones: 6, radius: 3, gap: 2}
	rng := rand.New(rand.NewPCG(3, 0))
	sizes := map[int]int{}
	made := 0
	for range 2000 {
		c, ok := generate(rng, spec)
		if !ok {
			continue
		}
		made++
		sizes[len(c)]++
		require.GreaterOrEqual(t, len(c), spec.minStones)
		require.LessOrEqual(t, len(c), spec.maxStones)
		require.Equal(t, sparse.Cell{}, c[0], "black's first stone on the centre")
		require.False(t, hasThree(c), "%v", c)
		for i, m := range c {
			require.LessOrEqual(t, abs(m.Row), spec.radius, "%v", c)
			require.LessOrEqual(t, abs(m.Col), spec.radius, "%v", c)
			if i > 0 {
				require.True(t, near(c[:i], m, spec.gap), "%v: stone %d far from the others", c, i)
			}
			for _, o := range c[:i] {
				require.NotEqual(t, o, m, "%v: a cell twice", c)
			}
		}
	}
	assert.Greater(t, made, 1000, "most draws should be kept")
	for n := spec.minStones; n <= spec.maxStones; n++ {
		assert.Positive(t, sizes[n], "openings of %d stones", n)
	}
}

// TestStringIsReadByOpening: the suite's lines are Gomocup offsets the
// match command reads back to the same cells.
func TestStringIsReadByOpening(t *testing.T) {
	c := cand(0, 0, -1, 2, 3, -3, 0, 1)
	ops, err := opening.Parse(strings.NewReader(c.String()+"  # eval +3, black to move\n"), "t")
	require.NoError(t, err)
	require.Len(t, ops, 1)
	cells, err := ops[0].Cells(15, 15)
	require.NoError(t, err)
	for i, m := range c {
		assert.Equal(t, sparse.Cell{Row: m.Row + 7, Col: m.Col + 7}, cells[i])
	}
	cfg := engine.DefaultConfig()
	cfg.Rows, cfg.Cols = 15, 15
	assert.NoError(t, opening.Check(ops, cfg))
	assert.Equal(t, 0, c.toMove())
	assert.Equal(t, 1, c[:3].toMove())
}
