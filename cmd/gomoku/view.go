package main

import (
	"fmt"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/sparse"
)

// view is the window of the plane the board drawing shows: rows top..top+
// rows-1 and columns left..left+cols-1. On a bounded board it never leaves
// the board; on an unbounded one it never leaves the coordinate range.
type view struct {
	rows, cols int
	top, left  int
	// Limits of the window's top-left corner.
	minTop, maxTop, minLeft, maxLeft int
}

// newView makes a window of at most rows × cols cells for games configured
// like cfg, centred on (0, 0) or, on a bounded board, on the board's middle.
func newView(rows, cols int, cfg engine.Config) view {
	v := view{rows: rows, cols: cols}
	if cfg.Bounded() {
		v.rows, v.cols = min(rows, cfg.Rows), min(cols, cfg.Cols)
		v.minTop, v.maxTop = 0, cfg.Rows-v.rows
		v.minLeft, v.maxLeft = 0, cfg.Cols-v.cols
		v.centre(cfg.Rows/2, cfg.Cols/2)
		return v
	}
	v.minTop, v.maxTop = minCoord, maxCoord-v.rows+1
	v.minLeft, v.maxLeft = minCoord, maxCoord-v.cols+1
	v.centre(0, 0)
	return v
}

// resize changes the window to at most rows × cols cells for games
// configured like cfg, keeping its middle where it was.
func (v *view) resize(rows, cols int, cfg engine.Config) {
	midRow, midCol := v.top+v.rows/2, v.left+v.cols/2
	*v = newView(rows, cols, cfg)
	v.centre(midRow, midCol)
}

// cell is the board cell shown at row i, column j of the window, counted
// from its top-left corner: the one place where positions on the screen
// become cells, for drawing and for the mouse alike.
func (v *view) cell(i, j int) (row, col int) { return v.top + i, v.left + j }

// centre puts (row, col) in the middle of the window, as far as the limits
// allow.
func (v *view) centre(row, col int) {
	v.top = clamp(row-v.rows/2, v.minTop, v.maxTop)
	v.left = clamp(col-v.cols/2, v.minLeft, v.maxLeft)
}

// pan moves the window by dr rows and dc columns, within the limits.
func (v *view) pan(dr, dc int) {
	v.top = clamp(v.top+dr, v.minTop, v.maxTop)
	v.left = clamp(v.left+dc, v.minLeft, v.maxLeft)
}

// reveal pans the window as little as it can so that (row, col) lies in
// it at least margin cells from its edges, as far as the limits allow.
func (v *view) reveal(row, col, margin int) {
	mr, mc := min(margin, (v.rows-1)/2), min(margin, (v.cols-1)/2)
	top := clamp(v.top, row+mr-v.rows+1, row-mr)
	left := clamp(v.left, col+mc-v.cols+1, col-mc)
	v.pan(top-v.top, left-v.left)
}

// contains reports whether (row, col) is in the window.
func (v *view) contains(row, col int) bool {
	return row >= v.top && row < v.top+v.rows && col >= v.left && col < v.left+v.cols
}

// follow keeps the latest moves in view, recent[len-1] being the last:
// while they all lie inside the window, away from its edges, the window
// stays still so the board does not jump around; otherwise it recentres
// with frame.
func (v *view) follow(recent []sparse.Cell, all sparse.Rect) {
	if len(recent) == 0 {
		return
	}
	mr, mc := margin(v.rows), margin(v.cols)
	inner := sparse.Rect{MinRow: v.top + mr, MinCol: v.left + mc, MaxRow: v.top + v.rows - 1 - mr, MaxCol: v.left + v.cols - 1 - mc}
	settled := true
	for _, c := range recent {
		settled = settled && inner.Contains(c.Row, c.Col)
	}
	if !settled {
		v.frame(recent, all)
	}
}

// frame centres the window on the first of these that fits: every mark
// (all), the latest moves (recent), the last move alone.
func (v *view) frame(recent []sparse.Cell, all sparse.Rect) {
	if len(recent) == 0 {
		return
	}
	mr, mc := margin(v.rows), margin(v.cols)
	last := recent[len(recent)-1]
	for _, box := range []sparse.Rect{all, boxOf(recent), boxOf(recent[len(recent)-1:])} {
		if box.Rows() <= v.rows-2*mr && box.Cols() <= v.cols-2*mc && box.Contains(last.Row, last.Col) {
			v.centre(box.MinRow+(box.MaxRow-box.MinRow)/2, box.MinCol+(box.MaxCol-box.MinCol)/2)
			return
		}
	}
	v.centre(last.Row, last.Col)
}

// boxOf is the smallest rectangle holding cells, which must not be empty.
func boxOf(cells []sparse.Cell) sparse.Rect {
	r := sparse.Rect{MinRow: cells[0].Row, MinCol: cells[0].Col, MaxRow: cells[0].Row, MaxCol: cells[0].Col}
	for _, c := range cells[1:] {
		r.MinRow, r.MaxRow = min(r.MinRow, c.Row), max(r.MaxRow, c.Row)
		r.MinCol, r.MaxCol = min(r.MinCol, c.Col), max(r.MaxCol, c.Col)
	}
	return r
}

// margin is how close to the edge of a window of n cells a move may be
// before the window recentres: enough to see a threat building.
func margin(n int) int { return min(2, (n-1)/4) }

func (v *view) String() string {
	return fmt.Sprintf("rows %d..%d, columns %d..%d", v.top, v.top+v.rows-1, v.left, v.left+v.cols-1)
}

func clamp(x, lo, hi int) int { return max(lo, min(x, hi)) }
