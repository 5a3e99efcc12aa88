package sparse

import (
	"fmt"

	"github.com/dolthub/swiss"
)

// Layout selects how a [Board] keeps its marks in memory.
type Layout int

const (
	// SwissTile keeps marks in 8 × 8 tiles of one byte a cell in a
	// dolthub/swiss map keyed by the packed tile coordinate, with a tile that
	// holds a single mark stored as one small entry instead. The default:
	// a move's neighbour reads stay within a tile or two, and memory stays
	// near a per-cell table when marks are scattered and near a byte a cell
	// of the tiles in use when they are clustered.
	SwissTile Layout = iota
	// SwissCell keeps one dolthub/swiss map entry per marked cell.
	SwissCell
	// GoMapCell keeps one builtin Go map entry per marked cell: the reference
	// the swiss layout is tested and benchmarked against.
	GoMapCell
)

func (l Layout) String() string {
	switch l {
	case SwissTile:
		return "swiss-tile"
	case SwissCell:
		return "swiss-cell"
	case GoMapCell:
		return "gomap-cell"
	}
	return fmt.Sprintf("Layout(%d)", int(l))
}

// store is the map behind a Board. Keys are packed cells (see Pack) and
// values are non-zero marks; a missing key is an empty cell.
type store interface {
	get(key uint64) uint8
	put(key uint64, mark uint8)
	del(key uint64)
	len() int
	each(yield func(key uint64, mark uint8))
	clone() store
}

func newStore(l Layout) (store, error) {
	switch l {
	case SwissTile:
		return newTileStore(), nil
	case SwissCell:
		return &swissCells{m: swiss.NewMap[uint64, uint8](0)}, nil
	case GoMapCell:
		return goCells(make(map[uint64]uint8)), nil
	}
	return nil, fmt.Errorf("%w: %d", ErrBadLayout, int(l))
}

type swissCells struct{ m *swiss.Map[uint64, uint8] }

func (s *swissCells) get(key uint64) uint8 {
	v, _ := s.m.Get(key)
	return v
}
func (s *swissCells) put(key uint64, mark uint8) { s.m.Put(key, mark) }
func (s *swissCells) del(key uint64)             { s.m.Delete(key) }
func (s *swissCells) len() int                   { return s.m.Count() }
func (s *swissCells) each(yield func(uint64, uint8)) {
	s.m.Iter(func(k uint64, v uint8) bool { yield(k, v); return false })
}
func (s *swissCells) clone() store {
	c := swiss.NewMap[uint64, uint8](uint32(s.m.Count()))
	s.m.Iter(func(k uint64, v uint8) bool { c.Put(k, v); return false })
	return &swissCells{m: c}
}

type goCells map[uint64]uint8

func (g goCells) get(key uint64) uint8       { return g[key] }
func (g goCells) put(key uint64, mark uint8) { g[key] = mark }
func (g goCells) del(key uint64)             { delete(g, key) }
func (g goCells) len() int                   { return len(g) }
func (g goCells) each(yield func(uint64, uint8)) {
	for k, v := range g {
		yield(k, v)
	}
}
func (g goCells) clone() store {
	c := make(goCells, len(g))
	for k, v := range g {
		c[k] = v
	}
	return c
}
