package engine

import (
	"errors"
	"fmt"

	"github.com/gomoku-engine/gomoku/engine/renju"
	"github.com/gomoku-engine/gomoku/sparse"
)

// Errors for refused moves. A refused move changes nothing; the error
// returned is a [*MoveError] that wraps one of these. The three about the
// cell are the board's own sentinels, named here too so that a caller of
// the engine can test for them without importing sparse: errors.Is
// matches either name.
var (
	ErrOccupied   = sparse.ErrOccupied
	ErrOffBoard   = sparse.ErrOffBoard
	ErrOutOfRange = sparse.ErrOutOfRange
	ErrGameOver   = errors.New("engine: game already over")
	ErrBadPlayer  = errors.New("engine: player number out of range")
	ErrWrongTurn  = errors.New("engine: not this player's turn")
	// ErrForbidden: under [Renju], black's move would be an overline, a
	// double four or a double three. The [*MoveError] wraps a
	// [*ForbiddenError] naming the foul, which wraps this.
	ErrForbidden = errors.New("engine: move forbidden to black under renju")
)

// Errors for history navigation and configuration.
var (
	ErrNothingToUndo = errors.New("engine: nothing to undo")
	ErrNothingToRedo = errors.New("engine: nothing to redo")
	ErrBadConfig     = errors.New("engine: bad configuration")
	// ErrCheckerUnsupported wraps ErrBadConfig: the chosen win checker
	// cannot judge this configuration.
	ErrCheckerUnsupported = fmt.Errorf("%w: win checker does not support it", ErrBadConfig)
)

// MoveError reports a refused move and why.
type MoveError struct {
	Move Move
	// Number is the move's 1-based position in a batch given to [Replay],
	// or 0 for a single move.
	Number int
	Err    error
}

func (e *MoveError) Error() string {
	if e.Number > 0 {
		return fmt.Sprintf("move %d: %v: %v", e.Number, e.Err, e.Move)
	}
	return fmt.Sprintf("%v: %v", e.Err, e.Move)
}
func (e *MoveError) Unwrap() error { return e.Err }

// Foul is why renju forbids a black move; [renju.None] when it does not.
type Foul = renju.Foul

// ForbiddenError names the foul of a move refused under [Renju]. It wraps
// [ErrForbidden].
type ForbiddenError struct {
	Foul Foul
}

func (e *ForbiddenError) Error() string { return fmt.Sprintf("%v: %v", ErrForbidden, e.Foul) }
func (e *ForbiddenError) Unwrap() error { return ErrForbidden }
