package duel

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
	"github.com/gomoku-engine/gomoku/engine/record"
	"github.com/gomoku-engine/gomoku/sparse"
)

// orderPositions are the quiet 15×15 middle games of the player
// package's BenchmarkSearchDepth.
var orderPositions = []string{
	"h8h7f8i8g6i9h6f6g7i5i7g8f10g9",
	"h8g7i9i7h9h7j7j9f7i8g6k10l11i10",
	"h8g7f9h7g9e9f8f10f7d8g11e7g10g8",
	"h8g8f9g10g9h9f10e11f11f8f7i7d9f12",
	"h8i7h6h9h7g8f7f6i5h5g7j4d8e9",
	"h8h9h7g9i9g7i8g8g6j9i10i11i6i7",
}

// BenchmarkOrdering searches each of orderPositions afresh to a fixed
// depth (threat searches on, no node or time limit) and reports the
// nodes it took, summed over the positions, and how well the moves were
// ordered: the share of beta cutoffs made by the first move tried and the
// mean rank (from 0) of the move that cut. Run it once:
//
//	go test -run '^$' -bench Ordering -benchtime 1x ./engine/player/internal/duel
func BenchmarkOrdering(b *testing.B) {
	for _, depth := range []int{6, 8} {
		b.Run(fmt.Sprintf("depth=%d", depth), func(b *testing.B) {
			var nodes int64
			var cuts [8]int64
			var spent time.Duration
			for b.Loop() {
				for _, ms := range orderPositions {
					d := orderRun(b, ms, depth)
					start := time.Now()
					if _, ok := d.best(len(d.b.moves) % 2); !ok {
						b.Fatal("no move")
					}
					spent += time.Since(start)
					nodes += d.st.Nodes
					for i, c := range d.cuts {
						cuts[i] += c
					}
				}
			}
			var all, ranks int64
			for i, c := range cuts {
				all += c
				ranks += int64(i) * c
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes")
			b.ReportMetric(float64(nodes)/spent.Seconds(), "nodes/s")
			b.ReportMetric(float64(cuts[0])/float64(all), "first-cut")
			b.ReportMetric(float64(ranks)/float64(all), "cut-rank")
		})
	}
}

// orderRun is a fresh two-player search of the 15×15 freestyle position
// of move string ms, limited only to depth.
func orderRun(b *testing.B, ms string, depth int) *run {
	b.Helper()
	g := gameOf(b, ms)
	ds := &State{failed: make(map[uint64]int)}
	if fits, warm := ds.Sync(g, time.Time{}); !fits || !warm {
		b.Fatal("no window")
	}
	st := &core.Stats{}
	lim := core.Limits{Start: time.Now(), MaxDepth: depth, Width: core.DefaultWidth, VCF: true, VCT: true}
	return &run{Meter: core.NewMeter(context.Background(), st, 0, 64), s: ds, b: ds.b, lim: lim, st: st,
		provisional: new(atomic.Pointer[sparse.Cell])}
}

// gameOf is the 15×15 freestyle game of move string ms.
func gameOf(tb testing.TB, ms string) *engine.Game {
	tb.Helper()
	r, err := record.ParseMoveString(ms)
	require.NoError(tb, err)
	g, err := engine.New(engine.WithBounds(15, 15))
	require.NoError(tb, err)
	for _, m := range r.Moves {
		_, err := g.Play(m.Row, m.Col)
		require.NoError(tb, err)
	}
	return g
}
