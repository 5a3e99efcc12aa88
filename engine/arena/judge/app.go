package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/gomoku-engine/gomoku/engine/arena/opening"
	"github.com/gomoku-engine/gomoku/engine/gomocup"
	"github.com/gomoku-engine/gomoku/engine/gomocup/manager"
	"github.com/gomoku-engine/gomoku/engine/internal/atomicfile"
	"github.com/gomoku-engine/gomoku/engine/internal/cliexit"
)

// run runs the program with args and returns its exit status.
func run(ctx context.Context, args []string, out, errOut io.Writer) int {
	return cliexit.Run(ctx, newApp(out, errOut), "judge", args, errOut)
}

// judgeFlags are the flags of the judging brain, common to both commands.
func judgeFlags(required bool) []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "judge", Required: required, Usage: "the judging brain, `PATH[:ARGS]` (ARGS split at spaces); it must print \"Eval E\" in a MESSAGE line, as Rapfi does"},
		&cli.StringFlag{Name: "clear", Value: "YXHASHCLEAR", Usage: "`COMMAND` sent to the judge before each position so that readings do not depend on their order (Rapfi's hash clear; \"\" for none)"},
	}
}

// newApp builds the program around the given streams, so tests can run it
// in-process.
func newApp(out, errOut io.Writer) *cli.App {
	return &cli.App{
		Name:  "judge",
		Usage: "score a Gomocup brain's moves on a suite of positions by a stronger brain's evaluation",
		Description: "A suite holds positions from real games, each with the judge's (Rapfi's) best\n" +
			"move and its evaluation of the position after every move labelled so far, read\n" +
			"at a fixed node budget. `judge make` draws such a suite from saved games;\n" +
			"`judge score` has builds play every position and reports the mean loss of win\n" +
			"rate against the judge's best move, with a bootstrap interval. See README.md.",
		Writer:          out,
		ErrWriter:       errOut,
		HideHelpCommand: true,
		ExitErrHandler:  func(*cli.Context, error) {},
		Commands:        []*cli.Command{makeCommand(), scoreCommand()},
	}
}

func makeCommand() *cli.Command {
	return &cli.Command{
		Name:      "make",
		Usage:     "draw a suite of quiet positions from saved games and have the judge read them",
		ArgsUsage: "DIR|game.json ...",
		Description: "Reads the saved games (game-*.json of each DIR, as `gomoku match --save` writes\n" +
			"them), skips each game's opening (the longest opening of an --openings file it\n" +
			"starts with) and takes up to PER-GAME random quiet positions past it (the side\n" +
			"to move has no five to make and no four to stop) of MIN to MAX stones, none\n" +
			"twice. The judge reads each at NODES nodes (INFO max_node); a position stays\n" +
			"when its evaluation is not a mate and within ±WINDOW, and when the judge's\n" +
			"move does not turn into a mate either: a decision, not a formality. Stops at\n" +
			"COUNT positions; written atomically, also when interrupted.\n\n" +
			"Example:\n" +
			"   go run ./engine/arena/judge make --judge /opt/pbrain-rapfi --openings bench/openings/center60.txt \\\n" +
			"       --count 300 --out suite.txt games/free15 games/exact15",
		Flags: append(judgeFlags(true),
			&cli.IntFlag{Name: "nodes", Value: 100000, Usage: "the judge's budget per reading, `N` nodes"},
			&cli.StringSliceFlag{Name: "openings", Usage: "opening suite `FILE` the games started from (repeatable)"},
			&cli.IntFlag{Name: "min-stones", Value: 5, Usage: "fewest stones `N` on the board"},
			&cli.IntFlag{Name: "max-stones", Value: 40, Usage: "most stones `N` on the board"},
			&cli.IntFlag{Name: "per-game", Value: 2, Usage: "at most `N` positions of one game"},
			&cli.IntFlag{Name: "window", Value: 400, Usage: "keep evaluations from -`E` to +E"},
			&cli.IntFlag{Name: "count", Value: 300, Usage: "stop at `N` positions"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "`SEED` of the draw"},
			&cli.StringSliceFlag{Name: "exclude", Usage: "leave out the positions of suite `FILE` (repeatable), to grow a suite by another draw"},
			&cli.StringFlag{Name: "out", Required: true, Usage: "the suite `FILE`"},
		),
		Action: makeSuite,
	}
}

func scoreCommand() *cli.Command {
	return &cli.Command{
		Name:      "score",
		Usage:     "have builds play every position of a suite and score their moves",
		ArgsUsage: " ",
		Description: "Each --brain plays every position (BOARD ... DONE after RESTART, THINK a move).\n" +
			"Moves the suite has no label for are read by the judge (at the suite's node\n" +
			"budget) and added to the suite file, written atomically, so that a move is\n" +
			"read once for every later build. Reports per build the mean loss of win rate\n" +
			"against the judge's best move (win rate 1/(1+e^(−eval/200)), a mate 0 or 1)\n" +
			"with a 95% bootstrap interval over positions, the share of moves losing at\n" +
			"most MARGIN and the share of the judge's own move; then each build against\n" +
			"the first, paired by position.\n\n" +
			"Example:\n" +
			"   go run ./engine/arena/judge score --suite engine/arena/judge/testdata/suite15.txt \\\n" +
			"       --judge /opt/pbrain-rapfi --brain '/tmp/old:pbrain --nodes 100000' --brain '/tmp/new:pbrain --nodes 100000'",
		Flags: append(judgeFlags(false),
			&cli.StringFlag{Name: "suite", Required: true, Usage: "the suite `FILE`; new labels are written back to it"},
			&cli.StringSliceFlag{Name: "brain", Required: true, Usage: "a build to score, `PATH[:ARGS]` (repeatable)"},
			&cli.StringSliceFlag{Name: "name", Usage: "the builds' `NAME`s in the report, in --brain order"},
			&cli.StringFlag{Name: "brain-clear", Usage: "`COMMAND` sent to every build before each position, so that its move does not depend on the positions before it (YXHASHCLEAR for ours and Rapfi; none by default, as not every brain knows one)"},
			&cli.StringSliceFlag{Name: "think", Usage: "a build's time per move (INFO timeout_turn), a `DURATION` (default 1m): once for all, or once per --brain in order; a node limit in ARGS stops ours first"},
			&cli.Float64Flag{Name: "margin", Value: 0.05, Usage: "a move losing at most `P` of win rate counts as good"},
			&cli.IntFlag{Name: "limit", Usage: "score the first `N` positions only (0: all)"},
			&cli.IntSliceFlag{Name: "sizes", Usage: "also report each build on the first `N` positions (repeatable), to see the noise by suite size"},
			&cli.BoolFlag{Name: "verbose", Aliases: []string{"v"}, Usage: "list every position's moves and losses"},
		),
		Action: scoreSuite,
	}
}

// defaultThink is a build's time per move unless --think says otherwise:
// long enough that a node limit stops our builds first on a loaded machine.
const defaultThink = time.Minute

// judgeOf is the judge the flags name.
func judgeOf(c *cli.Context) (*judge, error) {
	prog, err := manager.ParseProgram(c.String("judge"))
	if err != nil {
		return nil, cli.Exit(fmt.Sprintf("--judge: %v", err), cliexit.Usage)
	}
	return &judge{spec: brainSpec{prog: prog, think: time.Hour, clear: c.String("clear")}}, nil
}

// makeSuite is the make command's action.
func makeSuite(c *cli.Context) error {
	if c.NArg() == 0 {
		return cli.Exit("make: no games: name DIR or game.json files (see --help)", cliexit.Usage)
	}
	ch := choice{minStones: c.Int("min-stones"), maxStones: c.Int("max-stones"), perGame: c.Int("per-game")}
	nodes, window, count := c.Int("nodes"), c.Int("window"), c.Int("count")
	if ch.minStones < 1 || ch.maxStones < ch.minStones || ch.perGame < 1 || nodes < 1 || window < 0 || count < 1 {
		return cli.Exit("make: want 1 ≤ --min-stones ≤ --max-stones, --per-game, --nodes and --count ≥ 1, --window ≥ 0", cliexit.Usage)
	}
	j, err := judgeOf(c)
	if err != nil {
		return err
	}
	j.spec.nodes = nodes
	defer j.close()
	games, err := loadGames(c.Args().Slice())
	if err != nil {
		return cli.Exit(fmt.Sprintf("make: %v", err), cliexit.Fail)
	}
	var ops []opening.Opening
	if files := c.StringSlice("openings"); len(files) > 0 {
		if ops, err = opening.Load(files...); err != nil {
			return cli.Exit(fmt.Sprintf("make: %v", err), cliexit.Fail)
		}
	}
	for i := range games {
		games[i].opening = openingLength(games[i], ops)
	}
	taken := map[string]bool{}
	for _, path := range c.StringSlice("exclude") {
		ex, err := loadSuite(path)
		if err != nil {
			return cli.Exit(fmt.Sprintf("make: --exclude %s: %v", path, err), cliexit.Fail)
		}
		for _, p := range ex.positions {
			taken[stonesKey(p.size, p.rule, p.moves)] = true
		}
	}
	cands := candidates(games, ch, taken, rand.New(rand.NewPCG(c.Uint64("seed"), 0)))
	fmt.Fprintf(c.App.ErrWriter, "%d games, %d candidate positions\n", len(games), len(cands))

	s := &suite{header: []string{
		"# made by: judge make " + strings.Join(flagsSet(c), " ") + " " + strings.Join(c.Args().Slice(), " "),
		fmt.Sprintf("# judge: %s at %d nodes a reading; kept: quiet, past the opening, %d to %d stones, evaluation within ±%d, no mate before or after the judge's move",
			j.spec.prog.Base(), nodes, ch.minStones, ch.maxStones, window),
	}}
	read := 0
	for _, p := range cands {
		if len(s.positions) == count || c.Context.Err() != nil {
			break
		}
		p.nodes = nodes
		e, best, err := j.read(c.Context, p.size, p.rule, p.moves)
		read++
		if err == nil && e.Mate == 0 && abs(e.Value) <= window && p.playable(best) == nil && !winningMove(p.size, p.rule, p.moves, best) {
			var after gomocup.Eval
			if after, err = j.labelMove(c.Context, &p, best); err == nil && after.Mate == 0 {
				p.eval, p.best = e, best
				p.setLabel(best, after)
				s.positions = append(s.positions, p)
			}
		}
		if err != nil && c.Context.Err() == nil {
			return cli.Exit(fmt.Sprintf("make: %s: %v", p.source, err), cliexit.Fail)
		}
		if read%50 == 0 {
			fmt.Fprintf(c.App.ErrWriter, "%d read, %d kept\n", read, len(s.positions))
		}
	}
	if c.Context.Err() != nil {
		fmt.Fprintln(c.App.ErrWriter, "interrupted")
	}
	fmt.Fprintf(c.App.ErrWriter, "%d read, %d kept\n", read, len(s.positions))
	if err := atomicfile.Write(c.String("out"), s.write); err != nil {
		return cli.Exit(fmt.Sprintf("make: %v", err), cliexit.Fail)
	}
	return nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// flagsSet lists the flags given on the command line, to record how a
// suite was made.
func flagsSet(c *cli.Context) []string {
	var out []string
	for _, f := range c.Command.Flags {
		name := f.Names()[0]
		if !c.IsSet(name) {
			continue
		}
		v := fmt.Sprint(c.Value(name))
		if vs := c.StringSlice(name); len(vs) > 0 {
			v = strings.Join(vs, ",")
		}
		out = append(out, "--"+name+" "+v)
	}
	return out
}

// loadSuite reads a suite file.
func loadSuite(path string) (*suite, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return parseSuite(f)
}
