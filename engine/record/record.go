package record

import (
	"errors"
	"fmt"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/sparse"
)

// Format names a record format.
type Format uint8

const (
	// Unknown: the content matches no format this package reads.
	Unknown Format = iota
	// PSQ is Piskvork's game file.
	PSQ
	// MoveString is the compact "h8i9" notation.
	MoveString
	// SGF is the Smart Game Format for Gomoku (GM[4]), as c-gomoku-cli
	// writes it.
	SGF
)

func (f Format) String() string {
	switch f {
	case Unknown:
		return "unknown"
	case PSQ:
		return "psq"
	case MoveString:
		return "moves"
	case SGF:
		return "sgf"
	}
	return fmt.Sprintf("Format(%d)", uint8(f))
}

// ParseFormat is the inverse of [Format.String] for the formats a command
// writes on request: psq, moves and sgf.
func ParseFormat(s string) (Format, error) {
	for _, f := range []Format{PSQ, MoveString, SGF} {
		if s == f.String() {
			return f, nil
		}
	}
	return Unknown, fmt.Errorf("%w: %q (want psq, moves or sgf)", ErrUnknownFormat, s)
}

// Errors. A parse failure is a [*SyntaxError] wrapping [ErrSyntax] or
// [ErrEmpty], or the engine's [engine.ErrOffBoard] for a move off the
// record's board and [engine.ErrOccupied] for a cell played twice; the
// others come from conversion and loading.
var (
	ErrSyntax        = errors.New("record: syntax error")
	ErrEmpty         = errors.New("record: no record")
	ErrUnknownFormat = errors.New("record: unknown format")
	ErrUnsupported   = errors.New("record: game cannot be written in this format")
	ErrIllegal       = errors.New("record: move refused by the rules")
)

// SyntaxError locates a parse failure.
type SyntaxError struct {
	Format Format
	Line   int // 1-based line of the input
	Pos    int // 1-based byte offset in the line, 0 when the whole line is at fault
	Text   string
	Err    error // ErrSyntax, engine.ErrOffBoard, engine.ErrOccupied or ErrEmpty
	Detail string
}

func (e *SyntaxError) Error() string {
	at := fmt.Sprintf("line %d", e.Line)
	if e.Pos > 0 {
		at += fmt.Sprintf(", byte %d", e.Pos)
	}
	msg := fmt.Sprintf("record: %v %s: %s", e.Format, at, e.Detail)
	if e.Text != "" {
		msg += fmt.Sprintf(" in %q", e.Text)
	}
	return msg
}

func (e *SyntaxError) Unwrap() error { return e.Err }

// Move is one stone of a record: a 0-based cell and, for psq, the
// milliseconds the move took. The player is implied: moves alternate and the
// first is player 1's.
type Move struct {
	Row, Col int
	TimeMS   int
}

// Cells are the cells of moves, in order.
func Cells(moves []Move) []sparse.Cell {
	out := make([]sparse.Cell, len(moves))
	for i, m := range moves {
		out[i] = sparse.Cell{Row: m.Row, Col: m.Col}
	}
	return out
}

// Record is a two-player game. Fields that only one format carries are
// zero for the others; they are kept so that reading and writing a file
// in its own format loses nothing.
type Record struct {
	// Rows and Cols are the board's height (psq y) and width (psq x). Zero
	// means the record does not say (a move string).
	Rows, Cols int
	Moves      []Move

	// HasRule says whether the record states its rule, Rule is it. SGF's
	// RU carries it; .psq files and move strings do not.
	HasRule bool
	Rule    engine.Rule

	// Levels are the header's "o1:o2": per seat, 0 for a human or a
	// computer's level.
	Levels [2]int
	// Begin is the header's last field: which seat (0 or 1) moved first.
	Begin int
	// Names are the players, first mover first; Piskvork writes two or none.
	Names []string
	// HasResult says whether the trailer has a result code, Result is it.
	HasResult bool
	Result    int
	// Extra holds trailer lines after the result code, verbatim.
	Extra []string
	// Info holds the SGF root properties no other field carries (game
	// name, event, date, result...), in order, verbatim.
	Info []Property
}

// Player returns the player (1 or 2) who made the i-th move (0-based).
func Player(i int) int { return i%2 + 1 }

// Bounded reports whether the record states a board size.
func (r *Record) Bounded() bool { return r.Rows > 0 && r.Cols > 0 }

// Game replays the record on a new two-player game configured by opts (K,
// rule, checker...). A record that states its size (psq, SGF) bounds the
// board to it, overriding opts; one that does not (a move string) plays on
// the board opts describe, unbounded by default. A record that states its
// rule (SGF) plays under it, also overriding opts. A move the rules refuse gives
// an error wrapping [ErrIllegal] and the engine's reason, naming the move's
// 1-based number. Records are of flat boards: opts that ask for a torus
// are refused with [ErrUnsupported].
func (r *Record) Game(opts ...engine.Option) (*engine.Game, error) {
	all := append([]engine.Option{}, opts...)
	all = append(all, engine.WithPlayers(2))
	if r.Bounded() {
		all = append(all, engine.WithBounds(r.Rows, r.Cols))
	}
	if r.HasRule {
		all = append(all, engine.WithRule(r.Rule))
	}
	empty, err := engine.New(all...)
	if err != nil {
		return nil, err
	}
	if empty.Config().Torus {
		return nil, errTorus
	}
	moves := make([]engine.Move, len(r.Moves))
	for i, m := range r.Moves {
		moves[i] = engine.Move{Row: m.Row, Col: m.Col, Player: Player(i)}
	}
	g, err := engine.FromMoves(moves, all...)
	var me *engine.MoveError
	if errors.As(err, &me) {
		return nil, fmt.Errorf("%w: %w", ErrIllegal, err)
	}
	return g, err
}

// errTorus refuses a torus: no format here can say that a board's lines
// wrap around its edges, and a record read back would be played flat.
var errTorus = fmt.Errorf("%w: a torus (lines wrapping around the edges) cannot be recorded in .psq, SGF or move strings, which know flat boards only; save it as a game file (JSON)", ErrUnsupported)

// FromGame records a game's moves. The game must have two players who moved
// in turn starting with player 1, on a flat board (not a torus); psq times
// are zero. The board size and the rule are the game's (the size is zero
// for an unbounded game).
func FromGame(g *engine.Game) (*Record, error) {
	cfg := g.Config()
	if cfg.Torus {
		return nil, errTorus
	}
	if cfg.Players != 2 {
		return nil, fmt.Errorf("%w: %d players (records hold two)", ErrUnsupported, cfg.Players)
	}
	rec := &Record{Rows: cfg.Rows, Cols: cfg.Cols, HasRule: true, Rule: cfg.Rule}
	for i, m := range g.History() {
		if m.Player != Player(i) {
			return nil, fmt.Errorf("%w: move %d is by player %d, records alternate 1, 2, 1...", ErrUnsupported, i+1, m.Player)
		}
		rec.Moves = append(rec.Moves, Move{Row: m.Row, Col: m.Col})
	}
	return rec, nil
}
