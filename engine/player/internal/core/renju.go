package core

import (
	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/renju"
	"github.com/gomoku-engine/gomoku/sparse"
)

// Forbidden reports whether renju forbids player to mark the empty cell c
// of g: only black (player 1) under [engine.Renju] has forbidden cells. It
// asks about player rather than the player in turn, so it also answers for
// a game in free order.
func Forbidden(g *engine.Game, player int, c sparse.Cell) bool {
	cfg := g.Config()
	if cfg.Rule != engine.Renju || player != 1 {
		return false
	}
	board := renju.BoardFunc(func(r, col int) renju.Stone {
		if !sparse.InRange(r, col) || cfg.Bounded() && (r < 0 || r >= cfg.Rows || col < 0 || col >= cfg.Cols) {
			return renju.Wall
		}
		return renju.Stone(g.At(r, col))
	})
	return renju.Check(board, c.Row, c.Col) != renju.None
}

// Allowed reports whether player may mark c now: an empty cell of the
// board that renju does not forbid them.
func Allowed(g *engine.Game, player int, c sparse.Cell) bool {
	return g.CanPlace(c.Row, c.Col) == nil && !Forbidden(g, player, c)
}
