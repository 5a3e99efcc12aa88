package main

import (
	"context"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/gomocup"
	"github.com/gomoku-engine/gomoku/engine/gomocup/manager"
	"github.com/gomoku-engine/gomoku/engine/record"
)

// brainSpec says how a brain is asked for moves.
type brainSpec struct {
	prog  manager.Program
	think time.Duration // INFO timeout_turn
	nodes int           // INFO max_node when positive (Rapfi stops there)
	// clear is sent before each position, so that a reading does not
	// depend on the ones before it (Rapfi keeps its hash table across
	// RESTART; YXHASHCLEAR empties it). Empty: nothing is sent.
	clear string
}

// slack is how much longer than its think time a brain may take.
const slack = 30 * time.Second

// evaluator has the spec's brain read positions.
func (s brainSpec) evaluator() *manager.Evaluator {
	opts := []manager.EvalOption{manager.WithThinkTime(s.think), manager.WithSlack(slack)}
	if s.clear != "" {
		opts = append(opts, manager.WithBefore(s.clear))
	}
	return manager.NewEvaluator(s.prog, opts...)
}

// position is the position after moves as the spec's brain reads it.
func (s brainSpec) position(size int, rule engine.Rule, moves []record.Move) manager.Position {
	return manager.Position{Rows: size, Cols: size, Rule: rule, Nodes: int64(s.nodes), Moves: record.Cells(moves)}
}

// judge reads positions with a brain that prints its evaluation.
type judge struct {
	spec brainSpec
	ev   *manager.Evaluator
}

func (j *judge) close() {
	if j.ev != nil {
		j.ev.Close()
	}
}

// read is the judge's evaluation of the position after moves, for the
// side to move there, and its move.
func (j *judge) read(ctx context.Context, size int, rule engine.Rule, moves []record.Move) (gomocup.Eval, record.Move, error) {
	if j.ev == nil {
		j.ev = j.spec.evaluator()
	}
	r, err := j.ev.Evaluate(ctx, j.spec.position(size, rule, moves))
	if err != nil {
		return gomocup.Eval{}, record.Move{}, err
	}
	return r.Eval, record.Move{Row: r.Move.Row, Col: r.Move.Col}, nil
}

// labelMove is the judge's evaluation of playing m in p, for the side
// that plays it: the position after m, read from the other side.
func (j *judge) labelMove(ctx context.Context, p *position, m record.Move) (gomocup.Eval, error) {
	after := append(append([]record.Move{}, p.moves...), m)
	e, _, err := j.read(ctx, p.size, p.rule, after)
	if err != nil {
		return gomocup.Eval{}, err
	}
	return e.Neg(), nil
}
