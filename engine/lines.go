package engine

import (
	"slices"

	"github.com/gomoku-engine/gomoku/sparse"
)

// lines counts each player's marks in every row, column and the two main
// diagonals of an n × n board where K = n: a line wins when it is full of
// one player's marks, so a counter reaching n is a win. On an n × n torus
// every diagonal wraps into a cycle of n cells, as long as a row: there are
// n of them each way, and each has its counters.
type lines struct {
	n, players int
	torus      bool
	// Counters are indexed line*players + (player-1). Off a torus, diag
	// and anti have the one line each.
	rows, cols []int32
	diag, anti []int32
}

func newLines(c Config) *lines {
	diagonals := 1
	if c.Torus {
		diagonals = c.Rows
	}
	return &lines{
		n: c.Rows, players: c.Players, torus: c.Torus,
		rows: make([]int32, c.Rows*c.Players), cols: make([]int32, c.Rows*c.Players),
		diag: make([]int32, diagonals*c.Players), anti: make([]int32, diagonals*c.Players),
	}
}

func (l *lines) Record(_ *sparse.Board, row, col int, p uint8) bool {
	return l.add(row, col, p, 1)
}

func (l *lines) Forget(_ *sparse.Board, row, col int, p uint8) { l.add(row, col, p, -1) }

// add moves every counter through (row, col) by delta and reports whether
// one of them is now full.
func (l *lines) add(row, col int, p uint8, delta int32) bool {
	i := int(p) - 1
	full := int32(l.n)
	l.rows[row*l.players+i] += delta
	l.cols[col*l.players+i] += delta
	won := l.rows[row*l.players+i] == full || l.cols[col*l.players+i] == full
	if l.torus {
		// The cells of a diagonal cycle share col-row, of an
		// anti-diagonal one row+col, modulo n.
		d, a := mod(col-row, l.n)*l.players+i, (row+col)%l.n*l.players+i
		l.diag[d] += delta
		l.anti[a] += delta
		return won || l.diag[d] == full || l.anti[a] == full
	}
	if row == col {
		l.diag[i] += delta
		won = won || l.diag[i] == full
	}
	if row+col == l.n-1 {
		l.anti[i] += delta
		won = won || l.anti[i] == full
	}
	return won
}

func (l *lines) Clone() winChecker {
	return &lines{n: l.n, players: l.players, torus: l.torus,
		rows: slices.Clone(l.rows), cols: slices.Clone(l.cols),
		diag: slices.Clone(l.diag), anti: slices.Clone(l.anti)}
}
