package brain

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/gomocup"
	"github.com/gomoku-engine/gomoku/engine/player"
	"github.com/gomoku-engine/gomoku/sparse"
)

// ranker is a strategy that can rank moves: its best move for p outside
// except, with the figures of the search that found it. The search made
// by [ByName] is one; YXNBEST needs one.
type ranker interface {
	Rank(ctx context.Context, g *engine.Game, p int, except []sparse.Cell) (sparse.Cell, player.Stats, error)
}

// ranked is one line of a YXNBEST answer.
type ranked struct {
	cell  sparse.Cell
	stats player.Stats
	err   error
}

// nbest answers YXNBEST n, which arrived at start: the n best moves of the
// side to move (see position.toMove), each searched with the moves found
// before it excluded and a share of the move's budget (what the earlier
// ones left, divided by the moves still to find), reported in a MESSAGE as
// it is found; then the best is answered and played on the board for the
// side to move, as Rapfi does. Requests that
// cannot be met (no board, a refused rule, a finished game, more moves
// than cells the side to move may play, a strategy that cannot rank) are
// answered ERROR and change nothing.
func (s *server) nbest(ctx context.Context, n int, start time.Time) {
	if s.pos == nil {
		s.errorf("YXNBEST before START: no board")
		return
	}
	if !s.ready() {
		return
	}
	side := s.pos.toMove()
	pos := s.pos.seenBy(side)
	g, me := pos.game(k, s.engineRule())
	if g == nil {
		s.errorf("YXNBEST: the position holds a finished game; nothing to rank")
		return
	}
	forbidden := map[sparse.Cell]bool{}
	for c := range g.ForbiddenCells() {
		forbidden[c] = true
	}
	if free := s.pos.empties() - len(forbidden); n > free {
		why := ""
		if len(forbidden) > 0 {
			why = fmt.Sprintf(" (%d more are forbidden to black)", len(forbidden))
		}
		s.errorf("YXNBEST %d: only %d cells can be played%s", n, free, why)
		return
	}
	_, budget := s.clock.plan(s.opts, s.pos.empties(), len(s.pos.stones))
	soft, hard := deadlines(s.opts, start, budget)
	strat, err := s.opts.NewStrategy(Think{Config: g.Config(), Player: me, Budget: time.Until(soft), Stones: len(s.pos.stones), MaxMemory: s.clock.maxMemory, Threads: s.threads})
	if err != nil {
		s.errorf("YXNBEST: no strategy: %v", err)
		return
	}
	r, ok := strat.(ranker)
	if !ok {
		s.errorf("YXNBEST: strategy %s ranks only its best move; use the search", strat.Name())
		return
	}
	s.strategy = strat
	s.ruleFixed = true

	// The fallback is worked out before the search starts: it plays
	// moves on g to try them, and the search reads g.
	fx, fy, _ := pos.fallback(g, me) // n ≥ 1 cells can be played, so ok
	tctx, cancel := context.WithDeadline(ctx, soft)
	defer cancel()
	found := make(chan ranked, n) // buffered: an overrunning search must not block forever
	go rankMoves(tctx, r, g, me, n, soft, found)

	var best []ranked
	seen := map[sparse.Cell]bool{}
	timer := time.NewTimer(time.Until(hard))
	defer timer.Stop()
	why := ""
	for why == "" && len(best) < n {
		select {
		case pv, ok := <-found:
			switch {
			case !ok:
				why = "the search stopped"
			case pv.err != nil:
				why = fmt.Sprintf("%s failed: %v", strat.Name(), pv.err)
			case s.pos.free(pv.cell.Col, pv.cell.Row) != nil || forbidden[pv.cell] || seen[pv.cell]:
				why = fmt.Sprintf("%s ranked %d,%d, which is not a new legal move", strat.Name(), pv.cell.Col, pv.cell.Row)
			default:
				seen[pv.cell] = true
				best = append(best, pv)
				s.answer(gomocup.Answer{Kind: gomocup.AnswerMessage, Text: pvText(len(best), pv, s.pos.cols)}.String())
			}
		case <-timer.C:
			why = fmt.Sprintf("the %v budget ran out", budget.Round(time.Millisecond))
		case <-ctx.Done():
			return
		case l, ok := <-s.lines:
			if s.heard(l, ok) {
				return // END: no answer
			}
		}
	}
	cancel()
	x, y := fx, fy
	if p, ok := strat.(provisional); ok && len(best) == 0 {
		if c, ok := p.Provisional(); ok && s.pos.free(c.Col, c.Row) == nil && !forbidden[c] {
			x, y, why = c.Col, c.Row, why+"; its best move so far"
		}
	}
	if len(best) > 0 {
		x, y = best[0].cell.Col, best[0].cell.Row
		if len(best) < n {
			s.debug("%d of %d moves ranked: %s", len(best), n, why)
		}
		why = ""
	}
	s.finish(ctx, start, budget, 0, x, y, side, why)
}

// rankMoves finds the n best moves one after another, each search given
// an equal share of the time left until soft, and sends them to found,
// which it closes when done.
func rankMoves(ctx context.Context, r ranker, g *engine.Game, me, n int, soft time.Time, found chan<- ranked) {
	defer close(found)
	defer func() {
		if p := recover(); p != nil {
			found <- ranked{err: fmt.Errorf("strategy panicked: %v", p)}
		}
	}()
	var except []sparse.Cell
	for i := range n {
		now := time.Now()
		pctx, cancel := context.WithDeadline(ctx, now.Add(soft.Sub(now)/time.Duration(n-i)))
		c, st, err := r.Rank(pctx, g, me, except)
		cancel()
		found <- ranked{cell: c, stats: st, err: err}
		if err != nil || ctx.Err() != nil {
			return
		}
		except = append(except, c)
	}
}

// pvText is a YXNBEST MESSAGE in the form Rapfi writes for each of its
// best lines: "(i) eval | depth | move". The evaluation is evalText's;
// the depth is the deepest full iteration (0 for a move found without the
// look-ahead); the move is written as Rapfi writes moves, the column as a
// letter from A and the row from 1, or as "x,y" on boards wider than 26
// columns.
func pvText(i int, pv ranked, cols int) string {
	move := gomocup.Point(pv.cell.Col, pv.cell.Row)
	if cols <= 26 {
		move = string(rune('A'+pv.cell.Col)) + strconv.Itoa(pv.cell.Row+1)
	}
	return fmt.Sprintf("(%d) %s | %d | %s", i, evalText(pv.stats), pv.stats.Depth, move)
}

// evalText writes a search's value as Rapfi does: the search's own scale,
// or "+M<plies>" ("-M<plies>") for a forced win (loss) in that many moves,
// "+M*" for a win of uncounted length.
func evalText(st player.Stats) string {
	plies, ok := st.MateIn()
	switch {
	case !ok:
		return strconv.FormatInt(st.Score, 10)
	case plies > 0:
		return "+M" + strconv.Itoa(plies)
	case plies < 0:
		return "-M" + strconv.Itoa(-plies)
	}
	return "+M*"
}
