package brain

import (
	"context"
	"fmt"
	"math"
	"runtime/debug"
	"strings"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/gomocup"
	"github.com/gomoku-engine/gomoku/engine/player"
	"github.com/gomoku-engine/gomoku/engine/renju"
	"github.com/gomoku-engine/gomoku/sparse"
)

// k is the length of a winning line in every Gomocup rule.
const k = 5

// choice is what a strategy goroutine returns.
type choice struct {
	cell sparse.Cell
	err  error
}

// move answers a move request that arrived at start: BEGIN, TURN or DONE.
// It always answers one line: a legal cell, or ERROR when no move can be
// made (a refused rule, an unachievable INFO, a full board).
// The caller has checked refusal.
func (s *server) move(ctx context.Context, start time.Time) {
	if s.pos.full() {
		s.errorf("the board is full: no move left")
		return
	}
	s.ruleFixed = true
	g, me := s.pos.game(k, s.engineRule())
	fx, fy, _ := s.pos.fallback(g, me) // the board is not full, so ok
	optimum, budget := s.clock.plan(s.opts, s.pos.empties(), len(s.pos.stones))
	soft, hard := deadlines(s.opts, start, budget)
	x, y, why := fx, fy, ""
	switch {
	case g == nil:
		why = "the position holds a finished game"
	case !time.Now().Before(hard):
		why = fmt.Sprintf("the %v budget ran out before the move request was complete", budget.Round(time.Millisecond))
	default:
		ctx := player.ContextWithOptimum(ctx, start.Add(optimum))
		x, y, why = s.ask(ctx, g, me, budget, soft, hard, fx, fy)
	}
	s.finish(ctx, start, budget, optimum, x, y, gomocup.FieldOwn, why)
}

// finish answers a move request that arrived at start with a stone of f
// (the brain's, or for YXNBEST the side to move) on x,y, charging the time
// to the clock, unless END arrived while thinking. why says why the move
// is the fallback, or is "". optimum is the time the move aimed at, 0
// when it had none.
func (s *server) finish(ctx context.Context, start time.Time, budget, optimum time.Duration, x, y int, f gomocup.Field, why string) {
	if s.ended || ctx.Err() != nil {
		return // END arrived while thinking: no answer
	}
	took := time.Since(start)
	if s.clock.match > 0 && !s.clock.leftSet {
		s.clock.used += took
	}
	s.clock.moved(took)
	if why != "" {
		s.debug("fallback move %d,%d: %s", x, y, why)
	}
	if s.opts.Debug {
		s.debug("budget %v, answered after %v%s", budget.Round(time.Millisecond), took.Round(time.Millisecond), s.searched(optimum, why == ""))
	}
	s.place(x, y, f)
}

// searched describes, for the debug lines, the time a move aimed at
// (none when 0) and, when the strategy answered (chose), its latest
// search if it keeps the figures.
func (s *server) searched(optimum time.Duration, chose bool) string {
	var b strings.Builder
	if optimum > 0 {
		fmt.Fprintf(&b, ", aimed at %v", optimum.Round(time.Millisecond))
	}
	if k, ok := s.strategy.(*keptSearch); ok && chose {
		if st, ok := k.LastStats(); ok {
			fmt.Fprintf(&b, "; %v, depth %d, %d nodes, eval %s, halt %s", st.Reason, st.Depth, st.Nodes, evalText(st), st.Halt)
		}
	}
	return b.String()
}

// refusal explains why no move can be asked for under the current INFO
// settings, or returns "".
func (s *server) refusal() string {
	if s.problem != "" {
		return s.problem
	}
	return unsupportedRule(s.gameRule)
}

// place puts a stone of f (the brain's, but for YXNBEST) on a cell checked
// to be free and answers it.
func (s *server) place(x, y int, f gomocup.Field) {
	if s.onMove != nil {
		s.onMove(x, y, s.pos)
	}
	s.pos.place(x, y, f)
	s.ruleFixed = true
	s.answer(gomocup.Answer{Kind: gomocup.AnswerMove, X: x, Y: y}.String())
}

// provisional is a strategy that can tell, while it is still choosing, the
// best move it has found so far ([player.Search] can).
type provisional interface {
	Provisional() (sparse.Cell, bool)
}

// ask runs the strategy under the soft deadline and waits for it until the
// hard one, meanwhile obeying END, applying INFO and queueing other lines.
// It returns the strategy's cell when legal, else the fallback and why.
func (s *server) ask(ctx context.Context, g *engine.Game, me int, budget time.Duration, soft, hard time.Time, fx, fy int) (int, int, string) {
	strat, err := s.opts.NewStrategy(Think{Config: g.Config(), Player: me, Budget: time.Until(soft), Stones: len(s.pos.stones), MaxMemory: s.clock.maxMemory, Threads: s.threads})
	if err != nil {
		return fx, fy, "no strategy: " + err.Error()
	}
	s.strategy = strat
	tctx, cancel := context.WithDeadline(ctx, soft)
	defer cancel()
	res := make(chan choice, 1) // buffered: an overrunning strategy must not block forever
	go func() {
		defer func() {
			if r := recover(); r != nil {
				res <- choice{err: fmt.Errorf("strategy panicked: %v", r)}
			}
		}()
		c, err := strat.Choose(tctx, g, me)
		res <- choice{cell: c, err: err}
	}()
	timer := time.NewTimer(time.Until(hard))
	defer timer.Stop()
	for {
		select {
		case r := <-res:
			if r.err != nil {
				return fx, fy, fmt.Sprintf("%s failed: %v", strat.Name(), r.err)
			}
			if err := s.pos.free(r.cell.Col, r.cell.Row); err != nil {
				return fx, fy, fmt.Sprintf("%s chose an illegal cell: %v", strat.Name(), err)
			}
			if foul := g.Forbidden(r.cell.Row, r.cell.Col); foul != renju.None {
				return fx, fy, fmt.Sprintf("%s chose a cell renju forbids: %v", strat.Name(), foul)
			}
			return r.cell.Col, r.cell.Row, ""
		case <-timer.C:
			why := fmt.Sprintf("%s overran its %v budget", strat.Name(), budget.Round(time.Millisecond))
			if p, ok := strat.(provisional); ok {
				if c, ok := p.Provisional(); ok && s.pos.free(c.Col, c.Row) == nil && g.Forbidden(c.Row, c.Col) == renju.None {
					return c.Col, c.Row, why + "; its best move so far"
				}
			}
			return fx, fy, why
		case <-ctx.Done():
			return fx, fy, "cancelled"
		case l, ok := <-s.lines:
			if s.heard(l, ok) {
				return fx, fy, "END"
			}
		}
	}
}

// heard takes a line that arrived while the brain thinks (ok false: the
// input ended) and reports whether it was END, which stops the thinking
// at once when no command is queued before it (behind queued commands it
// waits its turn, so that a scripted dialogue is answered in order). INFO
// applies at once, from the next move; other lines wait in pending.
func (s *server) heard(l inputLine, ok bool) bool {
	if !ok {
		s.lines = nil // the input ended; finish this move first
		return false
	}
	c, err := gomocup.ParseCommand(l.text)
	switch {
	case l.tooLong || err != nil:
		s.pending = append(s.pending, l)
	case c.Kind == gomocup.CmdEnd && len(s.pending) == 0:
		s.ended = true
		return true
	case c.Kind == gomocup.CmdInfo && len(s.pending) == 0:
		s.info(c)
	default:
		s.pending = append(s.pending, l)
	}
	return false
}

// setMemory applies INFO max_memory. Below minMemory the brain cannot keep
// its promise, which the spec says to report at the next move request.
func (s *server) setMemory(n int64) {
	s.clock.maxMemory = n
	s.problem = ""
	if n > 0 && n < minMemory {
		s.problem = fmt.Sprintf("max_memory %d bytes is below the %d bytes this brain needs", n, minMemory)
		return
	}
	if !s.opts.ApplyMemoryLimit {
		return
	}
	if n == 0 {
		debug.SetMemoryLimit(math.MaxInt64) // the runtime's "no limit"
		return
	}
	debug.SetMemoryLimit(n / 4 * 3)
}
