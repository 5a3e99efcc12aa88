package engine

import (
	"slices"

	"github.com/gomoku-engine/gomoku/sparse"
)

// lines counts each player's marks in every row, column and the two main
// diagonals of an n × n board where K = n: a line wins when it is full of
// one player's marks, so a counter reaching n is a win.
type lines struct {
	n, players int
	// Counters are indexed line*players + (player-1).
	rows, cols []int32
	diag, anti []int32
}

func newLines(c Config) *lines {
	return &lines{
		n: c.Rows, players: c.Players,
		rows: make([]int32, c.Rows*c.Players), cols: make([]int32, c.Rows*c.Players),
		diag: make([]int32, c.Players), anti: make([]int32, c.Players),
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

func (l *lines) Clone() Checker {
	return &lines{n: l.n, players: l.players,
		rows: slices.Clone(l.rows), cols: slices.Clone(l.cols),
		diag: slices.Clone(l.diag), anti: slices.Clone(l.anti)}
}
