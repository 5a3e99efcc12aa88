// Package cliexit runs the module's development programs (the opening
// generator, the judge, the evaluation fit) the same way: a urfave/cli app
// given its streams, so that tests run it in-process, and an exit status
// drawn from the error it returns. The programs under cmd/ have their own
// package for this (cmd/internal/exitcode), which packages under engine/
// cannot import.
package cliexit

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/urfave/cli/v2"
)

// Exit statuses: done, failed (bad input, a brain, I/O), the command line
// is wrong.
const (
	OK    = 0
	Fail  = 1
	Usage = 2
)

// Run runs app with args and returns its exit status. An error is printed
// on errOut after the program's name; a cli.ExitCoder brings its own
// status, and any other error comes from urfave/cli itself, about the
// command line.
func Run(ctx context.Context, app *cli.App, name string, args []string, errOut io.Writer) int {
	err := app.RunContext(ctx, args)
	if err == nil {
		return OK
	}
	fmt.Fprintln(errOut, name+":", err)
	var ec cli.ExitCoder
	if errors.As(err, &ec) {
		return ec.ExitCode()
	}
	return Usage
}

// Main runs a program's run function on the process's arguments and
// streams, cancelled by an interrupt, and exits with its status.
func Main(run func(ctx context.Context, args []string, out, errOut io.Writer) int) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
