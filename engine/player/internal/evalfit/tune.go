package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/arena"
	"github.com/gomoku-engine/gomoku/engine/arena/opening"
	"github.com/gomoku-engine/gomoku/engine/internal/atomicfile"
	"github.com/gomoku-engine/gomoku/engine/internal/cliexit"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
	"github.com/gomoku-engine/gomoku/engine/player/internal/dense"
	"github.com/gomoku-engine/gomoku/engine/player/internal/duel"
	"github.com/gomoku-engine/gomoku/sparse"
)

// tuneCommand moves groups of the evaluation's weights by play, against
// itself or against an engine: simultaneous perturbation stochastic
// approximation (SPSA).
func tuneCommand() *cli.Command {
	return &cli.Command{
		Name:      "tune",
		Usage:     "tune groups of the evaluation's weights by self-play or against an engine (SPSA)",
		ArgsUsage: " ",
		Description: "Each knob scales a group of the weights (see --knobs). At every step every\n" +
			"knob is moved up or down by PERTURB at random, and the two sets of weights so\n" +
			"made play a pair of games against each other from a random opening of\n" +
			"OPENINGS, each set black once, NODES nodes a move (the two-player search as the\n" +
			"brain plays it, threat searches on, tables kept within a game). Each knob then\n" +
			"moves by STEP × (the first set's share of the pair's points − ½) / PERTURB in\n" +
			"the direction it was perturbed for the first set (kept within 0.3 to 2). A game the search finds no\n" +
			"move in (no empty cell near a line either side could still fill) is a draw.\n" +
			"Progress goes to standard error every 50 pairs; at the end the knobs' mean\n" +
			"over the second half of the pairs is applied to the starting weights, and the\n" +
			"weights file is written atomically. With one worker, the same flags and build\n" +
			"give the same file; with more, pairs finish in an order the load decides.\n\n" +
			"With --engine, the two sets do not meet: each plays a pair of games against\n" +
			"that Gomocup brain from the step's opening, each colour once, and the first\n" +
			"set's share is ½ + (its points − the second set's) / 4. Each worker keeps one\n" +
			"brain process for all its steps (RESTART between games), sent INFO\n" +
			"timeout_turn of --move-time and each --engine-info (Rapfi's max_node makes its\n" +
			"play independent of the load, as \"gomoku:pbrain --nodes N\" does ours). A game the\n" +
			"search finds no move in goes on from the first empty cell; a game the engine\n" +
			"forfeits (a crash, a move too late or off the board) stops the run.\n\n" +
			"What it tunes is play at NODES nodes: play the result against the weights\n" +
			"it started from (`gomoku match`) at the nodes and clock that matter, from\n" +
			"openings it did not tune on (it tunes on fit125.txt, screening plays\n" +
			"balanced15.txt, and the tests against other engines center60.txt).\n\n" +
			"Example:\n" +
			"   go run ./engine/player/internal/evalfit tune --openings bench/openings/fit125.txt \\\n" +
			"       --pairs 2000 --nodes 20000 --out tuned.json\n" +
			"   go run ./engine/player/internal/evalfit tune --openings bench/openings/fit125.txt \\\n" +
			"       --engine ./pbrain-rapfi --engine-info max_node=5000 --pairs 8000 --nodes 5000 --out tuned.json\n" +
			"   cp tuned.json engine/player/internal/dense/weights.json && go build ./cmd/gomoku",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "openings", Required: true, Usage: "the openings `FILE` (bench/openings format)"},
			&cli.StringFlag{Name: "start", Usage: "start from the weights `FILE` (default: the build's weights.json)"},
			&cli.StringFlag{Name: "knobs", Value: "coarse", Usage: "the knobs' `SET`: coarse (14 groups) or fine (each class of each role apart)"},
			&cli.IntFlag{Name: "pairs", Value: 2000, Usage: "`N` steps: a game pair each in self-play, two pairs against an engine"},
			&cli.Int64Flag{Name: "nodes", Value: 20000, Usage: "`N` nodes a move"},
			&cli.Float64Flag{Name: "step", Value: 0.001, Usage: "the step's `SIZE`"},
			&cli.Float64Flag{Name: "perturb", Value: 0.1, Usage: "each knob's perturbation `FACTOR` (0.1: ×1.1 or ×0.9)"},
			&cli.IntFlag{Name: "workers", Value: runtime.NumCPU(), Usage: "`N` pairs played at once"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "the perturbations' and openings' `SEED`"},
			&cli.StringFlag{Name: "out", Required: true, Usage: "the weights `FILE`"},
			&cli.StringFlag{Name: "engine", Usage: "play against the Gomocup brain at `PATH` (PATH:ARGS with arguments) instead of self-play"},
			&cli.StringSliceFlag{Name: "engine-info", Usage: "send the engine INFO `KEY=VALUE` at every game, e.g. max_node=5000 (repeatable)"},
			&cli.DurationFlag{Name: "move-time", Value: 10 * time.Second, Usage: "the engine's limit a move, `DURATION` (INFO timeout_turn; a later answer forfeits)"},
		}, boardFlags()...),
		Action: tune,
	}
}

// tune is the tune command's action.
func tune(c *cli.Context) error {
	t := tuner{
		pairs: c.Int("pairs"), nodes: c.Int64("nodes"), step: c.Float64("step"),
		perturb: c.Float64("perturb"), workers: c.Int("workers"), seed: c.Uint64("seed"),
	}
	if t.pairs < 2 || t.nodes < 1 || !(t.step > 0) || !(t.perturb > 0 && t.perturb < 1) || t.workers < 1 {
		return cli.Exit(fmt.Sprintf("tune: --pairs %d --nodes %d --step %v --perturb %v --workers %d: want at least 2 pairs, 1 node and 1 worker, a positive step and a perturbation between 0 and 1",
			t.pairs, t.nodes, t.step, t.perturb, t.workers), cliexit.Usage)
	}
	cfg, err := commandBoard(c, "tune")
	if err != nil {
		return err
	}
	t.cfg = cfg
	if t.engine, t.moveTime, err = tuneEngine(c); err != nil {
		return err
	}
	if t.base, err = startWeights(c.String("start")); err != nil {
		return cli.Exit(fmt.Sprintf("tune: --start: %v", err), cliexit.Usage)
	}
	if t.knobs, err = duel.Knobs(c.String("knobs"), t.base); err != nil {
		return cli.Exit(fmt.Sprintf("tune: --knobs: %v", err), cliexit.Usage)
	}
	ops, err := opening.Load(c.String("openings"))
	if err == nil {
		err = opening.Check(ops, cfg)
	}
	if err != nil {
		return cli.Exit(fmt.Sprintf("tune: --openings: %v", err), cliexit.Usage)
	}
	for _, o := range ops {
		cells, err := o.Cells(cfg.Rows, cfg.Cols)
		if err != nil {
			return cli.Exit(fmt.Sprintf("tune: --openings: %v", err), cliexit.Usage)
		}
		t.openings = append(t.openings, cells)
	}
	mean, err := t.run(c.Context, c.App.ErrWriter)
	if errors.Is(err, arena.ErrBadOptions) {
		return cli.Exit(fmt.Sprintf("tune: --engine-info: %v", err), cliexit.Usage)
	}
	if err != nil {
		return cli.Exit(fmt.Sprintf("tune: %v", err), cliexit.Fail)
	}
	fmt.Fprintln(c.App.ErrWriter, "knobs (mean of the second half):", t.describe(mean))
	w := t.apply(mean)
	if err := atomicfile.Write(c.String("out"), w.Write); err != nil {
		return cli.Exit(err, cliexit.Fail)
	}
	return nil
}

// A knob's factor stays within these bounds, so that no weight changes
// sign or runs away on a streak of noise.
const (
	minFactor = 0.3
	maxFactor = 2
)

// tuner is one run of SPSA.
type tuner struct {
	cfg      engine.Config
	base     dense.Weights
	knobs    []duel.Knob
	openings [][]sparse.Cell
	pairs    int
	nodes    int64
	step     float64
	perturb  float64
	workers  int
	seed     uint64

	mu     sync.Mutex
	rng    *rand.Rand
	theta  []float64 // the knobs' factors
	sum    []float64 // their sum over the pairs of the second half
	summed int
	done   int
	points float64 // the points of the progress lines (see update)

	engine   *arena.Entrant // the opponent, or nil for self-play
	moveTime time.Duration  // the engine's limit a move
}

// run plays the pairs and returns the knobs' mean over the second half.
func (t *tuner) run(ctx context.Context, progress io.Writer) ([]float64, error) {
	n := len(t.knobs)
	t.rng = rand.New(rand.NewPCG(t.seed, 0x5eed))
	t.theta, t.sum = make([]float64, n), make([]float64, n)
	for i := range t.theta {
		t.theta[i] = 1
	}
	var (
		next     atomic.Int64
		wg       sync.WaitGroup
		errOnce  sync.Once
		firstErr error
	)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	fail := func(err error) {
		errOnce.Do(func() { firstErr = err })
		cancel()
	}
	for k := range t.workers {
		wg.Go(func() {
			if t.engine != nil {
				// The steps are dealt out up front: each worker's match
				// plays its share.
				steps := t.pairs / t.workers
				if k < t.pairs%t.workers {
					steps++
				}
				if steps > 0 {
					if err := t.engineSteps(ctx, steps, t.seed+uint64(k), progress); err != nil {
						fail(err)
					}
				}
				return
			}
			for next.Add(1) <= int64(t.pairs) {
				if err := t.pair(ctx, progress); err != nil {
					fail(err)
					return
				}
			}
		})
	}
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	mean := make([]float64, n)
	for i := range mean {
		mean[i] = t.sum[i] / float64(t.summed)
	}
	return mean, nil
}

// perturbation is one step's direction and the two sets it makes.
type perturbation struct {
	dir      []float64 // +1 or −1 per knob: the up set's side
	up, down dense.Weights
}

// draw draws a perturbation around the knobs' present factors.
func (t *tuner) draw() perturbation {
	t.mu.Lock()
	dir := make([]float64, len(t.knobs))
	up, down := make([]float64, len(dir)), make([]float64, len(dir))
	for i := range dir {
		dir[i] = float64(2*t.rng.IntN(2) - 1)
		up[i] = t.theta[i] + t.perturb*dir[i]
		down[i] = t.theta[i] - t.perturb*dir[i]
	}
	t.mu.Unlock()
	return perturbation{dir: dir, up: t.apply(up), down: t.apply(down)}
}

// pair draws a perturbation and an opening, has the two sets play a pair
// of games against each other and moves the knobs.
func (t *tuner) pair(ctx context.Context, progress io.Writer) error {
	p := t.draw()
	t.mu.Lock()
	cells := t.openings[t.rng.IntN(len(t.openings))]
	t.mu.Unlock()
	first, err := t.game(ctx, cells, &p.up, &p.down)
	if err != nil {
		return err
	}
	second, err := t.game(ctx, cells, &p.down, &p.up)
	if err != nil {
		return err
	}
	share := (first + 1 - second) / 2 // the up set's share of the pair's points
	t.update(p.dir, share, 2*share, progress)
	return nil
}

// update moves the knobs after a step whose up set took share of the
// points (½ when the two sets did equally well); scored is the step's
// points for the progress lines: the up set's in self-play, both sets'
// against an engine.
func (t *tuner) update(dir []float64, share, scored float64, progress io.Writer) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for i := range t.theta {
		t.theta[i] = min(max(t.theta[i]+t.step*(share-0.5)/t.perturb*dir[i], minFactor), maxFactor)
	}
	t.done++
	t.points += scored
	if t.done > t.pairs/2 {
		for i := range t.theta {
			t.sum[i] += t.theta[i]
		}
		t.summed++
	}
	if t.done%50 == 0 {
		what := fmt.Sprintf("pair %d: the perturbed-up sets scored %.3f", t.done, t.points/float64(2*t.done))
		if t.engine != nil {
			what = fmt.Sprintf("step %d: the perturbed sets scored %.3f against the engine", t.done, t.points/float64(stepGames*t.done))
		}
		fmt.Fprintf(progress, "%s; %s\n", what, t.describe(t.theta))
	}
}

// game plays one game from cells, black evaluating with b and white with
// w, and returns black's points.
func (t *tuner) game(ctx context.Context, cells []sparse.Cell, b, w *dense.Weights) (float64, error) {
	g, err := engine.New(engine.WithConfig(t.cfg))
	if err != nil {
		return 0, err
	}
	for _, c := range cells {
		if _, err := g.Play(c.Row, c.Col); err != nil {
			return 0, err
		}
	}
	var sides [2]duel.State
	sides[0].SetWeights(b)
	sides[1].SetWeights(w)
	for g.Status() == engine.Ongoing {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		ds := &sides[g.Turn()-1]
		if fits, warm := ds.Sync(g, time.Time{}); !fits || !warm {
			return 0, fmt.Errorf("the search does not play the position after %d moves", g.Len())
		}
		c, ok := ds.Choose(ctx, g, g.Turn(), brainLimits(t.nodes), &core.Stats{}, &atomic.Pointer[sparse.Cell]{})
		if !ok {
			return 0.5, nil
		}
		if _, err := g.Play(c.Row, c.Col); err != nil {
			return 0, fmt.Errorf("move %d: %w", g.Len()+1, err)
		}
	}
	switch g.Winner() {
	case 1:
		return 1, nil
	case 2:
		return 0, nil
	}
	return 0.5, nil
}

// apply is the starting weights with the knobs at theta.
func (t *tuner) apply(theta []float64) dense.Weights {
	w := t.base.Clone()
	for i, k := range t.knobs {
		k.Apply(&w, theta[i])
	}
	return w
}

// describe lists the knobs at theta.
func (t *tuner) describe(theta []float64) string {
	parts := make([]string, len(t.knobs))
	for i, k := range t.knobs {
		parts[i] = fmt.Sprintf("%s=%.3f", k.Name, theta[i])
	}
	return strings.Join(parts, " ")
}
