package sparse

import "github.com/dolthub/swiss"

// splitBits is log2 of the number of tables a [splitMap] is split into.
const splitBits = 4

// splitMap is a swiss map split by key into independent tables, made on
// first use. A swiss map grows by rehashing into a table twice its size,
// so a single table of n entries briefly needs room for three times its
// slots; split, each table grows on its own and the spike is a
// sixteenth of that, which at a million scattered marks is most of the
// difference between the store's live memory and the process's peak.
type splitMap[V any] struct {
	parts [1 << splitBits]*swiss.Map[uint64, V]
	hint  uint32 // initial capacity of each table
}

func newSplitMap[V any](hint int) splitMap[V] {
	return splitMap[V]{hint: uint32(hint >> splitBits)}
}

// part picks a key's table by its mixed bits, so that neighbouring tiles
// spread over every table.
func part(k uint64) uint64 { return (k * 0x9e3779b97f4a7c15) >> (64 - splitBits) }

func (m *splitMap[V]) Get(k uint64) (V, bool) {
	if t := m.parts[part(k)]; t != nil {
		return t.Get(k)
	}
	var zero V
	return zero, false
}

func (m *splitMap[V]) Put(k uint64, v V) {
	p := &m.parts[part(k)]
	if *p == nil {
		*p = swiss.NewMap[uint64, V](m.hint)
	}
	(*p).Put(k, v)
}

func (m *splitMap[V]) Delete(k uint64) {
	if t := m.parts[part(k)]; t != nil {
		t.Delete(k)
	}
}

func (m *splitMap[V]) Count() int {
	n := 0
	for _, t := range m.parts {
		if t != nil {
			n += t.Count()
		}
	}
	return n
}

// Iter calls f for every entry, in no particular order.
func (m *splitMap[V]) Iter(f func(k uint64, v V)) {
	for _, t := range m.parts {
		if t != nil {
			t.Iter(func(k uint64, v V) bool { f(k, v); return false })
		}
	}
}
