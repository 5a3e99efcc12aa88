package engine

import "errors"

// Replay is the classic move(row, col, player) interview API in one call:
// it plays moves in order on a new game configured by opts and returns one
// result per move, the mover's number when that move wins and 0 otherwise
// (a draw also gives 0). Each move names its player; add [WithFreeOrder]
// to let players move in any order, as the interview API does.
//
// Replay stops at the first refused move and returns the results so far
// with a [*MoveError] whose Number is the move's 1-based position. A move
// after a win is refused with [ErrGameOver].
func Replay(moves []Move, opts ...Option) ([]int, error) {
	g, err := New(opts...)
	if err != nil {
		return nil, err
	}
	results := make([]int, 0, len(moves))
	err = g.playAll(moves, func(m Move, out Outcome) {
		if out == Won {
			results = append(results, m.Player)
		} else {
			results = append(results, 0)
		}
	})
	return results, err
}

// FromMoves plays moves in order on a new game configured by opts and
// returns the game, e.g. to rebuild a saved or recorded game. A refused
// move gives a [*MoveError] whose Number is the move's 1-based position.
func FromMoves(moves []Move, opts ...Option) (*Game, error) {
	g, err := New(opts...)
	if err != nil {
		return nil, err
	}
	if err := g.playAll(moves, func(Move, Outcome) {}); err != nil {
		return nil, err
	}
	return g, nil
}

// playAll plays moves in order, reporting each outcome, and stops at the
// first refused move with its position in the error.
func (g *Game) playAll(moves []Move, played func(Move, Outcome)) error {
	for i, m := range moves {
		out, err := g.PlayAs(m.Row, m.Col, m.Player)
		if err != nil {
			var me *MoveError
			if errors.As(err, &me) {
				me.Number = i + 1
			}
			return err
		}
		played(m, out)
	}
	return nil
}
