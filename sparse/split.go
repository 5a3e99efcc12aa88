package sparse

import "github.com/dolthub/swiss"

const (
	// splitBits is log2 of the number of tables a large [splitMap] is
	// split into.
	splitBits = 4
	// splitAt is the number of entries at which a splitMap splits: below
	// it one table is smaller than sixteen nearly empty ones.
	splitAt = 1 << 12
)

// splitMap is a swiss map that, once large, is split by key into
// independent tables. A swiss map grows by rehashing into a table twice
// its size, so one table of n entries briefly needs room for three times
// its slots; split, each table grows on its own and the spike is a
// sixteenth of that, which at a million scattered marks is most of the
// difference between the store's live memory and the process's peak.
type splitMap[V any] struct {
	small *swiss.Map[uint64, V] // the only table until split
	parts *[1 << splitBits]*swiss.Map[uint64, V]
}

// newSplitMap returns a map sized for about n entries.
func newSplitMap[V any](n int) splitMap[V] {
	var m splitMap[V]
	if n > splitAt {
		m.parts = new([1 << splitBits]*swiss.Map[uint64, V])
		for i := range m.parts {
			m.parts[i] = swiss.NewMap[uint64, V](uint32(n >> splitBits))
		}
	} else {
		m.small = swiss.NewMap[uint64, V](uint32(n))
	}
	return m
}

// part picks a key's table by its mixed bits, so that neighbouring tiles
// spread over every table.
func part(k uint64) uint64 { return (k * 0x9e3779b97f4a7c15) >> (64 - splitBits) }

func (m *splitMap[V]) table(k uint64) *swiss.Map[uint64, V] {
	if m.parts != nil {
		return m.parts[part(k)]
	}
	return m.small
}

func (m *splitMap[V]) Get(k uint64) (V, bool) { return m.table(k).Get(k) }

func (m *splitMap[V]) Put(k uint64, v V) {
	m.table(k).Put(k, v)
	if m.parts == nil && m.small.Count() > splitAt {
		parts := new([1 << splitBits]*swiss.Map[uint64, V])
		for i := range parts {
			parts[i] = swiss.NewMap[uint64, V](uint32(2 * splitAt >> splitBits))
		}
		m.small.Iter(func(k uint64, v V) bool { parts[part(k)].Put(k, v); return false })
		m.parts, m.small = parts, nil
	}
}

func (m *splitMap[V]) Delete(k uint64) { m.table(k).Delete(k) }

func (m *splitMap[V]) Count() int {
	if m.parts == nil {
		return m.small.Count()
	}
	n := 0
	for _, t := range m.parts {
		n += t.Count()
	}
	return n
}

// Iter calls f for every entry, in no particular order.
func (m *splitMap[V]) Iter(f func(k uint64, v V)) {
	each := func(k uint64, v V) bool { f(k, v); return false }
	if m.parts == nil {
		m.small.Iter(each)
		return
	}
	for _, t := range m.parts {
		t.Iter(each)
	}
}
