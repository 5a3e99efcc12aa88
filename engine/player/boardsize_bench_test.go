package player_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player"
	"github.com/gomoku-engine/gomoku/engine/record"
)

// BenchmarkBoardSize runs the search as it plays, under a node limit, on
// the positions of BenchmarkSearchDepth laid out at the centre of 15×15
// and of 20×20 boards, under both rules, and reports the depth completed
// (median and largest), the nodes per CPU second and, as moves-<hash>, a
// digest of the moves chosen: equal digests across board sizes say the
// board's size changed no decision. Run it once:
//
//	go test -run '^$' -bench BoardSize -benchtime 1x ./engine/player
func BenchmarkBoardSize(b *testing.B) {
	for _, rule := range []engine.Rule{engine.Freestyle, engine.Exact} {
		for _, side := range []int{15, 20, 25} {
			positions := middleGames(b)
			games := make([]*engine.Game, len(positions))
			shift := side/2 - 7 // the 15×15 centre h8 is (7, 7)
			for i, ms := range positions {
				r, err := record.ParseMoveString(ms)
				if err != nil {
					b.Fatal(err)
				}
				g, err := engine.New(engine.WithBounds(side, side), engine.WithRule(rule))
				if err != nil {
					b.Fatal(err)
				}
				for _, m := range r.Moves {
					if _, err := g.Play(m.Row+shift, m.Col+shift); err != nil {
						b.Fatal(err)
					}
				}
				games[i] = g
			}
			for _, lim := range []struct {
				name string
				opt  player.SearchOption
			}{{"depth=6", player.WithMaxDepth(6)}, {"nodes=5e5", player.WithMaxNodes(5e5)}} {
				b.Run(fmt.Sprintf("rule=%v/board=%dx%d/%s", rule, side, side, lim.name), func(b *testing.B) {
					var depths []int
					var nodes int64
					var moves []string
					cpu0 := processCPU()
					for b.Loop() {
						moves = moves[:0]
						for _, g := range games {
							s := player.NewSearch(player.WithBudget(0), lim.opt, player.WithDuelSearch(player.Screened))
							c, err := s.Choose(context.Background(), g, g.Turn())
							if err != nil {
								b.Fatal(err)
							}
							st := s.LastStats()
							depths = append(depths, st.Depth)
							nodes += st.Nodes
							moves = append(moves, fmt.Sprintf("%d,%d/%d", c.Row-shift, c.Col-shift, st.Score))
						}
					}
					slices.Sort(depths)
					b.ReportMetric(float64(depths[len(depths)/2]), "depth-median")
					b.ReportMetric(float64(depths[len(depths)-1]), "depth-max")
					if cpu := processCPU() - cpu0; cpu > 0 {
						b.ReportMetric(float64(nodes)/cpu.Seconds(), "nodes/cpu-s")
					}
					b.Logf("moves (centred on 15×15) / score: %v", moves)
				})
			}
		}
	}
}
