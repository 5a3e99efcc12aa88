package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/internal/atomicfile"
	"github.com/gomoku-engine/gomoku/engine/internal/cliexit"
	"github.com/gomoku-engine/gomoku/engine/player/internal/dense"
	"github.com/gomoku-engine/gomoku/engine/player/internal/duel"
)

// run runs the program with args and returns its exit status.
func run(ctx context.Context, args []string, out, errOut io.Writer) int {
	return cliexit.Run(ctx, newApp(out, errOut), "evalfit", args, errOut)
}

// newApp builds the program around the given streams, so tests can run it
// in-process.
func newApp(out, errOut io.Writer) *cli.App {
	return &cli.App{
		Name:      "evalfit",
		Usage:     "refit the two-player search's evaluation weights from saved games",
		ArgsUsage: "DIR|games.txt|FILEpositions.txt ...",
		Description: "Reads the games.txt summaries that `gomoku match --save-dir DIR` writes (a DIR\n" +
			"stands for DIR/games.txt, played on the board and under the rule of DIR's saved\n" +
			"games; a games.txt file named alone is played on a SIZE×SIZE board under RULE),\n" +
			"replays every distinct game once (two players, K = 5), fits the evaluation's\n" +
			"weights by logistic regression of the results on its counts, prints the\n" +
			"held-out log-loss of the fit and of the current weights, overall and for each\n" +
			"input, and writes the weights file. Games lost on time or by a fault are left\n" +
			"out. The fit starts from the weights in force and keeps the tempo (the worth\n" +
			"of the move); a waiting side's shape weighs at most the side to move's.\n\n" +
			"With --eval-weight W > 0 the target of a position is (1 − W)·result + W·the win\n" +
			"chance the engine to move printed before its move (a MESSAGE line with\n" +
			"\"Eval E\", as Rapfi prints, read as sigmoid(E/SCALE); a mate as 1 or 0), read\n" +
			"from DIR/" + logName + ", the log `gomoku match --log` writes. Positions no engine\n" +
			"evaluated are left out of the fit; the held-out log-loss is still against the\n" +
			"results, on every held-out position, so that fits compare. Whatever W, when a\n" +
			"DIR has a log, the held-out log-loss against the engines' evaluations alone is\n" +
			"printed too, and the spread of the evaluation (fitted and current): a fit that\n" +
			"stretches or shrinks the scale changes what the search's margins mean.\n\n" +
			"A file whose name ends in " + positionsSuffix + " holds positions an engine evaluated one by\n" +
			"one (see `evalfit label --help`): their target is the engine's win chance.\n\n" +
			"Examples:\n" +
			"   gomoku match --bots search,pbrain:/opt/rapfi --rows 15 --cols 15 --tc 10s+100ms \\\n" +
			"       --openings bench/openings/fit125.txt --games 400 --save-dir games/\n" +
			"   go run ./engine/player/internal/evalfit --out engine/player/internal/dense/weights.json games/\n" +
			"   go build ./cmd/gomoku   # the new weights are embedded\n" +
			"   gomoku match --bots pbrain:/opt/rapfi,pbrain:/opt/rapfi --rows 20 --cols 20 --tc 1+0.05 \\\n" +
			"       --openings bench/openings/fit125.txt --games 100 --save-dir g20/ --log g20/match.log\n" +
			"   go run ./engine/player/internal/evalfit --eval-weight 0.5 g20/",
		Writer:          out,
		ErrWriter:       errOut,
		HideHelpCommand: true,
		ExitErrHandler:  func(*cli.Context, error) {},
		Flags: append([]cli.Flag{
			&cli.Float64Flag{Name: "eval-weight", Value: 0, Usage: "`SHARE` of the target taken from the engines' evaluations in DIR/" + logName + " (0: the results alone)"},
			&cli.Float64Flag{Name: "eval-scale", Value: 200, Usage: "an engine's evaluation E is a win chance of sigmoid(E/`SCALE`) (Rapfi's scaling: 200)"},
			&cli.StringFlag{Name: "out", Usage: "write the weights to `FILE` (atomically) instead of standard output"},
			&cli.Float64Flag{Name: "l2", Value: 3e-4, Usage: "L2 regularisation `STRENGTH`"},
			&cli.IntFlag{Name: "iters", Value: 4000, Usage: "gradient steps `N`"},
			&cli.StringFlag{Name: "start", Usage: "start from, and compare with, the weights `FILE` (default: the build's weights.json; engine/player/internal/dense/weights20.json for the large boards')"},
			&cli.BoolFlag{Name: "combos", Value: true, Usage: "fit the weights of combinations of strong shapes (--combos=false keeps them as they are)"},
		}, boardFlags()...),
		Commands: []*cli.Command{labelCommand(), reachCommand(), tuneCommand(), pairsCommand()},
		Action:   fit,
	}
}

// fit is the program's action.
func fit(c *cli.Context) error {
	if c.NArg() == 0 {
		return cli.Exit("no games: name DIR or games.txt files (see --help)", cliexit.Usage)
	}
	size, iters := c.Int("size"), c.Int("iters")
	if iters < 1 {
		return cli.Exit(fmt.Sprintf("--iters %d: want at least 1", iters), cliexit.Usage)
	}
	rule, err := engine.ParseRule(c.String("rule"))
	if err != nil {
		return cli.Exit(fmt.Sprintf("--rule: %v", err), cliexit.Usage)
	}
	cfg := engine.DefaultConfig()
	cfg.Rows, cfg.Cols, cfg.Rule = size, size, rule
	if _, err := duel.NewReplay(cfg); err != nil || rule == engine.Renju {
		return cli.Exit(fmt.Sprintf("--size %d --rule %v: not a board the fit replays (%v)", size, rule, err), cliexit.Usage)
	}
	mix, scale := c.Float64("eval-weight"), c.Float64("eval-scale")
	if !(mix >= 0 && mix <= 1) || !(scale > 0) {
		return cli.Exit(fmt.Sprintf("--eval-weight %v --eval-scale %v: want a weight from 0 to 1 and a positive scale", mix, scale), cliexit.Usage)
	}
	start, err := startWeights(c.String("start"))
	if err != nil {
		return cli.Exit(fmt.Sprintf("--start: %v", err), cliexit.Usage)
	}
	inputs, err := inputsOf(c.Args().Slice(), cfg, scale)
	if err != nil {
		return cli.Exit(err, cliexit.Fail)
	}
	samples, games, err := samplesFrom(inputs, mix, evalFeatures)
	if err != nil {
		return cli.Exit(err, cliexit.Fail)
	}
	targets := 0
	for _, s := range samples {
		if !heldOut(s) && !math.IsNaN(s.target) {
			targets++
		}
	}
	fmt.Fprintf(c.App.ErrWriter, "%d games, %d quiet positions, %d to fit on\n", games, len(samples), targets)
	if games < 5 {
		return cli.Exit(fmt.Sprintf("%d games: at least 5 are needed (one in five is held out)", games), cliexit.Fail)
	}
	if targets == 0 {
		return cli.Exit(fmt.Sprintf("no position to fit on: --eval-weight %v needs engines' evaluations in DIR/%s", mix, logName), cliexit.Fail)
	}
	features := duel.FitFeatures(start)
	if !c.Bool("combos") {
		features = withoutCombos(features)
	}
	w := fitLogistic(c.Context, samples, features, start.Tempo, c.Float64("l2"), iters)
	if err := c.Context.Err(); err != nil {
		return cli.Exit(err, cliexit.Fail)
	}
	fitted := linear(w)
	current := linear(append(currentOf(features), float64(start.Tempo)/1000))
	all := func(sample) bool { return true }
	fmt.Fprintf(c.App.ErrWriter, "held-out log-loss: fitted %.4f, current weights %.4f (a coin: %.4f)\n",
		logLoss(samples, all, result, fitted), logLoss(samples, all, result, current), math.Log(2))
	if mix > 0 {
		fmt.Fprintf(c.App.ErrWriter, "held-out log-loss against the targets: fitted %.4f, current weights %.4f\n",
			logLoss(samples, all, target, fitted), logLoss(samples, all, target, current))
	}
	if n := countLabels(samples, engineChance); n > 0 {
		fmt.Fprintf(c.App.ErrWriter, "held-out log-loss against the engines' evaluations (%d positions): fitted %.4f, current weights %.4f\n",
			n, logLoss(samples, all, engineChance, fitted), logLoss(samples, all, engineChance, current))
	}
	fmt.Fprintf(c.App.ErrWriter, "held-out spread of the evaluation (standard deviation, logits): fitted %.3f, current weights %.3f\n",
		spread(samples, fitted), spread(samples, current))
	if len(inputs) > 1 {
		for k, in := range inputs {
			of := func(s sample) bool { return s.input == k }
			line := fmt.Sprintf("  %s (%dx%d %v): fitted %.4f, current weights %.4f",
				in.path, in.cfg.Rows, in.cfg.Cols, in.cfg.Rule, logLoss(samples, of, result, fitted), logLoss(samples, of, result, current))
			if in.positions {
				line = fmt.Sprintf("  %s (positions)", in.path)
			}
			if countLabels(samples, func(s sample) float64 {
				if s.input != k {
					return math.NaN()
				}
				return s.engine
			}) > 0 {
				line += fmt.Sprintf("; against the engines: fitted %.4f, current weights %.4f",
					logLoss(samples, of, engineChance, fitted), logLoss(samples, of, engineChance, current))
			}
			fmt.Fprintln(c.App.ErrWriter, line)
		}
	}
	weights := duel.FittedWeights(start, w)
	if out := c.String("out"); out != "" {
		if err := atomicfile.Write(out, weights.Write); err != nil {
			return cli.Exit(err, cliexit.Fail)
		}
		return nil
	}
	if err := weights.Write(c.App.Writer); err != nil {
		return cli.Exit(err, cliexit.Fail)
	}
	return nil
}

// inputsOf are the fit's inputs named by paths: a save directory stands
// for its games.txt, replayed on its saved games' board and rule, with
// the engines' evaluations of its log; another file is replayed on cfg,
// and a name ending in [positionsSuffix] is a positions file.
func inputsOf(paths []string, cfg engine.Config, scale float64) ([]input, error) {
	var inputs []input
	for _, p := range paths {
		in := input{path: p, cfg: cfg, positions: isPositions(p), scale: scale}
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			in.path = filepath.Join(p, "games.txt")
			if in.cfg, err = dirConfig(p, cfg); err != nil {
				return nil, err
			}
			if in.evals, err = evalsIn(p, scale); err != nil {
				return nil, err
			}
		}
		inputs = append(inputs, in)
	}
	return inputs, nil
}

// startWeights are the weights in the file at path, or the build's
// weights.json for an empty path.
func startWeights(path string) (dense.Weights, error) {
	if path == "" {
		return dense.CurrentWeights(), nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return dense.Weights{}, err
	}
	return dense.ParseWeights(data)
}
