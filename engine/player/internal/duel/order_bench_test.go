package duel

import (
	"context"
	"fmt"
	"math"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
	"github.com/gomoku-engine/gomoku/sparse"
)

// BenchmarkOrdering searches each of the middle games of
// testdata/middlegames.txt afresh to a fixed
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
			positions := middleGames(b)
			for b.Loop() {
				for _, ms := range positions {
					d := orderRun(b, ms, depth)
					start := time.Now()
					if _, ok := d.best(len(d.b.Moves) % 2); !ok {
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
func orderRun(b testing.TB, ms string, depth int) *run {
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

// middleGames reads testdata/middlegames.txt: one move string a line, #
// comments.
func middleGames(b testing.TB) []string {
	data, err := os.ReadFile("testdata/middlegames.txt")
	require.NoError(b, err)
	var out []string
	for _, l := range strings.Split(string(data), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out
}

// BenchmarkNodeSpeed is the speed of a search node with and without the
// staged move picker (gen=staged, or gen=scan: every move generated
// first) and the undo that restores saved cell states (undo=restore, or
// undo=rejudge: every changed cell judged again): the same searches as
// BenchmarkOrdering, which visit the same nodes every way, so nodes/s
// compares them. Run it once, or a few times to see the spread on a busy
// machine:
//
//	go test -run '^$' -bench NodeSpeed -benchtime 1x -count 3 ./engine/player/internal/duel
func BenchmarkNodeSpeed(b *testing.B) {
	positions := middleGames(b)
	for _, depth := range []int{6, 8} {
		for _, restore := range []bool{false, true} {
			for _, scan := range []bool{true, false} {
				name := fmt.Sprintf("depth=%d/gen=%s/undo=%s", depth,
					map[bool]string{true: "scan", false: "staged"}[scan], map[bool]string{false: "rejudge", true: "restore"}[restore])
				b.Run(name, func(b *testing.B) {
					var nodes int64
					var spent time.Duration
					for b.Loop() {
						for _, ms := range positions {
							d := orderRun(b, ms, depth)
							d.scanAll = scan
							if !restore {
								d.b.SnapFrom = math.MaxInt
							}
							start := time.Now()
							if _, ok := d.best(len(d.b.Moves) % 2); !ok {
								b.Fatal("no move")
							}
							spent += time.Since(start)
							nodes += d.st.Nodes
						}
					}
					b.ReportMetric(float64(nodes)/float64(b.N), "nodes")
					b.ReportMetric(float64(nodes)/spent.Seconds(), "nodes/s")
				})
			}
		}
	}
}
