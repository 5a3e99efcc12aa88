package player

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/internal/cellkey"
	"github.com/gomoku-engine/gomoku/sparse"
)

// BenchmarkTrackerPlaceUndo is the cost of one look-ahead move and its
// undo on the searches' working positions: the sparse search's (the
// engine's PlayAs and Undo plus the windows bookkeeping) and the dense
// window's (patterns, shapes and classes), next to the engine's PlayAs and
// Undo alone.
func BenchmarkTrackerPlaceUndo(b *testing.B) {
	g, err := engine.New()
	if err != nil {
		b.Fatal(err)
	}
	bots := []engine.Strategy{NewGreedy(3), NewGreedy(4)}
	for g.Len() < 30 {
		c, _ := bots[g.Turn()-1].Choose(context.Background(), g, g.Turn())
		if _, err := g.Play(c.Row, c.Col); err != nil {
			b.Fatal(err)
		}
	}
	s := NewSearch()
	if _, err := s.sync(g, time.Time{}); err != nil {
		b.Fatal(err)
	}
	cands := s.t.candidates(g.Turn(), 0, nil)
	cell := func(i int) sparse.Cell {
		r, c := cellkey.Unpack(cands[i%len(cands)].key)
		return sparse.Cell{Row: r, Col: c}
	}
	dense := NewSearch()
	if fits, warm := dense.duelSync(g, time.Time{}); !fits || !warm {
		b.Fatal("the position does not fit a window")
	}
	for _, k := range []string{"tracker", "dense", "engine-only"} {
		b.Run(fmt.Sprintf("op=%s/marks=30", k), func(b *testing.B) {
			i := 0
			for b.Loop() {
				c := cell(i)
				i++
				if k == "dense" {
					at, ok := dense.ds.b.index(c.Row, c.Col)
					if !ok {
						b.Fatal("candidate outside the window")
					}
					dense.ds.b.place(at, g.Turn()-1)
					dense.ds.b.undo()
					continue
				}
				if k == "tracker" {
					if _, err := s.t.place(c.Row, c.Col, g.Turn()); err != nil {
						b.Fatal(err)
					}
					s.t.undo()
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
