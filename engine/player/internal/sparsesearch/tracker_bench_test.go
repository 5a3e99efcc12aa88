package sparsesearch

import (
	"fmt"
	"testing"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/internal/cellkey"
	"github.com/gomoku-engine/gomoku/sparse"
)

// BenchmarkTrackerPlaceUndo is the cost of one look-ahead move and its
// undo on the sparse search's working position (the engine's PlayAs and
// Undo plus the windows bookkeeping), next to the engine's PlayAs and Undo
// alone; the dense window's is BenchmarkBoardPlaceUndo in
// package duel.
func BenchmarkTrackerPlaceUndo(b *testing.B) {
	g, err := engine.New()
	if err != nil {
		b.Fatal(err)
	}
	for _, m := range benchOpening {
		if _, err := g.Play(m[0], m[1]); err != nil {
			b.Fatal(err)
		}
	}
	var s State
	if _, err := s.Sync(g, time.Time{}); err != nil {
		b.Fatal(err)
	}
	cands := s.t.Candidates(g.Turn(), 0, nil)
	cell := func(i int) sparse.Cell {
		r, c := cellkey.Unpack(cands[i%len(cands)].Key)
		return sparse.Cell{Row: r, Col: c}
	}
	for _, k := range []string{"tracker", "engine-only"} {
		b.Run(fmt.Sprintf("op=%s/marks=30", k), func(b *testing.B) {
			i := 0
			for b.Loop() {
				c := cell(i)
				i++
				if k == "tracker" {
					if _, err := s.t.Place(c.Row, c.Col, g.Turn()); err != nil {
						b.Fatal(err)
					}
					s.t.Undo()
					continue
				}
				if _, err := s.t.g.PlayAs(c.Row, c.Col, g.Turn()); err != nil {
					b.Fatal(err)
				}
				if _, err := s.t.g.Undo(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// benchOpening is the position of the place-and-undo benchmarks: 30 moves
// of two greedy players (seeds 3 and 4), as in BenchmarkBoardPlaceUndo.
var benchOpening = [][2]int{
	{0, 0}, {1, 0}, {1, 1}, {0, 1}, {2, 2}, {-1, -1}, {3, 3}, {4, 4}, {1, 2}, {0, 2},
	{1, 3}, {-1, 2}, {-2, 3}, {0, 3}, {1, 4}, {1, 5}, {0, 4}, {3, 1}, {2, 4}, {-1, 4},
	{2, 3}, {2, 1}, {3, 2}, {0, 5}, {-1, 5}, {-2, 6}, {4, 2}, {5, 2}, {4, 1}, {5, 0},
}
