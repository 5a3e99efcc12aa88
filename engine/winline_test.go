package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/sparse"
)

func TestWinningLine(t *testing.T) {
	c := func(r, col int) sparse.Cell { return sparse.Cell{Row: r, Col: col} }
	tests := []struct {
		name  string
		opts  []Option
		moves []Move
		want  []sparse.Cell
	}{
		{"not over", []Option{WithK(3)}, []Move{{0, 0, 1}, {5, 5, 2}, {0, 1, 1}}, nil},
		{"row, completed in the middle", []Option{WithK(3)},
			[]Move{{0, 0, 1}, {5, 5, 2}, {0, 2, 1}, {6, 6, 2}, {0, 1, 1}},
			[]sparse.Cell{c(0, 0), c(0, 1), c(0, 2)}},
		{"anti-diagonal for player 2", []Option{WithK(3)},
			[]Move{{9, 9, 1}, {0, 2, 2}, {9, 7, 1}, {2, 0, 2}, {5, 5, 1}, {1, 1, 2}},
			[]sparse.Cell{c(0, 2), c(1, 1), c(2, 0)}},
		{"an overline wins whole under freestyle", []Option{WithK(3)},
			[]Move{{0, 0, 1}, {9, 9, 2}, {1, 0, 1}, {9, 7, 2}, {3, 0, 1}, {7, 9, 2}, {4, 0, 1}, {5, 5, 2}, {2, 0, 1}},
			[]sparse.Cell{c(0, 0), c(1, 0), c(2, 0), c(3, 0), c(4, 0)}},
		{"a cross lists both runs", []Option{WithK(3)},
			[]Move{{0, 1, 1}, {9, 9, 2}, {2, 1, 1}, {9, 7, 2}, {1, 0, 1}, {7, 9, 2}, {1, 2, 1}, {5, 5, 2}, {1, 1, 1}},
			[]sparse.Cell{c(1, 0), c(1, 1), c(1, 2), c(0, 1), c(1, 1), c(2, 1)}},
		{"at the edge of the plane", []Option{WithK(2)},
			[]Move{{sparse.MaxCoord, sparse.MaxCoord, 1}, {0, 0, 2}, {sparse.MaxCoord - 1, sparse.MaxCoord - 1, 1}},
			[]sparse.Cell{c(sparse.MaxCoord-1, sparse.MaxCoord-1), c(sparse.MaxCoord, sparse.MaxCoord)}},
		{"exactly K under the exact rule", []Option{WithK(3), WithRule(Exact)},
			[]Move{{0, 0, 1}, {9, 9, 2}, {0, 1, 1}, {9, 7, 2}, {4, 4, 1}, {7, 9, 2}, {6, 0, 1}, {5, 5, 2}, {0, 2, 1}},
			[]sparse.Cell{c(0, 0), c(0, 1), c(0, 2)}},
		{"an overline does not win under the exact rule", []Option{WithK(2), WithRule(Exact)},
			[]Move{{0, 0, 1}, {9, 9, 2}, {0, 2, 1}, {5, 5, 2}, {0, 1, 1}}, nil},
		{"across the right edge of a torus", []Option{WithK(3), WithBounds(4, 5), WithTorus()},
			[]Move{{1, 4, 1}, {3, 3, 2}, {1, 1, 1}, {3, 2, 2}, {1, 0, 1}},
			[]sparse.Cell{c(1, 4), c(1, 0), c(1, 1)}},
		{"a full row of a torus is listed once around", []Option{WithK(3), WithBounds(3, 3), WithTorus()},
			[]Move{{0, 0, 1}, {1, 0, 2}, {0, 2, 1}, {2, 1, 2}, {0, 1, 1}},
			[]sparse.Cell{c(0, 2), c(0, 0), c(0, 1)}},
		{"a diagonal across the corner of a torus", []Option{WithK(3), WithBounds(4, 4), WithTorus()},
			[]Move{{3, 3, 1}, {1, 2, 2}, {1, 1, 1}, {2, 0, 2}, {0, 0, 1}},
			[]sparse.Cell{c(3, 3), c(0, 0), c(1, 1)}},
		{"drawn", []Option{WithK(2), WithBounds(1, 3)}, []Move{{0, 0, 1}, {0, 1, 2}, {0, 2, 1}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := FromMoves(tt.moves, tt.opts...)
			require.NoError(t, err)
			assert.Equal(t, tt.want, g.WinningLine())
		})
	}
}
