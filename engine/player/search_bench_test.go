package player_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player"
	"github.com/gomoku-engine/gomoku/sparse"
)

// benchPositions are middle-game positions on an unbounded board, K = 5,
// reached by greedy self-play from a few seeds.
func benchPosition(b *testing.B, moves int, seed uint64) *engine.Game {
	b.Helper()
	g := newGame(b)
	bots := []engine.Strategy{player.NewGreedy(seed), player.NewGreedy(seed + 1)}
	for g.Len() < moves && g.Status() == engine.Ongoing {
		c, err := bots[g.Turn()-1].Choose(context.Background(), g, g.Turn())
		if err != nil {
			b.Fatal(err)
		}
		play(b, g, c)
	}
	if g.Status() != engine.Ongoing {
		b.Fatalf("seed %d: game over after %d moves", seed, g.Len())
	}
	return g
}

// BenchmarkSearchNodes reports the alpha-beta's nodes per second at a
// fixed depth on middle-game positions (depth, not time, so that every run
// does the same work; threat searches off, so that only alpha-beta nodes
// count), for the two-player searches on the dense window (the
// screened one, "dense", and the classic one, which prunes so much more
// that it is measured deeper) and, beside them, the sparse search the
// dense window replaced for two players. Nodes per CPU-second
// (the process's, GC included) are reported beside nodes per second of
// wall time, which a loaded machine lowers.
func BenchmarkSearchNodes(b *testing.B) {
	for _, impl := range []struct {
		name   string
		depths []int
		make   func(depth int) *player.Search
	}{
		{"dense", []int{4, 6}, func(depth int) *player.Search {
			return player.NewSearch(player.WithBudget(0), player.WithMaxDepth(depth), player.WithVCF(false), player.WithVCT(false), player.WithDuelSearch(player.Screened))
		}},
		{"classic", []int{8, 12}, func(depth int) *player.Search {
			return player.NewSearch(player.WithBudget(0), player.WithMaxDepth(depth), player.WithVCF(false), player.WithVCT(false))
		}},
		{"sparse", []int{4}, func(depth int) *player.Search {
			return player.ForceSparse(player.NewSearch(player.WithBudget(0), player.WithMaxDepth(depth), player.WithVCF(false), player.WithVCT(false)))
		}},
	} {
		for _, moves := range []int{10, 30} {
			for _, depth := range impl.depths {
				b.Run(fmt.Sprintf("search=%s/marks=%d/depth=%d", impl.name, moves, depth), func(b *testing.B) {
					measureNodes(b, benchPosition(b, moves, 3), func() *player.Search { return impl.make(depth) })
				})
			}
		}
	}
}

// measureNodes has a fresh search from newSearch choose a move in g every
// iteration and reports nodes per second of wall time and of the
// process's CPU time, and nodes per move.
func measureNodes(b *testing.B, g *engine.Game, newSearch func() *player.Search) {
	b.Helper()
	var nodes int64
	var spent time.Duration
	cpu0 := processCPU()
	for b.Loop() {
		s := newSearch()
		if _, err := s.Choose(context.Background(), g, g.Turn()); err != nil {
			b.Fatal(err)
		}
		nodes += s.LastStats().Nodes
		spent += s.LastStats().Elapsed
	}
	b.ReportMetric(float64(nodes)/spent.Seconds(), "nodes/s")
	if cpu := processCPU() - cpu0; cpu > 0 {
		b.ReportMetric(float64(nodes)/cpu.Seconds(), "nodes/cpu-s")
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// BenchmarkRenjuNodes compares the two-player search's nodes per second
// under renju with freestyle's on the same positions: 15 × 15 middle
// games from greedy renju self-play (legal under both rules), searched
// at a fixed depth with the threat searches on, where renju's forbidden
// cells are checked.
func BenchmarkRenjuNodes(b *testing.B) {
	for _, moves := range []int{12, 30} {
		hist := renjuBenchHistory(b, moves, 5)
		for _, rule := range []engine.Rule{engine.Freestyle, engine.Renju} {
			b.Run(fmt.Sprintf("marks=%d/rule=%v", moves, rule), func(b *testing.B) {
				g := newGame(b, engine.WithRule(rule), engine.WithBounds(15, 15))
				for _, m := range hist {
					play(b, g, sparse.Cell{Row: m.Row, Col: m.Col})
				}
				// The tables each rule builds once per process are built
				// before the measurement.
				if _, err := player.NewSearch(player.WithBudget(0), player.WithMaxDepth(1)).Choose(context.Background(), g, g.Turn()); err != nil {
					b.Fatal(err)
				}
				measureNodes(b, g, func() *player.Search { return player.NewSearch(player.WithBudget(0), player.WithMaxDepth(6)) })
			})
		}
	}
}

// renjuBenchHistory plays greedy renju self-play on 15 × 15 for the
// given number of moves, from the first seed counting from seed whose
// game lasts that long.
func renjuBenchHistory(b *testing.B, moves int, seed uint64) []engine.Move {
	b.Helper()
	for try := range uint64(100) {
		g := newGame(b, engine.WithRule(engine.Renju), engine.WithBounds(15, 15))
		bots := []engine.Strategy{player.NewGreedy(seed + 2*try), player.NewGreedy(seed + 2*try + 1)}
		for g.Len() < moves && g.Status() == engine.Ongoing {
			c, err := bots[g.Turn()-1].Choose(context.Background(), g, g.Turn())
			if err != nil {
				b.Fatal(err)
			}
			play(b, g, c)
		}
		if g.Status() == engine.Ongoing {
			return g.History()
		}
	}
	b.Fatalf("no greedy game from seed %d lasts %d moves", seed, moves)
	return nil
}
