package main

import (
	"bufio"
	"context"
	"errors"
	"io"
	"os"

	"golang.org/x/term"
)

// inputLine is one line of input, or the error that ended the input.
type inputLine struct {
	text string
	err  error
}

// readLines reads r line by line in its own goroutine, so that the reader
// can stop waiting when ctx is done (a read from a terminal cannot be
// interrupted). The channel closes after the last line or an error.
func readLines(ctx context.Context, r io.Reader) <-chan inputLine {
	ch := make(chan inputLine)
	go func() {
		defer close(ch)
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			select {
			case ch <- inputLine{text: sc.Text()}:
			case <-ctx.Done():
				return
			}
		}
		if err := sc.Err(); err != nil {
			if errors.Is(err, bufio.ErrTooLong) {
				err = errors.New("input line longer than 64 KiB")
			}
			select {
			case ch <- inputLine{err: err}:
			case <-ctx.Done():
			}
		}
	}()
	return ch
}

// isTerminal reports whether s is a terminal.
func isTerminal(s any) bool {
	f, ok := s.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// colourWanted applies the --color setting: "always", "never", or "auto":
// colour when out is a terminal and NO_COLOR is unset or empty
// (https://no-color.org).
func colourWanted(setting string, out io.Writer) bool {
	switch setting {
	case "always":
		return true
	case "never":
		return false
	}
	return isTerminal(out) && os.Getenv("NO_COLOR") == ""
}
