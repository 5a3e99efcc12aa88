package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/gomoku-engine/gomoku/cmd/internal/gamecli"
	"github.com/gomoku-engine/gomoku/cmd/internal/terminal"
	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/sparse"
)

// errInterrupted ends a session on Ctrl-C.
var errInterrupted = errors.New("interrupted")

// session is one game of "gomoku play": the game, who sits where, the
// window on the board, and the conversation with the people playing.
type session struct {
	ctx      context.Context
	out      io.Writer
	lines    <-chan terminal.Line
	echo     bool // repeat input lines, which a terminal would have shown
	style    style
	game     *engine.Game
	tuning   []engine.Option // the win checker, for games loaded later
	seats    []seat
	view     view
	viewRows int
	viewCols int
	maxMoves int
	shown    bool   // the board on screen is up to date
	follow   bool   // moves were played since the view last followed them
	changed  bool   // the game changed since it was started, saved or loaded
	path     string // the file last saved or loaded
}

func (s *session) printf(format string, args ...any) { fmt.Fprintf(s.out, format, args...) }

// who names a player for messages, e.g. "X (player 1, human)".
func (s *session) who(player int) string {
	return fmt.Sprintf("%s (player %d, %s)", s.style.mark(player), player, s.seats[player-1].name)
}

// rules says what game this is, e.g. "5-in-a-row on an infinite board: 5
// or more in a row win."
func (s *session) rules() string {
	cfg := s.game.Config()
	board := "an infinite board"
	switch {
	case cfg.Torus:
		board = fmt.Sprintf("a %d × %d torus (rows 0..%d, columns 0..%d; lines wrap around the edges, and so does the view)", cfg.Rows, cfg.Cols, cfg.Rows-1, cfg.Cols-1)
	case cfg.Bounded():
		board = fmt.Sprintf("a %d × %d board (rows 0..%d, columns 0..%d)", cfg.Rows, cfg.Cols, cfg.Rows-1, cfg.Cols-1)
	}
	rule := fmt.Sprintf("%d or more in a row win", cfg.K)
	if cfg.Rule == engine.Exact {
		rule = fmt.Sprintf("exactly %d in a row win (longer runs do not)", cfg.K)
	}
	return fmt.Sprintf("%d-in-a-row on %s: %s.", cfg.K, board, rule)
}

// introduce tells the players what game they are in and how to play it.
func (s *session) introduce() {
	s.printf("%s\n", s.rules())
	for p := range s.seats {
		s.printf("  %s\n", s.who(p+1))
	}
	if s.anyHuman() {
		s.printf("Enter a move as ROW COL (e.g. 0 0); rows grow downwards, columns to the right. Type help for more.\n")
	}
}

func (s *session) anyHuman() bool {
	for _, st := range s.seats {
		if st.human() {
			return true
		}
	}
	return false
}

// outcome says how the game ended, when it has: won, drawn, or stopped at
// the move limit.
func (s *session) outcome() (msg string, over bool) {
	g := s.game
	switch {
	case g.Status() == engine.Won:
		return fmt.Sprintf("%s wins after %s.", s.who(g.Winner()), countMoves(g.Len())), true
	case g.Status() == engine.Drawn:
		return fmt.Sprintf("Draw after %s: the board is full.", countMoves(g.Len())), true
	case s.maxMoves > 0 && g.Len() >= s.maxMoves:
		return fmt.Sprintf("Stopped after %s: the move limit (--max-moves) was reached. Nobody won.", countMoves(g.Len())), true
	}
	return "", false
}

// run plays until the game ends, the players quit or the input ends.
func (s *session) run() error {
	s.introduce()
	for {
		g := s.game
		if msg, over := s.outcome(); over {
			s.showBoard()
			s.printf("%s\n", msg)
			return nil
		}
		if s.ctx.Err() != nil {
			s.printf("\nInterrupted: the game is left unfinished after %s.\n", countMoves(g.Len()))
			return errInterrupted
		}
		if st := s.seats[g.Turn()-1]; !st.human() {
			if err := s.botMove(st); err != nil {
				return err
			}
			continue
		}
		if !s.shown {
			s.showBoard()
		}
		s.printf("%s to play> ", s.style.mark(g.Turn()))
		var in terminal.Line
		var ok bool
		select {
		case in, ok = <-s.lines:
		case <-s.ctx.Done():
			continue
		}
		if !ok {
			if !s.echo {
				s.printf("\n")
			}
			s.printf("End of input: the game is left unfinished after %s.\n", countMoves(g.Len()))
			return nil
		}
		if in.Err != nil {
			return fmt.Errorf("reading input: %w", in.Err)
		}
		if s.echo {
			s.printf("%s\n", in.Text)
		}
		if quit := s.command(in.Text); quit {
			s.printf("Quit: the game is left unfinished after %s.\n", countMoves(g.Len()))
			return nil
		}
	}
}

// botMove asks a bot for its move and plays it.
func (s *session) botMove(st seat) error {
	p := s.game.Turn()
	cell, err := st.bot.Choose(s.ctx, s.game, p)
	if err != nil {
		if s.ctx.Err() != nil {
			return nil // reported by run
		}
		return fmt.Errorf("bot %s (player %d) failed: %w", st.name, p, err)
	}
	msg, err := s.playBot(p, cell)
	if err != nil {
		return err
	}
	s.printf("%s\n", msg)
	return nil
}

// playBot plays the cell the bot in player's seat chose and says so.
func (s *session) playBot(player int, cell sparse.Cell) (string, error) {
	st := s.seats[player-1]
	if _, err := s.game.PlayAs(cell.Row, cell.Col, player); err != nil {
		return "", fmt.Errorf("bot %s (player %d) chose a move the game refused: %w", st.name, player, err)
	}
	s.changed = true
	s.followLast()
	return fmt.Sprintf("%s plays %d %d", s.who(player), cell.Row, cell.Col), nil
}

// followLast asks for the latest moves to be brought into view at the next
// drawing of the board, which is then due.
func (s *session) followLast() {
	s.follow = true
	s.shown = false
}

// applyFollow brings the latest round of moves, one per player, into view
// (and as much of the rest as fits): always when forced, otherwise only
// when one of them is out of view or at its edge.
func (s *session) applyFollow(force bool) {
	s.follow = false
	h := s.game.History()
	if len(h) == 0 {
		return
	}
	recent := make([]sparse.Cell, 0, s.game.Config().Players)
	for _, m := range h[max(0, len(h)-s.game.Config().Players):] {
		recent = append(recent, sparse.Cell{Row: m.Row, Col: m.Col})
	}
	all, _ := s.game.BoundingBox()
	if force {
		s.view.frame(recent, all)
	} else {
		s.view.follow(recent, all)
	}
}

// showBoard draws the window and says what lies outside it.
func (s *session) showBoard() {
	g := s.game
	if s.follow {
		s.applyFollow(false)
	}
	s.printf("\n%s", renderBoard(g, &s.view, s.style))
	outside := 0
	for c := range g.Marks() {
		if !s.view.contains(c.Row, c.Col) {
			outside++
		}
	}
	s.printf("Move %d", g.Len())
	if m, ok := g.LastMove(); ok {
		s.printf(", last %s at %d %d", s.style.mark(m.Player), m.Row, m.Col)
	}
	s.printf(". View: %s", &s.view)
	if outside > 0 {
		s.printf("; %d %s outside it (pan, center)", outside, plural(outside, "mark", "marks"))
	}
	s.printf(".\n")
	s.shown = true
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// countMoves counts moves in words: "1 move", "2 moves".
func countMoves(n int) string { return fmt.Sprintf("%d %s", n, plural(n, "move", "moves")) }

// load replaces the game with the one saved in path, keeping the seats.
func (s *session) load(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var g *engine.Game
	if gamecli.KindOf(data) == gamecli.GameRecord {
		// A record holds moves only: play them under this game's rules.
		base := s.game.Config()
		base.Players, base.Order = 2, engine.Rotation
		g, err = gamecli.GameFromRecord(data, base, s.tuning)
	} else {
		g, _, err = gamecli.GameFromSaved(data, s.tuning)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	cfg := g.Config()
	if cfg.Players != len(s.seats) {
		return fmt.Errorf("the game in %s has %d players but this game has %d seats; start it with gomoku play --load %s", path, cfg.Players, len(s.seats), path)
	}
	if cfg.Players > maxPlayPlayers {
		return fmt.Errorf("the game in %s has %d players; play draws at most %d", path, cfg.Players, maxPlayPlayers)
	}
	if err := gamecli.CheckSeats(s.seatNameList(), cfg); err != nil {
		return fmt.Errorf("the game in %s cannot be played by these seats: %w", path, err)
	}
	s.game = g
	s.view = newView(s.viewRows, s.viewCols, cfg)
	s.centreOnPlay()
	s.changed, s.path = false, path
	return nil
}

// centreOnPlay frames the latest moves and as many of the others as fit,
// or, before the first move, the origin or the middle of the board.
func (s *session) centreOnPlay() {
	cfg := s.game.Config()
	s.view.centre(cfg.Rows/2, cfg.Cols/2)
	s.applyFollow(true)
	s.shown = false
}

// seatNameList is the seats' names, for saving.
func (s *session) seatNameList() []string {
	names := make([]string, len(s.seats))
	for i, st := range s.seats {
		names[i] = st.name
	}
	return names
}
