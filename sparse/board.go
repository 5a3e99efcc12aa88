package sparse

import (
	"fmt"
	"iter"
	"slices"
)

// Board is a set of marked cells, optionally confined to a rectangle.
// The zero value is not usable; create boards with [New].
type Board struct {
	marks store
	// tiles is marks when the layout is SwissTile, so the hot paths (Get,
	// Place, AxisRuns) call it directly instead of through the interface.
	tiles   *tileStore
	layout  Layout
	bounded bool
	rows    int // with bounded: valid rows are 0..rows-1
	cols    int

	// box is the bounding box of the marks, valid while boxStale is false.
	// Removing a mark on its edge only marks it stale, so that undoing moves
	// at the frontier never costs a scan.
	box      Rect
	boxStale bool
}

// Option configures a [Board].
type Option func(*settings)

type settings struct {
	layout     Layout
	rows, cols int
	bounded    bool
}

// WithBounds confines the board to rows × cols cells with (0, 0) at the
// top-left. Both must be positive and at most 2^31, so that every cell has
// an in-range coordinate.
func WithBounds(rows, cols int) Option {
	return func(s *settings) { s.rows, s.cols, s.bounded = rows, cols, true }
}

// WithLayout selects the in-memory layout of the marks. The default is [SwissTile].
func WithLayout(l Layout) Option { return func(s *settings) { s.layout = l } }

// New returns an empty board.
func New(opts ...Option) (*Board, error) {
	s := settings{layout: SwissTile}
	for _, o := range opts {
		o(&s)
	}
	if s.bounded && (s.rows < 1 || s.cols < 1 || s.rows > MaxCoord+1 || s.cols > MaxCoord+1) {
		return nil, fmt.Errorf("%w: %d × %d", ErrBadBounds, s.rows, s.cols)
	}
	st, err := newStore(s.layout)
	if err != nil {
		return nil, err
	}
	b := &Board{marks: st, layout: s.layout, bounded: s.bounded, rows: s.rows, cols: s.cols}
	b.tiles, _ = st.(*tileStore)
	return b, nil
}

// Layout reports how the board keeps its marks.
func (b *Board) Layout() Layout { return b.layout }

// Bounds returns the board's size and true, or zeros and false when the
// board is unbounded.
func (b *Board) Bounds() (rows, cols int, ok bool) { return b.rows, b.cols, b.bounded }

// Check explains why (row, col) cannot hold a mark, or returns nil. The
// error wraps [ErrOutOfRange] or [ErrOffBoard].
func (b *Board) Check(row, col int) error {
	if !InRange(row, col) {
		return fmt.Errorf("%w: (%d, %d) is outside [%d, %d] on some axis", ErrOutOfRange, row, col, MinCoord, MaxCoord)
	}
	if b.bounded && (row < 0 || row >= b.rows || col < 0 || col >= b.cols) {
		return fmt.Errorf("%w: (%d, %d) is outside the %d × %d board", ErrOffBoard, row, col, b.rows, b.cols)
	}
	return nil
}

// Get returns the mark at (row, col), or 0 for an empty cell. Any
// coordinate may be asked, including ones off the board or out of range:
// they are empty.
func (b *Board) Get(row, col int) uint8 {
	if !InRange(row, col) {
		return 0
	}
	if b.tiles != nil {
		return b.tiles.get(pack(row, col))
	}
	return b.marks.get(pack(row, col))
}

// Place puts a non-zero mark on an empty cell. On error the board is unchanged.
func (b *Board) Place(row, col int, mark uint8) error {
	if mark == 0 {
		return ErrBadMark
	}
	if err := b.Check(row, col); err != nil {
		return err
	}
	key := pack(row, col)
	switch {
	case b.tiles != nil:
		if !b.tiles.putEmpty(key, mark) {
			return fmt.Errorf("%w: (%d, %d)", ErrOccupied, row, col)
		}
	case b.marks.get(key) != 0:
		return fmt.Errorf("%w: (%d, %d)", ErrOccupied, row, col)
	default:
		b.marks.put(key, mark)
	}
	switch {
	case b.Len() == 1:
		b.box, b.boxStale = Rect{row, col, row, col}, false
	case !b.boxStale:
		b.box.extend(row, col)
	}
	return nil
}

// Remove clears a marked cell and returns the mark it held. On error the
// board is unchanged.
func (b *Board) Remove(row, col int) (uint8, error) {
	if !InRange(row, col) {
		return 0, fmt.Errorf("%w: (%d, %d)", ErrOutOfRange, row, col)
	}
	key := pack(row, col)
	mark := b.marks.get(key)
	if mark == 0 {
		return 0, fmt.Errorf("%w: (%d, %d)", ErrEmpty, row, col)
	}
	b.marks.del(key)
	if !b.boxStale && b.box.onEdge(row, col) {
		b.boxStale = true
	}
	return mark, nil
}

// Len is the number of marks on the board.
func (b *Board) Len() int {
	if b.tiles != nil {
		return b.tiles.n
	}
	return b.marks.len()
}

// Full reports whether a bounded board has a mark in every cell. An
// unbounded board is never full.
func (b *Board) Full() bool { return b.bounded && b.marks.len() == b.rows*b.cols }

// BoundingBox returns the smallest rectangle holding every mark, and false
// when the board is empty.
func (b *Board) BoundingBox() (Rect, bool) {
	if b.marks.len() == 0 {
		return Rect{}, false
	}
	if b.boxStale {
		first := true
		b.marks.each(func(key uint64, _ uint8) {
			r, c := unpack(key)
			if first {
				b.box, first = Rect{r, c, r, c}, false
				return
			}
			b.box.extend(r, c)
		})
		b.boxStale = false
	}
	return b.box, true
}

// All yields every mark in row-major order. The board must not be changed
// during the iteration; the order costs a sort of the marks, so loops that
// only need each mark once in any order should prefer [Board.Each].
func (b *Board) All() iter.Seq2[Cell, uint8] {
	return func(yield func(Cell, uint8) bool) {
		type entry struct {
			cell Cell
			mark uint8
		}
		entries := make([]entry, 0, b.marks.len())
		b.marks.each(func(key uint64, mark uint8) {
			r, c := unpack(key)
			entries = append(entries, entry{Cell{r, c}, mark})
		})
		slices.SortFunc(entries, func(x, y entry) int { return x.cell.Compare(y.cell) })
		for _, e := range entries {
			if !yield(e.cell, e.mark) {
				return
			}
		}
	}
}

// Each calls fn for every mark in an unspecified order, without the sort
// that [Board.All] pays for. Use it only where order cannot show.
func (b *Board) Each(fn func(row, col int, mark uint8)) {
	b.marks.each(func(key uint64, mark uint8) {
		r, c := unpack(key)
		fn(r, c, mark)
	})
}

// Clone returns an independent copy of the board.
func (b *Board) Clone() *Board {
	c := *b
	c.marks = b.marks.clone()
	c.tiles, _ = c.marks.(*tileStore)
	return &c
}
