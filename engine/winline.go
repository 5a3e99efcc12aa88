package engine

import "github.com/gomoku-engine/gomoku/sparse"

// WinningLine returns the cells of the run that won the game, for a
// display to highlight, or nil while the game is not won. The run goes
// through the last move and is listed from one end to the other; when that
// move completed winning runs on several axes at once (a cross), the cells
// of each follow one another, the last move listed once per run. On a
// torus the run may cross the edges: its cells are given on the board, and
// a cycle filled by the winner is listed once around.
func (g *Game) WinningLine() []sparse.Cell {
	last, ok := g.LastMove()
	if g.status != Won || !ok {
		return nil
	}
	var cells []sparse.Cell
	for _, a := range axes {
		// On a flat board Cycle is 0 and the runs stop at the edge of
		// the plane; on a torus they stop after going once around.
		limit := g.cfg.Cycle(a.Row, a.Col) - 1
		back := g.runLength(last, -a.Row, -a.Col, limit)
		fwd := g.runLength(last, a.Row, a.Col, limit-back)
		if !wins(1+back+fwd, g.cfg.K, g.cfg.Rule, uint8(last.Player)) {
			continue
		}
		for i := -back; i <= fwd; i++ {
			r, c := g.cfg.Wrap(last.Row+i*a.Row, last.Col+i*a.Col)
			cells = append(cells, sparse.Cell{Row: r, Col: c})
		}
	}
	return cells
}

// runLength counts m's player's marks next to m in direction (dr, dc), at
// most limit of them when limit ≥ 0. Cells outside the coordinate range
// read as empty, so on a flat board the count stops at the edge of the
// plane; on a torus the cells wrap.
func (g *Game) runLength(m Move, dr, dc, limit int) int {
	n := 0
	for n != limit && g.At(g.cfg.Wrap(m.Row+(n+1)*dr, m.Col+(n+1)*dc)) == m.Player {
		n++
	}
	return n
}
