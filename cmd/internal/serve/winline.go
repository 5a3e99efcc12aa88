package serve

import (
	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/sparse"
)

// winningLine returns the cells of the run the last move completed, in
// order along its axis, or nil when the last move did not win. Under the
// freestyle rule the run may be longer than K; every cell of it is given.
func winningLine(g *engine.Game) []cell {
	last, ok := g.LastMove()
	if !ok || g.Status() != engine.Won {
		return nil
	}
	cfg := g.Config()
	for _, a := range sparse.Axes() {
		back := runLength(g, last, -a.Row, -a.Col)
		fwd := runLength(g, last, a.Row, a.Col)
		n := back + 1 + fwd
		if n < cfg.K || cfg.Rule == engine.Exact && n != cfg.K {
			continue
		}
		line := make([]cell, n)
		for i := range line {
			d := i - back
			line[i] = cell{Row: last.Row + d*a.Row, Col: last.Col + d*a.Col}
		}
		return line
	}
	return nil
}

// runLength counts the mover's marks from m's cell in direction (dr, dc),
// not counting m's own.
func runLength(g *engine.Game, m engine.Move, dr, dc int) int {
	n := 0
	for r, c := m.Row+dr, m.Col+dc; g.At(r, c) == m.Player; r, c = r+dr, c+dc {
		n++
	}
	return n
}
