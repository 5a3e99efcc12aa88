package sparse

import (
	"cmp"
	"errors"
	"fmt"
	"math"
)

// The range of a row or column index on any board.
const (
	MinCoord = math.MinInt32
	MaxCoord = math.MaxInt32
)

// Errors returned by [Board] operations. They are wrapped with the cell
// concerned; test for them with [errors.Is].
var (
	ErrOutOfRange = errors.New("sparse: coordinate out of range")
	ErrOffBoard   = errors.New("sparse: cell off the board")
	ErrOccupied   = errors.New("sparse: cell occupied")
	ErrEmpty      = errors.New("sparse: cell empty")
	ErrBadMark    = errors.New("sparse: mark must be non-zero")
	ErrBadBounds  = errors.New("sparse: bounds must be positive and fit the coordinate range")
)

// Cell is a (row, col) position. Row grows downwards and Col to the right.
type Cell struct {
	Row, Col int
}

func (c Cell) String() string { return fmt.Sprintf("(%d, %d)", c.Row, c.Col) }

// Compare orders cells row-major, the order of [Board.All]: by row, then
// by column. It returns -1, 0 or +1, for [slices.SortFunc] and the like.
func (c Cell) Compare(o Cell) int {
	return cmp.Or(cmp.Compare(c.Row, o.Row), cmp.Compare(c.Col, o.Col))
}

// InRange reports whether both coordinates fit the signed 32-bit range that
// every board supports.
func InRange(row, col int) bool {
	return row >= MinCoord && row <= MaxCoord && col >= MinCoord && col <= MaxCoord
}

// pack folds an in-range cell into the 64-bit key used by the store: the
// row's 32 bits above the column's. Callers must have checked [InRange];
// out-of-range values would alias other cells.
func pack(row, col int) uint64 {
	return uint64(uint32(int32(row)))<<32 | uint64(uint32(int32(col)))
}

// unpack is the inverse of pack.
func unpack(key uint64) (row, col int) {
	return int(int32(uint32(key >> 32))), int(int32(uint32(key)))
}
