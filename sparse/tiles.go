package sparse

import (
	"math/bits"

	"github.com/dolthub/swiss"
)

// A tile is an 8 × 8 block of cells aligned on multiples of 8, four bits a
// cell: cell offset o = (row&7)*8 + col&7 lives in word o/16 at bit 4*(o%16).
// A nibble of 15 (wideNibble) means the mark is 15 or more and lives in the
// wide map, so the common case of a few players costs half a byte a cell.
type tile [4]uint64

const (
	tileShift  = 3
	tileMask   = 1<<tileShift - 1
	wideNibble = 15
)

// tileStore is the hybrid layout behind [Tiles]. A tile holding a single
// mark is kept as one small entry in singles (tile key → offset<<8 | mark),
// so marks scattered far apart cost no more than a per-cell table; the
// second mark in a tile promotes it to a 32-byte tile in the slab, so dense
// play costs about half a byte a cell and the walk's neighbour reads mostly
// hit the same tile. Taking a tile back down to one mark demotes it again.
type tileStore struct {
	tiles   *swiss.Map[uint64, uint32] // tile key → index in slab
	singles *swiss.Map[uint64, uint16] // tile key → offset<<8 | mark
	wide    *swiss.Map[uint64, uint8]  // cell key → mark, for nibbles of wideNibble
	slab    []tile
	free    []uint32 // slab indexes of released tiles
	n       int

	// cache remembers what the last lookups found for four tiles, one per
	// (tile row parity, tile column parity): the at most 2 × 2 tiles a K ≤ 5
	// walk touches never evict each other.
	cache [4]cacheEntry
}

type cacheEntry struct {
	key    uint64
	ok     bool
	tile   int32  // slab index, or -1 when the tile is not in the slab
	single uint16 // with tile == -1: the singles entry, 0 when none
}

func newTileStore(hint int) *tileStore {
	// Clustered play fills tiles, scattered play fills singles: size both
	// for a fraction of the hint rather than guessing which it will be.
	return &tileStore{
		tiles:   swiss.NewMap[uint64, uint32](uint32(hint / 16)),
		singles: swiss.NewMap[uint64, uint16](uint32(hint / 4)),
		wide:    swiss.NewMap[uint64, uint8](0),
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

func (t *tile) nibble(off uint8) uint8 {
	return uint8(t[off>>4]>>((off&15)*4)) & 15
}

func (t *tile) setNibble(off, v uint8) {
	shift := uint(off&15) * 4
	t[off>>4] = t[off>>4]&^(15<<shift) | uint64(v)<<shift
}

// count is the number of non-empty cells in t.
func (t *tile) count() int {
	const low = 0x1111_1111_1111_1111
	n := 0
	for _, w := range t {
		n += bits.OnesCount64((w | w>>1 | w>>2 | w>>3) & low)
	}
	return n
}

// lookup returns the cache entry describing tile tk, filling it on a miss.
func (s *tileStore) lookup(tk uint64) *cacheEntry {
	e := &s.cache[(tk>>32)&1|(tk&1)<<1]
	if e.ok && e.key == tk {
		return e
	}
	e.key, e.ok, e.tile, e.single = tk, true, -1, 0
	if h, ok := s.tiles.Get(tk); ok {
		e.tile = int32(h)
	} else if v, ok := s.singles.Get(tk); ok {
		e.single = v
	}
	return e
}

// forget drops the cache entry of tile tk after its representation changed.
func (s *tileStore) forget(tk uint64) {
	e := &s.cache[(tk>>32)&1|(tk&1)<<1]
	if e.key == tk {
		e.ok = false
	}
}

func (s *tileStore) get(key uint64) uint8 {
	tk, off := tileOf(key)
	e := s.lookup(tk)
	if e.tile >= 0 {
		v := s.slab[e.tile].nibble(off)
		if v == wideNibble {
			v, _ = s.wide.Get(key)
		}
		return v
	}
	if e.single != 0 && uint8(e.single>>8) == off {
		return uint8(e.single)
	}
	return 0
}

// write stores a non-zero mark in the cell at off of slab tile h.
func (s *tileStore) write(h int32, off uint8, key uint64, mark uint8) {
	if mark >= wideNibble {
		s.wide.Put(key, mark)
		mark = wideNibble
	}
	s.slab[h].setNibble(off, mark)
}

// put stores mark in an empty cell.
func (s *tileStore) put(key uint64, mark uint8) {
	s.n++
	tk, off := tileOf(key)
	e := s.lookup(tk)
	switch {
	case e.tile >= 0:
		s.write(e.tile, off, key, mark)
	case e.single == 0:
		s.singles.Put(tk, uint16(off)<<8|uint16(mark))
		e.single = uint16(off)<<8 | uint16(mark)
	default:
		h := s.alloc()
		first := uint8(e.single >> 8)
		s.write(h, first, cellOf(tk, first), uint8(e.single))
		s.write(h, off, key, mark)
		s.singles.Delete(tk)
		s.tiles.Put(tk, uint32(h))
		e.tile, e.single = h, 0
	}
}

// alloc returns the index of an empty slab tile.
func (s *tileStore) alloc() int32 {
	if n := len(s.free); n > 0 {
		h := s.free[n-1]
		s.free = s.free[:n-1]
		return int32(h)
	}
	s.slab = append(s.slab, tile{})
	return int32(len(s.slab) - 1)
}

// del clears a marked cell.
func (s *tileStore) del(key uint64) {
	tk, off := tileOf(key)
	e := s.lookup(tk)
	if e.tile < 0 {
		if e.single != 0 && uint8(e.single>>8) == off {
			s.singles.Delete(tk)
			e.single = 0
			s.n--
		}
		return
	}
	t := &s.slab[e.tile]
	switch t.nibble(off) {
	case 0:
		return
	case wideNibble:
		s.wide.Delete(key)
	}
	t.setNibble(off, 0)
	s.n--
	if t.count() > 1 {
		return
	}
	// Demote: a lone mark goes back to singles, an empty tile goes away.
	for o := range uint8(64) {
		v := t.nibble(o)
		if v == 0 {
			continue
		}
		if v == wideNibble {
			k := cellOf(tk, o)
			v, _ = s.wide.Get(k)
			s.wide.Delete(k)
		}
		s.singles.Put(tk, uint16(o)<<8|uint16(v))
		break
	}
	*t = tile{}
	s.free = append(s.free, uint32(e.tile))
	s.tiles.Delete(tk)
	s.forget(tk)
}

func (s *tileStore) len() int { return s.n }

func (s *tileStore) each(yield func(key uint64, mark uint8)) {
	s.singles.Iter(func(tk uint64, v uint16) bool {
		yield(cellOf(tk, uint8(v>>8)), uint8(v))
		return false
	})
	s.tiles.Iter(func(tk uint64, h uint32) bool {
		t := &s.slab[h]
		for o := range uint8(64) {
			v := t.nibble(o)
			if v == 0 {
				continue
			}
			k := cellOf(tk, o)
			if v == wideNibble {
				v, _ = s.wide.Get(k)
			}
			yield(k, v)
		}
		return false
	})
}

func (s *tileStore) clone() store {
	c := &tileStore{
		tiles:   swiss.NewMap[uint64, uint32](uint32(s.tiles.Count())),
		singles: swiss.NewMap[uint64, uint16](uint32(s.singles.Count())),
		wide:    swiss.NewMap[uint64, uint8](uint32(s.wide.Count())),
		slab:    make([]tile, 0, s.tiles.Count()),
		n:       s.n,
	}
	// Copy only live tiles, so the clone sheds the original's free list.
	s.tiles.Iter(func(tk uint64, h uint32) bool {
		c.slab = append(c.slab, s.slab[h])
		c.tiles.Put(tk, uint32(len(c.slab)-1))
		return false
	})
	s.singles.Iter(func(tk uint64, v uint16) bool { c.singles.Put(tk, v); return false })
	s.wide.Iter(func(k uint64, v uint8) bool { c.wide.Put(k, v); return false })
	return c
}
