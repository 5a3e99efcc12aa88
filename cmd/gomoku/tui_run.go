package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/gomoku-engine/gomoku/cmd/internal/terminal"
)

// fullScreenWanted reports whether "gomoku play" takes over the terminal:
// unless --plain is given, when both its input and its output are a
// terminal that can do more than print lines (TERM is not "dumb").
func fullScreenWanted(plain bool, in io.Reader, out io.Writer) bool {
	return !plain && os.Getenv("TERM") != "dumb" && terminal.Is(in) && terminal.Is(out)
}

// runFullScreen plays the session on the whole terminal until the game is
// left, then prints the outcome below the shell's prompt as the line mode
// would. bubbletea restores the terminal however the program ends: a
// quit, Ctrl-C, a signal, or a panic in the model or a bot.
func (s *session) runFullScreen(in io.Reader, out io.Writer, colour bool) error {
	messages, lineRows, lineCols := s.style, s.viewRows, s.viewCols
	s.style = style{} // the session's messages go into the status line: no escapes
	m := newScreen(s.ctx, s, newTheme(out, colour))
	p := tea.NewProgram(m, tea.WithContext(s.ctx), tea.WithInput(in), tea.WithOutput(out),
		tea.WithAltScreen(), tea.WithMouseCellMotion())
	_, err := p.Run()
	s.style = messages
	s.viewRows, s.viewCols = lineRows, lineCols
	s.view = newView(lineRows, lineCols, s.game.Config())
	s.centreOnPlay()
	switch {
	case m.end == endFailed:
		return m.err
	case m.end == endInterrupted, errors.Is(err, tea.ErrInterrupted), errors.Is(err, tea.ErrProgramKilled) && s.ctx.Err() != nil,
		err == nil && m.end == endNone: // bubbletea quits by itself on SIGTERM
		s.printf("Interrupted: the game is left unfinished after %s.\n", countMoves(s.game.Len()))
		return errInterrupted
	case err != nil:
		return fmt.Errorf("the full-screen display failed: %w", err)
	}
	if msg, over := s.outcome(); over {
		s.showBoard()
		s.printf("%s\n", msg)
		return nil
	}
	s.printf("Quit: the game is left unfinished after %s", countMoves(s.game.Len()))
	if !s.changed && s.path != "" {
		s.printf(" (saved in %s)", s.path)
	}
	s.printf(".\n")
	return nil
}
