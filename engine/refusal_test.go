package engine

import (
	"reflect"
	"testing"

	"github.com/gomoku-engine/gomoku/sparse"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// state captures everything a refused move must leave alone, checker
// internals included.
type state struct {
	history, redo []Move
	status        Outcome
	marks         []Move
	checker       winChecker
}

func capture(g *Game) state {
	s := state{history: g.History(), redo: g.redo.moves(), status: g.status, checker: g.checker.Clone()}
	for c, p := range g.Marks() {
		s.marks = append(s.marks, Move{c.Row, c.Col, p})
	}
	return s
}

func requireUnchanged(t *testing.T, before state, g *Game) {
	t.Helper()
	after := capture(g)
	require.Equal(t, before.history, after.history)
	require.Equal(t, before.redo, after.redo)
	require.Equal(t, before.status, after.status)
	require.Equal(t, before.marks, after.marks)
	require.True(t, reflect.DeepEqual(before.checker, after.checker), "checker state changed")
}

func TestRefusedMovesChangeNothing(t *testing.T) {
	tests := []struct {
		name  string
		opts  []Option
		setup []Move
		move  Move
		want  error
	}{
		{"occupied", []Option{WithBounds(3, 3), WithK(3)}, []Move{{1, 1, 1}}, Move{1, 1, 2}, ErrOccupied},
		{"off the board, below", []Option{WithBounds(3, 3), WithK(3)}, nil, Move{3, 0, 1}, ErrOffBoard},
		{"off the board, negative", []Option{WithBounds(3, 3), WithK(3)}, nil, Move{0, -1, 1}, ErrOffBoard},
		{"row beyond 2^31-1", nil, nil, Move{sparse.MaxCoord + 1, 0, 1}, ErrOutOfRange},
		{"col below -2^31", nil, nil, Move{0, sparse.MinCoord - 1, 1}, ErrOutOfRange},
		{"2^32 would alias 0", nil, []Move{{0, 0, 1}}, Move{1 << 32, 0, 2}, ErrOutOfRange},
		{"player 0", nil, nil, Move{0, 0, 0}, ErrBadPlayer},
		{"player N+1", []Option{WithPlayers(3)}, nil, Move{0, 0, 4}, ErrBadPlayer},
		{"negative player in free order", []Option{WithFreeOrder()}, nil, Move{0, 0, -1}, ErrBadPlayer},
		{"wrong player in rotation", nil, []Move{{0, 0, 1}}, Move{0, 1, 1}, ErrWrongTurn},
		{"after a win", []Option{WithK(2)}, []Move{{0, 0, 1}, {5, 5, 2}, {0, 1, 1}}, Move{9, 9, 2}, ErrGameOver},
		{"after a draw", []Option{WithBounds(1, 2), WithK(2)}, []Move{{0, 0, 1}, {0, 1, 2}}, Move{0, 0, 1}, ErrGameOver},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for kind, g := range gamesFor(t, tt.opts...) {
				for _, m := range tt.setup {
					_, err := g.PlayAs(m.Row, m.Col, m.Player)
					require.NoError(t, err)
				}
				if len(tt.setup) > 1 { // leave something on the redo stack too
					_, err := g.Undo()
					require.NoError(t, err)
					_, _, err = g.Redo()
					require.NoError(t, err)
				}
				before := capture(g)
				_, err := g.PlayAs(tt.move.Row, tt.move.Col, tt.move.Player)
				require.ErrorIs(t, err, tt.want, "%v", kind)
				var me *MoveError
				require.ErrorAs(t, err, &me)
				assert.Equal(t, tt.move, me.Move)
				requireUnchanged(t, before, g)
			}
		})
	}
}

func TestErrorMessagesNameTheMove(t *testing.T) {
	g, err := New(WithBounds(3, 3), WithK(3))
	require.NoError(t, err)
	_, err = g.Play(3, 1)
	assert.EqualError(t, err, "sparse: cell off the board: (3, 1) by player 1")
	_, err = g.PlayAs(0, 0, 2)
	assert.EqualError(t, err, "engine: not this player's turn: (0, 0) by player 2")
}

func TestUndoRedo(t *testing.T) {
	for kind, g := range gamesFor(t, WithK(2)) {
		_, err := g.Undo()
		assert.ErrorIs(t, err, ErrNothingToUndo)
		_, _, err = g.Redo()
		assert.ErrorIs(t, err, ErrNothingToRedo)

		mustPlay(t, g, 0, 0) // 1
		mustPlay(t, g, 5, 5) // 2
		out := mustPlay(t, g, 0, 1)
		require.Equal(t, Won, out, "%v", kind)

		// Undo after a win reopens the game and gives the turn back.
		m, err := g.Undo()
		require.NoError(t, err)
		assert.Equal(t, Move{0, 1, 1}, m)
		assert.Equal(t, Ongoing, g.Status())
		assert.Equal(t, 0, g.Winner())
		assert.Equal(t, 1, g.Turn())
		assert.Zero(t, g.At(0, 1))

		m, err = g.Undo()
		require.NoError(t, err)
		assert.Equal(t, Move{5, 5, 2}, m)
		assert.Equal(t, 2, g.Turn())
		assert.Equal(t, 2, g.RedoLen())

		// Redo replays in order, the win included.
		m, out, err = g.Redo()
		require.NoError(t, err)
		assert.Equal(t, Move{5, 5, 2}, m)
		assert.Equal(t, Ongoing, out)
		m, out, err = g.Redo()
		require.NoError(t, err)
		assert.Equal(t, Move{0, 1, 1}, m)
		assert.Equal(t, Won, out)
		assert.Equal(t, 1, g.Winner())
		_, _, err = g.Redo()
		assert.ErrorIs(t, err, ErrNothingToRedo)

		// A new move clears the redo stack; a refused one does not.
		_, err = g.Undo()
		require.NoError(t, err)
		_, err = g.Play(0, 0)
		require.ErrorIs(t, err, ErrOccupied)
		assert.Equal(t, 1, g.RedoLen())
		mustPlay(t, g, -7, 3)
		assert.Equal(t, 0, g.RedoLen())
		_, _, err = g.Redo()
		assert.ErrorIs(t, err, ErrNothingToRedo)

		// Undo everything, down to an empty board.
		for g.Len() > 0 {
			_, err := g.Undo()
			require.NoError(t, err)
		}
		assert.Equal(t, 0, g.board.Len())
		_, ok := g.BoundingBox()
		assert.False(t, ok)
	}
}

func TestWouldWinLeavesEverythingAsItWas(t *testing.T) {
	for kind, g := range gamesFor(t, WithK(3), WithPlayers(3)) {
		mustPlay(t, g, 0, 0) // 1
		mustPlay(t, g, 1, 0) // 2
		mustPlay(t, g, 2, 0) // 3
		mustPlay(t, g, 0, 1) // 1
		mustPlay(t, g, 1, 1) // 2
		before := capture(g)

		win, err := g.WouldWin(0, 2, 1)
		require.NoError(t, err)
		assert.True(t, win, "%v", kind)
		win, err = g.WouldWin(1, 2, 2) // not player 2's turn: look-ahead ignores turns
		require.NoError(t, err)
		assert.True(t, win)
		win, err = g.WouldWin(0, 2, 3)
		require.NoError(t, err)
		assert.False(t, win)
		_, err = g.WouldWin(0, 0, 3)
		assert.ErrorIs(t, err, ErrOccupied)
		_, err = g.WouldWin(0, 5, 4)
		assert.ErrorIs(t, err, ErrBadPlayer)
		requireUnchanged(t, before, g)
	}
}

func mustPlay(t *testing.T, g *Game, row, col int) Outcome {
	t.Helper()
	out, err := g.Play(row, col)
	require.NoError(t, err)
	return out
}

func TestCloneIsIndependent(t *testing.T) {
	for kind, g := range gamesFor(t, WithBounds(4, 4), WithK(4)) {
		mustPlay(t, g, 0, 0)
		mustPlay(t, g, 1, 0)
		before := capture(g)
		c := g.Clone()
		mustPlay(t, c, 0, 1)
		mustPlay(t, c, 1, 1)
		_, err := c.Undo()
		require.NoError(t, err)
		requireUnchanged(t, before, g)
		assert.Equal(t, 3, c.Len(), "%v", kind)
	}
}
