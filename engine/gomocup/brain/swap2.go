package brain

import (
	"github.com/gomoku-engine/gomoku/engine/gomocup"

	"context"
)

// The swap2 opening (SWAP2BOARD, protocol version 2022-12-20): the first
// player places three stones (black, white, black); the second player
// swaps colours, or places a fourth (white) stone and stays white, or
// places two more and hands the choice back; the first player then swaps
// or places the sixth (white) stone. The brain never swaps: staying and
// playing the next stone with its own search is always a legal answer, and
// a brain that cannot judge openings gains little by swapping.

// swap2Colour is the colour of the n-th stone (1-based) of a swap2 board:
// gomocup.FieldOwn marks black and gomocup.FieldOpponent white until swap2 knows which the brain
// plays.
func swap2Colour(n int) gomocup.Field {
	if n%2 == 1 {
		return gomocup.FieldOwn
	}
	return gomocup.FieldOpponent
}

// swap2 answers SWAP2BOARD once its stones are read.
func (s *server) swap2(ctx context.Context, b *boardInput) {
	p := b.pos
	switch len(p.stones) {
	case 0:
		// Case 1: propose the opening. A black centre stone, a white one
		// touching it diagonally and a black one two cells away on the
		// other side: compact and far from a decided position.
		cx, cy := p.cols/2, p.rows/2
		s.answer(gomocup.Point(cx, cy) + " " + gomocup.Point(cx+1, cy+1) + " " + gomocup.Point(cx-1, cy+1))
	case 3, 5:
		// Case 2 (three stones) and case 3 (five): stay white and play the
		// next stone, white's. The brain's stones are the white ones.
		q := newPosition(p.cols, p.rows)
		for _, st := range p.stones {
			f := gomocup.FieldOpponent
			if st.f == gomocup.FieldOpponent { // white, as swap2Colour marked it
				f = gomocup.FieldOwn
			}
			q.place(st.x, st.y, f)
		}
		s.pos = q
		s.move(ctx, b.start)
	default:
		s.errorf("SWAP2BOARD with %d stones: swap2 sends 0, 3 or 5", len(p.stones))
	}
}
