package core

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/sparse"
)

// TestLocalScoreCountsACycleOnce: on a 1 × 4 torus with K = 4, the empty
// cell closes a cycle whose other three cells are player 1's. Each line
// through it (the row, and the two diagonals, which on a strip are the
// row again) holds a run of 3 with no open end, worth 16; the column is a
// cycle of the cell alone, worth 1. Reading a cell twice would count a run
// of 6 on each.
func TestLocalScoreCountsACycleOnce(t *testing.T) {
	g, err := engine.New(engine.WithBounds(1, 4), engine.WithK(4), engine.WithTorus(), engine.WithFreeOrder())
	require.NoError(t, err)
	for _, c := range []int{1, 2, 3} {
		_, err := g.PlayAs(0, c, 1)
		require.NoError(t, err)
	}
	attack, defence := 16+1+16+16, 1+1+1+1
	assert.Equal(t, 5*attack+4*defence, LocalScore(g, sparse.Cell{Row: 0, Col: 0}, 1))
}

// TestLocalScoreIsTranslationInvariantOnATorus: a torus has no edges, so
// shifting every mark by the same offset (modulo the board) shifts the
// scores with them.
func TestLocalScoreIsTranslationInvariantOnATorus(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 1))
	for range 200 {
		rows, cols := 1+rng.IntN(8), 1+rng.IntN(8)
		cfg := engine.Config{Rows: rows, Cols: cols, Torus: true}
		k := 1 + rng.IntN(cfg.Cycle(1, 1))
		opts := []engine.Option{engine.WithBounds(rows, cols), engine.WithK(k), engine.WithTorus(), engine.WithFreeOrder(), engine.WithPlayers(3)}
		g, err := engine.New(opts...)
		require.NoError(t, err)
		shifted, err := engine.New(opts...)
		require.NoError(t, err)
		dr, dc := rng.IntN(rows), rng.IntN(cols)
		for range rng.IntN(rows * cols) {
			r, c, p := rng.IntN(rows), rng.IntN(cols), 1+rng.IntN(3)
			if g.At(r, c) != 0 {
				continue
			}
			if won, _ := g.WouldWin(r, c, p); won {
				continue // keep the game going
			}
			_, err := g.PlayAs(r, c, p)
			require.NoError(t, err)
			sr, sc := cfg.Wrap(r+dr, c+dc)
			_, err = shifted.PlayAs(sr, sc, p)
			require.NoError(t, err)
		}
		for r := range rows {
			for c := range cols {
				if g.At(r, c) != 0 {
					continue
				}
				sr, sc := cfg.Wrap(r+dr, c+dc)
				for p := 1; p <= 3; p++ {
					require.Equal(t, LocalScore(g, sparse.Cell{Row: r, Col: c}, p), LocalScore(shifted, sparse.Cell{Row: sr, Col: sc}, p),
						"%d×%d K=%d, cell (%d, %d) shifted by (%d, %d), player %d", rows, cols, k, r, c, dr, dc, p)
				}
			}
		}
	}
}
