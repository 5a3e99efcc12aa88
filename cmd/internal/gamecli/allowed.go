package gamecli

import (
	"fmt"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/renju"
	"github.com/gomoku-engine/gomoku/sparse"
)

// maxFallbackRing bounds the search for an allowed cell on an unbounded
// board. A cell more than [renju.Radius] cells from every black mark is
// never forbidden, so the search ends long before it unless the board is
// crowded far beyond any real game.
const maxFallbackRing = 1 << 10

// allowedNear is the cell nearest c, ring by ring and row by row within a
// ring, that the player to move may take: on the board, empty and, under
// renju when black is to move, not forbidden. It is what a front end plays
// for a bot whose choice the rules refuse, so that a game never stops on
// it. ok is false when there is no such cell (a full board).
func allowedNear(g *engine.Game, c sparse.Cell) (sparse.Cell, bool) {
	cfg := g.Config()
	last := maxFallbackRing
	if cfg.Bounded() {
		last = max(cfg.Rows, cfg.Cols)
	}
	for r := 0; r <= last; r++ {
		for dr := -r; dr <= r; dr++ {
			step := 2 * r
			if dr == -r || dr == r || r == 0 {
				step = 1
			}
			for dc := -r; dc <= r; dc += step {
				n := sparse.Cell{Row: c.Row + dr, Col: c.Col + dc}
				if g.CanPlace(n.Row, n.Col) == nil && g.Forbidden(n.Row, n.Col) == renju.None {
					return n, true
				}
			}
		}
	}
	return sparse.Cell{}, false
}

// ReplaceForbidden is what a front end plays for a bot that chose cell
// c: c itself when the rules allow it, else, when renju forbids it to
// black, the allowed cell nearest it, with a note saying so ("chose 7 9,
// forbidden to black (double three): plays 7 10 instead"). Any other
// refusal is the bot's error and is returned as it is, to be reported.
func ReplaceForbidden(g *engine.Game, c sparse.Cell) (cell sparse.Cell, note string, err error) {
	foul := g.Forbidden(c.Row, c.Col)
	if foul == renju.None {
		return c, "", nil
	}
	n, ok := allowedNear(g, c)
	if !ok {
		return c, "", fmt.Errorf("%w: %v at (%d, %d), and no other cell is free", engine.ErrForbidden, foul, c.Row, c.Col)
	}
	return n, fmt.Sprintf("chose %d %d, forbidden to black (%v): plays %d %d instead", c.Row, c.Col, foul, n.Row, n.Col), nil
}
