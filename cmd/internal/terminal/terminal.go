// Package terminal is what the gomoku commands know of terminals: whether
// a stream is one, whether to use colour, a progress bar, and input lines
// read so that waiting for them can be cancelled.
package terminal

import (
	"bufio"
	"context"
	"errors"
	"io"
	"os"

	"golang.org/x/term"
)

// Line is one line of input, or the error that ended the input.
type Line struct {
	Text string
	Err  error
}

// ReadLines reads r line by line in its own goroutine, so that the reader
// can stop waiting when ctx is done (a read from a terminal cannot be
// interrupted). The channel closes after the last line or an error.
func ReadLines(ctx context.Context, r io.Reader) <-chan Line {
	ch := make(chan Line)
	go func() {
		defer close(ch)
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			select {
			case ch <- Line{Text: sc.Text()}:
			case <-ctx.Done():
				return
			}
		}
		if err := sc.Err(); err != nil {
			if errors.Is(err, bufio.ErrTooLong) {
				err = errors.New("input line longer than 64 KiB")
			}
			select {
			case ch <- Line{Err: err}:
			case <-ctx.Done():
			}
		}
	}()
	return ch
}

// Is reports whether s is a terminal.
func Is(s any) bool {
	f, ok := s.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// ColourWanted applies the --color setting: "always", "never", or "auto":
// colour when out is a terminal and NO_COLOR is unset or empty
// (https://no-color.org).
func ColourWanted(setting string, out io.Writer) bool {
	switch setting {
	case "always":
		return true
	case "never":
		return false
	}
	return Is(out) && os.Getenv("NO_COLOR") == ""
}
