package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"regexp"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/arena/opening"
	"github.com/gomoku-engine/gomoku/engine/gomocup"
	"github.com/gomoku-engine/gomoku/engine/gomocup/manager"
	"github.com/gomoku-engine/gomoku/engine/internal/atomicfile"
	"github.com/gomoku-engine/gomoku/engine/internal/cliexit"
	"github.com/gomoku-engine/gomoku/sparse"
)

// run runs the program with args and returns its exit status.
func run(ctx context.Context, args []string, out, errOut io.Writer) int {
	return cliexit.Run(ctx, newApp(out, errOut), "balance", args, errOut)
}

// newApp builds the program around the given streams, so tests can run it
// in-process.
func newApp(out, errOut io.Writer) *cli.App {
	return &cli.App{
		Name:  "balance",
		Usage: "make a balanced opening suite: random openings a brain judges near even",
		Description: "Draws random openings of MIN to MAX stones (black's first on the centre, every\n" +
			"stone within RADIUS rows and columns of the centre and GAP of an earlier one,\n" +
			"no three or four for either side, none equal up to symmetry and translation to\n" +
			"another or to an opening of an --exclude file), has a Gomocup brain think THINK\n" +
			"on each, reads the evaluation it printed last before its move (a MESSAGE line\n" +
			"--pattern matches; the default reads Rapfi's \"Eval -23\"), for the side to\n" +
			"move, and keeps the openings whose evaluation is within ±WINDOW, until COUNT\n" +
			"are kept or CANDIDATES were judged. The suite is written in Gomocup offsets\n" +
			"from the centre, so it plays on any board size (`gomoku match --openings`),\n" +
			"each line with its evaluation as a comment; --all writes every judged opening\n" +
			"the same way, to choose a window afterwards. --from judges the openings of\n" +
			"files instead (e.g. to see how even an existing suite is, or to judge a suite\n" +
			"on another board size or rule). Interrupted (Ctrl-C), it writes what it has\n" +
			"judged so far.\n\n" +
			"Examples:\n" +
			"   go run ./engine/arena/opening/balance --brain /opt/pbrain-rapfi --size 15 \\\n" +
			"       --exclude bench/openings/center60.txt --window 40 --count 150 --out balanced.txt\n" +
			"   go run ./engine/arena/opening/balance --brain /opt/pbrain-rapfi --rule exact \\\n" +
			"       --think 1s --all judged.txt --out exact.txt\n" +
			"   go run ./engine/arena/opening/balance --brain /opt/pbrain-rapfi --from bench/openings/center60.txt \\\n" +
			"       --window 1000000 --out center60-judged.txt",
		Writer:          out,
		ErrWriter:       errOut,
		HideHelpCommand: true,
		ExitErrHandler:  func(*cli.Context, error) {},
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "brain", Required: true, Usage: "the judging brain, `PATH[:ARGS]` (ARGS split at spaces)"},
			&cli.IntFlag{Name: "size", Value: 15, Usage: "board `N`×N the brain judges on"},
			&cli.StringFlag{Name: "rule", Value: "freestyle", Usage: "`RULE`: freestyle or exact (INFO rule 0 or 1)"},
			&cli.DurationFlag{Name: "think", Value: 500 * time.Millisecond, Usage: "the brain's time per opening (INFO timeout_turn), a `DURATION`"},
			&cli.IntFlag{Name: "min-stones", Value: 3, Usage: "fewest stones `N` of an opening"},
			&cli.IntFlag{Name: "max-stones", Value: 6, Usage: "most stones `N` of an opening"},
			&cli.IntFlag{Name: "radius", Value: 3, Usage: "farthest a stone may be from the centre, `N` rows and columns"},
			&cli.IntFlag{Name: "gap", Value: 2, Usage: "farthest a stone may be from an earlier one, `N` rows and columns"},
			&cli.IntFlag{Name: "window", Value: 40, Usage: "keep evaluations from -`E` to +E"},
			&cli.IntFlag{Name: "count", Value: 150, Usage: "stop after keeping `N` openings (with --from, all by default)"},
			&cli.IntFlag{Name: "candidates", Value: 2000, Usage: "stop after judging `N` openings"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "`SEED` of the random openings"},
			&cli.StringSliceFlag{Name: "from", Usage: "judge the openings of `FILE` (repeatable), in order and all of them, instead of random ones"},
			&cli.StringSliceFlag{Name: "exclude", Usage: "leave out the openings of `FILE` (repeatable), up to symmetry and translation"},
			&cli.StringFlag{Name: "pattern", Value: gomocup.EvalPattern, Usage: "`REGEXP` whose first group is the evaluation in a MESSAGE line: a whole number, or a mate +M7 / -M7"},
			&cli.StringFlag{Name: "out", Usage: "write the kept openings to `FILE` (atomically) instead of standard output"},
			&cli.StringFlag{Name: "all", Usage: "also write every judged opening with its evaluation to `FILE`"},
		},
		Action: balance,
	}
}

// judged is a candidate with the brain's evaluation for the side to move.
type judged struct {
	c    candidate
	eval int
}

// balance is the program's action.
func balance(c *cli.Context) error {
	size := c.Int("size")
	rule, err := engine.ParseRule(c.String("rule"))
	if err != nil || rule == engine.Renju {
		return cli.Exit(fmt.Sprintf("--rule %q: want freestyle or exact", c.String("rule")), cliexit.Usage)
	}
	spec := genSpec{minStones: c.Int("min-stones"), maxStones: c.Int("max-stones"), radius: c.Int("radius"), gap: c.Int("gap")}
	switch {
	case spec.minStones < 1 || spec.maxStones < spec.minStones:
		return cli.Exit(fmt.Sprintf("--min-stones %d --max-stones %d: want 1 ≤ MIN ≤ MAX", spec.minStones, spec.maxStones), cliexit.Usage)
	case spec.radius < 1 || spec.gap < 1:
		return cli.Exit(fmt.Sprintf("--radius %d --gap %d: want both at least 1", spec.radius, spec.gap), cliexit.Usage)
	case size < 2*spec.radius+1 || size < 5:
		return cli.Exit(fmt.Sprintf("--size %d: want at least 5 and 2×RADIUS+1 (%d)", size, 2*spec.radius+1), cliexit.Usage)
	case (2*spec.radius+1)*(2*spec.radius+1) < spec.maxStones:
		return cli.Exit(fmt.Sprintf("--max-stones %d: more than the %d cells within --radius %d", spec.maxStones, (2*spec.radius+1)*(2*spec.radius+1), spec.radius), cliexit.Usage)
	}
	think, window, count, budget := c.Duration("think"), c.Int("window"), c.Int("count"), c.Int("candidates")
	if think < time.Millisecond || window < 0 || count < 1 || budget < 1 {
		return cli.Exit(fmt.Sprintf("--think %v --window %d --count %d --candidates %d: want a positive time, a window ≥ 0 and counts ≥ 1", think, window, count, budget), cliexit.Usage)
	}
	pattern, err := regexp.Compile(c.String("pattern"))
	if err != nil || pattern.NumSubexp() < 1 {
		return cli.Exit(fmt.Sprintf("--pattern %q: want a regular expression with a group (%v)", c.String("pattern"), err), cliexit.Usage)
	}
	prog, err := manager.ParseProgram(c.String("brain"))
	if err != nil {
		return cli.Exit(fmt.Sprintf("--brain: %v", err), cliexit.Usage)
	}
	seen := map[string]bool{}
	if files := c.StringSlice("exclude"); len(files) > 0 {
		ex, err := loadCandidates(files, size)
		if err != nil {
			return cli.Exit(fmt.Sprintf("--exclude: %v", err), cliexit.Fail)
		}
		for _, e := range ex {
			seen[key(e)] = true
		}
	}
	rng := rand.New(rand.NewPCG(c.Uint64("seed"), 0))
	next, done := func() (candidate, bool) { return generate(rng, spec) }, false
	files := c.StringSlice("from")
	from := len(files) > 0
	if from {
		given, err := loadCandidates(files, size)
		if err != nil {
			return cli.Exit(fmt.Sprintf("--from: %v", err), cliexit.Fail)
		}
		if !c.IsSet("count") {
			count = len(given)
		}
		next = func() (candidate, bool) {
			if len(given) == 0 {
				done = true
				return nil, false
			}
			c := given[0]
			given = given[1:]
			return c, true
		}
	}

	ev := manager.NewEvaluator(prog, manager.WithThinkTime(think), manager.WithEvalPattern(pattern))
	defer ev.Close()
	var kept, all []judged
	for draws := 0; !done && len(kept) < count && len(all) < budget; draws++ {
		if draws > 1000*budget {
			break // the spec leaves too few distinct openings
		}
		cand, ok := next()
		if !ok || seen[key(cand)] {
			continue
		}
		if !from {
			seen[key(cand)] = true // a file may repeat an opening on purpose
		}
		e, err := evaluate(c.Context, ev, cand, size, rule)
		if c.Context.Err() != nil {
			// Interrupted: the openings judged so far are still worth
			// writing.
			fmt.Fprintln(c.App.ErrWriter, "interrupted")
			break
		}
		if err != nil {
			return cli.Exit(err, cliexit.Fail)
		}
		all = append(all, judged{cand, e})
		if abs(e) <= window {
			kept = append(kept, judged{cand, e})
		}
		if len(all)%50 == 0 {
			fmt.Fprintf(c.App.ErrWriter, "%d judged, %d kept\n", len(all), len(kept))
		}
	}
	fmt.Fprintf(c.App.ErrWriter, "%d judged, %d kept within ±%d\n", len(all), len(kept), window)
	if len(kept) == 0 {
		return cli.Exit(fmt.Sprintf("no opening within ±%d of %d judged", window, len(all)), cliexit.Fail)
	}
	header := fmt.Sprintf("# %d openings, %d×%d %v, judged by %s at %v each; kept: evaluation for the side to move within ±%d\n",
		len(kept), size, size, rule, prog.Base(), think, window)
	header = fmt.Sprintf("# made by: balance %s\n", strings.Join(flagsSet(c), " ")) + header
	if path := c.String("all"); path != "" {
		if err := atomicfile.Write(path, func(w io.Writer) error { return writeSuite(w, header, all) }); err != nil {
			return cli.Exit(err, cliexit.Fail)
		}
	}
	if path := c.String("out"); path != "" {
		if err := atomicfile.Write(path, func(w io.Writer) error { return writeSuite(w, header, kept) }); err != nil {
			return cli.Exit(err, cliexit.Fail)
		}
		return nil
	}
	return writeSuite(c.App.Writer, header, kept)
}

// loadCandidates reads opening files and places every opening on a
// size×size board, as offsets from its centre.
func loadCandidates(files []string, size int) ([]candidate, error) {
	ops, err := opening.Load(files...)
	if err != nil {
		return nil, err
	}
	out := make([]candidate, len(ops))
	for k, o := range ops {
		cells, err := o.Cells(size, size)
		if err != nil {
			return nil, err
		}
		out[k] = make(candidate, len(cells))
		for i, cell := range cells {
			out[k][i] = sparse.Cell{Row: cell.Row - size/2, Col: cell.Col - size/2}
		}
	}
	return out, nil
}

// flagsSet lists the flags given on the command line, to record how a
// suite was made.
func flagsSet(c *cli.Context) []string {
	var out []string
	for _, f := range c.Command.Flags {
		name := f.Names()[0]
		if c.IsSet(name) {
			out = append(out, "--"+name+" "+strings.Join(valueOf(c, name), ","))
		}
	}
	return out
}

func valueOf(c *cli.Context, name string) []string {
	if v := c.StringSlice(name); len(v) > 0 {
		return v
	}
	return []string{fmt.Sprint(c.Value(name))}
}

// writeSuite writes openings one a line with their evaluation and the
// side to move as a comment.
func writeSuite(w io.Writer, header string, js []judged) error {
	if _, err := io.WriteString(w, header); err != nil {
		return err
	}
	for _, j := range js {
		side := [2]string{"black", "white"}[j.c.toMove()]
		if _, err := fmt.Fprintf(w, "%s  # eval %+d, %s to move\n", j.c, j.eval, side); err != nil {
			return err
		}
	}
	return nil
}
