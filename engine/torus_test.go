package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTorusScenarios(t *testing.T) {
	tests := []struct {
		name  string
		opts  []Option
		moves []Move
		want  []int // the classic per-move result: winner or 0
		// wraps: the last move wins only because lines wrap; on the
		// flat board of the same size it does not.
		wraps bool
	}{
		{
			name:  "row across the left and right edges",
			opts:  []Option{WithBounds(5, 6), WithK(4)},
			moves: []Move{{2, 4, 1}, {0, 0, 2}, {2, 5, 1}, {0, 2, 2}, {2, 1, 1}, {4, 3, 2}, {2, 0, 1}},
			want:  []int{0, 0, 0, 0, 0, 0, 1},
			wraps: true,
		},
		{
			name:  "column across the top and bottom edges",
			opts:  []Option{WithBounds(6, 5), WithK(4)},
			moves: []Move{{5, 3, 1}, {2, 0, 2}, {0, 3, 1}, {2, 2, 2}, {4, 3, 1}, {2, 4, 2}, {1, 3, 1}},
			want:  []int{0, 0, 0, 0, 0, 0, 1},
			wraps: true,
		},
		{
			name:  "diagonal across the corner",
			opts:  []Option{WithBounds(6, 6), WithK(4)},
			moves: []Move{{4, 4, 1}, {0, 3, 2}, {5, 5, 1}, {3, 0, 2}, {1, 1, 1}, {2, 4, 2}, {0, 0, 1}},
			want:  []int{0, 0, 0, 0, 0, 0, 1},
			wraps: true,
		},
		{
			name:  "anti-diagonal across the corner",
			opts:  []Option{WithBounds(6, 6), WithK(4)},
			moves: []Move{{4, 1, 1}, {0, 0, 2}, {5, 0, 1}, {2, 2, 2}, {1, 4, 1}, {3, 3, 2}, {0, 5, 1}},
			want:  []int{0, 0, 0, 0, 0, 0, 1},
			wraps: true,
		},
		{
			name:  "diagonal across the bottom edge only",
			opts:  []Option{WithBounds(5, 7), WithK(3)},
			moves: []Move{{4, 2, 1}, {0, 0, 2}, {0, 3, 1}, {2, 5, 2}, {3, 1, 1}},
			want:  []int{0, 0, 0, 0, 1},
			wraps: true,
		},
		{
			name:  "anti-diagonal across the right edge only",
			opts:  []Option{WithBounds(7, 5), WithK(3)},
			moves: []Move{{2, 0, 1}, {0, 0, 2}, {3, 4, 1}, {6, 2, 2}, {1, 1, 1}},
			want:  []int{0, 0, 0, 0, 1},
			wraps: true,
		},
		{
			name:  "flat-board runs still win away from the edges",
			opts:  []Option{WithBounds(9, 9), WithK(3)},
			moves: []Move{{4, 3, 1}, {0, 0, 2}, {4, 4, 1}, {0, 2, 2}, {4, 5, 1}},
			want:  []int{0, 0, 0, 0, 1},
		},
		{
			name:  "the edge is no wall: a flat board's blocked three is open here",
			opts:  []Option{WithBounds(4, 4), WithK(3), WithFreeOrder()},
			moves: []Move{{0, 0, 1}, {0, 3, 1}, {3, 3, 2}, {0, 2, 1}},
			want:  []int{0, 0, 0, 1},
			wraps: true,
		},
		{
			name: "full row with K = cols, freestyle",
			opts: []Option{WithBounds(3, 5), WithK(5), WithFreeOrder()},
			// 3, 4, 0, 1 is a run of four across the edge; 2 closes the cycle.
			moves: []Move{{1, 0, 1}, {1, 1, 1}, {1, 3, 1}, {1, 4, 1}, {1, 2, 1}},
			want:  []int{0, 0, 0, 0, 1},
		},
		{
			name:  "full row with K = cols, exact: the cycle is a run of exactly K",
			opts:  []Option{WithBounds(3, 5), WithK(5), WithRule(Exact), WithFreeOrder()},
			moves: []Move{{1, 0, 1}, {1, 1, 1}, {1, 3, 1}, {1, 4, 1}, {1, 2, 1}},
			want:  []int{0, 0, 0, 0, 1},
		},
		{
			name:  "freestyle: five on a cycle of six wins with K = 4",
			opts:  []Option{WithBounds(1, 6), WithK(4), WithFreeOrder()},
			moves: []Move{{0, 0, 1}, {0, 1, 1}, {0, 3, 1}, {0, 4, 1}, {0, 2, 1}},
			want:  []int{0, 0, 0, 0, 1},
		},
		{
			name: "exact: overlines around a cycle never win, not even the full cycle",
			opts: []Option{WithBounds(1, 6), WithK(4), WithRule(Exact), WithFreeOrder()},
			// Runs 0-1 and 3-4 merge into five, then the cycle fills: six.
			moves: []Move{{0, 0, 1}, {0, 1, 1}, {0, 3, 1}, {0, 4, 1}, {0, 2, 1}, {0, 5, 1}},
			want:  []int{0, 0, 0, 0, 0, 0},
		},
		{
			// The columns are cycles of one cell and the diagonals the
			// row itself: a full row is still one run of 4, not more.
			name:  "1 × n, exact: the full row is a run of exactly K",
			opts:  []Option{WithBounds(1, 4), WithK(4), WithRule(Exact), WithFreeOrder()},
			moves: []Move{{0, 3, 1}, {0, 0, 1}, {0, 2, 1}, {0, 1, 1}},
			want:  []int{0, 0, 0, 1},
		},
		{
			name:  "n × 1: a column wraps around",
			opts:  []Option{WithBounds(5, 1), WithK(3), WithFreeOrder()},
			moves: []Move{{4, 0, 1}, {2, 0, 2}, {1, 0, 1}, {0, 0, 1}},
			want:  []int{0, 0, 0, 1},
			wraps: true,
		},
		{
			name: "K = 6 on 3 × 4: along the diagonal cycle of 12 cells",
			opts: []Option{WithBounds(3, 4), WithK(6), WithFreeOrder()},
			// (0,0) (1,1) (2,2) (0,3) (1,0) (2,1) are six steps of (1, 1).
			moves: []Move{{0, 0, 1}, {1, 1, 1}, {2, 2, 1}, {0, 3, 1}, {1, 0, 1}, {2, 1, 1}},
			want:  []int{0, 0, 0, 0, 0, 1},
			wraps: true,
		},
		{
			name: "K = 12 on 3 × 4, exact: the whole diagonal cycle",
			opts: []Option{WithBounds(3, 4), WithK(12), WithRule(Exact), WithFreeOrder()},
			moves: []Move{{0, 0, 1}, {1, 1, 1}, {2, 2, 1}, {0, 3, 1}, {1, 0, 1}, {2, 1, 1},
				{0, 2, 1}, {1, 3, 1}, {2, 0, 1}, {0, 1, 1}, {1, 2, 1}, {2, 3, 1}},
			want:  []int{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1},
			wraps: true,
		},
		{
			name:  "n × n with K = n: a broken diagonal is a line",
			opts:  []Option{WithBounds(3, 3), WithK(3)},
			moves: []Move{{0, 1, 1}, {0, 0, 2}, {1, 2, 1}, {1, 1, 2}, {2, 0, 1}},
			want:  []int{0, 0, 0, 0, 1},
			wraps: true,
		},
		{
			name:  "n × n with K = n: a broken anti-diagonal is a line",
			opts:  []Option{WithBounds(3, 3), WithK(3)},
			moves: []Move{{0, 0, 1}, {0, 1, 2}, {1, 2, 1}, {1, 1, 2}, {2, 1, 1}},
			want:  []int{0, 0, 0, 0, 1},
			wraps: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := append(tt.opts, WithTorus())
			if cfg := gamesFor(t, opts...)[WalkChecker].Config(); cfg.Rows == cfg.Cols && cfg.K == cfg.Rows {
				require.Contains(t, gamesFor(t, opts...), LinesChecker, "the line counters accept an n × n torus with K = n")
			}
			checkScenario(t, opts, tt.moves, tt.want)
			if tt.wraps {
				flat, err := Replay(tt.moves, append(tt.opts, WithFreeOrder())...)
				if err == nil {
					assert.Zero(t, flat[len(flat)-1], "the flat board should not see this win")
				} else {
					assert.ErrorIs(t, err, ErrBadConfig, "K longer than both sides")
				}
			}
		})
	}
}

func TestTorusConfigurations(t *testing.T) {
	refused := []struct {
		name string
		opts []Option
		msg  string
	}{
		{"without bounds", []Option{WithTorus()}, "a torus needs a bounded board"},
		{"K = 5 on 2 × 4: the longest cycle has 4 cells", []Option{WithTorus(), WithBounds(2, 4), WithK(5)},
			"engine: bad configuration: K = 5 cannot fit on a 2 × 4 torus, whose longest lines (the diagonals) have 4 cells, so nobody could win"},
		{"K = 13 on 3 × 4", []Option{WithTorus(), WithBounds(3, 4), WithK(13)}, "have 12 cells"},
		{"K = 2 on 1 × 1", []Option{WithTorus(), WithBounds(1, 1), WithK(2)}, "have 1 cells"},
		{"line counters on a rectangle", []Option{WithTorus(), WithBounds(3, 4), WithK(3), WithChecker(LinesChecker)}, "lines checker needs an n × n board"},
		{"line counters with K below n", []Option{WithTorus(), WithBounds(4, 4), WithK(3), WithChecker(LinesChecker)}, "lines checker needs an n × n board"},
	}
	for _, tt := range refused {
		t.Run(tt.name, func(t *testing.T) {
			g, err := New(tt.opts...)
			assert.Nil(t, g)
			require.ErrorIs(t, err, ErrBadConfig)
			assert.Contains(t, err.Error(), tt.msg)
		})
	}
	for _, opts := range [][]Option{
		{WithBounds(3, 4), WithK(12)},            // a flat 3 × 4 board refuses K > 4
		{WithBounds(1, 1), WithK(1)},             // every cycle is the one cell
		{WithBounds(1<<31, 1<<31-1), WithK(1e9)}, // lcm near 2^62
		{WithBounds(5, 5), WithK(5), WithChecker(LinesChecker)},
		{WithBounds(7, 3), WithK(21), WithChecker(RunsChecker), WithRule(Exact)},
	} {
		g, err := New(append(opts, WithTorus())...)
		require.NoError(t, err)
		assert.True(t, g.Config().Torus)
	}
	assert.Equal(t, "K=6, 2 players, 3×4 torus, freestyle, rotation",
		Config{K: 6, Players: 2, Rows: 3, Cols: 4, Torus: true}.String())
}

func TestTorusGeometry(t *testing.T) {
	torus := Config{Rows: 3, Cols: 4, Torus: true}
	assert.Equal(t, 4, torus.Cycle(0, 1), "a row")
	assert.Equal(t, 3, torus.Cycle(1, 0), "a column")
	assert.Equal(t, 12, torus.Cycle(1, 1), "a diagonal")
	assert.Equal(t, 12, torus.Cycle(-1, 1), "an anti-diagonal")
	assert.Equal(t, 12, Config{Rows: 4, Cols: 6, Torus: true}.Cycle(1, 1), "sides sharing a factor")
	assert.Equal(t, 4, Config{Rows: 4, Cols: 4, Torus: true}.Cycle(1, -1), "a square")
	assert.Equal(t, 5, Config{Rows: 1, Cols: 5, Torus: true}.Cycle(1, 1), "a strip's diagonal is its row")
	assert.Equal(t, 1, Config{Rows: 1, Cols: 5, Torus: true}.Cycle(1, 0))
	assert.Equal(t, (1<<31)*(1<<31-1), Config{Rows: 1 << 31, Cols: 1<<31 - 1, Torus: true}.Cycle(1, 1))
	assert.Zero(t, Config{Rows: 3, Cols: 4}.Cycle(0, 1), "flat lines are no cycles")
	assert.Zero(t, Config{Torus: true}.Cycle(1, 1), "no bounds, no cycles")
	r0, c0 := Config{Torus: true}.Wrap(-1, 7)
	assert.Equal(t, [2]int{-1, 7}, [2]int{r0, c0}, "no bounds to wrap around")

	for _, tt := range []struct{ in, want [2]int }{
		{[2]int{0, 0}, [2]int{0, 0}},
		{[2]int{-1, 4}, [2]int{2, 0}},
		{[2]int{3, -1}, [2]int{0, 3}},
		{[2]int{-7, 9}, [2]int{2, 1}},
		{[2]int{2, 3}, [2]int{2, 3}},
	} {
		r, c := torus.Wrap(tt.in[0], tt.in[1])
		assert.Equal(t, tt.want, [2]int{r, c}, "Wrap%v", tt.in)
	}
	r, c := Config{Rows: 3, Cols: 4}.Wrap(-1, 4)
	assert.Equal(t, [2]int{-1, 4}, [2]int{r, c}, "a flat board does not wrap")
}

func TestTorusMovesAreNotWrapped(t *testing.T) {
	g, err := New(WithBounds(3, 4), WithK(3), WithTorus())
	require.NoError(t, err)
	for _, m := range [][2]int{{-1, 0}, {0, 4}, {3, 3}, {0, -1}} {
		_, err := g.Play(m[0], m[1])
		require.ErrorIs(t, err, ErrOffBoard, "%v", m)
	}
	_, err = g.Play(1<<40, 0)
	require.ErrorIs(t, err, ErrOutOfRange)
	assert.Zero(t, g.Len())
	assert.Zero(t, g.At(-1, 0), "At does not wrap either")
	_, err = g.Play(2, 3)
	require.NoError(t, err)
	assert.Zero(t, g.At(-1, -1))
	assert.Equal(t, 1, g.At(2, 3))
}

func TestTorusDrawOnFullBoard(t *testing.T) {
	// Three players own one cell each of a 1 × 3 strip: no run of two,
	// even across the edge, and the board is full.
	for kind, g := range gamesFor(t, WithTorus(), WithBounds(1, 3), WithK(2), WithPlayers(3)) {
		for _, c := range []int{0, 1, 2} {
			out, err := g.Play(0, c)
			require.NoError(t, err)
			want := Ongoing
			if c == 2 {
				want = Drawn
			}
			require.Equal(t, want, out, "%v", kind)
		}
	}
}
