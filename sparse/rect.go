package sparse

import "fmt"

// Rect is an inclusive rectangle of cells.
type Rect struct {
	MinRow, MinCol, MaxRow, MaxCol int
}

// Contains reports whether the cell lies inside r.
func (r Rect) Contains(row, col int) bool {
	return row >= r.MinRow && row <= r.MaxRow && col >= r.MinCol && col <= r.MaxCol
}

// Rows is the number of rows r spans.
func (r Rect) Rows() int { return r.MaxRow - r.MinRow + 1 }

// Cols is the number of columns r spans.
func (r Rect) Cols() int { return r.MaxCol - r.MinCol + 1 }

func (r Rect) String() string {
	return fmt.Sprintf("rows %d..%d, cols %d..%d", r.MinRow, r.MaxRow, r.MinCol, r.MaxCol)
}

// extend grows r to include the cell.
func (r *Rect) extend(row, col int) {
	r.MinRow = min(r.MinRow, row)
	r.MaxRow = max(r.MaxRow, row)
	r.MinCol = min(r.MinCol, col)
	r.MaxCol = max(r.MaxCol, col)
}

// onEdge reports whether the cell lies on r's border, where removing it may
// shrink a bounding box.
func (r Rect) onEdge(row, col int) bool {
	return row == r.MinRow || row == r.MaxRow || col == r.MinCol || col == r.MaxCol
}
