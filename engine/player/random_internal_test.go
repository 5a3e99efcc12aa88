package player

import (
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/sparse"
)

// TestKthEmpty checks the mark-walking pick against a scan of the board.
func TestKthEmpty(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		rows, cols := 1+rng.IntN(5), 1+rng.IntN(5)
		g, err := engine.New(engine.WithBounds(rows, cols), engine.WithK(max(rows, cols)), engine.WithFreeOrder(), engine.WithPlayers(9))
		require.NoError(t, err)
		var empty []sparse.Cell
		for r := range rows {
			for c := range cols {
				if rng.IntN(3) > 0 && g.Len() < rows*cols-1 {
					_, err := g.PlayAs(r, c, 1+g.Len()%9)
					require.NoError(t, err)
					continue
				}
				empty = append(empty, sparse.Cell{Row: r, Col: c})
			}
		}
		if g.Status() != engine.Ongoing {
			continue
		}
		require.Equal(t, len(empty), emptyCount(g))
		for k, want := range empty {
			assert.Equal(t, want, kthEmpty(g, k), "k=%d on %d×%d", k, rows, cols)
		}
	}
}

// TestSampleCrowded drives the sampling path, meant for huge boards, on a
// crowded small board where it must fall back to the exact pick.
func TestSampleCrowded(t *testing.T) {
	g, err := engine.New(engine.WithBounds(40, 40), engine.WithK(40), engine.WithFreeOrder(), engine.WithPlayers(4))
	require.NoError(t, err)
	for r := range 40 {
		for c := range 40 {
			if (r == 7 && c == 9) || (r == 39 && c == 39) {
				continue
			}
			_, err := g.PlayAs(r, c, 1+(r%2)*2+c%2)
			require.NoError(t, err)
		}
	}
	rnd := NewRandom(1)
	counts := map[sparse.Cell]int{}
	for range 400 {
		counts[rnd.sample(g)]++
	}
	assert.Equal(t, []sparse.Cell{{Row: 7, Col: 9}, {Row: 39, Col: 39}}, sortedKeys(counts))
	assert.InDelta(t, 200, counts[sparse.Cell{Row: 7, Col: 9}], 50)
}

func sortedKeys(m map[sparse.Cell]int) []sparse.Cell {
	out := slices.Collect(maps.Keys(m))
	slices.SortFunc(out, sparse.Cell.Compare)
	return out
}
