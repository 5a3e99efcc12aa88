package engine

import (
	"errors"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine/renju"
	"github.com/gomoku-engine/gomoku/sparse"
)

// renjuGame plays black's and white's stones alternately, black first, on
// a new renju game with opts; black and white have the same length, or
// black one more.
func renjuGame(t *testing.T, black, white [][2]int, opts ...Option) *Game {
	t.Helper()
	g, err := New(append([]Option{WithRule(Renju)}, opts...)...)
	require.NoError(t, err)
	for i, b := range black {
		_, err := g.Play(b[0], b[1])
		require.NoError(t, err, "black %d", i)
		if i < len(white) {
			_, err := g.Play(white[i][0], white[i][1])
			require.NoError(t, err, "white %d", i)
		}
	}
	return g
}

// farWhite are white stones out of everyone's way, no two in a line
// within five.
var farWhite = [][2]int{{20, 0}, {20, 7}, {27, 3}, {27, 10}, {34, 0}, {34, 7}, {41, 3}, {41, 10}}

func TestRenjuRefusesForbiddenMoveAndChangesNothing(t *testing.T) {
	black := [][2]int{{7, 5}, {7, 6}, {5, 7}, {6, 7}, {1, 1}}
	g := renjuGame(t, black, farWhite[:4])
	_, err := g.Undo() // black to move, with a redo stack to keep
	require.NoError(t, err)
	before := g.Clone()

	assert.Equal(t, renju.DoubleThree, g.Forbidden(7, 7))
	var cells []sparse.Cell
	for c, f := range g.ForbiddenCells() {
		cells = append(cells, c)
		assert.Equal(t, renju.DoubleThree, f, "%v", c)
	}
	assert.Contains(t, cells, sparse.Cell{Row: 7, Col: 7})

	out, err := g.Play(7, 7)
	require.ErrorIs(t, err, ErrForbidden)
	assert.Equal(t, Ongoing, out)
	var fe *ForbiddenError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, renju.DoubleThree, fe.Foul)
	var me *MoveError
	require.ErrorAs(t, err, &me)
	assert.Equal(t, Move{Row: 7, Col: 7, Player: 1}, me.Move)
	assert.Contains(t, err.Error(), "double three")

	_, err = g.WouldWin(7, 7, 1)
	require.ErrorIs(t, err, ErrForbidden)

	assert.Equal(t, before.History(), g.History())
	assert.Equal(t, before.RedoLen(), g.RedoLen())
	assert.Equal(t, 0, g.At(7, 7))
	assert.Equal(t, 1, g.Turn())

	// White may play there, and once it is white's turn nothing is
	// forbidden.
	_, err = g.Play(0, 0)
	require.NoError(t, err)
	assert.Equal(t, renju.None, g.Forbidden(7, 7))
	assert.Empty(t, slices.Collect(func(yield func(sparse.Cell) bool) {
		for c := range g.ForbiddenCells() {
			yield(c)
		}
	}))
	_, err = g.Play(7, 7)
	require.NoError(t, err)
}

func TestRenjuBlackWinsOnlyWithExactlyFive(t *testing.T) {
	// Black's row 0..3 and (0, 5): (0, 4) would be six.
	black := [][2]int{{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 5}}
	g := renjuGame(t, black, farWhite[:5])
	_, err := g.Play(0, 4)
	var fe *ForbiddenError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, renju.Overline, fe.Foul)

	// Under exact rules the same move is allowed and does not win.
	g, err = New(WithRule(Exact))
	require.NoError(t, err)
	for i, b := range black {
		_, err = g.Play(b[0], b[1])
		require.NoError(t, err)
		_, err = g.Play(farWhite[i][0], farWhite[i][1])
		require.NoError(t, err)
	}
	out, err := g.Play(0, 4)
	require.NoError(t, err)
	assert.Equal(t, Ongoing, out)
}

func TestRenjuFiveWinsEvenWithAForbiddenShape(t *testing.T) {
	// (3, 4) completes the row (3, 0..4) and makes six down column 4.
	black := [][2]int{{3, 0}, {3, 1}, {3, 2}, {3, 3}, {0, 4}, {1, 4}, {2, 4}, {4, 4}, {5, 4}}
	white := [][2]int{{3, 5}, {20, 0}, {20, 7}, {27, 3}, {27, 10}, {34, 0}, {34, 7}, {41, 3}, {41, 10}}
	// Play black's stones around the winning cell without winning early:
	// the row's four is blocked at (3, 5) and completed only by (3, 4).
	g := renjuGame(t, black, white)
	out, err := g.Play(3, 4)
	require.NoError(t, err)
	assert.Equal(t, Won, out)
	assert.Equal(t, 1, g.Winner())
	assert.Len(t, g.WinningLine(), 5)
}

func TestRenjuWhiteHasNoFoulsAndWinsWithAnOverline(t *testing.T) {
	black := [][2]int{{20, 0}, {20, 7}, {27, 3}, {27, 10}, {34, 0}, {34, 7}}
	white := [][2]int{{0, 0}, {0, 1}, {0, 2}, {0, 4}, {0, 5}, {5, 5}}
	g := renjuGame(t, black, white)
	// White's (0, 3) makes six: a win. First a white double three is
	// allowed: black moves, then white.
	_, err := g.Play(41, 3)
	require.NoError(t, err)
	out, err := g.Play(0, 3)
	require.NoError(t, err)
	assert.Equal(t, Won, out)
	assert.Equal(t, 2, g.Winner())
	assert.Len(t, g.WinningLine(), 6)
}

func TestRenjuWhiteMayPlayADoubleThree(t *testing.T) {
	black := [][2]int{{20, 0}, {20, 7}, {27, 3}, {27, 10}, {34, 0}}
	white := [][2]int{{7, 5}, {7, 6}, {5, 7}, {6, 7}}
	g := renjuGame(t, black, white)
	_, err := g.Play(7, 7)
	require.NoError(t, err)
	assert.Equal(t, 2, g.At(7, 7))
}

func TestForbiddenOutsideRenju(t *testing.T) {
	g, err := New(WithRule(Exact))
	require.NoError(t, err)
	for _, m := range [][2]int{{7, 5}, {0, 0}, {7, 6}, {0, 2}, {5, 7}, {0, 4}, {6, 7}, {0, 6}} {
		_, err := g.Play(m[0], m[1])
		require.NoError(t, err)
	}
	assert.Equal(t, renju.None, g.Forbidden(7, 7))
	for range g.ForbiddenCells() {
		t.Fatal("a cell is forbidden outside renju")
	}
	_, err = g.Play(7, 7)
	require.NoError(t, err)
}

func TestRenjuOnABoundedBoard(t *testing.T) {
	// At the left edge black's row (7, 0..2) cannot open: no three, so
	// (7, 2) with the column three is allowed; in the open it would not be.
	black := [][2]int{{7, 0}, {7, 1}, {5, 2}, {6, 2}}
	bounded := renjuGame(t, black, farWhite[:4], WithBounds(50, 15))
	assert.Equal(t, renju.None, bounded.Forbidden(7, 2))
	open := renjuGame(t, black, farWhite[:4])
	assert.Equal(t, renju.DoubleThree, open.Forbidden(7, 2))
	// Off the board and out of range: never forbidden, refused as usual.
	assert.Equal(t, renju.None, bounded.Forbidden(-1, 2))
	_, err := bounded.Play(-1, 2)
	assert.ErrorIs(t, err, ErrOffBoard)
	assert.False(t, errors.Is(err, ErrForbidden))
}
