package engine

import (
	"errors"
	"fmt"
	"iter"

	"github.com/gomoku-engine/gomoku/engine/renju"
	"github.com/gomoku-engine/gomoku/sparse"
)

// Move is one mark placed by one player.
type Move struct {
	Row, Col int
	Player   int
}

func (m Move) String() string { return fmt.Sprintf("(%d, %d) by player %d", m.Row, m.Col, m.Player) }

// Outcome is the state of a game, and what a move led to.
type Outcome uint8

const (
	// Ongoing: the game goes on.
	Ongoing Outcome = iota
	// Won: the last move completed a winning run for its player.
	Won
	// Drawn: the last move filled a bounded board without a win.
	Drawn
)

func (o Outcome) String() string {
	switch o {
	case Ongoing:
		return "ongoing"
	case Won:
		return "won"
	case Drawn:
		return "drawn"
	}
	return fmt.Sprintf("Outcome(%d)", uint8(o))
}

// Game is a k-in-a-row game in progress: the board, the win checker, the
// history and the redo stack. A Game is meant for one goroutine; wrap it in
// a [Shared] to use it from several.
type Game struct {
	cfg     Config
	kind    CheckerKind // the checker in use, never AutoChecker
	board   *sparse.Board
	checker winChecker
	history moveLog
	redo    moveLog // its latest move is the next one Redo replays
	status  Outcome
}

// New starts a game from [DefaultConfig] adjusted by opts.
func New(opts ...Option) (*Game, error) {
	s := settings{Config: DefaultConfig()}
	for _, o := range opts {
		o(&s)
	}
	cfg := s.Config
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	bopts := []sparse.Option{sparse.WithLayout(s.layout)}
	if cfg.Bounded() {
		bopts = append(bopts, sparse.WithBounds(cfg.Rows, cfg.Cols))
	}
	board, err := sparse.New(bopts...)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadConfig, err)
	}
	kind := s.checker.resolve(cfg)
	checker, err := newChecker(cfg, kind)
	if err != nil {
		return nil, err
	}
	g := &Game{cfg: cfg, kind: kind, board: board, checker: checker}
	if cfg.Order == Rotation {
		g.history.rotation = cfg.Players
	}
	return g, nil
}

// Config returns the game's rules.
func (g *Game) Config() Config { return g.cfg }

// Checker reports the win checker the game uses: the one chosen with
// [WithChecker], or the one [AutoChecker] picked for the rules.
func (g *Game) Checker() CheckerKind { return g.kind }

// Layout reports how the game's board keeps its marks.
func (g *Game) Layout() sparse.Layout { return g.board.Layout() }

// Status reports whether the game goes on, was won or was drawn.
func (g *Game) Status() Outcome { return g.status }

// Winner is the player who won, or 0.
func (g *Game) Winner() int {
	if g.status != Won {
		return 0
	}
	m, _ := g.history.last()
	return m.Player
}

// Turn is the player expected to move next: in rotation, the one after the
// last mover (player 1 first). In free order it is only a suggestion.
func (g *Game) Turn() int {
	if g.cfg.Order == Rotation {
		// The i-th move is by player i mod P + 1: no need to read the
		// history's latest cell.
		return g.history.Len()%g.cfg.Players + 1
	}
	m, ok := g.history.last()
	if !ok {
		return 1
	}
	return m.Player%g.cfg.Players + 1
}

// Len is the number of moves played.
func (g *Game) Len() int { return g.history.Len() }

// History returns a copy of the moves played, oldest first.
func (g *Game) History() []Move { return g.history.moves() }

// LastMove returns the latest move, and false before the first.
func (g *Game) LastMove() (Move, bool) {
	return g.history.last()
}

// RedoLen is the number of undone moves [Game.Redo] can replay.
func (g *Game) RedoLen() int { return g.redo.Len() }

// At returns the player whose mark is at (row, col), or 0 when it is empty.
// Any coordinate may be asked.
func (g *Game) At(row, col int) int { return int(g.board.Get(row, col)) }

// Marks yields every mark in row-major order.
func (g *Game) Marks() iter.Seq2[sparse.Cell, int] {
	return func(yield func(sparse.Cell, int) bool) {
		for c, m := range g.board.All() {
			if !yield(c, int(m)) {
				return
			}
		}
	}
}

// BoundingBox returns the smallest rectangle holding every mark, and false
// before the first move.
func (g *Game) BoundingBox() (sparse.Rect, bool) { return g.board.BoundingBox() }

// CanPlace explains why no player could mark (row, col) now, or returns
// nil: the cell is out of range, off the board or occupied. It ignores the
// game's status and turn.
func (g *Game) CanPlace(row, col int) error {
	if err := g.board.Check(row, col); err != nil {
		return cellError(err)
	}
	if g.board.Get(row, col) != 0 {
		return ErrOccupied
	}
	return nil
}

// cellError is the sentinel a board's refusal of a cell wraps, without the
// board's wording of the cell, which a [MoveError] gives itself.
func cellError(err error) error {
	for _, sentinel := range []error{ErrOutOfRange, ErrOffBoard, ErrOccupied} {
		if errors.Is(err, sentinel) {
			return sentinel
		}
	}
	return err
}

// Play marks (row, col) for the player whose turn it is.
func (g *Game) Play(row, col int) (Outcome, error) {
	return g.PlayAs(row, col, g.Turn())
}

// PlayAs marks (row, col) for player, who must be the one in turn unless
// the game uses [FreeOrder]. It returns what the move led to. A refused
// move returns a [*MoveError], with the game's unchanged status, and
// changes nothing. A new move empties the redo stack.
func (g *Game) PlayAs(row, col, player int) (Outcome, error) {
	m := Move{Row: row, Col: col, Player: player}
	if err := g.place(m, true); err != nil {
		return g.status, err
	}
	g.redo.reset()
	return g.record(m), nil
}

// place puts m's mark on the board, or explains why m cannot be played
// now and changes nothing. Turn order is checked only for real moves, not
// for look-ahead. The board itself checks the cell, in the same lookup
// that places the mark.
func (g *Game) place(m Move, enforceTurn bool) error {
	var err error
	switch {
	case g.status != Ongoing:
		err = ErrGameOver
	case m.Player < 1 || m.Player > g.cfg.Players:
		err = ErrBadPlayer
	case enforceTurn && g.cfg.Order == Rotation && m.Player != g.Turn():
		err = ErrWrongTurn
	default:
		if g.cfg.Rule == Renju && m.Player == renjuBlack {
			if foul := renju.Check(renjuBoard{g}, m.Row, m.Col); foul != renju.None {
				err = &ForbiddenError{Foul: foul}
				break
			}
		}
		if perr := g.board.Place(m.Row, m.Col, uint8(m.Player)); perr != nil {
			err = cellError(perr)
		}
	}
	if err != nil {
		return &MoveError{Move: m, Err: err}
	}
	return nil
}

// record completes a move whose mark is on the board: history, win check
// and status.
func (g *Game) record(m Move) Outcome {
	p := uint8(m.Player)
	g.history.push(m)
	switch {
	case g.checker.Record(g.board, m.Row, m.Col, p):
		g.status = Won
	case g.board.Full():
		g.status = Drawn
	}
	return g.status
}

// Undo takes back the latest move, also one that ended the game, and
// returns it. The game reopens and the turn goes back to its player.
func (g *Game) Undo() (Move, error) {
	m, ok := g.history.last()
	if !ok {
		return Move{}, ErrNothingToUndo
	}
	g.checker.Forget(g.board, m.Row, m.Col, uint8(m.Player))
	if _, err := g.board.Remove(m.Row, m.Col); err != nil {
		panic("engine: history and board disagree: " + err.Error())
	}
	g.history.pop()
	g.status = Ongoing
	g.redo.push(m)
	return m, nil
}

// Redo replays the latest undone move and returns it with what it led to.
func (g *Game) Redo() (Move, Outcome, error) {
	if g.redo.Len() == 0 {
		return Move{}, g.status, ErrNothingToRedo
	}
	m := g.redo.pop()
	if err := g.board.Place(m.Row, m.Col, uint8(m.Player)); err != nil {
		panic("engine: an undone move no longer fits the board: " + err.Error())
	}
	return m, g.record(m), nil
}

// WouldWin reports whether marking (row, col) for player would win now,
// whoever's turn it is. It places the mark on the live board, asks the
// checker and takes it back, so it costs what a move costs and leaves the
// game exactly as it was. It fails as a move by that player would (ignoring
// turn order).
func (g *Game) WouldWin(row, col, player int) (bool, error) {
	m := Move{Row: row, Col: col, Player: player}
	if err := g.place(m, false); err != nil {
		return false, err
	}
	p := uint8(player)
	won := g.checker.Record(g.board, row, col, p)
	g.checker.Forget(g.board, row, col, p)
	_, _ = g.board.Remove(row, col)
	return won, nil
}

// Clone returns an independent copy of the game, history and redo stack
// included; a search can play and undo on the copy while the original is
// shown to the user.
func (g *Game) Clone() *Game {
	return &Game{
		cfg: g.cfg, kind: g.kind, board: g.board.Clone(), checker: g.checker.Clone(),
		history: g.history.clone(), redo: g.redo.clone(), status: g.status,
	}
}
