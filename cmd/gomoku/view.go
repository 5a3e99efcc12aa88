package main

import (
	"fmt"

	"github.com/gomoku-engine/gomoku/engine"
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

// contains reports whether (row, col) is in the window.
func (v *view) contains(row, col int) bool {
	return row >= v.top && row < v.top+v.rows && col >= v.left && col < v.left+v.cols
}

// follow keeps (row, col), normally the last move, in view with some of its
// surroundings: when it is closer than a margin to the window's edge (and
// the window could move), the window recentres on it. Small moves near the
// middle leave the window still, so the board does not jump around.
func (v *view) follow(row, col int) {
	mr, mc := margin(v.rows), margin(v.cols)
	inside := row >= v.top+mr && row < v.top+v.rows-mr && col >= v.left+mc && col < v.left+v.cols-mc
	if !inside {
		v.centre(row, col)
	}
}

// margin is how close to the edge of a window of n cells a move may be
// before the window recentres: enough to see a threat building.
func margin(n int) int { return min(2, (n-1)/4) }

func (v *view) String() string {
	return fmt.Sprintf("rows %d..%d, columns %d..%d", v.top, v.top+v.rows-1, v.left, v.left+v.cols-1)
}

func clamp(x, lo, hi int) int { return max(lo, min(x, hi)) }
