package main

import (
	"context"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/gomocup"
	"github.com/gomoku-engine/gomoku/engine/gomocup/manager"
	"github.com/gomoku-engine/gomoku/sparse"
)

// mateScore stands for a mate announced by the brain ("+M29"), larger than
// any evaluation a window would keep.
const mateScore = 1 << 20

// score is an evaluation as a whole number, a mate as ±mateScore.
func score(e gomocup.Eval) int {
	if e.Mate != 0 {
		return e.Mate * mateScore
	}
	return e.Value
}

// evaluate places c around the centre of a new size×size game and
// returns the brain's evaluation (score) for the side to move.
func evaluate(ctx context.Context, ev *manager.Evaluator, c candidate, size int, rule engine.Rule) (int, error) {
	centre := size / 2
	p := manager.Position{Rows: size, Cols: size, Rule: rule, Moves: make([]sparse.Cell, len(c))}
	for i, m := range c {
		p.Moves[i] = sparse.Cell{Row: m.Row + centre, Col: m.Col + centre}
	}
	r, err := ev.Evaluate(ctx, p)
	if err != nil {
		return 0, err
	}
	return score(r.Eval), nil
}
