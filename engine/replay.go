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
	for i, m := range moves {
		out, err := g.PlayAs(m.Row, m.Col, m.Player)
		if err != nil {
			var me *MoveError
			if errors.As(err, &me) {
				me.Number = i + 1
			}
			return results, err
		}
		if out == Won {
			results = append(results, m.Player)
		} else {
			results = append(results, 0)
		}
	}
	return results, nil
}
