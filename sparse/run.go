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
// empty. It is what a k-in-a-row walk asks a board for; the [SwissTile]
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
		tk     uint64
		read   bool // whether tile tk has been looked up
		h      int32
		single uint16
	)
	for n < limit {
		row, col = row+dr, col+dc
		if !InRange(row, col) {
			break
		}
		key := pack(row, col)
		k, off := tileOf(key)
		if !read || k != tk {
			tk, read = k, true
			h, single = s.find(k)
		}
		var v uint8
		switch {
		case h >= 0:
			v = s.slab[h][off]
		case single != 0 && uint8(single>>8) == off:
			v = uint8(single)
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
	if b.tiles != nil {
		// The common case first, without a further call level: a short
		// walk away from the edges of the coordinate range.
		if reach <= tileSide/2 && row-reach >= MinCoord && row+reach <= MaxCoord && col-reach >= MinCoord && col+reach <= MaxCoord {
			return b.tiles.windowRuns(row, col, mark, reach)
		}
		return b.tiles.axisRuns(row, col, mark, reach)
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

// axisRuns serves short walks (K ≤ 5) away from the edges of the
// coordinate range from a 2 × 2 block of tiles; longer walks, whose cost is
// the cells they read rather than the lookups, step tile by tile.
func (s *tileStore) axisRuns(row, col int, mark uint8, reach int) [4]int {
	if reach <= tileSide/2 && row-reach >= MinCoord && row+reach <= MaxCoord && col-reach >= MinCoord && col+reach <= MaxCoord {
		return s.windowRuns(row, col, mark, reach)
	}
	var out [4]int
	for a, d := range axes {
		out[a] = s.run(row, col, d.Row, d.Col, mark, reach) + s.run(row, col, -d.Row, -d.Col, mark, reach)
	}
	return out
}

// emptyTile stands for an absent tile; it is never written.
var emptyTile tile

// windowRuns serves walks of reach ≤ tileSide/2: such a walk never leaves
// the 2 × 2 block of tiles on the side of the cell's tile nearest to it,
// so the four tiles are looked up once and each step costs a few shifts
// and one load, with no test of where the step landed.
func (s *tileStore) windowRuns(row, col int, mark uint8, reach int) [4]int {
	// The block starts one tile up (left) when the cell lies in the
	// upper (left) half of its tile; (y, x) is the cell in the block.
	tr, tc := row>>tileShift, col>>tileShift
	y0, x0 := row&tileMask, col&tileMask
	if y0 < tileSide/2 {
		tr, y0 = tr-1, y0+tileSide
	}
	if x0 < tileSide/2 {
		tc, x0 = tc-1, x0+tileSide
	}
	// The four tiles are looked up before walking, so that the walk's
	// loops make no calls and keep their state in registers.
	var (
		quad [4]*tile
		lone [4]int // 1 + offset of the mark put in scratch[q], or 0
		any  int
	)
	var (
		h      [4]int32
		single [4]uint16
	)
	if d := s.dir; d != nil {
		// Rows tr and tr+1, columns tc and tc+1 of the directory, from
		// one index when the block lies inside it, as it does but at the
		// edges of play; a tile outside it is absent.
		if r, c := tr-d.r0, tc-d.c0; uint(r) < uint(d.rows-1) && uint(c) < uint(d.cols-1) {
			i := r*d.cols + c
			at := d.at[i : i+d.cols+2]
			h[0], single[0] = dirDecode(at[0])
			h[1], single[1] = dirDecode(at[1])
			h[2], single[2] = dirDecode(at[d.cols])
			h[3], single[3] = dirDecode(at[d.cols+1])
		} else {
			for q := range quad {
				h[q] = -1
				if i, ok := d.index(tr+q>>1, tc+q&1); ok {
					h[q], single[q] = dirDecode(d.at[i])
				}
			}
		}
	} else {
		// The block's four cache slots, from one index computation: rows
		// tr and tr+1, columns tc and tc+1 of the cache grid.
		r0, r1 := (uint64(tr)&s.rowMask)<<s.colBits, (uint64(tr+1)&s.rowMask)<<s.colBits
		c0, c1 := uint64(tc)&s.colMask, uint64(tc+1)&s.colMask
		slots := [4]uint64{r0 | c0, r0 | c1, r1 | c0, r1 | c1}
		for q := range quad {
			tk := uint64(uint32(int32(tr+q>>1)))<<32 | uint64(uint32(int32(tc+q&1)))
			e := &s.cache[slots[q]&uint64(len(s.cache)-1)]
			if !e.ok || e.key != tk {
				s.fill(e, tk)
			}
			h[q], single[q] = e.tile, e.single
		}
	}
	for q := range quad {
		switch {
		case h[q] >= 0:
			quad[q] = &s.slab[h[q]]
		case single[q] == 0:
			quad[q] = &emptyTile
		default:
			off := int(single[q] >> 8)
			s.scratch[q][off] = uint8(single[q])
			quad[q], lone[q] = &s.scratch[q], off+1
			any = 1
		}
	}
	out := [4]int{
		ray(&quad, y0, x0, 0, 1, mark, reach) + ray(&quad, y0, x0, 0, -1, mark, reach),
		ray(&quad, y0, x0, 1, 0, mark, reach) + ray(&quad, y0, x0, -1, 0, mark, reach),
		ray(&quad, y0, x0, 1, 1, mark, reach) + ray(&quad, y0, x0, -1, -1, mark, reach),
		ray(&quad, y0, x0, 1, -1, mark, reach) + ray(&quad, y0, x0, -1, 1, mark, reach),
	}
	if any != 0 {
		for q, l := range lone {
			if l != 0 {
				s.scratch[q][l-1] = 0
			}
		}
	}
	return out
}

// ray counts the cells holding mark from (y, x) in direction (dy, dx) in
// the 2 × 2 block of tiles quad, up to reach. It is small enough to be
// inlined with constant directions.
func ray(quad *[4]*tile, y, x, dy, dx int, mark uint8, reach int) int {
	n := 0
	for n < reach {
		y, x = y+dy, x+dx
		if quad[(y>>tileShift<<1|x>>tileShift)&3][(y&tileMask)<<tileShift|x&tileMask] != mark {
			break
		}
		n++
	}
	return n
}
