package sparse

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// refRun is Run computed from the golden map alone.
func refRun(want golden, row, col, dr, dc int, mark uint8, limit int) int {
	n := 0
	for n < limit && mark != 0 {
		row, col = row+dr, col+dc
		if !InRange(row, col) || want[Cell{row, col}] != mark {
			break
		}
		n++
	}
	return n
}

// TestRunsAgainstGolden fills small dense regions (so tiles, singles and
// empty tiles all occur, and runs cross tile borders) at the origin and at
// both ends of the coordinate range, then compares Run and AxisRuns on
// every layout with the golden answer, for every cell and several reaches.
func TestRunsAgainstGolden(t *testing.T) {
	origins := []Cell{{0, 0}, {-5, 3}, {MaxCoord - 6, MaxCoord - 6}, {MinCoord, MinCoord + 2}, {MinCoord + 3, MaxCoord - 2}}
	for _, l := range Layouts() {
		t.Run(l.String(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(11, uint64(l)))
			b := newBoard(t, WithLayout(l))
			want := golden{}
			for i, o := range origins {
				for range 150 {
					c := Cell{o.Row + rng.IntN(14) - 7, o.Col + rng.IntN(14) - 7}
					mark := uint8(1 + rng.IntN(2))
					if rng.IntN(10) == 0 {
						mark = uint8(3 + rng.IntN(253)) // rare players up to 255
					}
					if _, taken := want[c]; !taken && InRange(c.Row, c.Col) {
						applyOp(t, b, want, c, mark)
					}
				}
				// The first two regions overlap, so the tiles keep a
				// directory; the far ones then drop it for the cache.
				if s, ok := b.marks.(*tileStore); ok {
					require.Equal(t, i < 2, s.dir != nil, "directory after %d regions", i+1)
				}
				compareRuns(t, b, want, origins[:i+1])
			}
		})
	}
}

// compareRuns compares Run and AxisRuns around each origin with the
// golden answer, for every cell and several reaches.
func compareRuns(t *testing.T, b *Board, want golden, origins []Cell) {
	t.Helper()
	for _, o := range origins {
		for dr := -9; dr <= 9; dr++ {
			for dc := -9; dc <= 9; dc++ {
				r, c := o.Row+dr, o.Col+dc
				if !InRange(r, c) {
					continue
				}
				for _, mark := range []uint8{1, 2, want[Cell{r, c}]} {
					for _, reach := range []int{1, 4, 5, 12} {
						var ref [4]int
						for a, d := range Axes() {
							ref[a] = refRun(want, r, c, d.Row, d.Col, mark, reach) + refRun(want, r, c, -d.Row, -d.Col, mark, reach)
							require.Equal(t, refRun(want, r, c, d.Row, d.Col, mark, reach), b.Run(r, c, d.Row, d.Col, mark, reach),
								"Run from (%d, %d) along %v for %d, reach %d", r, c, d, mark, reach)
						}
						require.Equal(t, ref, b.AxisRuns(r, c, mark, reach), "AxisRuns at (%d, %d) for %d, reach %d", r, c, mark, reach)
					}
				}
			}
		}
	}
}

func TestRunEdgeCases(t *testing.T) {
	b := newBoard(t)
	require.NoError(t, b.Place(0, 1, 1))
	assert.Equal(t, 0, b.Run(0, 0, 0, 1, 0, 5), "mark 0 is never a run")
	assert.Equal(t, 0, b.Run(0, 0, 0, 1, 1, 0), "limit 0 reads nothing")
	assert.Equal(t, [4]int{}, b.AxisRuns(0, 0, 1, 0))
	assert.Equal(t, [4]int{1, 0, 0, 0}, b.AxisRuns(0, 0, 1, 5))
	assert.Equal(t, [4]int{}, b.AxisRuns(1<<40, 0, 1, 5), "cells out of range are empty")
}
