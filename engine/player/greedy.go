package player

import (
	"context"
	"math/rand/v2"
	"slices"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
	"github.com/gomoku-engine/gomoku/sparse"
)

// Greedy looks one move ahead. It plays, in this order of preference:
//
//  1. a cell that wins now (the first in row-major order);
//  2. a cell where an opponent would win on their next move, looking at the
//     opponents in turn order after it and blocking the first who has one
//     (among several such cells, the one with the best local score);
//  3. the empty cell within distance 2 of a mark with the best local score:
//     the runs of its own marks the cell would extend, and, at a slightly
//     lower weight, the opponents' runs it would cut, longer and more open
//     runs counting more.
//
// Under renju black never marks a forbidden cell: a block there is no
// block, and such cells are left out of the rest.
//
// On a torus the cells near a mark and the runs through a cell are read
// across the edges, each line's cycle once.
//
// Ties are broken by its seeded source, so a seed fixes its play.
type Greedy struct {
	rng *rand.Rand
}

// NewGreedy returns a greedy player whose ties are broken by a source
// seeded by seed.
func NewGreedy(seed uint64) *Greedy {
	return &Greedy{rng: rand.New(rand.NewPCG(seed, seed^0x6a09e667f3bcc909))}
}

// Name is "greedy".
func (gr *Greedy) Name() string { return "greedy" }

// Choose returns the greedy cell for player.
func (gr *Greedy) Choose(_ context.Context, g *engine.Game, player int) (sparse.Cell, error) {
	if err := checkAsk(g, player); err != nil {
		return sparse.Cell{}, err
	}
	cfg := g.Config()
	if g.Len() == 0 {
		return opening(cfg), nil
	}
	if cfg.K == 1 {
		// Every empty cell wins.
		c, _ := anyCell(g)
		return c, nil
	}
	// A winning cell extends a run of the winner's marks, so for K ≥ 2 it
	// is next to one of them: distance 1 covers every win and every block.
	near := core.Neighbours(g, 1)
	for _, c := range near {
		if won, _ := g.WouldWin(c.Row, c.Col, player); won {
			return c, nil
		}
	}
	for i := 1; i < cfg.Players; i++ {
		opp := (player-1+i)%cfg.Players + 1
		var blocks []sparse.Cell
		for _, c := range near {
			if won, _ := g.WouldWin(c.Row, c.Col, opp); won && !core.Forbidden(g, player, c) {
				blocks = append(blocks, c)
			}
		}
		if len(blocks) > 0 {
			return gr.best(g, player, blocks), nil
		}
	}
	cands := slices.DeleteFunc(core.Neighbours(g, 2), func(c sparse.Cell) bool { return core.Forbidden(g, player, c) })
	if len(cands) == 0 {
		// A crowded bounded board: nothing empty (or allowed) near the marks.
		return anyAllowed(g, player)
	}
	return gr.best(g, player, cands), nil
}

// best returns the cell of cells with the highest local score for player,
// ties broken at random.
func (gr *Greedy) best(g *engine.Game, player int, cells []sparse.Cell) sparse.Cell {
	var (
		bestCell  sparse.Cell
		bestScore = -1
		bestTie   uint64
	)
	for _, c := range cells {
		s := core.LocalScore(g, c, player)
		tie := gr.rng.Uint64()
		if s > bestScore || (s == bestScore && tie > bestTie) {
			bestCell, bestScore, bestTie = c, s, tie
		}
	}
	return bestCell
}
