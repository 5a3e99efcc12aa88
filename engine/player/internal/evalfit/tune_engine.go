package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/arena"
	"github.com/gomoku-engine/gomoku/engine/gomocup"
	"github.com/gomoku-engine/gomoku/engine/gomocup/manager"
	"github.com/gomoku-engine/gomoku/engine/internal/cliexit"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
	"github.com/gomoku-engine/gomoku/engine/player/internal/dense"
	"github.com/gomoku-engine/gomoku/engine/player/internal/duel"
	"github.com/gomoku-engine/gomoku/sparse"
)

// Against an engine, a step's two sets do not meet: each plays a game
// pair (both colours) against the engine from the step's opening, and the
// up set's share is ½ + (its points − the down set's) / 4, which moves the
// knobs on the same scale as a self-play pair. Each worker keeps one
// match, and so one engine process, for all of its steps: four games a
// step, the up set's pair and then the down set's, from the step's
// opening listed twice, so that the pairs of the match's file order
// fall on the steps.

// stepGames is the number of games a step plays against the engine.
const stepGames = 4

// engineSteps plays steps steps against the engine in one match.
func (t *tuner) engineSteps(ctx context.Context, steps int, seed uint64, progress io.Writer) error {
	openings := make([][]sparse.Cell, 0, 2*steps)
	t.mu.Lock()
	for range steps {
		o := t.openings[t.rng.IntN(len(t.openings))]
		openings = append(openings, o, o)
	}
	t.mu.Unlock()

	// With one game at a time the match calls New game after game, in
	// order, from its worker, while it reports the games from Run's
	// goroutine: the steps' perturbations are shared under mu.
	var (
		mu      sync.Mutex
		drawn   []perturbation
		started int
	)
	ours := arena.Entrant{Name: "tuned", New: func(uint64) engine.Strategy {
		mu.Lock()
		defer mu.Unlock()
		step, k := started/stepGames, started%stepGames
		started++
		if k == 0 {
			drawn = append(drawn, t.draw())
		}
		w := &drawn[step].up
		if k >= stepGames/2 {
			w = &drawn[step].down
		}
		return newWeighted(w, t.nodes)
	}}
	m, err := arena.NewMatch(ctx, []arena.Entrant{ours, *t.engine}, arena.Options{
		Config:   t.cfg,
		Games:    stepGames * steps,
		Seed:     seed,
		MaxMoves: t.cfg.Rows * t.cfg.Cols,
		MoveTime: t.moveTime,
		Openings: openings,
	})
	if err != nil {
		return err
	}
	var points [stepGames]float64
	_, err = m.Run(ctx, func(r arena.GameResult) error {
		if r.Fault != arena.NoFault && r.Seats[r.Loser-1] == 1 {
			return fmt.Errorf("the engine forfeited game %d (%v): %s", r.Index+1, r.Fault, r.Reason)
		}
		if r.Fault != arena.NoFault {
			return fmt.Errorf("game %d: the search forfeited (%v): %s", r.Index+1, r.Fault, r.Reason)
		}
		switch r.WinnerEntrant() {
		case 0:
			points[r.Index%stepGames] = 1
		case 1:
			points[r.Index%stepGames] = 0
		default:
			points[r.Index%stepGames] = 0.5
		}
		if r.Index%stepGames < stepGames-1 {
			return nil
		}
		mu.Lock()
		p := drawn[r.Index/stepGames]
		mu.Unlock()
		up, down := points[0]+points[1], points[2]+points[3]
		t.update(p.dir, 0.5+(up-down)/4, up+down, progress)
		return nil
	})
	return err
}

// weighted is the two-player search as the brain plays it at a fixed
// number of nodes a move, evaluating with its own weights: the tuned
// side of a game against an engine.
type weighted struct {
	ds    duel.State
	nodes int64
}

func newWeighted(w *dense.Weights, nodes int64) *weighted {
	s := &weighted{nodes: nodes}
	s.ds.SetWeights(w)
	return s
}

func (s *weighted) Name() string { return "tuned" }

// Choose plays the search's move; where it finds none (no empty cell near
// a line either side could still fill, a game that can only be drawn) it
// plays the first empty cell, so that the game runs to its end.
func (s *weighted) Choose(ctx context.Context, g *engine.Game, player int) (sparse.Cell, error) {
	if fits, warm := s.ds.Sync(g, time.Time{}); !fits || !warm {
		return sparse.Cell{}, fmt.Errorf("the search does not play the position after %d moves", g.Len())
	}
	if c, ok := s.ds.Choose(ctx, g, player, brainLimits(s.nodes), &core.Stats{}, &atomic.Pointer[sparse.Cell]{}); ok {
		return c, nil
	}
	cfg := g.Config()
	for row := range cfg.Rows {
		for col := range cfg.Cols {
			if g.At(row, col) == 0 {
				return sparse.Cell{Row: row, Col: col}, nil
			}
		}
	}
	return sparse.Cell{}, fmt.Errorf("no empty cell after %d moves", g.Len())
}

// tuneEngine is the opponent of --engine and --engine-info, nil for
// self-play, and its limit a move. The INFO keys are checked by the
// match (arena.ErrBadOptions).
func tuneEngine(c *cli.Context) (*arena.Entrant, time.Duration, error) {
	spec, infos, moveTime := c.String("engine"), c.StringSlice("engine-info"), c.Duration("move-time")
	if spec == "" {
		if len(infos) > 0 {
			return nil, 0, cli.Exit("tune: --engine-info without --engine", cliexit.Usage)
		}
		return nil, 0, nil
	}
	if moveTime <= 0 {
		return nil, 0, cli.Exit(fmt.Sprintf("tune: --move-time %v: want a positive duration", moveTime), cliexit.Usage)
	}
	prog, err := manager.ParseProgram(spec)
	if err != nil {
		return nil, 0, cli.Exit(fmt.Sprintf("tune: --engine: %v", err), cliexit.Usage)
	}
	e := arena.External(prog, "")
	for _, kv := range infos {
		key, value, ok := strings.Cut(kv, "=")
		if !ok {
			return nil, 0, cli.Exit(fmt.Sprintf("tune: --engine-info %q: want KEY=VALUE", kv), cliexit.Usage)
		}
		e.Info = append(e.Info, gomocup.Command{Kind: gomocup.CmdInfo, Key: strings.ToLower(key), Value: value})
	}
	return &e, moveTime, nil
}
