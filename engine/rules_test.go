package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gamesFor returns one new game per checker that accepts the options.
func gamesFor(t *testing.T, opts ...Option) map[CheckerKind]*Game {
	t.Helper()
	out := map[CheckerKind]*Game{}
	for _, k := range allCheckers {
		g, err := New(append(opts, WithChecker(k))...)
		if err != nil {
			require.ErrorIs(t, err, ErrCheckerUnsupported, "%v", k)
			continue
		}
		out[k] = g
	}
	require.NotEmpty(t, out)
	return out
}

func TestRuleScenarios(t *testing.T) {
	tests := []struct {
		name  string
		opts  []Option
		moves []Move
		want  []int // the classic per-move result: winner or 0
	}{
		{
			name:  "top row on 3x3",
			opts:  []Option{WithBounds(3, 3), WithK(3)},
			moves: []Move{{0, 0, 1}, {1, 0, 2}, {0, 1, 1}, {1, 1, 2}, {0, 2, 1}},
			want:  []int{0, 0, 0, 0, 1},
		},
		{
			name:  "classic interview sequence",
			opts:  []Option{WithBounds(3, 3), WithK(3), WithFreeOrder()},
			moves: []Move{{0, 0, 1}, {0, 2, 2}, {2, 2, 1}, {1, 1, 2}, {2, 0, 1}, {1, 0, 2}, {2, 1, 1}},
			want:  []int{0, 0, 0, 0, 0, 0, 1},
		},
		{
			name:  "anti-diagonal touching no corner on 4x5",
			opts:  []Option{WithBounds(4, 5), WithK(3)},
			moves: []Move{{3, 0, 1}, {0, 4, 2}, {2, 1, 1}, {0, 3, 2}, {1, 2, 1}},
			want:  []int{0, 0, 0, 0, 1},
		},
		{
			name:  "gap filled in the middle on 1x5",
			opts:  []Option{WithBounds(1, 5), WithK(3), WithFreeOrder()},
			moves: []Move{{0, 0, 1}, {0, 1, 1}, {0, 3, 1}, {0, 2, 1}},
			want:  []int{0, 0, 0, 1},
		},
		{
			name: "rectangular vertical on 5x2",
			opts: []Option{WithBounds(5, 2), WithK(4)},
			moves: []Move{{0, 0, 1}, {1, 1, 2}, {1, 0, 1}, {2, 1, 2}, {2, 0, 1}, {3, 1, 2},
				{4, 0, 1}, {4, 1, 2}},
			want: []int{0, 0, 0, 0, 0, 0, 0, 2},
		},
		{
			name:  "K=1: the first move wins",
			opts:  []Option{WithK(1)},
			moves: []Move{{7, -7, 1}},
			want:  []int{1},
		},
		{
			name:  "main diagonal on unbounded board",
			opts:  []Option{WithK(4)},
			moves: []Move{{-1, -1, 1}, {0, 5, 2}, {1, 1, 1}, {0, 6, 2}, {2, 2, 1}, {9, 9, 2}, {0, 0, 1}},
			want:  []int{0, 0, 0, 0, 0, 0, 1},
		},
		{
			name:  "freestyle: an overline wins",
			opts:  []Option{WithK(3), WithFreeOrder()},
			moves: []Move{{0, 0, 1}, {0, 1, 1}, {0, 3, 1}, {0, 4, 1}, {0, 2, 1}},
			want:  []int{0, 0, 0, 0, 1},
		},
		{
			name: "exact: an overline does not win, exactly K later does",
			opts: []Option{WithK(3), WithRule(Exact), WithFreeOrder()},
			moves: []Move{{0, 0, 1}, {0, 1, 1}, {0, 3, 1}, {0, 4, 1}, {0, 2, 1},
				{1, 0, 1}, {2, 0, 1}},
			want: []int{0, 0, 0, 0, 0, 0, 1},
		},
		{
			name: "exact: overline on one axis, exactly K on another wins",
			opts: []Option{WithK(3), WithRule(Exact), WithFreeOrder()},
			moves: []Move{{0, 0, 1}, {0, 1, 1}, {0, 3, 1}, {1, 2, 1}, {2, 2, 1},
				{0, 2, 1}},
			want: []int{0, 0, 0, 0, 0, 1},
		},
		{
			name:  "exact K=5 on 15x15: six in a row is no win",
			opts:  []Option{WithBounds(15, 15), WithRule(Exact), WithFreeOrder()},
			moves: []Move{{7, 1, 1}, {7, 2, 1}, {7, 3, 1}, {7, 5, 1}, {7, 6, 1}, {7, 4, 1}},
			want:  []int{0, 0, 0, 0, 0, 0},
		},
		{
			name: "three players in rotation, player 3 wins",
			opts: []Option{WithK(3), WithPlayers(3)},
			moves: []Move{{0, 0, 1}, {5, 5, 2}, {-3, 0, 3}, {0, 9, 1}, {5, 9, 2}, {-3, 1, 3},
				{0, -9, 1}, {5, -9, 2}, {-3, 2, 3}},
			want: []int{0, 0, 0, 0, 0, 0, 0, 0, 3},
		},
		{
			name:  "opponent marks break a run",
			opts:  []Option{WithK(3), WithFreeOrder()},
			moves: []Move{{0, 0, 1}, {0, 1, 2}, {0, 2, 1}, {0, 3, 1}, {0, 4, 1}},
			want:  []int{0, 0, 0, 0, 1},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkScenario(t, tt.opts, tt.moves, tt.want) })
	}
}

// checkScenario plays moves on a game per checker that accepts opts, and
// through Replay, and checks the classic per-move results: the winner or 0.
func checkScenario(t *testing.T, opts []Option, moves []Move, want []int) {
	t.Helper()
	for kind, g := range gamesFor(t, opts...) {
		var got []int
		for _, m := range moves {
			out, err := g.PlayAs(m.Row, m.Col, m.Player)
			require.NoError(t, err, "%v with %v", m, kind)
			if out == Won {
				got = append(got, m.Player)
			} else {
				got = append(got, 0)
			}
		}
		assert.Equal(t, want, got, "checker %v", kind)
	}
	results, err := Replay(moves, append(opts, WithFreeOrder())...)
	require.NoError(t, err)
	assert.Equal(t, want, results, "Replay")
}

func TestDrawOnFullBoard(t *testing.T) {
	// X O X / X O O / O X X: no line of three.
	moves := []Move{{0, 0, 1}, {0, 1, 2}, {0, 2, 1}, {1, 1, 2}, {1, 0, 1}, {1, 2, 2}, {2, 1, 1}, {2, 0, 2}, {2, 2, 1}}
	for kind, g := range gamesFor(t, WithBounds(3, 3), WithK(3)) {
		for i, m := range moves {
			out, err := g.PlayAs(m.Row, m.Col, m.Player)
			require.NoError(t, err)
			if i < len(moves)-1 {
				require.Equal(t, Ongoing, out, "move %d, %v", i+1, kind)
			} else {
				require.Equal(t, Drawn, out, "%v", kind)
			}
		}
		assert.Equal(t, 0, g.Winner())
		_, err := g.Play(0, 0)
		assert.ErrorIs(t, err, ErrGameOver)
	}
}

func TestWinOnLastCellIsAWin(t *testing.T) {
	// 2 1 2 / 1 1 2 / 1 2 _ : the last cell decides between a draw (player
	// 1 there completes nothing) and a win (player 2 completes column 2).
	moves := []Move{{0, 0, 2}, {0, 1, 1}, {0, 2, 2}, {1, 0, 1}, {1, 1, 1}, {1, 2, 2}, {2, 0, 1}, {2, 1, 2}}
	for _, last := range []struct {
		player int
		want   Outcome
	}{{1, Drawn}, {2, Won}} {
		for kind, g := range gamesFor(t, WithBounds(3, 3), WithK(3), WithFreeOrder()) {
			for _, m := range moves {
				out, err := g.PlayAs(m.Row, m.Col, m.Player)
				require.NoError(t, err)
				require.Equal(t, Ongoing, out)
			}
			out, err := g.PlayAs(2, 2, last.player)
			require.NoError(t, err)
			assert.Equal(t, last.want, out, "%v, player %d last", kind, last.player)
			assert.Equal(t, last.want, g.Status())
		}
	}
}

func TestUnboundedNeverDraws(t *testing.T) {
	g, err := New(WithK(30))
	require.NoError(t, err)
	for i := range 500 {
		out, err := g.Play(i/20*3, i%20*2)
		require.NoError(t, err)
		require.Equal(t, Ongoing, out)
	}
}

func TestEightPlayers(t *testing.T) {
	for kind, g := range gamesFor(t, WithPlayers(8), WithK(2)) {
		for p := 1; p <= 8; p++ {
			require.Equal(t, p, g.Turn())
			out, err := g.Play(p*10, 0)
			require.NoError(t, err, "%v", kind)
			require.Equal(t, Ongoing, out)
		}
		assert.Equal(t, 1, g.Turn(), "rotation wraps to player 1")
		out, err := g.Play(11, 0) // next to player 1's (10, 0)
		require.NoError(t, err)
		assert.Equal(t, Won, out)
		assert.Equal(t, 1, g.Winner())
	}
}

func TestReplayStopsAtFirstRefusal(t *testing.T) {
	moves := []Move{{0, 0, 1}, {0, 1, 1}, {0, 2, 1}, {0, 3, 1}, {5, 5, 2}}
	results, err := Replay(moves, WithBounds(3, 3), WithK(3), WithFreeOrder())
	assert.Equal(t, []int{0, 0, 1}, results)
	require.ErrorIs(t, err, ErrGameOver, "the third move won")
	var me *MoveError
	require.ErrorAs(t, err, &me)
	assert.Equal(t, 4, me.Number)
	assert.EqualError(t, err, "move 4: engine: game already over: (0, 3) by player 1")

	results, err = Replay([]Move{{0, 0, 1}, {0, 3, 2}}, WithBounds(3, 3), WithK(3))
	assert.Equal(t, []int{0}, results)
	assert.EqualError(t, err, "move 2: sparse: cell off the board: (0, 3) by player 2")

	results, err = Replay(moves[:3], WithBounds(3, 3), WithK(3)) // rotation: player 1 twice
	assert.Equal(t, []int{0}, results)
	assert.ErrorIs(t, err, ErrWrongTurn)

	results, err = Replay(moves, WithK(0))
	assert.Nil(t, results)
	assert.ErrorIs(t, err, ErrBadConfig)

	results, err = Replay(moves[:3], WithBounds(3, 3), WithK(3), WithFreeOrder())
	require.NoError(t, err)
	assert.Equal(t, []int{0, 0, 1}, results)
}

func TestFromMoves(t *testing.T) {
	moves := []Move{{0, 0, 1}, {1, 0, 2}, {0, 1, 1}, {1, 1, 2}, {0, 2, 1}}
	g, err := FromMoves(moves, WithBounds(3, 3), WithK(3))
	require.NoError(t, err)
	assert.Equal(t, Won, g.Status())
	assert.Equal(t, 1, g.Winner())
	assert.Equal(t, moves, g.History())

	g, err = FromMoves(append(moves[:2:2], Move{1, 0, 1}), WithBounds(3, 3), WithK(3))
	assert.Nil(t, g)
	assert.EqualError(t, err, "move 3: sparse: cell occupied: (1, 0) by player 1")

	_, err = FromMoves(nil, WithK(0))
	assert.ErrorIs(t, err, ErrBadConfig)
}
