package tui

import (
	"errors"
	"fmt"
	"io"
	"os"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/gomoku-engine/gomoku/cmd/internal/play"
	"github.com/gomoku-engine/gomoku/cmd/internal/terminal"
)

// Wanted reports whether "gomoku play" takes over the terminal: unless
// --plain is given, when both its input and its output are a terminal that
// can do more than print lines (TERM is not "dumb").
func Wanted(plain bool, in io.Reader, out io.Writer) bool {
	return !plain && os.Getenv("TERM") != "dumb" && terminal.Is(in) && terminal.Is(out)
}

// Run plays the session s on the whole terminal until the game is left,
// then prints the outcome below the shell's prompt as the line mode would.
// bubbletea restores the terminal however the program ends: a quit,
// Ctrl-C, a signal, or a panic in the model or a bot.
func Run(s *play.Session, in io.Reader, out io.Writer, colour bool) error {
	ctx := s.Context()
	messages, lineRows, lineCols := s.Style, s.ViewRows, s.ViewCols
	s.Style = play.Style{} // the session's messages go into the status line: no escapes
	m := newScreen(ctx, s, newTheme(out, colour))
	p := tea.NewProgram(m, tea.WithContext(ctx), tea.WithInput(in), tea.WithOutput(out),
		tea.WithAltScreen(), tea.WithMouseCellMotion())
	_, err := p.Run()
	s.Style = messages
	s.ViewRows, s.ViewCols = lineRows, lineCols
	s.View = play.NewView(lineRows, lineCols, s.Game.Config())
	s.CentreOnPlay()
	switch {
	case m.end == endFailed:
		return m.err
	case m.end == endInterrupted, errors.Is(err, tea.ErrInterrupted), errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil,
		err == nil && m.end == endNone: // bubbletea quits by itself on SIGTERM
		s.Printf("Interrupted: the game is left unfinished after %s.\n", play.CountMoves(s.Game.Len()))
		return play.ErrInterrupted
	case err != nil:
		return fmt.Errorf("the full-screen display failed: %w", err)
	}
	if msg, over := s.Outcome(); over {
		s.ShowBoard()
		s.Printf("%s\n", msg)
		return nil
	}
	s.Printf("Quit: the game is left unfinished after %s", play.CountMoves(s.Game.Len()))
	if !s.Changed && s.Path != "" {
		s.Printf(" (saved in %s)", s.Path)
	}
	s.Printf(".\n")
	return nil
}
