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
)

// errNoEval: the brain moved without printing an evaluation.
var errNoEval = errors.New("no evaluation before the move")

// mateScore stands for a mate announced by the brain ("+M29"), larger than
// any evaluation a window would keep.
const mateScore = 1 << 20

// parseEval reads an evaluation as the pattern's first group captured it
// (gomocup.ParseEval), a mate as ±mateScore.
func parseEval(s string) (int, bool) {
	v, mate, ok := gomocup.ParseEval(s)
	if mate != 0 {
		v = mate * mateScore
	}
	return v, ok
}

// evaluator asks one brain process for its evaluation of positions: the
// last one it printed (a MESSAGE line the pattern matches) before its
// move, for the side to move.
type evaluator struct {
	brain   *manager.Brain
	pattern *regexp.Regexp
	size    int
	info    []string
	think   time.Duration
	started bool

	mu   sync.Mutex
	last int
	seen bool
}

// newEvaluator starts the brain. pattern's first group captures the
// evaluation in a MESSAGE line; logf, when set, sees every line.
func newEvaluator(prog manager.Program, pattern *regexp.Regexp, size int, rule engine.Rule, think time.Duration, logf func(in bool, line string)) (*evaluator, error) {
	ev := &evaluator{pattern: pattern, size: size, think: think}
	b, err := manager.Start(prog, manager.Options{Name: prog.Base(), Log: func(_ string, in bool, line string) {
		if logf != nil {
			logf(in, line)
		}
		if in {
			return
		}
		ev.message(line)
	}})
	if err != nil {
		return nil, err
	}
	ev.brain = b
	r := int64(0)
	if rule == engine.Exact {
		r = gomocup.RuleExact
	}
	ev.info = []string{
		gomocup.Info(gomocup.InfoTimeoutTurn, think.Milliseconds()).String(),
		gomocup.Info(gomocup.InfoTimeoutMatch, 0).String(),
		gomocup.Info(gomocup.InfoMaxMemory, 256<<20).String(),
		gomocup.Info(gomocup.InfoRule, r).String(),
	}
	return ev, nil
}

// message keeps the evaluation of a line the brain wrote, if it has one.
func (ev *evaluator) message(line string) {
	if a := gomocup.ParseAnswer(line); a.Kind != gomocup.AnswerMessage {
		return
	}
	m := ev.pattern.FindStringSubmatch(line)
	if len(m) < 2 {
		return
	}
	v, ok := parseEval(m[1])
	if !ok {
		return
	}
	ev.mu.Lock()
	ev.last, ev.seen = v, true
	ev.mu.Unlock()
}

// evaluate places c on a new game and returns the brain's evaluation for
// the side to move and its answer, as an offset from the centre.
func (ev *evaluator) evaluate(ctx context.Context, c candidate) (int, error) {
	slack := ev.think + 10*time.Second
	var err error
	if ev.started {
		err = ev.brain.Restart(ctx, time.Now().Add(slack))
	} else {
		err = ev.brain.NewGame(ctx, ev.size, ev.size, time.Now().Add(slack))
		ev.started = err == nil
	}
	if err != nil {
		return 0, err
	}
	req := append([]string{}, ev.info...)
	req = append(req, gomocup.CmdBoard.String())
	centre := ev.size / 2
	for i, m := range c {
		f := gomocup.FieldOpponent
		if i%2 == c.toMove() {
			f = gomocup.FieldOwn
		}
		req = append(req, gomocup.Stone{X: m.Col + centre, Y: m.Row + centre, Field: f}.String())
	}
	req = append(req, gomocup.CmdDone.String())
	ev.mu.Lock()
	ev.seen = false
	ev.mu.Unlock()
	if _, _, _, err := ev.brain.Move(ctx, req, time.Now().Add(slack)); err != nil {
		return 0, err
	}
	ev.mu.Lock()
	defer ev.mu.Unlock()
	if !ev.seen {
		return 0, fmt.Errorf("%s: %w", ev.brain.Name(), errNoEval)
	}
	return ev.last, nil
}

// close ends the brain.
func (ev *evaluator) close() { ev.brain.Close(2 * time.Second) }
