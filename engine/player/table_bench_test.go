package player_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player"
)

// BenchmarkTableInPlay reports the node rate of a search kept from move
// to move, as a brain keeps it through a game: from each middle game of
// BenchmarkSearchDepth, one search plays both sides for a few moves at a
// fixed number of nodes, its table carried from move to move and cleared
// for the next game. Unlike BenchmarkSearchDepth, whose every search
// makes a fresh table, a row allocates and faults in its table once for
// all its 72 searches, so the rows show mostly what the table's size
// costs in the cache and the TLB. The sizes are the default, a table four times as
// large and the brain's at the Gomocup's max_memory of 350 MB:
//
//	GOMAXPROCS=1 go test -run '^$' -bench TableInPlay -benchtime 1x ./engine/player
func BenchmarkTableInPlay(b *testing.B) {
	const moves = 6
	games := middleGamePositions(b)
	for _, table := range []struct {
		name  string
		bytes int64
	}{{"6MiB", 0}, {"24MiB", 24 << 20}, {"96MiB", 96 << 20}} {
		for _, nodes := range []struct {
			name string
			n    int64
		}{{"2e5", 2e5}, {"1e6", 1e6}} {
			b.Run(fmt.Sprintf("table=%s/nodes=%s", table.name, nodes.name), func(b *testing.B) {
				s := player.NewSearch(player.WithBudget(0), player.WithMaxNodes(nodes.n), player.WithTableMemory(table.bytes), player.WithDuelSearch(player.Screened))
				var searched int64
				cpu0 := processCPU()
				for b.Loop() {
					for _, start := range games {
						g := start.Clone()
						for range moves {
							c, err := s.Choose(context.Background(), g, g.Turn())
							if err != nil {
								b.Fatal(err)
							}
							searched += s.LastStats().Nodes
							if out, err := g.Play(c.Row, c.Col); err != nil {
								b.Fatal(err)
							} else if out != engine.Ongoing {
								break
							}
						}
					}
				}
				if cpu := processCPU() - cpu0; cpu > 0 {
					b.ReportMetric(float64(searched)/cpu.Seconds(), "nodes/cpu-s")
				}
			})
		}
	}
}
