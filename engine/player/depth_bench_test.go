package player_test

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player"
	"github.com/gomoku-engine/gomoku/engine/record"
)

// middleGames reads the quiet middle-game positions the depth and
// ordering benchmarks share (see the file's header).
func middleGames(b *testing.B) []string {
	data, err := os.ReadFile("internal/duel/testdata/middlegames.txt")
	if err != nil {
		b.Fatal(err)
	}
	var out []string
	for _, l := range strings.Split(string(data), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out
}

// middleGamePositions are the middle games as 15×15 freestyle games.
func middleGamePositions(b *testing.B) []*engine.Game {
	var games []*engine.Game
	for _, ms := range middleGames(b) {
		r, err := record.ParseMoveString(ms)
		if err != nil {
			b.Fatal(err)
		}
		g, err := r.Game(engine.WithBounds(15, 15))
		if err != nil {
			b.Fatal(err)
		}
		games = append(games, g)
	}
	return games
}

// BenchmarkSearchDepth reports, for each two-player search as it plays
// (threat searches on) on the middle games of
// internal/duel/testdata/middlegames.txt, the depth iterative deepening completes
// (median and largest over the positions), the nodes per second and the
// mean nodes of a search, under node limits (reproducible), a depth limit
// (nodes to complete depth 8: what a reduction saves) and time limits
// (what a game sees), with the
// default transposition table and a Gomocup-sized one. Every search makes
// a fresh table, so the big table's rows pay for faulting it in as well;
// BenchmarkTableInPlay measures what its size costs a search kept from
// move to move. Run it once:
//
//	go test -run '^$' -bench SearchDepth -benchtime 1x ./engine/player
func BenchmarkSearchDepth(b *testing.B) {
	games := middleGamePositions(b)
	type limit struct {
		name string
		opt  player.SearchOption
	}
	limits := []limit{
		{"nodes=1e5", player.WithMaxNodes(1e5)}, {"nodes=5e5", player.WithMaxNodes(5e5)}, {"nodes=2.5e6", player.WithMaxNodes(2.5e6)},
		{"depth=8", player.WithMaxDepth(8)},
		{"time=200ms", player.WithBudget(200 * time.Millisecond)}, {"time=1s", player.WithBudget(time.Second)}, {"time=5s", player.WithBudget(5 * time.Second)},
	}
	for _, duel := range []player.DuelSearch{player.Classic, player.Screened} {
		for _, table := range []struct {
			name  string
			bytes int64
		}{{"default", 0}, {"175MiB", 175 << 20}} {
			for _, lim := range limits {
				if table.bytes != 0 && lim.name[:5] != "nodes" {
					continue // the table's effect is measured by nodes
				}
				b.Run(fmt.Sprintf("duel=%v/table=%s/%s", duel, table.name, lim.name), func(b *testing.B) {
					cpu0 := processCPU()
					nodes := reportSearches(b, games, player.WithBudget(0), lim.opt, player.WithTableMemory(table.bytes), player.WithDuelSearch(duel))
					if cpu := processCPU() - cpu0; cpu > 0 {
						b.ReportMetric(float64(nodes)/cpu.Seconds(), "nodes/cpu-s")
					}
				})
			}
		}
	}
}

// BenchmarkThreads reports what more threads give the screened search
// (the figures in the player README are its) as it plays,
// on the same middle games as BenchmarkSearchDepth, at a time per move:
// the depth iterative deepening completes (median and largest), the
// nodes every thread searched together per second of the move, and the
// nodes of a search. Run it once on an idle machine with the cores:
//
//	go test -run '^$' -bench Threads -benchtime 1x ./engine/player
func BenchmarkThreads(b *testing.B) {
	games := middleGamePositions(b)
	for _, think := range []time.Duration{time.Second, 5 * time.Second} {
		for _, threads := range []int{1, 2, 4} {
			b.Run(fmt.Sprintf("time=%v/threads=%d", think, threads), func(b *testing.B) {
				reportSearches(b, games, player.WithBudget(think), player.WithThreads(threads), player.WithDuelSearch(player.Screened))
			})
		}
	}
}

// reportSearches has a fresh search made with opts choose a move in every
// game, as many times as b asks, and reports the depth completed (median
// and largest), the nodes a second of the searches' own time and the
// nodes of a search; it returns the nodes of them all.
func reportSearches(b *testing.B, games []*engine.Game, opts ...player.SearchOption) int64 {
	var depths []int
	var nodes int64
	var spent time.Duration
	for b.Loop() {
		for _, g := range games {
			s := player.NewSearch(opts...)
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
	return nodes
}
