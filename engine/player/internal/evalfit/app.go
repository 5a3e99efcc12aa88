package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/internal/atomicfile"
	"github.com/gomoku-engine/gomoku/engine/player/internal/duel"
)

// Exit statuses: the fit ran, it failed (bad input, I/O), the command line
// is wrong.
const (
	exitOK    = 0
	exitFail  = 1
	exitUsage = 2
)

// run runs the program with args and returns its exit status.
func run(ctx context.Context, args []string, out, errOut io.Writer) int {
	err := newApp(out, errOut).RunContext(ctx, args)
	if err == nil {
		return exitOK
	}
	fmt.Fprintln(errOut, "evalfit:", err)
	var ec cli.ExitCoder
	if errors.As(err, &ec) {
		return ec.ExitCode()
	}
	return exitUsage // urfave/cli's own errors are about the command line
}

// newApp builds the program around the given streams, so tests can run it
// in-process.
func newApp(out, errOut io.Writer) *cli.App {
	return &cli.App{
		Name:      "evalfit",
		Usage:     "refit the two-player search's evaluation weights from saved games",
		ArgsUsage: "DIR|games.txt ...",
		Description: "Reads the games.txt summaries that `gomoku match --save-dir DIR` writes (a DIR\n" +
			"stands for DIR/games.txt), replays every distinct game once on a SIZE×SIZE board\n" +
			"(two players, K = 5), fits the evaluation's weights by logistic regression of\n" +
			"the results on its counts, prints the held-out log-loss of the fit and of the\n" +
			"current weights, and writes the weights file. Games lost on time or by a fault\n" +
			"are left out.\n\n" +
			"Examples:\n" +
			"   gomoku match --bots search,pbrain:/opt/rapfi --rows 15 --cols 15 --tc 10s+100ms \\\n" +
			"       --openings bench/openings/center60.txt --games 400 --save-dir games/\n" +
			"   go run ./engine/player/internal/evalfit --out engine/player/internal/duel/weights.json games/\n" +
			"   go build ./cmd/gomoku   # the new weights are embedded",
		Writer:          out,
		ErrWriter:       errOut,
		HideHelpCommand: true,
		ExitErrHandler:  func(*cli.Context, error) {},
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "size", Value: 15, Usage: "the games' board is `N`×N"},
			&cli.StringFlag{Name: "out", Usage: "write the weights to `FILE` (atomically) instead of standard output"},
			&cli.Float64Flag{Name: "l2", Value: 3e-4, Usage: "L2 regularisation `STRENGTH`"},
			&cli.IntFlag{Name: "iters", Value: 4000, Usage: "gradient steps `N`"},
		},
		Action: fit,
	}
}

// fit is the program's action.
func fit(c *cli.Context) error {
	if c.NArg() == 0 {
		return cli.Exit("no games: name DIR or games.txt files (see --help)", exitUsage)
	}
	size, iters := c.Int("size"), c.Int("iters")
	if iters < 1 {
		return cli.Exit(fmt.Sprintf("--iters %d: want at least 1", iters), exitUsage)
	}
	cfg := engine.DefaultConfig()
	cfg.Rows, cfg.Cols = size, size
	if _, err := duel.NewReplay(cfg); err != nil {
		return cli.Exit(fmt.Sprintf("--size %d: %v", size, err), exitUsage)
	}
	var paths []string
	for _, p := range c.Args().Slice() {
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			p = filepath.Join(p, "games.txt")
		}
		paths = append(paths, p)
	}
	samples, games, err := samplesFrom(cfg, paths)
	if err != nil {
		return cli.Exit(err, exitFail)
	}
	fmt.Fprintf(c.App.ErrWriter, "%d games, %d quiet positions\n", games, len(samples))
	if games < 5 {
		return cli.Exit(fmt.Sprintf("%d games: at least 5 are needed (one in five is held out)", games), exitFail)
	}
	w := fitLogistic(c.Context, samples, c.Float64("l2"), iters)
	if err := c.Context.Err(); err != nil {
		return cli.Exit(err, exitFail)
	}
	fitted := func(s sample) float64 {
		v := w[len(w)-1]
		for j, x := range s.x {
			v += w[j] * x
		}
		return v
	}
	current := func(s sample) float64 { return s.eval }
	fmt.Fprintf(c.App.ErrWriter, "held-out log-loss: fitted %.4f, current weights %.4f (a coin: %.4f)\n",
		logLoss(samples, true, fitted), logLoss(samples, true, current), math.Log(2))
	weights := duel.FittedWeights(w)
	if out := c.String("out"); out != "" {
		if err := atomicfile.Write(out, weights.Write); err != nil {
			return cli.Exit(err, exitFail)
		}
		return nil
	}
	if err := weights.Write(c.App.Writer); err != nil {
		return cli.Exit(err, exitFail)
	}
	return nil
}
