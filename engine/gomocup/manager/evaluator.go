package manager

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"sync"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/gomocup"
	"github.com/gomoku-engine/gomoku/sparse"
)

// ErrNoEval: the brain moved without printing an evaluation, or the last
// one it printed was none (Rapfi's "VAL_NONE"). The brain itself is fine.
var ErrNoEval = errors.New("manager: no evaluation before the move")

// evalMemory is the memory an evaluating brain is given (INFO
// max_memory), enough for Rapfi's hash table.
const evalMemory = 256 << 20

// closeGrace is how long a brain has to exit after END.
const closeGrace = 2 * time.Second

// Position is a position to evaluate: a board, a rule and the stones in
// the order they were played. The side to move is the one that plays
// after the last stone; the brain is told the stones of that side are its
// own.
type Position struct {
	Rows, Cols int
	Rule       engine.Rule
	Moves      []sparse.Cell
	// Nodes, when positive, has the brain stop after so many nodes (INFO
	// max_node, which Rapfi honours), so that the reading does not depend
	// on the machine's load.
	Nodes int64
}

// Reading is a brain's answer to a position: its move and its evaluation
// for the side to move.
type Reading struct {
	Move sparse.Cell
	Eval gomocup.Eval
	// Field is the evaluation as the brain printed it ("-107", "+M29").
	Field string
}

// An EvalOption tunes an [Evaluator].
type EvalOption func(*evalConfig)

type evalConfig struct {
	think, slack time.Duration
	before       []string
	pattern      *regexp.Regexp
	log          func(name string, in bool, line string)
}

// WithThinkTime is the brain's time per position (INFO timeout_turn); 1 s
// by default.
func WithThinkTime(d time.Duration) EvalOption { return func(c *evalConfig) { c.think = d } }

// WithSlack is how much longer than its think time the brain may take to
// answer before it counts as hung ([ErrTimeout]); 10 s by default.
func WithSlack(d time.Duration) EvalOption { return func(c *evalConfig) { c.slack = d } }

// WithBefore sends lines before each position's BOARD, after the INFO
// lines: e.g. YXHASHCLEAR, so that Rapfi's reading does not depend on the
// positions before it (it keeps its hash table across RESTART).
func WithBefore(lines ...string) EvalOption {
	return func(c *evalConfig) { c.before = append([]string(nil), lines...) }
}

// WithEvalPattern reads the evaluation from the first group of pattern in
// MESSAGE lines instead of [gomocup.EvalPattern] (Rapfi's "Eval -23").
func WithEvalPattern(pattern *regexp.Regexp) EvalOption {
	return func(c *evalConfig) { c.pattern = pattern }
}

// WithLog passes every line sent (in true) and received (in false) to log,
// as [Options.Log].
func WithLog(log func(name string, in bool, line string)) EvalOption {
	return func(c *evalConfig) { c.log = log }
}

// Evaluator has a brain read positions one at a time: each is a game of
// its own (START or RECTSTART when the board or rule changes, RESTART
// otherwise), with the INFO lines of the think time, memory, rule and
// node limit, set up with BOARD ... DONE. The brain thinks and moves; its
// evaluation is the field of the last MESSAGE line before the move that
// the pattern matches (one that is no evaluation, such as "VAL_NONE",
// leaves the position without one). The brain runs from the first position to
// [Evaluator.Close]; one that refuses RESTART, or failed (it crashed,
// hung or answered garbage, or the context ended), is replaced by a
// fresh process at the next position, since its state is unknown. Its
// methods are for one goroutine at a time.
type Evaluator struct {
	prog  Program
	cfg   evalConfig
	brain *Brain
	game  game // the board of the brain's current game, if it has one

	mu    sync.Mutex
	field string // the evaluation field of the last MESSAGE line since the request
	seen  bool
}

// game is a brain's board: its size and rule.
type game struct {
	rows, cols int
	rule       engine.Rule
}

// NewEvaluator prepares an evaluator for the brain prog; the process
// starts with the first position.
func NewEvaluator(prog Program, opts ...EvalOption) *Evaluator {
	e := &Evaluator{prog: prog, cfg: evalConfig{think: time.Second, slack: 10 * time.Second}}
	for _, o := range opts {
		o(&e.cfg)
	}
	return e
}

// Evaluate has the brain read p: its move and its evaluation for the
// side to move. A brain that moves without an evaluation gives
// [ErrNoEval], with the reading's Move (for a caller that only wants
// moves); other errors are those of [Brain] (ErrCrashed, ErrTimeout,
// ErrRefused, ErrGarbage, ErrProgram) or the context's.
func (e *Evaluator) Evaluate(ctx context.Context, p Position) (Reading, error) {
	r, err := e.evaluate(ctx, p)
	if err != nil && !errors.Is(err, ErrNoEval) {
		e.Close()
	}
	return r, err
}

func (e *Evaluator) evaluate(ctx context.Context, p Position) (Reading, error) {
	if err := e.newGame(ctx, p); err != nil {
		return Reading{}, err
	}
	e.mu.Lock()
	e.field, e.seen = "", false
	e.mu.Unlock()
	x, y, _, err := e.brain.Move(ctx, e.request(p), time.Now().Add(e.cfg.think+e.cfg.slack))
	if err != nil {
		return Reading{}, err
	}
	r := Reading{Move: sparse.Cell{Row: y, Col: x}}
	e.mu.Lock()
	field, seen := e.field, e.seen
	e.mu.Unlock()
	if !seen {
		return r, fmt.Errorf("%w: %s: no MESSAGE line had one", ErrNoEval, e.brain.Name())
	}
	ev, ok := gomocup.ParseEval(field)
	if !ok {
		return r, fmt.Errorf("%w: %s: the last was %q", ErrNoEval, e.brain.Name(), field)
	}
	r.Eval, r.Field = ev, field
	return r, nil
}

// newGame has the brain ready for a new game on p's board: RESTART in the
// same game, START in another or in a fresh process.
func (e *Evaluator) newGame(ctx context.Context, p Position) error {
	g := game{rows: p.Rows, cols: p.Cols, rule: p.Rule}
	deadline := time.Now().Add(e.cfg.think + e.cfg.slack)
	if e.brain != nil && e.game == g {
		err := e.brain.Restart(ctx, deadline)
		if err == nil || ctx.Err() != nil {
			return err
		}
		e.Close()
	}
	if e.brain == nil {
		b, err := Start(e.prog, Options{Name: e.prog.Base(), Log: e.log})
		if err != nil {
			return err
		}
		e.brain = b
	}
	e.game = game{}
	if err := e.brain.NewGame(ctx, p.Cols, p.Rows, deadline); err != nil {
		return err
	}
	e.game = g
	return nil
}

// request is the INFO lines, the lines WithBefore gave, and p's BOARD ...
// DONE.
func (e *Evaluator) request(p Position) []string {
	req := []string{
		gomocup.Info(gomocup.InfoTimeoutTurn, e.cfg.think.Milliseconds()).String(),
		gomocup.Info(gomocup.InfoTimeoutMatch, 0).String(),
		gomocup.Info(gomocup.InfoMaxMemory, evalMemory).String(),
		gomocup.Info(gomocup.InfoRule, RuleMask(p.Rule)).String(),
	}
	if p.Nodes > 0 {
		req = append(req, gomocup.Info(gomocup.InfoMaxNode, p.Nodes).String())
	}
	req = append(req, e.cfg.before...)
	req = append(req, gomocup.CmdBoard.String())
	own := len(p.Moves) % 2 // the side to move played the stones of this parity
	for i, m := range p.Moves {
		st := gomocup.Stone{X: m.Col, Y: m.Row, Field: gomocup.FieldOpponent}
		if i%2 == own {
			st.Field = gomocup.FieldOwn
		}
		req = append(req, st.String())
	}
	return append(req, gomocup.CmdDone.String())
}

// log keeps the evaluation of each MESSAGE line the brain writes and
// passes every line on to WithLog's function.
func (e *Evaluator) log(name string, in bool, line string) {
	if e.cfg.log != nil {
		e.cfg.log(name, in, line)
	}
	if in {
		return
	}
	if field, found := gomocup.MessageEval(line, e.cfg.pattern); found {
		e.mu.Lock()
		e.field, e.seen = field, true
		e.mu.Unlock()
	}
}

// Close ends the brain, if it runs: END, a grace period to exit, then it
// is killed. The evaluator may be used again; a fresh process starts.
func (e *Evaluator) Close() {
	if e.brain != nil {
		e.brain.Close(closeGrace)
		e.brain, e.game = nil, game{}
	}
}

// RuleMask is the INFO rule value of a rule: 0 freestyle,
// [gomocup.RuleExact] or [gomocup.RuleRenju].
func RuleMask(r engine.Rule) int64 {
	switch r {
	case engine.Exact:
		return gomocup.RuleExact
	case engine.Renju:
		return gomocup.RuleRenju
	}
	return 0
}
