package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/gomoku-engine/gomoku/engine/internal/cellkey"
	"github.com/stretchr/testify/require"
)

// requireLongRunEnds checks the run-length checker's invariant on g: both
// ends of every run of at least longRun cells that is not a whole torus
// cycle hold that run's exact length. A missing length would not change an
// answer (the checker then walks the whole run), so only this test sees it.
func requireLongRunEnds(t *testing.T, g *Game) {
	t.Helper()
	r := g.checker.(*runs)
	cfg := g.cfg
	step := func(row, col, dr, dc int) (int, int) {
		row, col = row+dr, col+dc
		if cfg.Torus {
			row, col = cfg.Wrap(row, col)
		}
		return row, col
	}
	g.board.Each(func(row, col int, p uint8) {
		for ax, a := range axes {
			// Count the run through the cell, stopping if it closes a cycle.
			n, closed := 1, false
			for _, s := range [2]int{1, -1} {
				rr, cc := step(row, col, s*a.Row, s*a.Col)
				for g.board.Get(rr, cc) == p {
					if rr == row && cc == col {
						closed = true
						break
					}
					n++
					rr, cc = step(rr, cc, s*a.Row, s*a.Col)
				}
			}
			pr, pc := step(row, col, -a.Row, -a.Col)
			nr, nc := step(row, col, a.Row, a.Col)
			end := g.board.Get(pr, pc) != p || g.board.Get(nr, nc) != p
			if closed || !end || n < longRun {
				continue
			}
			s, ok := r.slot[cellkey.Pack(row, col)]
			require.True(t, ok, "no entry at (%d, %d), an end of a run of %d on axis %d, %v", row, col, n, ax, cfg)
			require.EqualValues(t, n, r.entries.at(int(s)).lengths[ax], "length at (%d, %d) on axis %d, %v", row, col, ax, cfg)
		}
	})
}

// TestRunsKeepsLongRunEnds plays, undoes and redoes random moves of two
// players on small windows of the plane and on tori, so that runs grow past
// longRun, merge and are taken back, and checks the invariant after every
// step.
func TestRunsKeepsLongRunEnds(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 12))
	for i := range scaled(40) {
		cfg := Config{K: 50, Players: 2, Order: FreeOrder}
		span := 6 + rng.IntN(6)
		if i%2 == 1 {
			cfg.Torus, cfg.Rows, cfg.Cols = true, 2+rng.IntN(10), 2+rng.IntN(10)
			cfg.K = cfg.Cycle(1, 1)
			span = max(cfg.Rows, cfg.Cols)
		}
		g, err := New(WithConfig(cfg), WithChecker(RunsChecker))
		require.NoError(t, err)
		for range 300 {
			switch op := rng.IntN(10); {
			case op < 7:
				row, col := rng.IntN(span), rng.IntN(span)
				// One player most of the time: long runs are the point.
				_, _ = g.PlayAs(row, col, 1+rng.IntN(8)/7)
			case op < 9:
				_, _ = g.Undo()
			default:
				_, _, _ = g.Redo()
			}
			if g.Status() != Ongoing {
				_, err := g.Undo()
				require.NoError(t, err)
			}
			requireLongRunEnds(t, g)
		}
	}
}

// TestRunsStoresNothingForShortRuns: marks whose runs all stay shorter
// than longRun, as on most boards, cost the run-length checker no entry.
func TestRunsStoresNothingForShortRuns(t *testing.T) {
	g, err := New(WithConfig(Config{K: 200, Players: 7, Order: FreeOrder}), WithChecker(RunsChecker))
	require.NoError(t, err)
	for i := range 2000 {
		// Rows of 40 cells whose neighbours on every axis are 1, 39, 40
		// or 41 moves apart, never a multiple of 7: all runs are of one.
		_, err := g.PlayAs(i/40, i%40, i%7+1)
		require.NoError(t, err)
	}
	r := g.checker.(*runs)
	require.Zero(t, r.entries.Len())
	require.Empty(t, r.slot)
	for i := range 2 * longRun {
		_, err := g.PlayAs(100, i, 1)
		require.NoError(t, err)
	}
	require.NotZero(t, r.entries.Len(), "a run of %d along a row is kept", 2*longRun)
}
