package core

import (
	"math"
	"slices"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/internal/cellkey"
	"github.com/gomoku-engine/gomoku/sparse"
)

// Neighbours returns, in row-major order, every empty playable cell within
// Chebyshev distance radius of a mark, across the edges on a torus. It
// costs O(marks · radius²) and never looks at the rest of the board,
// whatever its size.
func Neighbours(g *engine.Game, radius int) []sparse.Cell {
	cfg := g.Config()
	seen := make(map[uint64]struct{})
	var out []sparse.Cell
	for c := range g.Marks() {
		for dr := -radius; dr <= radius; dr++ {
			for dc := -radius; dc <= radius; dc++ {
				r, col := cfg.Wrap(c.Row+dr, c.Col+dc)
				if g.CanPlace(r, col) != nil {
					continue
				}
				key := cellkey.Pack(r, col)
				if _, dup := seen[key]; dup {
					continue
				}
				seen[key] = struct{}{}
				out = append(out, sparse.Cell{Row: r, Col: col})
			}
		}
	}
	slices.SortFunc(out, sparse.Cell.Compare)
	return out
}

// LocalScore rates an empty cell for player: on each axis, the run of
// player's marks it would join and the opponents' runs it would cut.
// A run of n marks with e open ends is worth (n+1)² · (e+1), so longer and
// more open runs dominate; attack counts 5/4 of defence.
func LocalScore(g *engine.Game, c sparse.Cell, player int) int {
	cfg := g.Config()
	k := cfg.K
	attack, defence := 0, 0
	for _, a := range Axes {
		// On a torus the line is a cycle: the walks step across the edges
		// and share its other cells, so neither reads one the other has.
		others := math.MaxInt
		if cycle := cfg.Cycle(a.DR, a.DC); cycle > 0 {
			others = cycle - 1
		}
		for _, who := range [2]bool{true, false} {
			n, open, read := 0, 0, 0
			for _, sign := range [2]int{1, -1} {
				r, col := c.Row, c.Col
				var first int
				for step := 1; step < k && read < others; step++ {
					read++
					r, col = cfg.Wrap(r+sign*a.DR, col+sign*a.DC)
					m := g.At(r, col)
					if step == 1 {
						first = m
					}
					if m == 0 || m != first || (who && m != player) || (!who && m == player) {
						if m == 0 && g.CanPlace(r, col) == nil {
							open++
						}
						break
					}
					n++
				}
			}
			v := RunWorth(n, open)
			if who {
				attack += v
			} else {
				defence += v
			}
		}
	}
	return LocalWorth(attack, defence)
}
