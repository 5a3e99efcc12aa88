package player

import (
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/internal/cellkey"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
	"github.com/gomoku-engine/gomoku/sparse"
)

// checkTracker recomputes everything the tracker keeps incrementally from
// the board alone and compares.
func checkTracker(t *testing.T, tr *tracker) {
	t.Helper()
	k := tr.k
	score := make([]int64, tr.n+1)
	fours := make([]map[uint64]int32, tr.n+1)
	threes := make([]map[uint64]int32, tr.n+1)
	gain := make([]map[uint64]cellGain, tr.n+1)
	for p := range tr.n + 1 {
		fours[p], threes[p], gain[p] = map[uint64]int32{}, map[uint64]int32{}, map[uint64]cellGain{}
	}
	near := map[uint64]int32{}
	var hash uint64
	type win struct {
		r, c, ax int
	}
	seen := map[win]bool{}
	for cell, p := range tr.g.Marks() {
		hash ^= core.Zobrist(cellkey.Pack(cell.Row, cell.Col), p)
		for dr := -tr.radius; dr <= tr.radius; dr++ {
			for dc := -tr.radius; dc <= tr.radius; dc++ {
				if tr.cell(cell.Row+dr, cell.Col+dc) != offBoard {
					near[cellkey.Pack(cell.Row+dr, cell.Col+dc)]++
				}
			}
		}
		for ax, a := range core.Axes {
			for back := range k {
				w := win{cell.Row - back*a.DR, cell.Col - back*a.DC, ax}
				if seen[w] {
					continue
				}
				seen[w] = true
				owner, count, dead := 0, 0, false
				var empties []uint64
				for i := range k {
					r, c := w.r+i*a.DR, w.c+i*a.DC
					switch v := tr.cell(r, c); {
					case v == offBoard:
						dead = true
					case v == 0:
						empties = append(empties, cellkey.Pack(r, c))
					case owner == 0 || owner == v:
						owner = v
						count++
					default:
						dead = true
					}
				}
				if dead || count == 0 || count == k {
					continue
				}
				if tr.exact && (tr.cell(w.r-a.DR, w.c-a.DC) == owner || tr.cell(w.r+k*a.DR, w.c+k*a.DC) == owner) {
					continue
				}
				score[owner] += tr.weights[count]
				for _, e := range empties {
					g := gain[owner][e]
					g.attack += tr.weights[count+1] - tr.weights[count]
					g.defence += tr.weights[count]
					gain[owner][e] = g
					switch k - count {
					case 1:
						fours[owner][e]++
					case 2:
						threes[owner][e]++
					}
				}
			}
		}
	}
	for p := 1; p <= tr.n; p++ {
		maps.DeleteFunc(gain[p], func(_ uint64, g cellGain) bool { return g == cellGain{} })
	}
	require.Equal(t, score, tr.score, "scores")
	require.Equal(t, fours[1:], tr.fours[1:], "fours")
	require.Equal(t, threes[1:], tr.threes[1:], "threes")
	require.Equal(t, gain[1:], tr.gain[1:], "gains")
	require.Equal(t, near, tr.near, "candidates")
	require.Equal(t, hash, tr.hash, "hash")
}

// TestTrackerMatchesBoard plays and undoes random moves on many
// configurations and checks the incremental state after each.
func TestTrackerMatchesBoard(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for round := range 40 {
		cfg := engine.DefaultConfig()
		cfg.K = 1 + rng.IntN(6)
		cfg.Players = 2 + rng.IntN(2)
		if round%3 == 0 {
			cfg.Rows, cfg.Cols = 2+rng.IntN(6), 2+rng.IntN(6)
			cfg.K = 1 + rng.IntN(max(cfg.Rows, cfg.Cols))
		}
		if rng.IntN(2) == 0 {
			cfg.Rule = engine.Exact
		}
		t.Run(fmt.Sprintf("%d/%v", round, cfg), func(t *testing.T) {
			tr, err := newTracker(cfg)
			require.NoError(t, err)
			for step := 0; step < 60; step++ {
				if tr.g.Len() > 0 && (tr.g.Status() != engine.Ongoing || rng.IntN(4) == 0) {
					tr.undo()
				} else {
					r, c := rng.IntN(7)-3, rng.IntN(7)-3
					if cfg.Bounded() {
						r, c = rng.IntN(cfg.Rows), rng.IntN(cfg.Cols)
					}
					if tr.g.CanPlace(r, c) != nil {
						continue
					}
					_, err := tr.place(r, c, tr.g.Turn())
					require.NoError(t, err)
				}
				checkTracker(t, tr)
			}
		})
	}
}

// TestSearchLeavesItsCopyInStep stops searches at every stage with small
// node limits and checks that the working copy is back where it started:
// the real game's position, with bookkeeping to match.
func TestSearchLeavesItsCopyInStep(t *testing.T) {
	g, err := engine.New(engine.WithPlayers(3), engine.WithK(4))
	require.NoError(t, err)
	_, err = g.Play(0, 0)
	require.NoError(t, err)
	opp := NewGreedy(1)
	for i := range 40 {
		s := NewSearch(WithBudget(0), WithMaxNodes(int64(1+i*37)))
		p := g.Turn()
		var c sparse.Cell
		if i%2 == 0 {
			c, err = s.Choose(context.Background(), g, p)
			require.NoError(t, err)
			require.Equal(t, g.History(), s.t.g.History())
			checkTracker(t, s.t)
		} else {
			c, err = opp.Choose(context.Background(), g, p)
			require.NoError(t, err)
		}
		if _, err := g.Play(c.Row, c.Col); err != nil || g.Status() != engine.Ongoing {
			break
		}
	}
}
