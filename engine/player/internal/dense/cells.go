package dense

import (
	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/sparse"
)

// CellOnBoard reports whether (r, c) is a cell of cfg's board.
func CellOnBoard(cfg engine.Config, r, c int) bool {
	return sparse.InRange(r, c) && (!cfg.Bounded() || (r >= 0 && r < cfg.Rows && c >= 0 && c < cfg.Cols))
}

// Index is the array cell of a real cell, and false outside the window.
func (b *Board) Index(r, c int) (int, bool) {
	y, x := r-b.R0, c-b.C0
	if y < 0 || y >= b.Rows || x < 0 || x >= b.Cols {
		return 0, false
	}
	return (y+b.Side)*b.W + x + b.Side, true
}

// CellAt is the real cell of an array cell.
func (b *Board) CellAt(i int) sparse.Cell {
	return sparse.Cell{Row: b.R0 + i/b.W - b.Side, Col: b.C0 + i%b.W - b.Side}
}

// focusArea is the bounding-box area above which move generation looks
// only around the latest focusMoves marks: on a board of thousands of
// marks a node must not scan them all.
const (
	focusArea  = 64 * 64
	focusMoves = 16
)

// Cands calls f for every empty cell near a mark, within the marks'
// bounding box grown by 2 (on a crowded board, the box of the latest
// marks grown by 3), until f returns false.
func (b *Board) Cands(f func(i int) bool) {
	bx, grow := b.CandBox()
	b.Scan(bx, grow, f)
}

// CandBox is the box Cands scans and how far it grows it.
func (b *Board) CandBox() (box, int) {
	bx := b.Box
	if (bx.y1-bx.y0+1)*(bx.x1-bx.x0+1) <= focusArea {
		return bx, 2
	}
	bx = box{y0: len(b.Stone), x0: b.W, y1: -1, x1: -1}
	for _, m := range b.Moves[max(0, len(b.Moves)-focusMoves):] {
		y, x := int(m)/b.W, int(m)%b.W
		bx = box{min(bx.y0, y), min(bx.x0, x), max(bx.y1, y), max(bx.x1, x)}
	}
	return bx, 3
}

// Within reports whether array cell i lies in bx grown by grow, as scan
// sees it.
func (b *Board) Within(i int, bx box, grow int) bool {
	y, x := i/b.W, i%b.W
	return y >= bx.y0-grow && y <= bx.y1+grow && x >= bx.x0-grow && x <= bx.x1+grow
}

// Scan calls f for the empty cells near a mark in bx grown by grow, until
// f returns false.
func (b *Board) Scan(bx box, grow int, f func(i int) bool) {
	y0, y1 := max(bx.y0-grow, b.Side), min(bx.y1+grow, b.Side+b.Rows-1)
	x0, x1 := max(bx.x0-grow, b.Side), min(bx.x1+grow, b.Side+b.Cols-1)
	if x0 > x1 {
		return
	}
	// The counts held in a local: f may change the board's cells but
	// never its arrays, and reading them through b reloads them at every
	// cell.
	near, w := b.Near, b.W
	for y := y0; y <= y1; y++ {
		from := y*w + x0
		for k, n := range near[from : from+x1-x0+1] {
			if n-1 < taken-1 && !f(from+k) {
				return
			}
		}
	}
}

// Find returns an empty cell near the marks, one q may mark, where q's
// class is at least c, looking first along the lines through the latest mark (where a new
// threat appears), then everywhere, and −1 when there is none.
func (b *Board) Find(q int, c CellClass) int {
	if n := len(b.Moves); n > 0 {
		i := int(b.Moves[n-1])
		stone, cell, side := b.Stone, b.Cell, b.Side
		for a := range 4 {
			st := b.Step[a]
			for d := -side; d <= side; d++ {
				j := i + d*st
				if d != 0 && stone[j] == 0 && cell[j].Class[q] >= c && b.Playable(j, q) {
					return j
				}
			}
		}
	}
	found := -1
	b.Scan(b.Box, 2, func(i int) bool {
		if b.Cell[i].Class[q] >= c && b.Playable(i, q) {
			found = i
			return false
		}
		return true
	})
	return found
}

// LastOf is q's latest mark on the board, or −1.
func (b *Board) LastOf(q int) int {
	for n := len(b.Moves) - 1; n >= 0; n-- {
		if i := int(b.Moves[n]); int(b.Stone[i]) == q+1 {
			return i
		}
	}
	return -1
}

// Star calls f for the empty cells on the four lines through i, up to
// reach cells away.
func (b *Board) Star(i, reach int, f func(j int)) {
	for a := range 4 {
		for d := -reach; d <= reach; d++ {
			if j := i + d*b.Step[a]; d != 0 && b.Stone[j] == 0 {
				f(j)
			}
		}
	}
}

// Knight are the array offsets of the eight cells a knight's move away;
// with the star of reach 3 they make the neighbourhood where a threat
// sequence's next three is looked for.
func (b *Board) Knight() [8]int {
	w := b.W
	return [8]int{-2*w - 1, -2*w + 1, -w - 2, -w + 2, w - 2, w + 2, 2*w - 1, 2*w + 1}
}

// Cheb is the Chebyshev distance of array cells i and j.
func (b *Board) Cheb(i, j int) int {
	dy, dx := i/b.W-j/b.W, i%b.W-j%b.W
	return max(dy, -dy, dx, -dx)
}

// SameWindow reports whether b and o are windows of the same cells.
func (b *Board) SameWindow(o *Board) bool {
	return b.R0 == o.R0 && b.C0 == o.C0 && b.Rows == o.Rows && b.Cols == o.Cols
}

// Fours counts q's cells that would make a four or better.
func (b *Board) Fours(q int) int32 {
	var n int32
	for c := ClassFour; c < ClassCount; c++ {
		n += b.Counts[q][c]
	}
	return n
}
