package renju_test

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/gomoku-engine/gomoku/engine/renju"
)

// position is a board for tests: stones in a map, bounded to rows × cols
// when both are positive.
type position struct {
	stones     map[[2]int]renju.Stone
	rows, cols int
}

func (p *position) At(row, col int) renju.Stone {
	if p.rows > 0 && (row < 0 || col < 0 || row >= p.rows || col >= p.cols) {
		return renju.Wall
	}
	return p.stones[[2]int{row, col}]
}

func (p *position) set(row, col int, s renju.Stone) {
	if s == renju.Empty {
		delete(p.stones, [2]int{row, col})
		return
	}
	p.stones[[2]int{row, col}] = s
}

// diagram reads rows of 'X' (black), 'O' (white) and '.' (empty); any
// other byte is empty too, and a '*' marks the cell a test asks about
// (the last one, or (-1, -1) for none). Rows are separated by newlines.
// With bounded, the board is the diagram's size; otherwise it is
// unbounded and empty around the diagram.
func diagram(s string, bounded bool) (p *position, star [2]int) {
	p = &position{stones: map[[2]int]renju.Stone{}}
	star = [2]int{-1, -1}
	lines := strings.Split(strings.Trim(s, "\n"), "\n")
	for r, line := range lines {
		for c := 0; c < len(line); c++ {
			switch line[c] {
			case 'X':
				p.set(r, c, renju.Black)
			case 'O':
				p.set(r, c, renju.White)
			case '*':
				star = [2]int{r, c}
			}
			p.cols = max(p.cols, c+1)
		}
	}
	p.rows = len(lines)
	if !bounded || p.cols == 0 {
		p.rows, p.cols = 0, 0
	}
	return p, star
}

func (p *position) String() string {
	var b strings.Builder
	r0, c0, r1, c1 := 0, 0, p.rows-1, p.cols-1
	if p.rows == 0 {
		r0, c0, r1, c1 = 1<<30, 1<<30, -1<<30, -1<<30
		for k := range p.stones {
			r0, c0, r1, c1 = min(r0, k[0]), min(c0, k[1]), max(r1, k[0]), max(c1, k[1])
		}
	}
	for r := r0; r <= r1; r++ {
		for c := c0; c <= c1; c++ {
			b.WriteByte(".XOW"[p.At(r, c)])
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// randomPosition scatters stones on a size × size board, black more often
// than white so that threes and fours, and the nested cases among them,
// are common.
func randomPosition(rng *rand.Rand, size int, bounded bool) *position {
	p := &position{stones: map[[2]int]renju.Stone{}}
	if bounded {
		p.rows, p.cols = size, size
	}
	black, white := 0.2+0.25*rng.Float64(), 0.15*rng.Float64()
	for r := range size {
		for c := range size {
			switch x := rng.Float64(); {
			case x < black:
				p.set(r, c, renju.Black)
			case x < black+white:
				p.set(r, c, renju.White)
			}
		}
	}
	return p
}

var lineDirs = [4][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}}

// The referee below is written from the RIF definitions with no regard
// for speed: it places stones on the map and counts, trying every cell of
// a line where the fast detector reads a table. depth bounds the
// recursion into the threes' completion stones: below zero it is
// unbounded; at zero every three counts without its completion being
// checked, which tells the nested cases from the plain ones.

// refJudge reports whether black playing the empty (row, col) makes five,
// and otherwise its foul.
func refJudge(p *position, row, col, depth int) (bool, renju.Foul) {
	p.set(row, col, renju.Black)
	defer p.set(row, col, renju.Empty)
	var runs [4][]([2]int)
	for i, d := range lineDirs {
		runs[i] = unbrokenRun(p, row, col, d)
		if len(runs[i]) == 5 {
			return true, renju.None
		}
	}
	for i := range lineDirs {
		if len(runs[i]) >= 6 {
			return false, renju.Overline
		}
	}
	fours := 0
	for _, d := range lineDirs {
		fours += countFours(p, row, col, d)
	}
	if fours >= 2 {
		return false, renju.DoubleFour
	}
	threes := 0
	for _, d := range lineDirs {
		if isThree(p, row, col, d, depth) {
			threes++
		}
	}
	if threes >= 2 {
		return false, renju.DoubleThree
	}
	return false, renju.None
}

// unbrokenRun lists the black stones of the unbroken row through (row,
// col) along d.
func unbrokenRun(p *position, row, col int, d [2]int) [][2]int {
	lo, hi := 0, 0
	for p.At(row+(lo-1)*d[0], col+(lo-1)*d[1]) == renju.Black {
		lo--
	}
	for p.At(row+(hi+1)*d[0], col+(hi+1)*d[1]) == renju.Black {
		hi++
	}
	var cells [][2]int
	for i := lo; i <= hi; i++ {
		cells = append(cells, [2]int{row + i*d[0], col + i*d[1]})
	}
	return cells
}

// lineCells are the cells of the line through (row, col) along d, far
// enough each way to reach any five through it.
func lineCells(row, col int, d [2]int) [][2]int {
	var cells [][2]int
	for i := -6; i <= 6; i++ {
		if i != 0 {
			cells = append(cells, [2]int{row + i*d[0], col + i*d[1]})
		}
	}
	return cells
}

// countFours counts the fours through the black stone at (row, col) along
// d: the distinct sets of four stones, that one among them, which one more
// stone turns into exactly five.
func countFours(p *position, row, col int, d [2]int) int {
	sets := map[string]bool{}
	for _, e := range lineCells(row, col, d) {
		if p.At(e[0], e[1]) != renju.Empty {
			continue
		}
		p.set(e[0], e[1], renju.Black)
		five := unbrokenRun(p, row, col, d)
		p.set(e[0], e[1], renju.Empty)
		if len(five) != 5 || !contains(five, e) {
			continue
		}
		sets[fmt.Sprint(without(five, e))] = true
	}
	return len(sets)
}

// isThree reports whether the black stone at (row, col) is part of a three
// along d: a stone on the line makes a straight four with it, and that
// stone makes no five and is not forbidden itself.
func isThree(p *position, row, col int, d [2]int, depth int) bool {
	for _, e := range lineCells(row, col, d) {
		if p.At(e[0], e[1]) != renju.Empty {
			continue
		}
		p.set(e[0], e[1], renju.Black)
		straight := isStraightFour(p, row, col, d, e)
		p.set(e[0], e[1], renju.Empty)
		if !straight {
			continue
		}
		if depth == 0 {
			return true
		}
		if five, foul := refJudge(p, e[0], e[1], depth-1); !five && foul == renju.None {
			return true
		}
	}
	return false
}

// isStraightFour reports whether the unbroken row through (row, col) along
// d is four stones, e among them, that two different stones each turn into
// exactly five.
func isStraightFour(p *position, row, col int, d [2]int, e [2]int) bool {
	four := unbrokenRun(p, row, col, d)
	if len(four) != 4 || !contains(four, e) {
		return false
	}
	ways := 0
	for _, f := range lineCells(row, col, d) {
		if p.At(f[0], f[1]) != renju.Empty {
			continue
		}
		p.set(f[0], f[1], renju.Black)
		if len(unbrokenRun(p, row, col, d)) == 5 {
			ways++
		}
		p.set(f[0], f[1], renju.Empty)
	}
	return ways >= 2
}

func contains(cells [][2]int, c [2]int) bool {
	for _, x := range cells {
		if x == c {
			return true
		}
	}
	return false
}

func without(cells [][2]int, c [2]int) [][2]int {
	var out [][2]int
	for _, x := range cells {
		if x != c {
			out = append(out, x)
		}
	}
	return out
}

// refCheck is the referee's answer to [renju.Check].
func refCheck(p *position, row, col int) renju.Foul {
	if p.At(row, col) != renju.Empty {
		return renju.None
	}
	_, foul := refJudge(p, row, col, -1)
	return foul
}
