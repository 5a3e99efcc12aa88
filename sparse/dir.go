package sparse

// tileDir is a dense index of every tile of a compact board: one int32 per
// tile position of a rectangle that holds all the tiles there are, so a
// lookup is a bounds test and one load, and never misses. It is kept only
// while the tiles fill enough of their bounding box for it to cost less
// than the tiles themselves (see dirFits); a board whose marks spread
// out drops it and looks tiles up through the cache instead.
type tileDir struct {
	r0, c0     int     // the rectangle's top-left tile
	rows, cols int     // its size in tiles
	at         []int32 // see dirEntry
}

// dirEntry encodes what a tile is: 0 when absent, i+1 for slab tile i, and
// -(offset<<8 | mark) for a tile holding a single mark.
func dirEntry(tile int32, single uint16) int32 {
	if tile >= 0 {
		return tile + 1
	}
	return -int32(single)
}

// dirDecode is the inverse of dirEntry.
func dirDecode(v int32) (tile int32, single uint16) {
	if v > 0 {
		return v - 1, 0
	}
	return -1, uint16(-v)
}

// index is where tile (tr, tc) is kept, and false when it lies outside the
// rectangle, where no tile is.
func (d *tileDir) index(tr, tc int) (int, bool) {
	r, c := tr-d.r0, tc-d.c0
	if uint(r) >= uint(d.rows) || uint(c) >= uint(d.cols) {
		return 0, false
	}
	return r*d.cols + c, true
}

// tileBox is the bounding box of every tile a board has held, in tile
// coordinates. It never shrinks: undoing play near the edge leaves the
// directory as large as it was.
type tileBox struct {
	r0, c0, r1, c1 int
	any            bool
}

func (b *tileBox) extend(tr, tc int) {
	if !b.any {
		*b = tileBox{tr, tc, tr, tc, true}
		return
	}
	b.r0, b.r1 = min(b.r0, tr), max(b.r1, tr)
	b.c0, b.c1 = min(b.c0, tc), max(b.c1, tc)
}

// dirFits reports whether a directory of area entries is worth keeping for
// n tiles: at most three positions a tile (12 bytes, against the 64 of a
// tile and the 16 of each cache entry it replaces), and a floor so that a
// small board always has one.
func dirFits(area, n int) bool { return area <= 3*n+64 }

// tileCoords splits a tile key into its row and column.
func tileCoords(tk uint64) (tr, tc int) { return int(int32(uint32(tk >> 32))), int(int32(uint32(tk))) }

// added notes that tile tk has just appeared in the maps, before it is
// noted in the directory (see note). The directory is rebuilt over the
// grown bounding box, with a margin so that a growing cluster rebuilds it
// only every so often, or dropped when the box has grown too sparse for
// it.
func (s *tileStore) added(tk uint64) {
	tr, tc := tileCoords(tk)
	s.box.extend(tr, tc)
	if s.dir != nil {
		if _, ok := s.dir.index(tr, tc); ok {
			return
		}
	}
	rows, cols := s.box.r1-s.box.r0+1, s.box.c1-s.box.c0+1
	mr, mc := max(2, rows/8), max(2, cols/8)
	// The marks, this one included, bound the tiles from above and cost
	// nothing to count, unlike the split tables: sparse play is turned
	// away without counting them.
	area := (rows + 2*mr) * (cols + 2*mc)
	if !dirFits(area, s.n+1) || !dirFits(area, s.tiles.Count()+s.singles.Count()) {
		if s.dir != nil {
			// The cache took no part while the directory answered, so it
			// starts afresh, sized for the tiles there are (it otherwise
			// grows only as tiles are made).
			s.dir = nil
			bits := uint(minCacheBits)
			for bits < maxCacheBits && s.tiles.Count() > 1<<bits/2 {
				bits++
			}
			s.resizeCache(bits)
		}
		return
	}
	s.buildDir(s.box.r0-mr, s.box.c0-mc, rows+2*mr, cols+2*mc)
}

// buildDir indexes every tile but the newest in a new directory over the
// given rectangle, which must hold them all: a growing directory copies
// the old one, which holds every tile but the one that made it grow; a
// new one reads the maps.
func (s *tileStore) buildDir(r0, c0, rows, cols int) {
	d := &tileDir{r0: r0, c0: c0, rows: rows, cols: cols, at: make([]int32, rows*cols)}
	if old := s.dir; old != nil {
		for r := range old.rows {
			i, _ := d.index(old.r0+r, old.c0)
			copy(d.at[i:i+old.cols], old.at[r*old.cols:])
		}
	} else {
		put := func(tk uint64, v int32) {
			i, _ := d.index(tileCoords(tk))
			d.at[i] = v
		}
		s.tiles.Iter(func(tk uint64, h uint32) { put(tk, dirEntry(int32(h), 0)) })
		s.singles.Iter(func(tk uint64, v uint16) { put(tk, dirEntry(-1, v)) })
	}
	s.dir = d
}

// find returns what tile tk is: its slab index, or -1 and its singles
// entry (0 when the tile is absent).
func (s *tileStore) find(tk uint64) (tile int32, single uint16) {
	if s.dir != nil {
		i, ok := s.dir.index(tileCoords(tk))
		if !ok {
			return -1, 0
		}
		return dirDecode(s.dir.at[i])
	}
	e := s.lookup(tk)
	return e.tile, e.single
}

// note records that tile tk is now slab tile tile, or (with tile -1) the
// single entry single, or absent: in the directory, or in the cache when
// it holds the tile.
func (s *tileStore) note(tk uint64, tile int32, single uint16) {
	if s.dir != nil {
		if i, ok := s.dir.index(tileCoords(tk)); ok {
			s.dir.at[i] = dirEntry(tile, single)
		}
		return
	}
	if e := s.slot(tk); e.ok && e.key == tk {
		e.tile, e.single = tile, single
	}
}
