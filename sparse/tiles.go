package sparse

// A tile is an 8 × 8 block of cells aligned on multiples of 8, a byte a
// cell at offset (row&7)*8 + col&7: reading a cell is one load, as in a
// dense array, which the walk does a dozen times a move.
type tile [tileCells]uint8

const (
	tileShift = 3
	tileSide  = 1 << tileShift
	tileMask  = tileSide - 1
	tileCells = tileSide * tileSide
)

// tileStore is the hybrid layout behind [SwissTile]. A tile holding a single
// mark is kept as one small entry in singles (tile key → offset<<8 | mark),
// so marks scattered far apart cost no more than a per-cell table; the
// second mark in a tile promotes it to a 64-byte tile in the slab, so dense
// play costs about a byte a cell and the walk's neighbour reads mostly hit
// the same tile. Taking a tile back down to one mark demotes it again.
type tileStore struct {
	tiles   splitMap[uint32] // tile key → index in slab
	singles splitMap[uint16] // tile key → offset<<8 | mark
	slab    []tile
	free    []uint32 // slab indexes of released tiles
	n       int

	// dir, when not nil, indexes every tile (see tileDir): the lookups of
	// a compact board, where play clusters, read it and the cache is
	// idle. box is the bounding box it must cover.
	dir *tileDir
	box tileBox

	// cache is a direct-mapped cache of what lookups found, absent tiles
	// included, indexed by the tile's coordinates (see slot), for boards
	// without a directory. It grows with the number of tiles up to
	// 1<<maxCacheBits entries (256 KiB), so that the walk's reads mostly
	// cost a mask and a compare instead of one or two hash-table probes.
	cache     []cacheEntry
	cacheBits uint   // log2(len(cache))
	colBits   uint   // how many of them index the tile column
	rowMask   uint64 // masks of the tile row and column bits used
	colMask   uint64

	// scratch holds copies of single-mark tiles while a walk reads them.
	scratch [4]tile
}

const (
	minCacheBits = 5
	maxCacheBits = 14
)

// cacheEntry is 16 bytes, its fields ordered so that no padding is needed.
type cacheEntry struct {
	key    uint64
	tile   int32  // slab index, or -1 when the tile is not in the slab
	single uint16 // with tile == -1: the singles entry, 0 when none
	ok     bool
}

func newTileStore() *tileStore {
	// An empty board is compact: it starts with an empty directory, and
	// gets a cache only if its marks spread out.
	return &tileStore{tiles: newSplitMap[uint32](0), singles: newSplitMap[uint16](0), dir: &tileDir{}}
}

func (s *tileStore) resizeCache(bits uint) {
	s.cache = make([]cacheEntry, 1<<bits)
	s.cacheBits = bits
	s.colBits = bits / 2
	s.colMask = 1<<s.colBits - 1
	s.rowMask = 1<<(bits-s.colBits) - 1
}

// growCache keeps the cache at two to four entries a slab tile, within
// its bounds: enough for the tiles a walk touches, absent ones included,
// while costing at most a byte per cell of tile. Lone marks do not grow
// it: scattered play gains little from a cache and would pay the most for
// it.
func (s *tileStore) growCache() {
	if n := len(s.cache); n < 1<<maxCacheBits && s.tiles.Count() > n/2 {
		old := s.cache
		s.resizeCache(s.cacheBits + 1)
		for _, e := range old {
			if e.ok {
				*s.slot(e.key) = e
			}
		}
	}
}

// tileOf splits a packed cell key into its tile's key (the packed tile
// coordinates, floor-divided by 8) and the cell's offset in the tile.
func tileOf(key uint64) (tk uint64, off uint8) {
	r, c := int32(uint32(key>>32)), int32(uint32(key))
	tk = uint64(uint32(r>>tileShift))<<32 | uint64(uint32(c>>tileShift))
	off = uint8(r&tileMask)<<tileShift | uint8(c&tileMask)
	return tk, off
}

// cellOf is the inverse of tileOf.
func cellOf(tk uint64, off uint8) uint64 {
	r := int32(uint32(tk>>32))<<tileShift | int32(off>>tileShift)
	c := int32(uint32(tk))<<tileShift | int32(off&tileMask)
	return uint64(uint32(r))<<32 | uint64(uint32(c))
}

// count is the number of non-empty cells in t, up to 2: all that
// demotion needs to know.
func (t *tile) count() int {
	n := 0
	for _, v := range t {
		if v != 0 {
			if n++; n == 2 {
				break
			}
		}
	}
	return n
}

// slot is where tile tk is cached: indexed by the low bits of its row and
// column, as a CPU cache indexes by address bits, so that a cluster of up
// to 2^colBits tiles across never evicts itself, whatever its position.
func (s *tileStore) slot(tk uint64) *cacheEntry {
	return &s.cache[(tk>>32&s.rowMask)<<s.colBits|tk&s.colMask]
}

// lookup returns the cache entry describing tile tk, filling it on a miss.
func (s *tileStore) lookup(tk uint64) *cacheEntry {
	e := s.slot(tk)
	if e.ok && e.key == tk {
		return e
	}
	s.fill(e, tk)
	return e
}

func (s *tileStore) fill(e *cacheEntry, tk uint64) {
	e.key, e.ok, e.tile, e.single = tk, true, -1, 0
	if h, ok := s.tiles.Get(tk); ok {
		e.tile = int32(h)
	} else if v, ok := s.singles.Get(tk); ok {
		e.single = v
	}
}

func (s *tileStore) get(key uint64) uint8 {
	tk, off := tileOf(key)
	h, single := s.find(tk)
	if h >= 0 {
		return s.slab[h][off]
	}
	if single != 0 && uint8(single>>8) == off {
		return uint8(single)
	}
	return 0
}

// put stores mark in an empty cell.
func (s *tileStore) put(key uint64, mark uint8) { s.putEmpty(key, mark) }

// putEmpty stores mark in the cell if it is empty and reports whether it
// was: the board's Place in one lookup instead of a get and a put.
func (s *tileStore) putEmpty(key uint64, mark uint8) bool {
	tk, off := tileOf(key)
	h, single := s.find(tk)
	switch {
	case h >= 0:
		t := &s.slab[h]
		if t[off] != 0 {
			return false
		}
		t[off] = mark
	case single == 0:
		single = uint16(off)<<8 | uint16(mark)
		s.singles.Put(tk, single)
		s.added(tk)
		s.note(tk, -1, single)
	case uint8(single>>8) == off:
		return false
	default:
		h = s.alloc()
		s.slab[h][uint8(single>>8)] = uint8(single)
		s.slab[h][off] = mark
		s.singles.Delete(tk)
		s.tiles.Put(tk, uint32(h))
		s.note(tk, h, 0)
		if s.dir == nil {
			s.growCache()
		}
	}
	s.n++
	return true
}

// alloc returns the index of an empty slab tile.
func (s *tileStore) alloc() int32 {
	if n := len(s.free); n > 0 {
		h := s.free[n-1]
		s.free = s.free[:n-1]
		return int32(h)
	}
	if len(s.slab) == cap(s.slab) {
		// Grow by a quarter rather than append's doubling: at 64 bytes a
		// tile the spare capacity shows in bytes per mark.
		grown := make([]tile, len(s.slab), len(s.slab)+max(8, len(s.slab)/4))
		copy(grown, s.slab)
		s.slab = grown
	}
	s.slab = append(s.slab, tile{})
	return int32(len(s.slab) - 1)
}

// del clears a marked cell.
func (s *tileStore) del(key uint64) {
	tk, off := tileOf(key)
	h, single := s.find(tk)
	if h < 0 {
		if single != 0 && uint8(single>>8) == off {
			s.singles.Delete(tk)
			s.note(tk, -1, 0)
			s.n--
		}
		return
	}
	t := &s.slab[h]
	if t[off] == 0 {
		return
	}
	t[off] = 0
	s.n--
	if t.count() > 1 {
		return
	}
	// Demote: a lone mark goes back to singles, an empty tile goes away.
	single = 0
	for o, v := range t {
		if v != 0 {
			single = uint16(o)<<8 | uint16(v)
			s.singles.Put(tk, single)
			break
		}
	}
	*t = tile{}
	s.free = append(s.free, uint32(h))
	s.tiles.Delete(tk)
	s.note(tk, -1, single)
}

func (s *tileStore) len() int { return s.n }

func (s *tileStore) each(yield func(key uint64, mark uint8)) {
	s.singles.Iter(func(tk uint64, v uint16) {
		yield(cellOf(tk, uint8(v>>8)), uint8(v))
	})
	s.tiles.Iter(func(tk uint64, h uint32) {
		for o, v := range &s.slab[h] {
			if v != 0 {
				yield(cellOf(tk, uint8(o)), v)
			}
		}
	})
}

func (s *tileStore) clone() store {
	c := &tileStore{
		tiles:   newSplitMap[uint32](s.tiles.Count()),
		singles: newSplitMap[uint16](s.singles.Count()),
		slab:    make([]tile, 0, s.tiles.Count()),
		n:       s.n,
		box:     s.box,
	}
	// The clone's directory covers the same rectangle and is filled as
	// the tiles are copied; without one, the clone starts a cache of the
	// same size.
	if d := s.dir; d != nil {
		c.dir = &tileDir{r0: d.r0, c0: d.c0, rows: d.rows, cols: d.cols, at: make([]int32, len(d.at))}
	} else {
		c.resizeCache(s.cacheBits)
	}
	// Copy only live tiles, so the clone sheds the original's free list.
	s.tiles.Iter(func(tk uint64, h uint32) {
		c.slab = append(c.slab, s.slab[h])
		h = uint32(len(c.slab) - 1)
		c.tiles.Put(tk, h)
		c.note(tk, int32(h), 0)
	})
	s.singles.Iter(func(tk uint64, v uint16) {
		c.singles.Put(tk, v)
		c.note(tk, -1, v)
	})
	return c
}
