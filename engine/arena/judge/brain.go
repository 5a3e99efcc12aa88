package main

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"sync"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/gomocup"
	"github.com/gomoku-engine/gomoku/engine/gomocup/manager"
	"github.com/gomoku-engine/gomoku/engine/record"
)

// errNoEval: the judge moved without printing an evaluation.
var errNoEval = errors.New("judge: no evaluation before the move")

// evalPattern finds the evaluation in a MESSAGE line as Rapfi prints it
// ("MESSAGE Speed 465K | Depth 17-30 | Eval 112 | ...").
var evalPattern = regexp.MustCompile(`\bEval (\S+)`)

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

// brain is one running brain process, answering positions one by one.
type brain struct {
	spec    brainSpec
	b       *manager.Brain
	size    int
	rule    engine.Rule
	started bool

	mu   sync.Mutex
	last string // the evaluation of its last MESSAGE line since the request
}

func startBrain(spec brainSpec) (*brain, error) {
	br := &brain{spec: spec}
	b, err := manager.Start(spec.prog, manager.Options{Name: spec.prog.Base(), Log: func(_ string, in bool, line string) {
		if in {
			return
		}
		if a := gomocup.ParseAnswer(line); a.Kind != gomocup.AnswerMessage {
			return
		}
		if m := evalPattern.FindStringSubmatch(line); m != nil {
			br.mu.Lock()
			br.last = m[1]
			br.mu.Unlock()
		}
	}})
	if err != nil {
		return nil, err
	}
	br.b = b
	return br, nil
}

func (br *brain) close() { br.b.Close(2 * time.Second) }

// slack is how much longer than its think time a brain may take.
const slack = 30 * time.Second

// move asks for the brain's move in the position after moves, and returns
// it with the last evaluation it printed ("" when none).
func (br *brain) move(ctx context.Context, size int, rule engine.Rule, moves []record.Move) (record.Move, string, error) {
	deadline := time.Now().Add(br.spec.think + slack)
	var err error
	switch {
	case !br.started || br.size != size:
		err = br.b.NewGame(ctx, size, size, deadline)
	default:
		err = br.b.Restart(ctx, deadline)
	}
	if err != nil {
		return record.Move{}, "", err
	}
	br.started, br.size = true, size
	mask := int64(0)
	if rule == engine.Exact {
		mask = gomocup.RuleExact
	}
	req := []string{
		gomocup.Info(gomocup.InfoTimeoutTurn, br.spec.think.Milliseconds()).String(),
		gomocup.Info(gomocup.InfoTimeoutMatch, 0).String(),
		gomocup.Info(gomocup.InfoMaxMemory, 256<<20).String(),
		gomocup.Info(gomocup.InfoRule, mask).String(),
	}
	if br.spec.nodes > 0 {
		req = append(req, gomocup.Info("max_node", int64(br.spec.nodes)).String())
	}
	if br.spec.clear != "" {
		req = append(req, br.spec.clear)
	}
	req = append(req, gomocup.CmdBoard.String())
	own := len(moves) % 2 // the side to move plays the stones of this parity
	for i, m := range moves {
		f := gomocup.FieldOpponent
		if i%2 == own {
			f = gomocup.FieldOwn
		}
		req = append(req, gomocup.Stone{X: m.Col, Y: m.Row, Field: f}.String())
	}
	req = append(req, gomocup.CmdDone.String())
	br.mu.Lock()
	br.last = ""
	br.mu.Unlock()
	x, y, _, err := br.b.Move(ctx, req, deadline)
	if err != nil {
		return record.Move{}, "", err
	}
	m := record.Move{Row: y, Col: x}
	br.mu.Lock()
	defer br.mu.Unlock()
	return m, br.last, nil
}

// judge reads positions with a brain that prints its evaluation.
type judge struct {
	spec brainSpec
	br   *brain
}

func (j *judge) close() {
	if j.br != nil {
		j.br.close()
		j.br = nil
	}
}

// read is the judge's evaluation of the position after moves, for the
// side to move there, and its move.
func (j *judge) read(ctx context.Context, size int, rule engine.Rule, moves []record.Move) (eval, record.Move, error) {
	if j.br == nil {
		br, err := startBrain(j.spec)
		if err != nil {
			return eval{}, record.Move{}, err
		}
		j.br = br
	}
	m, s, err := j.br.move(ctx, size, rule, moves)
	if err != nil {
		// A judge that failed once is not trusted with the next position.
		j.close()
		return eval{}, record.Move{}, err
	}
	e, ok := parseEvalField(s)
	if !ok {
		return eval{}, record.Move{}, fmt.Errorf("%w: %s printed %q", errNoEval, j.spec.prog.Base(), s)
	}
	return e, m, nil
}

// labelMove is the judge's evaluation of playing m in p, for the side
// that plays it: the position after m, read from the other side.
func (j *judge) labelMove(ctx context.Context, p *position, m record.Move) (eval, error) {
	after := append(append([]record.Move{}, p.moves...), m)
	e, _, err := j.read(ctx, p.size, p.rule, after)
	if err != nil {
		return eval{}, err
	}
	return e.neg(), nil
}
