package main

import (
	"context"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/gomoku-engine/gomoku/cmd/internal/exitcode"
	"github.com/gomoku-engine/gomoku/cmd/internal/matchcmd"
	"github.com/gomoku-engine/gomoku/cmd/internal/pbraincmd"
	"github.com/gomoku-engine/gomoku/cmd/internal/serve"
	"github.com/gomoku-engine/gomoku/cmd/internal/serve/servebench"
	"github.com/gomoku-engine/gomoku/cmd/internal/web"
)

// Exit statuses.
const (
	exitOK    = exitcode.OK
	exitFail  = exitcode.Fail  // the command ran and failed: bad input, I/O error
	exitUsage = exitcode.Usage // the command line itself is wrong
)

// newApp builds the gomoku program around the given streams, so tests can
// run it in-process.
func newApp(in io.Reader, out, errOut io.Writer) *cli.App {
	app := &cli.App{
		Name:  "gomoku",
		Usage: "play, replay and match k-in-a-row games on bounded or infinite boards",
		Description: "Gomoku is five in a row; this program plays any K in a row for 2 or more players,\n" +
			"on a bounded board or an infinite one (every row and column from -2147483648 to 2147483647).\n" +
			"Run \"gomoku COMMAND --help\" for a command's flags and examples.",
		Reader:          in,
		Writer:          out,
		ErrWriter:       errOut,
		HideHelpCommand: true,
		Suggest:         true,
		// Errors are printed and turned into exit statuses by run, so that
		// tests see them instead of the process exiting.
		ExitErrHandler: func(*cli.Context, error) {},
		OnUsageError:   exitcode.OnUsageError,
		Action: func(c *cli.Context) error {
			switch {
			case c.Args().First() == "help" && c.NArg() == 2 && c.App.Command(c.Args().Get(1)) != nil:
				return cli.ShowCommandHelp(c, c.Args().Get(1))
			case c.Args().First() == "help" && c.NArg() == 1, !c.Args().Present():
				return cli.ShowAppHelp(c)
			}
			return exitcode.UsageError(c, "unknown command %q", strings.Join(c.Args().Slice(), " "))
		},
		Commands: []*cli.Command{
			replayCommand(),
			playCommand(),
			matchcmd.Command(),
			benchCommand(),
			pbraincmd.Command(),
			serve.Command(serve.WithPage(web.Handler())),
			servebench.Command(),
		},
	}
	for _, cmd := range app.Commands {
		if cmd.OnUsageError == nil { // pbrain keeps its own: its stdout is the protocol's pipe
			cmd.OnUsageError = exitcode.OnUsageError
		}
	}
	return app
}

// run runs the program with args (args[0] is the program's name) and
// returns its exit status. Errors go to errOut.
func run(ctx context.Context, args []string, in io.Reader, out, errOut io.Writer) int {
	return exitcode.Of(newApp(in, out, errOut).RunContext(ctx, args), "gomoku", errOut)
}
