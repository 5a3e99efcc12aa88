package history

import "github.com/gomoku-engine/gomoku/engine"

// History is a sequence of moves read by index; *engine.Game is one, and
// [Moves] makes one of a slice.
type History interface {
	Len() int
	MoveAt(i int) (engine.Move, bool)
}

// Moves is a [History] held in a slice.
type Moves []engine.Move

// Len is the number of moves.
func (m Moves) Len() int { return len(m) }

// MoveAt returns move i and true, or false when i is out of range.
func (m Moves) MoveAt(i int) (engine.Move, bool) {
	if i < 0 || i >= len(m) {
		return engine.Move{}, false
	}
	return m[i], true
}

// Common returns the length of the longest common prefix of a and b: the
// largest n such that a and b hold the same move at every index below n.
func Common(a, b History) int {
	n := min(a.Len(), b.Len())
	for i := range n {
		x, _ := a.MoveAt(i)
		y, _ := b.MoveAt(i)
		if x != y {
			return i
		}
	}
	return n
}

// Sync brings a copy whose applied moves are have up to want, through the
// copy's own operations:
//
//   - reset empties the copy and forgets whatever it learnt of its old
//     position; it is called, once, when the copy holds moves and none of
//     them is a prefix of want (nothing is shared);
//   - undo takes back the copy's latest move; it is called once for each
//     of have's moves past the common prefix, latest first, when the
//     prefix is not empty;
//   - play applies want's next move and reports whether the copy took it;
//     it is called for want's moves from the end of the common prefix on,
//     in order, until one returns false (the copy cannot take the move, or
//     its owner has run out of time and will call Sync again later).
//
// have is read before any callback runs, so it may be a view of the copy
// that the callbacks change. Sync returns how many of want's moves the copy
// then holds: Len() of want when it is up to date.
func Sync(have, want History, reset, undo func(), play func(engine.Move) bool) int {
	n := Common(have, want)
	switch extra := have.Len() - n; {
	case n == 0 && extra > 0:
		reset()
	default:
		for range extra {
			undo()
		}
	}
	for i := n; i < want.Len(); i++ {
		m, _ := want.MoveAt(i)
		if !play(m) {
			return i
		}
	}
	return want.Len()
}
