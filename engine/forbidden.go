package engine

import (
	"cmp"
	"iter"
	"slices"

	"github.com/gomoku-engine/gomoku/engine/renju"
	"github.com/gomoku-engine/gomoku/sparse"
)

// renjuBlack is the player renju restricts: player 1, who moves first.
const renjuBlack = 1

// renjuBoard shows a game's board to the renju detector: player 1's marks
// are black, player 2's white, and cells the board refuses are walls.
type renjuBoard struct{ g *Game }

func (b renjuBoard) At(row, col int) renju.Stone {
	// The board's own Check would explain a refusal in an error, which
	// the detector, reading hundreds of cells near the edges, cannot
	// afford.
	cfg := &b.g.cfg
	if row < sparse.MinCoord || row > sparse.MaxCoord || col < sparse.MinCoord || col > sparse.MaxCoord ||
		cfg.Bounded() && (row < 0 || row >= cfg.Rows || col < 0 || col >= cfg.Cols) {
		return renju.Wall
	}
	return renju.Stone(b.g.board.Get(row, col))
}

// Forbidden returns the foul the player to move would commit by marking
// (row, col), or [renju.None]: always None unless the game is renju, goes
// on and black is to move, and for a cell that cannot be played at all.
func (g *Game) Forbidden(row, col int) Foul {
	if !g.blackToMoveUnderRenju() {
		return renju.None
	}
	return renju.Check(renjuBoard{g}, row, col)
}

// ForbiddenCells yields every cell forbidden to the player to move with
// its foul, in row-major order: none unless the game is renju, goes on
// and black is to move. It asks only about the cells near black's marks,
// the only ones that can be forbidden, so it costs O(black's marks)
// whatever the board's size.
func (g *Game) ForbiddenCells() iter.Seq2[sparse.Cell, Foul] {
	return func(yield func(sparse.Cell, Foul) bool) {
		if !g.blackToMoveUnderRenju() {
			return
		}
		seen := map[sparse.Cell]bool{}
		var cells []sparse.Cell
		for c, p := range g.board.All() {
			if p != renjuBlack {
				continue
			}
			renju.Near(c.Row, c.Col, func(row, col int) bool {
				n := sparse.Cell{Row: row, Col: col}
				if !seen[n] {
					seen[n] = true
					cells = append(cells, n)
				}
				return true
			})
		}
		slices.SortFunc(cells, func(a, b sparse.Cell) int {
			return cmp.Or(cmp.Compare(a.Row, b.Row), cmp.Compare(a.Col, b.Col))
		})
		board := renjuBoard{g}
		for _, c := range cells {
			if foul := renju.Check(board, c.Row, c.Col); foul != renju.None && !yield(c, foul) {
				return
			}
		}
	}
}

// blackToMoveUnderRenju reports whether renju's restrictions apply to the
// next move.
func (g *Game) blackToMoveUnderRenju() bool {
	return g.cfg.Rule == Renju && g.status == Ongoing && g.Turn() == renjuBlack
}
