package renju

import (
	"fmt"
	"sync"
)

// Stone is what a cell holds, as the detector sees it.
type Stone uint8

const (
	Empty Stone = iota
	Black
	White
	// Wall is a cell off the board: for black's shapes it blocks a line
	// exactly as a white stone does.
	Wall
)

func (s Stone) String() string {
	switch s {
	case Empty:
		return "empty"
	case Black:
		return "black"
	case White:
		return "white"
	case Wall:
		return "wall"
	}
	return fmt.Sprintf("Stone(%d)", uint8(s))
}

// Board is a position the detector reads. At must answer for any
// coordinates, with [Wall] off the board.
type Board interface {
	At(row, col int) Stone
}

// BoardFunc adapts a function to [Board].
type BoardFunc func(row, col int) Stone

// At calls f.
func (f BoardFunc) At(row, col int) Stone { return f(row, col) }

// Foul is why renju forbids a black move, or None.
type Foul uint8

const (
	None Foul = iota
	// Overline: six or more black stones in an unbroken row.
	Overline
	// DoubleFour: two or more fours at once.
	DoubleFour
	// DoubleThree: two or more threes at once.
	DoubleThree
)

func (f Foul) String() string {
	switch f {
	case None:
		return "none"
	case Overline:
		return "overline"
	case DoubleFour:
		return "double four"
	case DoubleThree:
		return "double three"
	}
	return fmt.Sprintf("Foul(%d)", uint8(f))
}

// Check returns the foul black would commit by playing the empty cell
// (row, col) of b, or None when the move is allowed, as it is when it
// makes five. The answer for a cell that is not empty is None.
func Check(b Board, row, col int) Foul {
	if b.At(row, col) != Empty {
		return None
	}
	return CheckKeys(b, row, col, Keys(b, row, col))
}

// CheckKeys is [Check] for a caller that keeps the cell's line keys itself
// (see [LineKey]): the keys decide most cells alone, and b is read only to
// verify threes. The cell must be empty and keys must be its [Keys].
func CheckKeys(b Board, row, col int, keys [4]LineKey) Foul {
	sh := shapesOf(keys)
	if sh.five || sh.foul != None || sh.threes < 2 {
		return sh.foul
	}
	o := &overlay{b: b}
	return o.threes(row, col, &sh)
}

// LineKey encodes the ten cells around a cell along one of its lines, five
// each side, as black sees them: a base-3 number whose digit for the cell
// at offset i is 0 when it is empty, 1 for a black stone and 2 for a white
// stone or the edge. A search that keeps every cell's four keys up to date
// (placing a stone at offset i from a cell adds its digit times
// [KeyWeight](i) to that cell's key on the line, removing it subtracts as
// much) judges a move with four table lookups through [CheckKeys].
type LineKey uint16

// KeyWeight is the place value in a [LineKey] of the cell at offset i,
// -5..5 and not 0, along the line; 0 for any other offset.
func KeyWeight(i int) LineKey {
	if i == 0 || i < -side || i > side {
		return 0
	}
	return weights[i+side]
}

// weights are the place values of offsets -side..side: the cells are
// read in that order, the first the most significant digit.
var weights = func() (w [lineCells]LineKey) {
	v := LineKey(1)
	for i := lineCells - 1; i >= 0; i-- {
		if i == side {
			continue
		}
		w[i] = v
		v *= 3
	}
	return w
}()

// Keys returns the keys of (row, col)'s four lines, in the order of
// [Directions].
func Keys(b Board, row, col int) [4]LineKey {
	var keys [4]LineKey
	for i, d := range dirs {
		k := LineKey(0)
		for j := -side; j <= side; j++ {
			if j != 0 {
				k = k*3 + LineKey(trit[b.At(row+j*d[0], col+j*d[1])&3])
			}
		}
		keys[i] = k
	}
	return keys
}

// Directions are the steps (row, col) along a cell's four lines: a row, a
// column and the two diagonals, in the order [Keys] returns them.
func Directions() [4][2]int { return dirs }

// Radius is how far from a cell, along its four lines, the stones that can
// make it forbidden lie: a four needs its other stones within four cells.
const Radius = 4

// Near calls yield with every cell that could be forbidden because of a
// black stone at (row, col): the cells within [Radius] of it on its four
// lines. A caller collects the cells near every black stone, removes the
// duplicates and the occupied ones, and asks [Check] about the rest.
func Near(row, col int, yield func(row, col int) bool) {
	for _, d := range dirs {
		for i := -Radius; i <= Radius; i++ {
			if i != 0 && !yield(row+i*d[0], col+i*d[1]) {
				return
			}
		}
	}
}

// dirs are the four lines through a cell: a row, a column and the two
// diagonals.
var dirs = [4][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}}

// overlay is the caller's board with hypothetical black stones on it,
// those the recursive check of threes has placed.
type overlay struct {
	b      Board
	placed [][2]int
}

func (o *overlay) At(row, col int) Stone {
	for _, p := range o.placed {
		if p[0] == row && p[1] == col {
			return Black
		}
	}
	return o.b.At(row, col)
}

// trit is a stone's digit in a line key: empty 0, black 1, anything
// that blocks black 2.
var trit = [4]uint8{0, 1, 2, 2}

// judge reports whether black playing the empty cell (row, col) makes
// five, and otherwise which foul it commits.
func (o *overlay) judge(row, col int) (five bool, foul Foul) {
	sh := shapesOf(Keys(o, row, col))
	if sh.five || sh.foul != None || sh.threes < 2 {
		return sh.five, sh.foul
	}
	return false, o.threes(row, col, &sh)
}

// shapes is what a cell's four line keys say about black playing it.
type shapes struct {
	line   [4]shape
	five   bool
	foul   Foul // Overline or DoubleFour when the keys decide it
	threes int  // lines that look like threes, not yet verified
}

func shapesOf(keys [4]LineKey) shapes {
	t := table()
	var sh shapes
	fours, overline := 0, false
	for i := range keys {
		s := t[keys[i]]
		if s.five() {
			return shapes{five: true}
		}
		overline = overline || s.overline()
		fours += s.fours()
		if s.fours() == 0 && s.extensions() != 0 {
			sh.threes++
		}
		sh.line[i] = s
	}
	switch {
	case overline:
		sh.foul = Overline
	case fours >= 2:
		sh.foul = DoubleFour
	}
	return sh
}

// threes verifies the lines that look like threes when black plays (row,
// col): each counts only if one of the stones that would make its
// straight four is allowed and makes no five. It returns DoubleThree when
// two count.
func (o *overlay) threes(row, col int, sh *shapes) Foul {
	o.placed = append(o.placed, [2]int{row, col})
	defer func() { o.placed = o.placed[:len(o.placed)-1] }()
	real, left := 0, sh.threes
	for i, d := range dirs {
		ext := sh.line[i].extensions()
		if sh.line[i].fours() != 0 || ext == 0 {
			continue
		}
		if real+left < 2 {
			break
		}
		left--
		for j := -side; j <= side && ext != 0; j++ {
			if ext&extBit(j) == 0 {
				continue
			}
			ext &^= extBit(j)
			if five, foul := o.judge(row+j*d[0], col+j*d[1]); !five && foul == None {
				real++
				break
			}
		}
		if real >= 2 {
			return DoubleThree
		}
	}
	return None
}

// side is how many cells each side of the move a line's shape depends on:
// a four's other stones lie within four cells, and the fifth cell beyond
// tells a five from an overline.
const side = 5

// shape is a line's classification for a black stone at its centre,
// packed: bit 0 five, bit 1 overline, bits 2-3 the number of fours, and
// from bit 4 one bit per cell -side..side that makes a straight four.
type shape uint16

func (s shape) five() bool        { return s&1 != 0 }
func (s shape) overline() bool    { return s&2 != 0 }
func (s shape) fours() int        { return int(s>>2) & 3 }
func (s shape) extensions() shape { return s >> 4 }
func extBit(offset int) shape     { return 1 << (offset + side) }

// lineCells is how many cells a line key covers, the centre included.
const lineCells = 2*side + 1

// table is every line's shape, built on first use.
var table = sync.OnceValue(func() []shape {
	n := 1
	for range lineCells - 1 {
		n *= 3
	}
	t := make([]shape, n)
	var line [lineCells]uint8
	for idx := range t {
		// Decode in the order Keys encodes: the first cell read is
		// the most significant digit.
		v := idx
		for i := lineCells - 1; i >= 0; i-- {
			if i == side {
				line[i] = 1
				continue
			}
			line[i] = uint8(v % 3)
			v /= 3
		}
		t[idx] = classify(&line)
	}
	return t
})

// classify computes the shape of a line whose centre holds black's new
// stone. Cells: 0 empty, 1 black, 2 blocked.
func classify(line *[lineCells]uint8) shape {
	lo, hi := run(line, side)
	switch n := hi - lo + 1; {
	case n == 5:
		return 1
	case n > 5:
		return 2
	}
	var s shape
	// Fours: the distinct sets of four stones, the new one among them,
	// that one more stone makes exactly five.
	var first int
	fours := 0
	for e := range lineCells {
		if line[e] != 0 {
			continue
		}
		line[e] = 1
		lo, hi := run(line, side)
		line[e] = 0
		if hi-lo+1 != 5 || e < lo || e > hi {
			continue
		}
		set := (1<<(hi+1) - 1<<lo) &^ (1 << e)
		switch {
		case fours == 0:
			first, fours = set, 1
		case set != first:
			// Two fours on one line at most: more would need stones
			// beyond the cells a five reaches.
			fours = 2
		}
	}
	s |= shape(fours) << 2
	// Threes: the cells that make an unbroken four with the new stone
	// whose two ends each complete exactly five.
	for e := range lineCells {
		if line[e] != 0 {
			continue
		}
		line[e] = 1
		if straightFour(line) {
			s |= 1 << (4 + e)
		}
		line[e] = 0
	}
	return s
}

// straightFour reports whether the centre's unbroken run is four stones
// that a stone at either end makes exactly five.
func straightFour(line *[lineCells]uint8) bool {
	lo, hi := run(line, side)
	if hi-lo+1 != 4 || lo < 2 || hi > lineCells-3 {
		return false
	}
	return line[lo-1] == 0 && line[hi+1] == 0 && line[lo-2] != 1 && line[hi+2] != 1
}

// run returns the first and last cell of the unbroken black run through
// cell i.
func run(line *[lineCells]uint8, i int) (lo, hi int) {
	lo, hi = i, i
	for lo > 0 && line[lo-1] == 1 {
		lo--
	}
	for hi < lineCells-1 && line[hi+1] == 1 {
		hi++
	}
	return lo, hi
}
