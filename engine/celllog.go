package engine

import (
	"math"
	"math/bits"
	"slices"
)

// cellChunk is the number of cells in each full chunk of a [cellLog].
const cellChunk = 1 << 12

// cellLog is a LIFO list of cells that packs all but its latest cells
// tightly. Cells are kept in chunks of cellChunk; the last one or two are
// open, a plain array that push and pop use, and the others are frozen:
// each cell stored as its offset from the chunk's least row and column,
// in just as many bits as the chunk's extent needs. The moves of a game
// cluster, so a million of them take about 22 bits each instead of 64,
// while cells spread over the whole plane still fit in 64.
//
// A chunk is frozen only when a third open one is needed and thawed only
// when both open ones are empty, so at least cellChunk pushes or pops lie
// between two of these: a look-ahead that plays and takes back moves at a
// chunk boundary never repacks a chunk. Frozen chunks are never written
// again, so clones share them.
type cellLog struct {
	frozen []frozenCells // oldest first
	open   [][2]int32    // the open chunks, concatenated; at most 2 × cellChunk cells
	// spare is an emptied chunk's array, kept for the next one.
	spare [][2]int32
	n     int
}

// frozenCells is a full chunk, packed.
type frozenCells struct {
	row0, col0 int32
	colBits    uint8
	width      uint8    // bits a cell: the row's offset above colBits bits of the column's
	words      []uint64 // cellChunk cells of width bits, and one spare word
}

func (l *cellLog) Len() int { return l.n }

func (l *cellLog) push(row, col int32) {
	if len(l.open) == 2*cellChunk {
		l.freeze()
	}
	if len(l.open) == cap(l.open) && len(l.open) >= cellChunk {
		// Make room for a second open chunk without append's doubling,
		// reusing the array a thaw or freeze left over.
		grown := l.spare[:0]
		if cap(grown) < 2*cellChunk {
			grown = make([][2]int32, 0, 2*cellChunk)
		}
		l.open, l.spare = append(grown, l.open...), l.open[:0]
	}
	// The first chunk grows by appending, so a short game stays small.
	l.open = append(l.open, [2]int32{row, col})
	l.n++
}

// at returns the i-th cell; 0 ≤ i < Len.
func (l *cellLog) at(i int) (row, col int32) {
	if c := i / cellChunk; c < len(l.frozen) {
		return l.frozen[c].at(i % cellChunk)
	}
	v := l.open[i-len(l.frozen)*cellChunk]
	return v[0], v[1]
}

// pop removes and returns the latest cell; Len must be positive.
func (l *cellLog) pop() (row, col int32) {
	if len(l.open) == 0 {
		l.thaw()
	}
	v := l.open[len(l.open)-1]
	l.open = l.open[:len(l.open)-1]
	l.n--
	return v[0], v[1]
}

// freeze packs the older of two full open chunks.
func (l *cellLog) freeze() {
	l.frozen = append(l.frozen, packCells(l.open[:cellChunk]))
	l.open = l.open[:copy(l.open, l.open[cellChunk:])]
}

// thaw unpacks the latest frozen chunk into the empty open chunks.
func (l *cellLog) thaw() {
	f := l.frozen[len(l.frozen)-1]
	l.frozen = l.frozen[:len(l.frozen)-1]
	if cap(l.open) < 2*cellChunk {
		l.open = slices.Grow(l.spare[:0], 2*cellChunk)
		l.spare = nil
	}
	l.open = l.open[:cellChunk]
	for i := range l.open {
		l.open[i][0], l.open[i][1] = f.at(i)
	}
}

// reset empties the log, keeping the open chunks' array.
func (l *cellLog) reset() {
	if l.n == 0 {
		return
	}
	l.frozen, l.open, l.n = nil, l.open[:0], 0
}

// clone returns an independent copy.
func (l *cellLog) clone() cellLog {
	return cellLog{frozen: slices.Clone(l.frozen), open: slices.Clone(l.open), n: l.n}
}

// packCells freezes a full chunk.
func packCells(cells [][2]int32) frozenCells {
	f := frozenCells{row0: math.MaxInt32, col0: math.MaxInt32}
	rowMax, colMax := int32(math.MinInt32), int32(math.MinInt32)
	for _, c := range cells {
		f.row0, rowMax = min(f.row0, c[0]), max(rowMax, c[0])
		f.col0, colMax = min(f.col0, c[1]), max(colMax, c[1])
	}
	rowBits := bits.Len32(uint32(rowMax - f.row0))
	f.colBits = uint8(bits.Len32(uint32(colMax - f.col0)))
	f.width = uint8(rowBits) + f.colBits
	f.words = make([]uint64, (len(cells)*int(f.width)+63)/64+1)
	for i, c := range cells {
		v := uint64(uint32(c[0]-f.row0))<<f.colBits | uint64(uint32(c[1]-f.col0))
		at, shift := i*int(f.width)/64, uint(i*int(f.width)%64)
		f.words[at] |= v << shift
		if shift != 0 {
			f.words[at+1] |= v >> (64 - shift)
		}
	}
	return f
}

// at returns the chunk's i-th cell.
func (f *frozenCells) at(i int) (row, col int32) {
	at, shift := i*int(f.width)/64, uint(i*int(f.width)%64)
	v := f.words[at] >> shift
	if shift != 0 {
		v |= f.words[at+1] << (64 - shift)
	}
	if f.width < 64 {
		v &= 1<<f.width - 1
	}
	return f.row0 + int32(uint32(v>>f.colBits)), f.col0 + int32(uint32(v&(1<<f.colBits-1)))
}
