// Command gomoku plays, replays and benchmarks k-in-a-row games.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "gomoku: the command line is being built; see README.md")
	os.Exit(1)
}
