// Package exitcode turns the error a urfave/cli app returned into the
// process's exit status, for the programs under cmd/.
package exitcode

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"
)

// Exit statuses shared by the programs.
const (
	OK    = 0
	Fail  = 1 // the command ran and failed: bad input, I/O error
	Usage = 2 // the command line itself is wrong
	// Interrupted: the user stopped the command (Ctrl-C), 128 + SIGINT as
	// shells report it.
	Interrupted = 130
)

// Of returns the exit status for err and prints its message on errOut. A
// cli.ExitCoder brings its own status (and an empty message prints
// nothing); any other error comes from urfave/cli itself, e.g. a missing
// required flag, so it is about the command line and is printed after
// the program's name.
func Of(err error, program string, errOut io.Writer) int {
	if err == nil {
		return OK
	}
	var ec cli.ExitCoder
	if errors.As(err, &ec) {
		if msg := err.Error(); msg != "" {
			fmt.Fprintln(errOut, msg)
		}
		return ec.ExitCode()
	}
	fmt.Fprintln(errOut, program+":", err)
	return Usage
}

// UsageError prints a message and the command's help on the app's error
// writer and returns the error that exits with [Usage]: for a bad command
// line.
func UsageError(c *cli.Context, format string, args ...any) error {
	errOut := c.App.ErrWriter
	fmt.Fprintf(errOut, "%s: %s\n\n", CommandPath(c), fmt.Sprintf(format, args...))
	if cmd := c.Command; cmd != nil && cmd.Name != "" && cmd.Name != c.App.Name {
		cli.HelpPrinter(errOut, cli.CommandHelpTemplate, cmd)
	} else {
		cli.HelpPrinter(errOut, cli.AppHelpTemplate, c.App)
	}
	return cli.Exit("", Usage)
}

// OnUsageError is a cli.OnUsageErrorFunc that reports a flag urfave/cli
// could not parse as [UsageError] does.
func OnUsageError(c *cli.Context, err error, _ bool) error {
	return UsageError(c, "%v", err)
}

// Failure is the error of a command that ran and failed: its message
// after the command's path, exiting with [Fail].
func Failure(c *cli.Context, format string, args ...any) error {
	return cli.Exit(CommandPath(c)+": "+fmt.Sprintf(format, args...), Fail)
}

// CommandPath names the running command for messages, e.g. "gomoku replay".
func CommandPath(c *cli.Context) string {
	names := []string{c.App.Name}
	if c.Command != nil && c.Command.Name != "" && c.Command.Name != c.App.Name {
		names = append(names, c.Command.Name)
	}
	return strings.Join(names, " ")
}
