package engine

import (
	"errors"
	"fmt"
	"testing"
)

// BenchmarkMove measures one move (validate, place, check for a win) and
// its undo on a board already holding marks, for each checker. Play and
// undo alternate so the board's size stays fixed. On the 15 × 15 torus the
// runs near the edges are read across them. Under renju the moves are
// black's, each checked for a foul, on the cells black may play.
func BenchmarkMove(b *testing.B) {
	cases := []struct {
		name string
		opts []Option
	}{
		{"board=15x15/k=5", []Option{WithBounds(15, 15), WithFreeOrder()}},
		{"board=15x15/k=5/rule=exact", []Option{WithBounds(15, 15), WithFreeOrder(), WithRule(Exact)}},
		{"board=15x15/k=5/rule=renju", []Option{WithBounds(15, 15), WithFreeOrder(), WithRule(Renju)}},
		{"board=torus-15x15/k=5", []Option{WithBounds(15, 15), WithTorus(), WithFreeOrder()}},
		{"board=unbounded/k=5", []Option{WithFreeOrder()}},
		{"board=unbounded/k=50", []Option{WithK(50), WithFreeOrder()}},
		{"board=19x19/k=19", []Option{WithBounds(19, 19), WithK(19), WithFreeOrder()}},
	}
	for _, c := range cases {
		for _, kind := range allCheckers {
			g, err := New(append(c.opts, WithChecker(kind))...)
			if err != nil {
				continue // the line counters apply to n×n, K=n only
			}
			// A checkerboard of 2-cell runs in a 15×15 square: busy but no win.
			for r := range 15 {
				for col := range 15 {
					if (r+col/2)%3 != 0 {
						if _, err := g.PlayAs(r, col, 1+(r+col/2)%2); err != nil && !errors.Is(err, ErrForbidden) {
							b.Fatal(err)
						}
					}
				}
			}
			b.Run(fmt.Sprintf("%s/checker=%v", c.name, kind), func(b *testing.B) {
				empties := []struct{ r, c int }{}
				for r := range 15 {
					for col := range 15 {
						if g.At(r, col) == 0 {
							if _, err := g.PlayAs(r, col, 1); err != nil {
								continue // forbidden to black under renju
							}
							if _, err := g.Undo(); err != nil {
								b.Fatal(err)
							}
							empties = append(empties, struct{ r, c int }{r, col})
						}
					}
				}
				i := 0
				for b.Loop() {
					e := empties[i%len(empties)]
					i++
					if _, err := g.PlayAs(e.r, e.c, 1); err != nil {
						b.Fatal(err)
					}
					if _, err := g.Undo(); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
