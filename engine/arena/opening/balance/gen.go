package main

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/gomoku-engine/gomoku/sparse"
)

// candidate is an opening position: its moves as (row, col) offsets from
// the board's centre, black's first, colours alternating.
type candidate []sparse.Cell

// toMove is the side to move after the opening: 0 black, 1 white.
func (c candidate) toMove() int { return len(c) % 2 }

// String is the opening in the Gomocup offset notation the opening
// package reads: "x,y, x,y", x the column.
func (c candidate) String() string {
	parts := make([]string, len(c))
	for i, m := range c {
		parts[i] = strconv.Itoa(m.Col) + "," + strconv.Itoa(m.Row)
	}
	return strings.Join(parts, ", ")
}

// genSpec shapes the random candidates.
type genSpec struct {
	minStones, maxStones int
	// radius bounds every stone's offset from the centre, in rows and
	// columns.
	radius int
	// gap is the farthest a stone may be (in rows or columns) from the
	// nearest stone placed before it, so that openings stay compact.
	gap int
}

// generate draws a candidate: the first stone on the centre, each next
// one on a free cell within spec.radius of the centre and spec.gap of an
// earlier stone. It gives up (ok false) on a draw with a three or a four,
// which would leave a threat to answer rather than a position to play.
func generate(rng *rand.Rand, spec genSpec) (c candidate, ok bool) {
	n := spec.minStones + rng.IntN(spec.maxStones-spec.minStones+1)
	c = candidate{{}}
	side := 2*spec.radius + 1
	for len(c) < n {
		placed := false
		for range 64 {
			m := sparse.Cell{Row: rng.IntN(side) - spec.radius, Col: rng.IntN(side) - spec.radius}
			if slices.Contains(c, m) || !near(c, m, spec.gap) {
				continue
			}
			c = append(c, m)
			placed = true
			break
		}
		if !placed {
			return nil, false
		}
	}
	return c, !hasThree(c)
}

// near reports whether m is within gap rows and columns of a stone of c.
func near(c candidate, m sparse.Cell, gap int) bool {
	for _, s := range c {
		if abs(s.Row-m.Row) <= gap && abs(s.Col-m.Col) <= gap {
			return true
		}
	}
	return false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// directions are the four line directions, (row, col) steps.
var directions = [4][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}}

// hasThree reports whether some five cells in a row hold three or more
// stones of one colour and none of the other: a three (open, closed or
// split) or a four, a threat the opening would hand to one side.
func hasThree(c candidate) bool {
	colour := make(map[sparse.Cell]int, len(c))
	for i, m := range c {
		colour[m] = i%2 + 1
	}
	for _, m := range c {
		for _, d := range directions {
			for start := -4; start <= 0; start++ {
				var count [3]int
				for k := range 5 {
					cell := sparse.Cell{Row: m.Row + (start+k)*d[0], Col: m.Col + (start+k)*d[1]}
					count[colour[cell]]++
				}
				if count[1] >= 3 && count[2] == 0 || count[2] >= 3 && count[1] == 0 {
					return true
				}
			}
		}
	}
	return false
}

// key names the position up to the board's eight symmetries and to
// translation: the same stones, each the same colour, whatever the order
// they were played in. Two candidates with the same key are one opening
// for the purpose of a test suite.
func key(c candidate) string {
	best := ""
	for s := range 8 {
		stones := make([][3]int, len(c))
		minR, minC := 0, 0
		for i, m := range c {
			r, col := m.Row, m.Col
			if s&1 != 0 {
				r = -r
			}
			if s&2 != 0 {
				col = -col
			}
			if s&4 != 0 {
				r, col = col, r
			}
			stones[i] = [3]int{i % 2, r, col}
			if i == 0 || r < minR {
				minR = r
			}
			if i == 0 || col < minC {
				minC = col
			}
		}
		for i := range stones {
			stones[i][1] -= minR
			stones[i][2] -= minC
		}
		slices.SortFunc(stones, func(a, b [3]int) int {
			for k := range 3 {
				if a[k] != b[k] {
					return a[k] - b[k]
				}
			}
			return 0
		})
		k := fmt.Sprint(stones)
		if best == "" || k < best {
			best = k
		}
	}
	return best
}
