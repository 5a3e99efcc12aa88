package play

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/gomoku-engine/gomoku/cmd/internal/gamecli"
	"github.com/gomoku-engine/gomoku/cmd/internal/terminal"
	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/sparse"
)

// ErrInterrupted ends a session on Ctrl-C.
var ErrInterrupted = errors.New("interrupted")

// Session is one game of "gomoku play": the game, who sits where, the
// window on the board, and the conversation with the people playing.
type Session struct {
	ctx      context.Context
	out      io.Writer
	lines    <-chan terminal.Line
	echo     bool // repeat input lines, which a terminal would have shown
	Style    Style
	Game     *engine.Game
	tuning   []engine.Option // the win checker, for games loaded later
	Seats    []Seat
	View     View
	ViewRows int
	ViewCols int
	maxMoves int
	shown    bool   // the board on screen is up to date
	Follow   bool   // moves were played since the view last followed them
	Changed  bool   // the game changed since it was started, saved or loaded
	Path     string // the file last saved or loaded
}

// Options are a session's settings beside its game and seats.
type Options struct {
	// Echo repeats input lines, which a terminal would have shown.
	Echo bool
	// Colour paints the marks with terminal escapes.
	Colour bool
	// Tuning holds the win checker, for games loaded later.
	Tuning []engine.Option
	// ViewRows and ViewCols are the size of the window on the board in
	// line mode.
	ViewRows, ViewCols int
	// MaxMoves ends the game in a draw after that many moves; 0: no limit.
	MaxMoves int
}

// NewSession starts a session of game with seats, writing to out, its
// window centred on the play.
func NewSession(ctx context.Context, out io.Writer, game *engine.Game, seats []Seat, o Options) *Session {
	s := &Session{
		ctx: ctx, out: out, echo: o.Echo, Style: Style{Colour: o.Colour}, Game: game, tuning: o.Tuning, Seats: seats,
		ViewRows: o.ViewRows, ViewCols: o.ViewCols, maxMoves: o.MaxMoves,
	}
	s.View = NewView(o.ViewRows, o.ViewCols, game.Config())
	s.CentreOnPlay()
	return s
}

// Context is the session's context, done when the game is interrupted.
func (s *Session) Context() context.Context { return s.ctx }

// Printf writes a message to the players.
func (s *Session) Printf(format string, args ...any) { fmt.Fprintf(s.out, format, args...) }

// Who names a player for messages, e.g. "X (player 1, human)".
func (s *Session) Who(player int) string {
	return fmt.Sprintf("%s (player %d, %s)", s.Style.mark(player), player, s.Seats[player-1].Name)
}

// Rules says what game this is, e.g. "5-in-a-row on an infinite board: 5
// or more in a row win."
func (s *Session) Rules() string {
	cfg := s.Game.Config()
	board := "an infinite board"
	switch {
	case cfg.Torus:
		board = fmt.Sprintf("a %d × %d torus (rows 0..%d, columns 0..%d; lines wrap around the edges, and so does the view)", cfg.Rows, cfg.Cols, cfg.Rows-1, cfg.Cols-1)
	case cfg.Bounded():
		board = fmt.Sprintf("a %d × %d board (rows 0..%d, columns 0..%d)", cfg.Rows, cfg.Cols, cfg.Rows-1, cfg.Cols-1)
	}
	rule := fmt.Sprintf("%d or more in a row win", cfg.K)
	switch cfg.Rule {
	case engine.Exact:
		rule = fmt.Sprintf("exactly %d in a row win (longer runs do not)", cfg.K)
	case engine.Renju:
		rule = fmt.Sprintf("renju: %s (black) wins with exactly 5 in a row and may not play an overline, a double four or a double three (marked %s when black is to move); %s (white) wins with 5 or more", Symbol(1), ForbiddenMark, Symbol(2))
	}
	return fmt.Sprintf("%d-in-a-row on %s: %s.", cfg.K, board, rule)
}

// introduce tells the players what game they are in and how to play it.
func (s *Session) introduce() {
	s.Printf("%s\n", s.Rules())
	for p := range s.Seats {
		s.Printf("  %s\n", s.Who(p+1))
	}
	if s.AnyHuman() {
		s.Printf("Enter a move as ROW COL (e.g. 0 0); rows grow downwards, columns to the right. Type help for more.\n")
	}
}

func (s *Session) AnyHuman() bool {
	for _, st := range s.Seats {
		if st.Human() {
			return true
		}
	}
	return false
}

// Outcome says how the game ended, when it has: won, drawn, or stopped at
// the move limit.
func (s *Session) Outcome() (msg string, over bool) {
	g := s.Game
	switch {
	case g.Status() == engine.Won:
		return fmt.Sprintf("%s wins after %s.", s.Who(g.Winner()), CountMoves(g.Len())), true
	case g.Status() == engine.Drawn:
		return fmt.Sprintf("Draw after %s: the board is full.", CountMoves(g.Len())), true
	case s.maxMoves > 0 && g.Len() >= s.maxMoves:
		return fmt.Sprintf("Stopped after %s: the move limit (--max-moves) was reached. Nobody won.", CountMoves(g.Len())), true
	}
	return "", false
}

// Run plays in line mode, reading moves and prompt commands from lines,
// until the game ends, the players quit or the input ends.
func (s *Session) Run(lines <-chan terminal.Line) error {
	s.lines = lines
	s.introduce()
	for {
		g := s.Game
		if msg, over := s.Outcome(); over {
			s.ShowBoard()
			s.Printf("%s\n", msg)
			return nil
		}
		if s.ctx.Err() != nil {
			s.Printf("\nInterrupted: the game is left unfinished after %s.\n", CountMoves(g.Len()))
			return ErrInterrupted
		}
		if st := s.Seats[g.Turn()-1]; !st.Human() {
			if err := s.botMove(st); err != nil {
				return err
			}
			continue
		}
		if !s.shown {
			s.ShowBoard()
		}
		s.Printf("%s to play> ", s.Style.mark(g.Turn()))
		var in terminal.Line
		var ok bool
		select {
		case in, ok = <-s.lines:
		case <-s.ctx.Done():
			continue
		}
		if !ok {
			if !s.echo {
				s.Printf("\n")
			}
			s.Printf("End of input: the game is left unfinished after %s.\n", CountMoves(g.Len()))
			return nil
		}
		if in.Err != nil {
			return fmt.Errorf("reading input: %w", in.Err)
		}
		if s.echo {
			s.Printf("%s\n", in.Text)
		}
		if quit := s.command(in.Text); quit {
			s.Printf("Quit: the game is left unfinished after %s.\n", CountMoves(g.Len()))
			return nil
		}
	}
}

// botMove asks a bot for its move and plays it.
func (s *Session) botMove(st Seat) error {
	p := s.Game.Turn()
	cell, err := st.Bot.Choose(s.ctx, s.Game, p)
	if err != nil {
		if s.ctx.Err() != nil {
			return nil // reported by run
		}
		return fmt.Errorf("bot %s (player %d) failed: %w", st.Name, p, err)
	}
	msg, err := s.PlayBot(p, cell)
	if err != nil {
		return err
	}
	s.Printf("%s\n", msg)
	return nil
}

// PlayBot plays the cell the bot in player's seat chose and says so. A
// cell renju forbids to black is replaced by the nearest allowed one, and
// the message says so: a bot that does not know the rule must not stop
// the game.
func (s *Session) PlayBot(player int, cell sparse.Cell) (string, error) {
	st := s.Seats[player-1]
	cell, note, err := gamecli.ReplaceForbidden(s.Game, cell)
	if err == nil {
		_, err = s.Game.PlayAs(cell.Row, cell.Col, player)
	}
	if err != nil {
		return "", fmt.Errorf("bot %s (player %d) chose a move the game refused: %w", st.Name, player, err)
	}
	s.Changed = true
	s.followLast()
	if note != "" {
		return fmt.Sprintf("%s %s", s.Who(player), note), nil
	}
	return fmt.Sprintf("%s plays %d %d", s.Who(player), cell.Row, cell.Col), nil
}

// followLast asks for the latest moves to be brought into view at the next
// drawing of the board, which is then due.
func (s *Session) followLast() {
	s.Follow = true
	s.shown = false
}

// ApplyFollow brings the latest round of moves, one per player, into view
// (and as much of the rest as fits): always when forced, otherwise only
// when one of them is out of view or at its edge.
func (s *Session) ApplyFollow(force bool) {
	s.Follow = false
	h := s.Game.History()
	if len(h) == 0 {
		return
	}
	recent := make([]sparse.Cell, 0, s.Game.Config().Players)
	for _, m := range h[max(0, len(h)-s.Game.Config().Players):] {
		recent = append(recent, sparse.Cell{Row: m.Row, Col: m.Col})
	}
	all, _ := s.Game.BoundingBox()
	if force {
		s.View.frame(recent, all)
	} else {
		s.View.Follow(recent, all)
	}
}

// ShowBoard draws the window and says what lies outside it.
func (s *Session) ShowBoard() {
	g := s.Game
	if s.Follow {
		s.ApplyFollow(false)
	}
	s.Printf("\n%s", renderBoard(g, &s.View, s.Style))
	outside := 0
	for c := range g.Marks() {
		if !s.View.Contains(c.Row, c.Col) {
			outside++
		}
	}
	var forbidden []string
	for c, foul := range g.ForbiddenCells() {
		forbidden = append(forbidden, fmt.Sprintf("%d %d (%v)", c.Row, c.Col, foul))
	}
	if len(forbidden) > 0 {
		s.Printf("%s forbidden to %s (black): %s.\n", ForbiddenMark, s.Style.mark(1), strings.Join(forbidden, ", "))
	}
	s.Printf("Move %d", g.Len())
	if m, ok := g.LastMove(); ok {
		s.Printf(", last %s at %d %d", s.Style.mark(m.Player), m.Row, m.Col)
	}
	s.Printf(". View: %s", &s.View)
	if outside > 0 {
		s.Printf("; %d %s outside it (pan, center)", outside, Plural(outside, "mark", "marks"))
	}
	s.Printf(".\n")
	s.shown = true
}

func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// CountMoves counts moves in words: "1 move", "2 moves".
func CountMoves(n int) string { return fmt.Sprintf("%d %s", n, Plural(n, "move", "moves")) }

// load replaces the game with the one saved in path, keeping the seats.
func (s *Session) load(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var g *engine.Game
	if gamecli.KindOf(data) == gamecli.GameRecord {
		// A record holds moves only: play them under this game's rules.
		base := s.Game.Config()
		base.Players, base.Order = 2, engine.Rotation
		g, err = gamecli.GameFromRecord(data, base, s.tuning)
	} else {
		g, _, err = gamecli.GameFromSaved(data, s.tuning)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	cfg := g.Config()
	if cfg.Players != len(s.Seats) {
		return fmt.Errorf("the game in %s has %d players but this game has %d seats; start it with gomoku play --load %s", path, cfg.Players, len(s.Seats), path)
	}
	if cfg.Players > MaxPlayers {
		return fmt.Errorf("the game in %s has %d players; play draws at most %d", path, cfg.Players, MaxPlayers)
	}
	if err := gamecli.CheckSeats(s.seatNameList(), cfg); err != nil {
		return fmt.Errorf("the game in %s cannot be played by these seats: %w", path, err)
	}
	s.Game = g
	s.View = NewView(s.ViewRows, s.ViewCols, cfg)
	s.CentreOnPlay()
	s.Changed, s.Path = false, path
	return nil
}

// CentreOnPlay frames the latest moves and as many of the others as fit,
// or, before the first move, the origin or the middle of the board.
func (s *Session) CentreOnPlay() {
	cfg := s.Game.Config()
	s.View.Centre(cfg.Rows/2, cfg.Cols/2)
	s.ApplyFollow(true)
	s.shown = false
}

// seatNameList is the seats' names, for saving.
func (s *Session) seatNameList() []string {
	names := make([]string, len(s.Seats))
	for i, st := range s.Seats {
		names[i] = st.Name
	}
	return names
}
