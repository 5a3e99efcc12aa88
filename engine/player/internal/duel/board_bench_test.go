package duel

import (
	"fmt"
	"testing"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
)

// benchOpening is the position of the place-and-undo benchmarks: 30 moves
// of two greedy players (seeds 3 and 4), as in engine/player's
// BenchmarkTrackerPlaceUndo.
var benchOpening = [][2]int{
	{0, 0}, {1, 0}, {1, 1}, {0, 1}, {2, 2}, {-1, -1}, {3, 3}, {4, 4}, {1, 2}, {0, 2},
	{1, 3}, {-1, 2}, {-2, 3}, {0, 3}, {1, 4}, {1, 5}, {0, 4}, {3, 1}, {2, 4}, {-1, 4},
	{2, 3}, {2, 1}, {3, 2}, {0, 5}, {-1, 5}, {-2, 6}, {4, 2}, {5, 2}, {4, 1}, {5, 0},
}

// BenchmarkBoardPlaceUndo is the cost of one look-ahead move and its undo
// on the dense window (patterns, shapes and classes), over the empty cells
// within distance 2 of a mark.
// Under renju black's patterns are wider and forbidden cells are tracked:
// rule=renju against rule=freestyle is that overhead.
func BenchmarkBoardPlaceUndo(b *testing.B) {
	for _, rule := range []engine.Rule{engine.Freestyle, engine.Renju} {
		g, err := engine.New(engine.WithRule(rule), engine.WithFreeOrder())
		if err != nil {
			b.Fatal(err)
		}
		for _, m := range benchOpening {
			if _, err := g.Play(m[0], m[1]); err != nil {
				b.Fatal(err)
			}
		}
		var ds State
		if fits, warm := ds.Sync(g, time.Time{}); !fits || !warm {
			b.Fatal("the position does not fit a window")
		}
		var cells []int
		ds.b.Cands(func(i int) bool { cells = append(cells, i); return true })
		for q := range 2 {
			b.Run(fmt.Sprintf("op=dense/marks=30/rule=%v/player=%d", rule, q+1), func(b *testing.B) {
				i := 0
				for b.Loop() {
					ds.b.Place(cells[i%len(cells)], q)
					ds.b.Undo()
					i++
				}
			})
		}
	}
}
