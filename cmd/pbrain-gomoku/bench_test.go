package main_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
)

// BenchmarkAnswerTime measures how long the binary takes to answer, seen
// from the manager's side of the pipe (from writing TURN to reading the
// move), while two brains play each other on 20×20 under INFO
// timeout_turn. One op is one answered move; p50-ms and max-ms are the
// median and the slowest answer, late the answers slower than the limit.
// On a loaded machine the slowest answers include time the operating
// system did not schedule either process; run with --debug (as a manager
// would show) to see the engine's own time per move.
//
//	go test ./cmd/pbrain-gomoku -run '^$' -bench AnswerTime -benchtime 40x
func BenchmarkAnswerTime(b *testing.B) {
	for _, limit := range []int{1000, 200} {
		b.Run(fmt.Sprintf("timeout_turn=%d", limit), func(b *testing.B) {
			var seats [2]*brain
			for i := range seats {
				seats[i] = startBrain(b, "--seed", fmt.Sprint(i+1))
				seats[i].send(fmt.Sprintf("INFO timeout_turn %d", limit))
				ans, _ := seats[i].answer("START 20")
				require.Equal(b, "OK", ans)
			}
			var lat []time.Duration
			var g *engine.Game
			cmd := ""
			for b.Loop() {
				if g == nil || g.Status() != engine.Ongoing {
					for _, s := range seats {
						if g != nil {
							ans, _ := s.answer("RESTART")
							require.Equal(b, "OK", ans)
						}
					}
					var err error
					g, err = engine.New(engine.WithBounds(20, 20))
					require.NoError(b, err)
					cmd = "BEGIN"
				}
				ans, d := seats[g.Len()%2].answer(cmd)
				lat = append(lat, d)
				x, y, err := parseXY(ans)
				require.NoError(b, err)
				_, err = g.Play(y, x)
				require.NoError(b, err)
				cmd = fmt.Sprintf("TURN %d,%d", x, y)
			}
			slices.Sort(lat)
			late := 0
			for _, d := range lat {
				if d > time.Duration(limit)*time.Millisecond {
					late++
				}
			}
			b.ReportMetric(float64(lat[len(lat)/2])/1e6, "p50-ms")
			b.ReportMetric(float64(lat[len(lat)-1])/1e6, "max-ms")
			b.ReportMetric(float64(late), "late")
		})
	}
}
