package main

import (
	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/record"
)

// grid is a dense board for the few threat tests the suite's choice of
// positions needs: 0 empty, 1 black (the first mover), 2 white.
type grid struct {
	size  int
	exact bool
	cells []uint8
}

func newGrid(size int, rule engine.Rule, moves []record.Move) *grid {
	g := &grid{size: size, exact: rule == engine.Exact, cells: make([]uint8, size*size)}
	for i, m := range moves {
		g.cells[m.Row*size+m.Col] = uint8(i%2 + 1)
	}
	return g
}

func (g *grid) at(r, c int) uint8 {
	if r < 0 || c < 0 || r >= g.size || c >= g.size {
		return 3
	}
	return g.cells[r*g.size+c]
}

// wins says whether a stone of colour on the empty cell (r, c) makes five
// (exactly five under the exact rule).
func (g *grid) wins(r, c int, colour uint8) bool {
	for _, d := range [4][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
		n := 1
		for k := 1; g.at(r+k*d[0], c+k*d[1]) == colour; k++ {
			n++
		}
		for k := 1; g.at(r-k*d[0], c-k*d[1]) == colour; k++ {
			n++
		}
		if n == 5 || (n > 5 && !g.exact) {
			return true
		}
	}
	return false
}

// winningCells counts the empty cells where colour would win at once.
func (g *grid) winningCells(colour uint8) int {
	n := 0
	for r := range g.size {
		for c := range g.size {
			if g.cells[r*g.size+c] == 0 && g.wins(r, c, colour) {
				n++
			}
		}
	}
	return n
}

// quiet says whether the side to move after moves has a real choice:
// no five of its own to complete and no four of the other side's to stop.
func quiet(size int, rule engine.Rule, moves []record.Move) bool {
	g := newGrid(size, rule, moves)
	mover := uint8(len(moves)%2 + 1)
	return g.winningCells(mover) == 0 && g.winningCells(3-mover) == 0
}

// winningMove says whether m wins at once for the side to move after moves.
func winningMove(size int, rule engine.Rule, moves []record.Move, m record.Move) bool {
	g := newGrid(size, rule, moves)
	return g.wins(m.Row, m.Col, uint8(len(moves)%2+1))
}
