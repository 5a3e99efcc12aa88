// Command pbrain-gomoku is the gomoku engine for Gomocup managers (Piskvork,
// c-gomoku-cli): it speaks the pbrain protocol on standard input and output.
// The "pbrain-" prefix is how Piskvork recognises the protocol. Run
// "pbrain-gomoku --help" for the flags.
//
// Like gomoku, it is built with profile-guided optimisation from
// default.pgo, a CPU profile of the search (a copy of cmd/gomoku's).
package main

import (
	"context"
	"os"
	"os/signal"

	"github.com/gomoku-engine/gomoku/cmd/internal/pbraincmd"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := pbraincmd.Run(ctx, os.Args, os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
