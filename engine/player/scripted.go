package player

import (
	"context"
	"fmt"
	"slices"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/sparse"
)

// Scripted replays a fixed list of cells, one per call, for tests and
// demos.
type Scripted struct {
	cells []sparse.Cell
	next  int
}

// NewScripted returns a player that answers cells in order. The slice is
// copied.
func NewScripted(cells []sparse.Cell) *Scripted {
	return &Scripted{cells: slices.Clone(cells)}
}

// Name is "scripted".
func (s *Scripted) Name() string { return "scripted" }

// Choose returns the next cell of the script. It fails with
// [ErrScriptExhausted] when none is left and with [ErrScriptIllegal] when
// the next cell cannot be played now; a failed call does not advance the
// script.
func (s *Scripted) Choose(_ context.Context, g *engine.Game, player int) (sparse.Cell, error) {
	if err := checkAsk(g, player); err != nil {
		return sparse.Cell{}, err
	}
	if s.next >= len(s.cells) {
		return sparse.Cell{}, fmt.Errorf("%w after %d cells", ErrScriptExhausted, len(s.cells))
	}
	c := s.cells[s.next]
	if err := g.CanPlace(c.Row, c.Col); err != nil {
		return sparse.Cell{}, fmt.Errorf("%w: cell %d %v: %w", ErrScriptIllegal, s.next+1, c, err)
	}
	s.next++
	return c, nil
}
