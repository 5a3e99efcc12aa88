package player_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player"
	"github.com/gomoku-engine/gomoku/engine/record"
)

// depthPositions are quiet middle-game positions of 15×15 freestyle, 14
// stones each, black to move, no forced win or block in sight: openings
// of bench/openings/center60.txt played on by the search at 40,000 nodes
// a move. The same move strings, sent to
// another engine as BOARD lines, compare its depth with ours.
var depthPositions = []string{
	"h8h7f8i8g6i9h6f6g7i5i7g8f10g9",
	"h8g7i9i7h9h7j7j9f7i8g6k10l11i10",
	"h8g7f9h7g9e9f8f10f7d8g11e7g10g8",
	"h8g8f9g10g9h9f10e11f11f8f7i7d9f12",
	"h8i7h6h9h7g8f7f6i5h5g7j4d8e9",
	"h8h9h7g9i9g7i8g8g6j9i10i11i6i7",
}

// BenchmarkSearchDepth reports, for the search as it plays (threat
// searches on) on depthPositions, the depth iterative deepening completes
// (median and largest over the positions), the nodes per second and the
// mean nodes of a search, under node limits (reproducible), a depth limit
// (nodes to complete depth 8: what a reduction saves) and time limits
// (what a game sees), with the
// default transposition table and a Gomocup-sized one. Run it once:
//
//	go test -run '^$' -bench SearchDepth -benchtime 1x ./engine/player
func BenchmarkSearchDepth(b *testing.B) {
	games := make([]*engine.Game, len(depthPositions))
	for i, ms := range depthPositions {
		r, err := record.ParseMoveString(ms)
		if err != nil {
			b.Fatal(err)
		}
		g, err := engine.New(engine.WithBounds(15, 15))
		if err != nil {
			b.Fatal(err)
		}
		for _, m := range r.Moves {
			if _, err := g.Play(m.Row, m.Col); err != nil {
				b.Fatal(err)
			}
		}
		games[i] = g
	}
	type limit struct {
		name string
		opt  player.SearchOption
	}
	limits := []limit{
		{"nodes=1e5", player.WithMaxNodes(1e5)}, {"nodes=5e5", player.WithMaxNodes(5e5)}, {"nodes=2.5e6", player.WithMaxNodes(2.5e6)},
		{"depth=8", player.WithMaxDepth(8)},
		{"time=200ms", player.WithBudget(200 * time.Millisecond)}, {"time=1s", player.WithBudget(time.Second)}, {"time=5s", player.WithBudget(5 * time.Second)},
	}
	for _, table := range []struct {
		name  string
		bytes int64
	}{{"default", 0}, {"175MiB", 175 << 20}} {
		for _, lim := range limits {
			if table.bytes != 0 && lim.name[:5] != "nodes" {
				continue // the table's effect is measured by nodes
			}
			b.Run(fmt.Sprintf("table=%s/%s", table.name, lim.name), func(b *testing.B) {
				var depths []int
				var nodes int64
				var spent time.Duration
				cpu0 := processCPU()
				for b.Loop() {
					for _, g := range games {
						s := player.NewSearch(player.WithBudget(0), lim.opt, player.WithTableMemory(table.bytes))
						if _, err := s.Choose(context.Background(), g, g.Turn()); err != nil {
							b.Fatal(err)
						}
						st := s.LastStats()
						depths = append(depths, st.Depth)
						nodes += st.Nodes
						spent += st.Elapsed
					}
				}
				slices.Sort(depths)
				b.ReportMetric(float64(depths[len(depths)/2]), "depth-median")
				b.ReportMetric(float64(depths[len(depths)-1]), "depth-max")
				b.ReportMetric(float64(nodes)/spent.Seconds(), "nodes/s")
				b.ReportMetric(float64(nodes)/float64(len(depths)), "nodes/search")
				if cpu := processCPU() - cpu0; cpu > 0 {
					b.ReportMetric(float64(nodes)/cpu.Seconds(), "nodes/cpu-s")
				}
			})
		}
	}
}
