// Package exitcode turns the error a urfave/cli app returned into the
// process's exit status, for the programs under cmd/.
package exitcode

import (
	"errors"
	"fmt"
	"io"

	"github.com/urfave/cli/v2"
)

// Exit statuses shared by the programs.
const (
	OK    = 0
	Fail  = 1 // the command ran and failed: bad input, I/O error
	Usage = 2 // the command line itself is wrong
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
