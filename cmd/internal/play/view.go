package play

import (
	"fmt"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/sparse"
)

// View is the window of the plane the board drawing shows: rows top..top+
// rows-1 and columns left..left+cols-1. On a bounded board it never leaves
// the board; on an unbounded one it never leaves the coordinate range. On
// a torus it has no limits: it runs on across the edges, the rows after
// the last being the first ones again, and shows each cell at most once.
type View struct {
	Rows, Cols int
	Top, Left  int
	// Limits of the window's top-left corner.
	minTop, maxTop, minLeft, maxLeft int
	// torus is the board when it wraps around, for its geometry; top and
	// left then stay on the board.
	torus *engine.Config
}

// NewView makes a window of at most rows × cols cells for games configured
// like cfg, centred on (0, 0) or, on a bounded board, on the board's middle.
func NewView(rows, cols int, cfg engine.Config) View {
	v := View{Rows: rows, Cols: cols}
	if cfg.Torus {
		v.Rows, v.Cols = min(rows, cfg.Rows), min(cols, cfg.Cols)
		v.torus = &cfg
		v.Centre(cfg.Rows/2, cfg.Cols/2)
		return v
	}
	if cfg.Bounded() {
		v.Rows, v.Cols = min(rows, cfg.Rows), min(cols, cfg.Cols)
		v.minTop, v.maxTop = 0, cfg.Rows-v.Rows
		v.minLeft, v.maxLeft = 0, cfg.Cols-v.Cols
		v.Centre(cfg.Rows/2, cfg.Cols/2)
		return v
	}
	v.minTop, v.maxTop = sparse.MinCoord, sparse.MaxCoord-v.Rows+1
	v.minLeft, v.maxLeft = sparse.MinCoord, sparse.MaxCoord-v.Cols+1
	v.Centre(0, 0)
	return v
}

// Resize changes the window to at most rows × cols cells for games
// configured like cfg, keeping its middle where it was.
func (v *View) Resize(rows, cols int, cfg engine.Config) {
	midRow, midCol := v.Cell(v.Rows/2, v.Cols/2)
	*v = NewView(rows, cols, cfg)
	v.Centre(midRow, midCol)
}

// Centre puts (row, col) in the middle of the window, as far as the limits
// allow.
func (v *View) Centre(row, col int) {
	if v.torus != nil {
		v.Top, v.Left = v.torus.Wrap(row-v.Rows/2, col-v.Cols/2)
		return
	}
	v.Top = Clamp(row-v.Rows/2, v.minTop, v.maxTop)
	v.Left = Clamp(col-v.Cols/2, v.minLeft, v.maxLeft)
}

// Pan moves the window by dr rows and dc columns, within the limits.
func (v *View) Pan(dr, dc int) {
	if v.torus != nil {
		v.Top, v.Left = v.torus.Wrap(v.Top+dr, v.Left+dc)
		return
	}
	v.Top = Clamp(v.Top+dr, v.minTop, v.maxTop)
	v.Left = Clamp(v.Left+dc, v.minLeft, v.maxLeft)
}

// Cell is the board cell shown at row i, column j of the window, counted
// from its top-left corner: the one place where positions on the screen
// become cells, for drawing and for the mouse alike. On a torus it wraps
// across the edges.
func (v *View) Cell(i, j int) (row, col int) {
	if v.torus != nil {
		return v.torus.Wrap(v.Top+i, v.Left+j)
	}
	return v.Top + i, v.Left + j
}

// Offset is where (row, col) lies from the window's top left, counting
// rows down and columns right; on a torus, across the edges.
func (v *View) Offset(row, col int) (int, int) {
	if v.torus != nil {
		return v.torus.Wrap(row-v.Top, col-v.Left)
	}
	return row - v.Top, col - v.Left
}

// Reveal pans the window as little as it can so that (row, col) lies in
// it at least margin cells from its edges, as far as the limits allow.
func (v *View) Reveal(row, col, Margin int) {
	mr, mc := min(Margin, (v.Rows-1)/2), min(Margin, (v.Cols-1)/2)
	i, j := v.Near(row, col)
	v.Pan(min(0, i-mr)+max(0, i+mr-v.Rows+1), min(0, j-mc)+max(0, j+mc-v.Cols+1))
}

// Near is where (row, col) lies from the window's top left, like offset,
// but on a torus taken the short way round, so that a cell just above the
// window is at row −1 rather than far below it.
func (v *View) Near(row, col int) (int, int) {
	i, j := v.Offset(row, col)
	if v.torus != nil {
		if i >= v.Rows && v.torus.Rows-i < i-v.Rows+1 {
			i -= v.torus.Rows
		}
		if j >= v.Cols && v.torus.Cols-j < j-v.Cols+1 {
			j -= v.torus.Cols
		}
	}
	return i, j
}

// Contains reports whether (row, col) is in the window.
func (v *View) Contains(row, col int) bool {
	dr, dc := v.Offset(row, col)
	return dr >= 0 && dr < v.Rows && dc >= 0 && dc < v.Cols
}

// Follow keeps the latest moves in view, recent[len-1] being the last:
// while they all lie inside the window, away from its edges, the window
// stays still so the board does not jump around; otherwise it recentres
// with frame.
func (v *View) Follow(recent []sparse.Cell, all sparse.Rect) {
	if len(recent) == 0 {
		return
	}
	mr, mc := Margin(v.Rows), Margin(v.Cols)
	inner := sparse.Rect{MinRow: mr, MinCol: mc, MaxRow: v.Rows - 1 - mr, MaxCol: v.Cols - 1 - mc}
	settled := true
	for _, c := range recent {
		settled = settled && inner.Contains(v.Offset(c.Row, c.Col))
	}
	if !settled {
		v.frame(recent, all)
	}
}

// frame centres the window on the first of these that fits: every mark
// (all), the latest moves (recent), the last move alone. On a torus, where
// a rectangle of marks can straddle the edges, it frames the latest moves
// as they lie around the last one, each at its nearest copy across the
// edges.
func (v *View) frame(recent []sparse.Cell, all sparse.Rect) {
	if len(recent) == 0 {
		return
	}
	mr, mc := Margin(v.Rows), Margin(v.Cols)
	last := recent[len(recent)-1]
	boxes := []sparse.Rect{all, boxOf(recent), boxOf(recent[len(recent)-1:])}
	if v.torus != nil {
		near := make([]sparse.Cell, len(recent))
		for i, c := range recent {
			dr, dc := v.torus.Wrap(c.Row-last.Row+v.torus.Rows/2, c.Col-last.Col+v.torus.Cols/2)
			near[i] = sparse.Cell{Row: last.Row + dr - v.torus.Rows/2, Col: last.Col + dc - v.torus.Cols/2}
		}
		boxes = boxes[1:]
		boxes[0] = boxOf(near)
	}
	for _, box := range boxes {
		if box.Rows() <= v.Rows-2*mr && box.Cols() <= v.Cols-2*mc && box.Contains(last.Row, last.Col) {
			v.Centre(box.MinRow+(box.MaxRow-box.MinRow)/2, box.MinCol+(box.MaxCol-box.MinCol)/2)
			return
		}
	}
	v.Centre(last.Row, last.Col)
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

// Margin is how close to the edge of a window of n cells a move may be
// before the window recentres: enough to see a threat building.
func Margin(n int) int { return min(2, (n-1)/4) }

func (v *View) String() string {
	var first, last sparse.Cell
	first.Row, first.Col = v.Cell(0, 0)
	last.Row, last.Col = v.Cell(v.Rows-1, v.Cols-1)
	return fmt.Sprintf("%s, %s", span("rows", first.Row, last.Row), span("columns", first.Col, last.Col))
}

// span describes a range of rows or columns, e.g. "rows 3..7", and one
// that runs across the edge of a torus, e.g. "rows 7..2 across the edge".
func span(what string, first, last int) string {
	if last < first {
		return fmt.Sprintf("%s %d..%d across the edge", what, first, last)
	}
	return fmt.Sprintf("%s %d..%d", what, first, last)
}

func Clamp(x, lo, hi int) int { return max(lo, min(x, hi)) }
