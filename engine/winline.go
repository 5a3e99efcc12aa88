package engine

import "github.com/gomoku-engine/gomoku/sparse"

// WinningLine returns the cells of the run that won the game, for a
// display to highlight, or nil while the game is not won. The run goes
// through the last move and is listed from one end to the other; when that
// move completed winning runs on several axes at once (a cross), the cells
// of each follow one another, the last move listed once per run.
func (g *Game) WinningLine() []sparse.Cell {
	last, ok := g.LastMove()
	if g.status != Won || !ok {
		return nil
	}
	var cells []sparse.Cell
	for _, a := range axes {
		back := g.runLength(last, -a.dr, -a.dc)
		fwd := g.runLength(last, a.dr, a.dc)
		if !wins(1+back+fwd, g.cfg.K, g.cfg.Rule) {
			continue
		}
		for i := -back; i <= fwd; i++ {
			cells = append(cells, sparse.Cell{Row: last.Row + i*a.dr, Col: last.Col + i*a.dc})
		}
	}
	return cells
}

// runLength counts m's player's marks next to m in direction (dr, dc).
// Cells outside the coordinate range read as empty, so the count stops at
// the edge of the plane.
func (g *Game) runLength(m Move, dr, dc int) int {
	n := 0
	for g.At(m.Row+(n+1)*dr, m.Col+(n+1)*dc) == m.Player {
		n++
	}
	return n
}
