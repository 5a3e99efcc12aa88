package engine

import (
	"context"

	"github.com/gomoku-engine/gomoku/sparse"
)

// Strategy chooses moves for a seat: a person at a prompt, a script or a
// bot. The caller asks it for the cell of the player in turn and plays the
// answer itself.
type Strategy interface {
	// Name identifies the strategy in tables and logs, e.g. "greedy".
	Name() string
	// Choose returns the cell that player should mark in g. g's observable
	// state (board, history, redo stack, status) must be the same when
	// Choose returns as when it was called; a strategy that looks ahead
	// does so on a [Game.Clone] or undoes every move it tries. Choose
	// should return promptly once ctx is done.
	Choose(ctx context.Context, g *Game, player int) (sparse.Cell, error)
}
