// Package cellkey folds a board cell into one 64-bit word: the key of the
// engine's compact history, of its run-length checker's table and of the
// players' maps, where a word hashes and stores more cheaply than a pair
// of ints.
package cellkey

import "cmp"

// Pack folds a cell whose coordinates fit 32 bits (see [sparse.InRange])
// into a key: the row's 32 bits above the column's. Other values would
// alias other cells.
func Pack(row, col int) uint64 {
	return uint64(uint32(int32(row)))<<32 | uint64(uint32(int32(col)))
}

// Unpack is the inverse of [Pack].
func Unpack(key uint64) (row, col int) {
	return int(int32(uint32(key >> 32))), int(int32(uint32(key)))
}

// Compare orders keys as their cells are ordered row-major: by row, then
// by column (the keys' own order differs for negative coordinates). It
// returns -1, 0 or +1, for [slices.SortFunc] and the like.
func Compare(a, b uint64) int {
	ar, ac := Unpack(a)
	br, bc := Unpack(b)
	return cmp.Or(cmp.Compare(ar, br), cmp.Compare(ac, bc))
}
