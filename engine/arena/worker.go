package arena

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/gomocup"
	"github.com/gomoku-engine/gomoku/engine/gomocup/manager"
	"github.com/gomoku-engine/gomoku/sparse"
)

// worker plays games one after another with its own brain processes.
type worker struct {
	m      *Match
	brains []*seatBrain // per entrant; nil for strategies and dead brains
	game   int          // 1-based number of the game being played, for the log
}

// seatEngine is a brain process and what it knows of the current game.
type seatBrain struct {
	brain *manager.Brain
	fresh bool // START answered, no game played since
	known int  // moves of the current game the brain has been told or made
}

func (m *Match) newWorker() *worker {
	return &worker{m: m, brains: make([]*seatBrain, len(m.entrants))}
}

// close ends the worker's brains, all at once.
func (w *worker) close() {
	done := make(chan struct{})
	n := 0
	for _, se := range w.brains {
		if se != nil {
			n++
			go func() {
				se.brain.Close(w.m.opts.Grace)
				done <- struct{}{}
			}()
		}
	}
	for range n {
		<-done
	}
	clear(w.brains)
}

// startEngine starts entrant e's brain and has it accept the board.
func (w *worker) startBrain(ctx context.Context, e, game int, about bool) (*seatBrain, gomocup.About, error) {
	o := w.m.opts
	name := w.m.entrants[e].Name
	if w.m.names != nil && w.m.names[e] != "" {
		name = w.m.names[e]
	}
	if name == "" {
		name = w.m.entrants[e].Brain.Base()
	}
	var logf func(string, bool, string)
	if o.Log != nil {
		logf = func(n string, in bool, line string) { o.Log(w.game, n, in, line) }
	}
	eng, err := manager.Start(*w.m.entrants[e].Brain, manager.Options{Name: name, Log: logf})
	if err != nil {
		return nil, gomocup.About{}, err
	}
	deadline := time.Now().Add(o.StartupTime)
	var info gomocup.About
	if about {
		if info, err = eng.About(ctx, deadline); err != nil {
			eng.Kill()
			return nil, gomocup.About{}, err
		}
	}
	if err := eng.NewGame(ctx, o.Config.Cols, o.Config.Rows, deadline); err != nil {
		eng.Kill()
		return nil, gomocup.About{}, err
	}
	return &seatBrain{brain: eng, fresh: true}, info, nil
}

// prepare readies entrant e's brain for a new game: the process of the
// last game after RESTART, or a fresh one, then the game's INFO.
func (w *worker) prepare(ctx context.Context, e int) error {
	o := w.m.opts
	se := w.brains[e]
	if se != nil && !se.fresh && (o.FreshProcess || se.brain.Restart(ctx, time.Now().Add(o.StartupTime)) != nil) {
		se.brain.Close(o.Grace)
		se, w.brains[e] = nil, nil
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	if se == nil {
		var err error
		if se, _, err = w.startBrain(ctx, e, w.game, false); err != nil {
			return err
		}
		w.brains[e] = se
	}
	se.fresh, se.known = false, 0
	info := []string{
		gomocup.Info(gomocup.InfoTimeoutMatch, o.GameTime.Milliseconds()).String(),
		gomocup.Info(gomocup.InfoMaxMemory, o.MaxMemory).String(),
		gomocup.Info(gomocup.InfoRule, manager.RuleMask(o.Config.Rule)).String(),
	}
	// Without a move limit, the whole game is the most a move may take
	// (c-gomoku-cli's convention for tc=MATCH).
	if turn := o.MoveTime; turn > 0 || o.GameTime > 0 {
		if turn == 0 {
			turn = o.GameTime
		}
		info = append([]string{gomocup.Info(gomocup.InfoTimeoutTurn, turn.Milliseconds()).String()}, info...)
	}
	for _, c := range w.m.entrants[e].Info {
		info = append(info, c.String())
	}
	return se.brain.Send(info...)
}

// drop kills entrant e's brain after a fault; the next game starts a
// fresh one.
func (w *worker) drop(e int) {
	if se := w.brains[e]; se != nil {
		se.brain.Kill()
		w.brains[e] = nil
	}
}

// play plays game i.
func (w *worker) play(ctx context.Context, i int) (GameResult, error) {
	m, o := w.m, w.m.opts
	w.game = i + 1
	start := time.Now()
	k, openSeed := m.openingFor(i)
	seed := gameSeed(o.Seed, i)
	r := GameResult{Index: i, Seed: seed, Seats: o.seats(i, len(m.entrants)), OpeningIndex: k}
	g, err := engine.New(append(slices.Clip(o.Tuning), engine.WithConfig(o.Config))...)
	if err != nil {
		return r, err
	}
	if err := m.playOpening(g, &r, openSeed); err != nil {
		return r, err
	}
	r.Think = make([]time.Duration, g.Len())
	strategies := make([]engine.Strategy, len(m.entrants))
	for p, e := range r.Seats {
		ent := m.entrants[e]
		if ent.Brain == nil {
			strategies[e] = ent.New(entrantSeed(seed, e))
			continue
		}
		if err := w.prepare(ctx, e); err != nil {
			if ctx.Err() != nil {
				return r, ctx.Err()
			}
			w.drop(e)
			w.forfeit(&r, g, p+1, err)
			r.Duration = time.Since(start)
			return r, nil
		}
	}
	clocks := make([]clock, len(m.entrants))
	for e := range clocks {
		clocks[e].left = o.GameTime
	}
	for g.Status() == engine.Ongoing && g.Len() < o.MaxMoves {
		p := g.Turn()
		e := r.Seats[p-1]
		lim := clocks[e].next(o)
		var (
			cell sparse.Cell
			took time.Duration
			err  error
		)
		if m.entrants[e].Brain != nil {
			cell, took, err = w.askBrain(ctx, g, e, lim, clocks[e].left)
		} else {
			cell, took, err = choose(ctx, strategies[e], g, p, lim.move)
			if err != nil && ctx.Err() == nil {
				return r, fmt.Errorf("%w: game %d, move %d, player %d (%s): %w", ErrStrategy, i+1, g.Len()+1, p, m.names[e], err)
			}
		}
		if ctx.Err() != nil {
			return r, ctx.Err()
		}
		clocks[e].left -= took
		if err == nil && lim.overran(took) && o.Config.Players == 2 {
			err = fmt.Errorf("%w: %s took %v, over its limit of %v plus %v tolerance", manager.ErrTimeout, m.names[e], took.Round(time.Millisecond), lim.move.Round(time.Millisecond), lim.tolerance)
		}
		if err != nil {
			w.drop(e)
			w.forfeit(&r, g, p, err)
			break
		}
		if _, err := g.Play(cell.Row, cell.Col); err != nil {
			if fe := (*engine.ForbiddenError)(nil); errors.As(err, &fe) {
				// Renju's forfeit, for a bot as for a brain: the rules
				// refused the move, the player did not break the protocol.
				w.drop(e)
				w.forfeit(&r, g, p, &forbiddenMove{foul: fe.Foul, name: m.names[e], x: cell.Col, y: cell.Row})
				break
			}
			if m.entrants[e].Brain == nil {
				return r, fmt.Errorf("%w: game %d, move %d, player %d (%s) chose an illegal cell: %w", ErrStrategy, i+1, g.Len()+1, p, m.names[e], err)
			}
			w.drop(e)
			w.forfeit(&r, g, p, fmt.Errorf("%w: %s answered %d,%d: %w", errIllegal, m.names[e], cell.Col, cell.Row, err))
			break
		}
		if se := w.brains[e]; se != nil && m.entrants[e].Brain != nil {
			se.known = g.Len()
		}
		r.Think = append(r.Think, took)
	}
	r.Moves = g.History()
	if r.Ending != Forfeit {
		switch g.Status() {
		case engine.Won:
			r.Ending, r.Winner = Win, g.Winner()
		case engine.Drawn:
			r.Ending = Draw
		default:
			r.Ending = MoveLimit
		}
	}
	r.Duration = time.Since(start)
	return r, nil
}

// errIllegal marks an brain's move the board refused.
var errIllegal = errors.New("illegal move")

// forbiddenMove is black's move that renju forbids, which loses the
// game.
type forbiddenMove struct {
	foul engine.Foul
	name string
	x, y int
}

func (f *forbiddenMove) Error() string {
	return fmt.Sprintf("forbidden move: %v at %d,%d by %s", f.foul, f.x, f.y, f.name)
}

// forfeit ends the game: player p loses for err.
func (w *worker) forfeit(r *GameResult, g *engine.Game, p int, err error) {
	r.Ending, r.Loser = Forfeit, p
	r.Winner = p%2 + 1
	var forbidden *forbiddenMove
	switch {
	case errors.As(err, &forbidden):
		r.Fault = ForbiddenMove
	case errors.Is(err, manager.ErrTimeout):
		r.Fault = TimeLoss
	case errors.Is(err, errIllegal):
		r.Fault = IllegalMove
	case errors.Is(err, manager.ErrGarbage):
		r.Fault = Garbage
	case errors.Is(err, manager.ErrRefused):
		r.Fault = Refusal
	default:
		r.Fault = Crash
	}
	r.Reason = strings.TrimPrefix(err.Error(), "manager: ")
	r.Moves = g.History()
}

// askEngine has entrant e's brain choose a move in g: INFO time_left,
// then BEGIN on an empty board, TURN when the brain knows every move but
// the opponent's last, or BOARD with every stone in the order played.
func (w *worker) askBrain(ctx context.Context, g *engine.Game, e int, lim limits, left time.Duration) (sparse.Cell, time.Duration, error) {
	o := w.m.opts
	se := w.brains[e]
	timeLeft := int64(2147483647) // the protocol's "no limit"
	if o.GameTime > 0 {
		timeLeft = max(left.Milliseconds(), 0)
	}
	req := []string{gomocup.Info(gomocup.InfoTimeLeft, timeLeft).String()}
	moves := g.History()
	switch {
	case len(moves) == 0:
		req = append(req, gomocup.CmdBegin.String())
	case se.known == len(moves)-1 && se.known > 0:
		last := moves[len(moves)-1]
		req = append(req, gomocup.Command{Kind: gomocup.CmdTurn, X: last.Col, Y: last.Row}.String())
	default:
		req = append(req, gomocup.CmdBoard.String())
		me := g.Turn()
		for _, mv := range moves {
			st := gomocup.Stone{X: mv.Col, Y: mv.Row, Field: gomocup.FieldOpponent}
			if mv.Player == me {
				st.Field = gomocup.FieldOwn
			}
			req = append(req, st.String())
		}
		req = append(req, gomocup.CmdDone.String())
	}
	deadline, limited := lim.deadline(time.Now())
	if !limited {
		deadline = time.Now().Add(24 * time.Hour)
	}
	x, y, took, err := se.brain.Move(ctx, req, deadline)
	if errors.Is(err, manager.ErrTimeout) {
		err = fmt.Errorf("%w after %v (limit %v plus %v tolerance); killed", err, took.Round(time.Millisecond), lim.move.Round(time.Millisecond), lim.tolerance)
	}
	return pickCell(x, y), took, err
}

// choose asks s for a cell under the per-move deadline and times it.
func choose(ctx context.Context, s engine.Strategy, g *engine.Game, p int, limit time.Duration) (c sparse.Cell, d time.Duration, err error) {
	if limit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, limit)
		defer cancel()
	}
	t := time.Now()
	c, err = s.Choose(ctx, g, p)
	return c, time.Since(t), err
}
