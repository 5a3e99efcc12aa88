package player

import (
	"fmt"
	"slices"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
	"github.com/gomoku-engine/gomoku/engine/renju"
	"github.com/gomoku-engine/gomoku/sparse"
)

// checkAsk explains why no strategy can move for player in g now.
func checkAsk(g *engine.Game, player int) error {
	if g.Status() != engine.Ongoing {
		return fmt.Errorf("%w: %v", engine.ErrGameOver, g.Status())
	}
	if n := g.Config().Players; player < 1 || player > n {
		return fmt.Errorf("%w: %d (the game has %d)", engine.ErrBadPlayer, player, n)
	}
	return nil
}

// opening is the first cell of an empty board: the origin of an unbounded
// board, the centre of a bounded one.
func opening(cfg engine.Config) sparse.Cell {
	if cfg.Bounded() {
		return sparse.Cell{Row: cfg.Rows / 2, Col: cfg.Cols / 2}
	}
	return sparse.Cell{}
}

// kthEmpty returns the k-th empty cell (0-based, row-major) of a bounded
// board without scanning its area: it walks the marks in row-major order
// and skips over them, O(marks · log marks). k must be below the number of
// empty cells.
func kthEmpty(g *engine.Game, k int) sparse.Cell {
	cfg := g.Config()
	idx := k
	for c := range g.Marks() {
		if c.Row*cfg.Cols+c.Col > idx {
			break
		}
		idx++
	}
	return sparse.Cell{Row: idx / cfg.Cols, Col: idx % cfg.Cols}
}

// emptyCount is the number of empty cells of a bounded board.
func emptyCount(g *engine.Game) int {
	cfg := g.Config()
	return cfg.Rows*cfg.Cols - g.Len()
}

// anyCell is a legal cell for a board on which nothing better was found:
// the opening on an empty board, else the first empty cell of a bounded
// board, else a cell next to a mark (an unbounded board always has one).
func anyCell(g *engine.Game) (sparse.Cell, bool) {
	cfg := g.Config()
	if g.Len() == 0 {
		return opening(cfg), true
	}
	if cfg.Bounded() {
		if emptyCount(g) == 0 {
			return sparse.Cell{}, false
		}
		return kthEmpty(g, 0), true
	}
	if ns := core.Neighbours(g, 1); len(ns) > 0 {
		return ns[0], true
	}
	return sparse.Cell{}, false
}

// anyAllowed is anyCell for a player renju may forbid cells: the first
// cell in row-major order near the marks, or of a bounded board, that
// player may mark.
func anyAllowed(g *engine.Game, player int) (sparse.Cell, error) {
	if c, ok := anyCell(g); ok && !core.Forbidden(g, player, c) {
		return c, nil
	} else if !ok {
		return sparse.Cell{}, fmt.Errorf("%w: no empty cell", engine.ErrGameOver)
	}
	for _, radius := range []int{1, renju.Radius + 1} {
		for _, c := range core.Neighbours(g, radius) {
			if !core.Forbidden(g, player, c) {
				return c, nil
			}
		}
	}
	if cfg := g.Config(); cfg.Bounded() {
		for k := range emptyCount(g) {
			if c := kthEmpty(g, k); !core.Forbidden(g, player, c) {
				return c, nil
			}
		}
	}
	return sparse.Cell{}, fmt.Errorf("player: %w: every empty cell is", engine.ErrForbidden)
}

// anyAllowedExcept is the fallback of [Search.ChooseExcept]: a cell player
// may mark that except does not hold, the nearest the marks there is (in
// row-major order at each distance), or on an empty board the nearest the
// opening. It fails with [ErrAllExcluded] when there is none.
func anyAllowedExcept(g *engine.Game, player int, except []sparse.Cell) (sparse.Cell, error) {
	ok := func(c sparse.Cell) bool { return core.Allowed(g, player, c) && !slices.Contains(except, c) }
	cfg := g.Config()
	// Beyond this distance from the marks (or the opening) a bounded board
	// has no cell, and an unbounded one has more free cells than except
	// and the marks together could fill.
	reach := len(except) + g.Len() + renju.Radius + 1
	if cfg.Bounded() {
		reach = max(cfg.Rows, cfg.Cols)
	}
	if g.Len() == 0 {
		o := opening(cfg)
		for r := 0; r <= reach; r++ {
			for dr := -r; dr <= r; dr++ {
				for dc := -r; dc <= r; dc++ {
					if max(dr, -dr, dc, -dc) != r {
						continue
					}
					row, col := cfg.Wrap(o.Row+dr, o.Col+dc)
					if c := (sparse.Cell{Row: row, Col: col}); ok(c) {
						return c, nil
					}
				}
			}
		}
	}
	for r := 1; r <= reach; r *= 2 {
		for _, c := range core.Neighbours(g, r) {
			if ok(c) {
				return c, nil
			}
		}
	}
	if cfg.Bounded() {
		for k := range emptyCount(g) {
			if c := kthEmpty(g, k); ok(c) {
				return c, nil
			}
		}
	}
	return sparse.Cell{}, fmt.Errorf("%w (player %d)", ErrAllExcluded, player)
}
