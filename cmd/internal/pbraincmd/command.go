package pbraincmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/gomoku-engine/gomoku/cmd/internal/exitcode"
	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/gomocup"
	"github.com/gomoku-engine/gomoku/engine/gomocup/brain"
	"github.com/gomoku-engine/gomoku/engine/player"
)

// Exit statuses.
const (
	exitFail  = exitcode.Fail  // reading or writing the pipes failed
	exitUsage = exitcode.Usage // the command line is wrong
)

const description = `Speaks the Gomocup (Piskvork) engine protocol on standard input and output, so
Gomoku managers and GUIs can run this engine: Piskvork, c-gomoku-cli and the
Gomocup tournament manager start it and send START, BEGIN, TURN, BOARD, INFO,
TAKEBACK, RESTART, SWAP2BOARD, ABOUT and END; it answers with its moves.

It plays freestyle, exactly-five and renju Gomoku (INFO rule 0, 1 and 4) on
boards from 5x5 to --max-side, answers within INFO timeout_turn and the
match clock (time_left) keeping a safety margin, sizes its memory from INFO
max_memory, thinks on --threads threads (or INFO thread_num, which
Yixin-Board sends), speaks the Yixin-board commands YXBOARD, YXSHOWFORBID,
YXHASHCLEAR and YXNBEST n (the n best moves, one MESSAGE line each, for
analysis GUIs), and refuses caro (INFO rule 8) with ERROR. Nothing is
written to standard error; to watch a game, pass --debug and read the
DEBUG lines.

Example (type the commands, CR LF or LF):
   START 15
   OK
   BEGIN
   7,7
   END`

// Command is the "pbrain" command for the gomoku program. It serves the app's
// Reader and Writer until END or the end of the input.
func Command() *cli.Command {
	return &cli.Command{
		Name:         "pbrain",
		Usage:        "run as a Gomocup (Piskvork) engine on standard input and output",
		Description:  description,
		Flags:        flags(),
		Action:       action,
		OnUsageError: onUsageError,
	}
}

// onUsageError reports a bad flag on standard error only: standard output
// is the protocol's pipe, where a help text would be taken for answers.
func onUsageError(c *cli.Context, err error, _ bool) error {
	return cli.Exit(fmt.Sprintf("%s: %v (see --help)", c.App.Name, err), exitUsage)
}

func flags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "strategy", Value: player.Strongest(engine.DefaultConfig()),
			Usage: "the player that chooses moves: " + strings.Join(player.Names(), ", ")},
		&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "seed for the strategy's tie-breaks"},
		&cli.DurationFlag{Name: "default-turn", Value: brain.DefaultTurnTime,
			Usage: "time per move when the manager sends no INFO timeout_turn"},
		&cli.DurationFlag{Name: "margin", Value: brain.DefaultMinMargin,
			Usage: "least time kept back from every move's budget for the answer to reach the manager (at least a tenth of the budget is kept)"},
		&cli.IntFlag{Name: "max-side", Value: 1024, Usage: "largest board side START and RECTSTART accept (the smallest is 5)"},
		&cli.StringFlag{Name: "name", Value: "gomoku", Usage: "engine name in the ABOUT answer"},
		&cli.BoolFlag{Name: "debug", Usage: "send DEBUG lines with each move's budget, time taken and optimum (the time it aimed at), the search's reason, depth, nodes and value (+M13: a win in 13 moves), and why a fallback move was played"},
		&cli.Int64Flag{Name: "nodes", Usage: "stop each move's search after about N positions, within the time limits (0: no limit); for self-play tests that do not depend on the machine's load"},
		&cli.StringFlag{Name: "duel-search", Value: player.Classic.String(), Usage: "the two-player search: classic (five in a row under the freestyle and exact rules; other games fall back to screened) or screened"},
		&cli.IntFlag{Name: "threads", Value: 1, Usage: "threads the search thinks on, sharing its table, until the manager sends INFO thread_num; with more than one, --nodes counts every thread's positions and play is no longer reproducible"},
	}
}

func action(c *cli.Context) error {
	if c.Args().Present() {
		return cli.Exit(fmt.Sprintf("pbrain: unexpected argument %q (the protocol runs on standard input)", c.Args().First()), exitUsage)
	}
	if c.Int64("nodes") < 0 {
		return cli.Exit(fmt.Sprintf("pbrain: --nodes must not be negative, got %d", c.Int64("nodes")), exitUsage)
	}
	if n := c.Int("threads"); n < 1 || n > player.MaxThreads {
		return cli.Exit(fmt.Sprintf("pbrain: --threads must be from 1 to %d, got %d", player.MaxThreads, n), exitUsage)
	}
	duel, err := player.ParseDuelSearch(c.String("duel-search"))
	if err != nil {
		return cli.Exit("pbrain: --duel-search: "+err.Error(), exitUsage)
	}
	searchOpts := []player.SearchOption{player.WithThreads(c.Int("threads")), player.WithDuelSearch(duel)}
	if n := c.Int64("nodes"); n > 0 {
		searchOpts = append(searchOpts, player.WithMaxNodes(n))
	}
	factory, err := brain.ByName(c.String("strategy"), c.Uint64("seed"), searchOpts...)
	if err != nil {
		return cli.Exit(err.Error(), exitUsage)
	}
	if c.Int("max-side") < 5 {
		return cli.Exit(fmt.Sprintf("pbrain: --max-side must be at least 5, got %d", c.Int("max-side")), exitUsage)
	}
	opts := brain.Options{
		NewStrategy: factory,
		About: gomocup.About{
			Name:    c.String("name"),
			Version: version(),
			Author:  "gomoku-engine authors",
			Country: "unspecified",
			WWW:     "https://github.com/gomoku-engine/gomoku",
		},
		DefaultTurnTime:  c.Duration("default-turn"),
		MinMargin:        c.Duration("margin"),
		MaxSide:          c.Int("max-side"),
		ApplyMemoryLimit: true, // one brain per process
		Debug:            c.Bool("debug"),
	}
	err = brain.Serve(c.Context, c.App.Reader, c.App.Writer, opts)
	if err != nil && !errors.Is(err, context.Canceled) {
		return cli.Exit(err.Error(), exitFail)
	}
	return nil
}

// version is the module version the binary was built from, "dev" for a
// build from a work tree.
func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "dev"
}

// App is the pbrain-gomoku program: the pbrain command as a whole program,
// since managers start the engine without arguments.
func App(in io.Reader, out, errOut io.Writer) *cli.App {
	return &cli.App{
		Name:            "pbrain-gomoku",
		Usage:           "a Gomocup (Piskvork) engine: register this executable with the manager",
		Description:     description,
		Reader:          in,
		Writer:          out,
		ErrWriter:       errOut,
		Flags:           flags(),
		Action:          action,
		HideHelpCommand: true,
		ExitErrHandler:  func(*cli.Context, error) {},
		OnUsageError:    onUsageError,
	}
}

// Run runs the pbrain-gomoku program with args (args[0] is its name) and
// returns its exit status; errors go to errOut.
func Run(ctx context.Context, args []string, in io.Reader, out, errOut io.Writer) int {
	return exitcode.Of(App(in, out, errOut).RunContext(ctx, args), "pbrain-gomoku", errOut)
}
