package play

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/gomoku-engine/gomoku/cmd/internal/gamecli"
	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/savefile"
	"github.com/gomoku-engine/gomoku/sparse"
)

const playHelp = `Commands:
  ROW COL          play there, e.g. "7 -3" or "7,-3" (rows grow downwards)
  undo             take back the last move (and the bots' replies to it)
  redo             play again what undo took back
  pan DIR [N]      move the view N cells (default: half a view) up, down, left or right
  center [ROW COL] centre the view on a cell (default: on the latest moves)
  board            draw the board again
  save FILE        save the game as JSON (gomoku replay and play --load read it)
  load FILE        continue a saved game (or a .psq record or move string) instead of this one
  help             show this
  quit             stop (the game is not saved)
`

// command runs one line typed at the prompt and reports whether the
// player quit. Mistakes are explained and change nothing.
func (s *Session) command(line string) (quit bool) {
	word, rest, _ := strings.Cut(strings.TrimSpace(line), " ")
	rest = strings.TrimSpace(rest)
	switch strings.ToLower(word) {
	case "":
		s.Printf("Enter a move as ROW COL, or help.\n")
	case "help", "h", "?":
		s.Printf("%s", playHelp)
	case "quit", "q", "exit":
		return true
	case "undo":
		s.Printf("%s\n", s.Undo())
	case "redo":
		s.Printf("%s\n", s.Redo())
	case "pan":
		s.pan(rest)
	case "center", "centre":
		s.centre(rest)
	case "board", "show":
		s.ShowBoard()
	case "save":
		if rest == "" {
			s.Printf("Save where? Type save FILE.\n")
			return false
		}
		s.Printf("%s\n", s.Save(rest))
	case "load":
		if rest == "" {
			s.Printf("Load what? Type load FILE.\n")
			return false
		}
		msg, ok := s.LoadFile(rest)
		if !ok {
			msg += "\nThe game goes on as before."
		}
		s.Printf("%s\n", msg)
	default:
		if c := word[0]; c == '-' || c == '+' || c >= '0' && c <= '9' {
			s.move(line)
			return false
		}
		s.Printf("Unknown command %q. Type help for the commands.\n", word)
	}
	return false
}

// move plays the move typed, or explains why it cannot be played.
func (s *Session) move(line string) {
	g := s.Game
	free := g.Config().Order == engine.FreeOrder
	nums, _, err := gamecli.ParseMoveLine([]byte(line), false)
	player := g.Turn()
	if err != nil && free {
		// In a free-order game a move may name its player.
		if nums3, _, err3 := gamecli.ParseMoveLine([]byte(line), true); err3 == nil {
			nums, err, player = nums3, nil, nums3[2]
		}
	}
	switch {
	case errors.Is(err, gamecli.ErrHuge):
		s.Printf("That is off the map: rows and columns go from %d to %d.\n", sparse.MinCoord, sparse.MaxCoord)
		return
	case err != nil:
		s.Printf("Not a move: %q. Enter ROW COL, e.g. 0 0, or help.\n", line)
		return
	}
	if why := s.Play(nums[0], nums[1], player); why != "" {
		s.Printf("Cannot play there: %s. Try again.\n", why)
	}
}

// Play plays player's mark at (row, col), or says why it cannot.
func (s *Session) Play(row, col, player int) (whyNot string) {
	g := s.Game
	if _, err := g.PlayAs(row, col, player); err != nil {
		if errors.Is(err, engine.ErrOccupied) {
			// On screen the players are their symbols.
			return fmt.Sprintf("cell (%d, %d) is taken by %s", row, col, s.Style.mark(g.At(row, col)))
		}
		return gamecli.DescribeMoveError(g, err, g.Len())
	}
	s.Changed = true
	s.followLast()
	return ""
}

// Undo takes back the last move, and then the bots' moves before it, so
// that a person is to play again, and says what it took back.
func (s *Session) Undo() string {
	var taken []engine.Move
	for {
		m, err := s.Game.Undo()
		if err != nil {
			break
		}
		taken = append(taken, m)
		if s.Seats[s.Game.Turn()-1].Human() {
			break
		}
	}
	if len(taken) == 0 {
		return "Nothing to undo."
	}
	s.Changed = true
	s.followLast()
	return "Took back " + s.moveList(taken) + "."
}

// Redo replays what undo took back, up to the next person's turn, and
// says what it played.
func (s *Session) Redo() string {
	var replayed []engine.Move
	for s.Game.Status() == engine.Ongoing {
		m, _, err := s.Game.Redo()
		if err != nil {
			break
		}
		replayed = append(replayed, m)
		if s.Seats[s.Game.Turn()-1].Human() {
			break
		}
	}
	if len(replayed) == 0 {
		return "Nothing to redo."
	}
	s.Changed = true
	s.followLast()
	return "Played again " + s.moveList(replayed) + "."
}

// gamecli.MoveList names moves for messages: "X at 1 1, O at 0 2".
func (s *Session) moveList(moves []engine.Move) string {
	names := make([]string, len(moves))
	for i, m := range moves {
		names[i] = fmt.Sprintf("%s at %d %d", s.Style.mark(m.Player), m.Row, m.Col)
	}
	return strings.Join(names, ", ")
}

// Save writes the game to path and says how that went.
func (s *Session) Save(path string) string {
	if err := savefile.Save(path, s.Game, s.seatNameList()); err != nil {
		return fmt.Sprintf("Could not save: %v", err)
	}
	s.Changed, s.Path = false, path
	return fmt.Sprintf("Saved %s to %s.", CountMoves(s.Game.Len()), path)
}

// LoadFile replaces the game with the one in path and says how that went;
// on failure the game is unchanged.
func (s *Session) LoadFile(path string) (msg string, ok bool) {
	if err := s.load(path); err != nil {
		return fmt.Sprintf("Could not load: %v", err), false
	}
	return fmt.Sprintf("Loaded %s: %s.", path, CountMoves(s.Game.Len())), true
}

// pan moves the view: "pan left", "pan up 10".
func (s *Session) pan(args string) {
	f := strings.Fields(args)
	if len(f) == 0 || len(f) > 2 {
		s.Printf("Pan where? Type pan up, down, left or right, and optionally how many cells.\n")
		return
	}
	n := 0
	if len(f) == 2 {
		var err error
		if n, err = strconv.Atoi(f[1]); err != nil || n < 1 {
			s.Printf("Pan by how many cells? %q is not a positive number.\n", f[1])
			return
		}
		n = min(n, sparse.MaxCoord-sparse.MinCoord) // further only overflows; the view stops at the edge anyway
	}
	var dr, dc int
	switch strings.ToLower(f[0]) {
	case "up", "u", "north", "n":
		dr = -1
	case "down", "d", "south", "s":
		dr = 1
	case "left", "l", "west", "w":
		dc = -1
	case "right", "r", "east", "e":
		dc = 1
	default:
		s.Printf("Pan which way? %q is not up, down, left or right.\n", f[0])
		return
	}
	if n == 0 {
		n = max(1, s.View.Rows/2)
		if dc != 0 {
			n = max(1, s.View.Cols/2)
		}
	}
	before := s.View
	s.View.Pan(dr*n, dc*n)
	if s.View == before && s.View.torus == nil { // a torus has no edge: the view came round
		s.Printf("The view is already at the edge of the board.\n")
		return
	}
	s.ShowBoard()
}

// centre centres the view: "center" on the latest moves, "center 100 -20"
// on a cell.
func (s *Session) centre(args string) {
	if strings.TrimSpace(args) == "" {
		s.CentreOnPlay()
		s.ShowBoard()
		return
	}
	nums, _, err := gamecli.ParseMoveLine([]byte(args), false)
	if err != nil {
		s.Printf("Centre on which cell? Type center ROW COL, or center for the last move.\n")
		return
	}
	s.View.Centre(nums[0], nums[1])
	s.ShowBoard()
}
