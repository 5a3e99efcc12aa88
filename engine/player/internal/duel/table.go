package duel

import "unsafe"

// Sizes of the transposition table.
const (
	// DefaultTableMemory is the table's size when none is set: 2^18
	// entries.
	DefaultTableMemory = (1 << defaultTableBits) * int64(unsafe.Sizeof(ttSlot{}))
	defaultTableBits   = 18
	// minTableBits and maxTableBits bound the table: a budget too small
	// for 2^minTableBits entries still gets them (a few hundred KiB), and
	// a huge one stops at 2^maxTableBits (48 GiB).
	minTableBits = 12
	maxTableBits = 31
)

// tableEntries is the number of entries of a table of at most bytes: the
// largest power of two that fits, within the bounds above; 0 or less
// means DefaultTableMemory.
func tableEntries(bytes int64) int {
	if bytes <= 0 {
		bytes = DefaultTableMemory
	}
	slot := int64(unsafe.Sizeof(ttSlot{}))
	bits := minTableBits
	for bits < maxTableBits && slot<<(bits+1) <= bytes {
		bits++
	}
	return 1 << bits
}

// SetTableMemory sizes the transposition table to the largest power of
// two of entries that fits in bytes (0 or less: [DefaultTableMemory]). A
// new size takes effect at the next Sync, which then starts afresh.
func (ds *State) SetTableMemory(bytes int64) { ds.tableMemory = max(bytes, 0) }
