package sparse

// runner is implemented by stores that can count a run faster than one
// lookup a cell.
type runner interface {
	run(row, col, dr, dc int, mark uint8, limit int) int
}

// Run counts the cells holding mark on the ray from (row, col) in
// direction (dr, dc), starting with the cell next to (row, col) and
// stopping at the first cell that holds anything else, or after limit
// cells. (row, col) itself is not read, and cells out of range read as
// empty. It is what a k-in-a-row walk asks a board for; the [Tiles]
// layout answers it reading each tile once rather than looking up every
// cell.
func (b *Board) Run(row, col, dr, dc int, mark uint8, limit int) int {
	if mark == 0 {
		return 0
	}
	if r, ok := b.marks.(runner); ok {
		return r.run(row, col, dr, dc, mark, limit)
	}
	n := 0
	for n < limit {
		row, col = row+dr, col+dc
		if b.Get(row, col) != mark {
			break
		}
		n++
	}
	return n
}

func (s *tileStore) run(row, col, dr, dc int, mark uint8, limit int) int {
	n := 0
	var (
		tk uint64
		e  *cacheEntry // the entry of tile tk, nil before the first read
	)
	for n < limit {
		row, col = row+dr, col+dc
		if !InRange(row, col) {
			break
		}
		key := Pack(row, col)
		k, off := tileOf(key)
		if e == nil || k != tk {
			tk, e = k, s.lookup(k)
		}
		var v uint8
		switch {
		case e.tile >= 0:
			v = s.slab[e.tile][off]
		case e.single != 0 && uint8(e.single>>8) == off:
			v = uint8(e.single)
		}
		if v != mark {
			break
		}
		n++
	}
	return n
}

// Axes are the four directions a run can take, in the order
// [Board.AxisRuns] reports them: along a row, down a column, down the main
// diagonal and down the anti-diagonal.
func Axes() [4]Cell { return axes }

var axes = [4]Cell{{0, 1}, {1, 0}, {1, 1}, {1, -1}}

// axisRunner is implemented by stores with a fast [Board.AxisRuns].
type axisRunner interface {
	axisRuns(row, col int, mark uint8, reach int) [4]int
}

// AxisRuns reports, for each of the four [Axes], how many cells next to
// (row, col) hold mark on that axis, counting both ways and at most reach
// cells each way, without reading (row, col) itself. A new mark at (row,
// col) lies on a run of 1 + AxisRuns[a] cells along axis a (when the runs
// are shorter than reach): the whole of a k-in-a-row walk in one call.
func (b *Board) AxisRuns(row, col int, mark uint8, reach int) [4]int {
	if mark == 0 || reach <= 0 {
		return [4]int{}
	}
	if r, ok := b.marks.(axisRunner); ok {
		return r.axisRuns(row, col, mark, reach)
	}
	var out [4]int
	for a, d := range axes {
		out[a] = b.Run(row, col, d.Row, d.Col, mark, reach) + b.Run(row, col, -d.Row, -d.Col, mark, reach)
	}
	return out
}

// axisRuns walks in tile-local coordinates: a step that stays in the same
// tile costs a shift, a compare and one load, as in a dense array, and the
// tiles a walk enters are found through the cache. Walks that could leave
// the coordinate range take the general path.
func (s *tileStore) axisRuns(row, col int, mark uint8, reach int) [4]int {
	var out [4]int
	if row-reach < MinCoord || row+reach > MaxCoord || col-reach < MinCoord || col+reach > MaxCoord {
		for a, d := range axes {
			out[a] = s.run(row, col, d.Row, d.Col, mark, reach) + s.run(row, col, -d.Row, -d.Col, mark, reach)
		}
		return out
	}
	tr, tc := row>>tileShift, col>>tileShift
	y0, x0 := row&tileMask, col&tileMask
	// A single or an absent tile is read through a scratch copy, so the
	// inner loop never asks how the tile is represented. home and the tile
	// being stepped through are the only two alive at once.
	var scratch [2]tile
	home := s.view(tr, tc, &scratch[0])
	for a, d := range axes {
		n := 0
		for _, sign := range [2]int{1, -1} {
			dy, dx := d.Row*sign, d.Col*sign
			y, x := y0, x0
			cur, cy, cx := home, 0, 0
			for range reach {
				y, x = y+dy, x+dx
				if ty, tx := y>>tileShift, x>>tileShift; ty != cy || tx != cx {
					cy, cx = ty, tx
					if cy == 0 && cx == 0 {
						cur = home
					} else {
						cur = s.view(tr+ty, tc+tx, &scratch[1])
					}
				}
				if cur[(y&tileMask)<<tileShift|x&tileMask] != mark {
					break
				}
				n++
			}
		}
		out[a] = n
	}
	return out
}

// view returns tile (tr, tc) for reading: the slab tile itself, or buf
// filled with the tile's single mark, or nothing.
func (s *tileStore) view(tr, tc int, buf *tile) *tile {
	e := s.lookup(uint64(uint32(int32(tr)))<<32 | uint64(uint32(int32(tc))))
	if e.tile >= 0 {
		return &s.slab[e.tile]
	}
	*buf = tile{}
	if e.single != 0 {
		buf[uint8(e.single>>8)] = uint8(e.single)
	}
	return buf
}
