package main

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/cmd/internal/gomokutest"
)

// TestPbrainKeepsShortClocks plays the built program's pbrain against
// itself under short match clocks (1 s a game + 50 ms a move, 100 ms of
// tolerance) on 15×15, 20×20 and a 100×100 board: no move may lose on
// time or fault otherwise, and the time each side thought stays within
// what its clock gave it.
func TestPbrainKeepsShortClocks(t *testing.T) {
	bin := gomokutest.Binary(t)
	for _, side := range []int{15, 20, 100} {
		t.Run(fmt.Sprintf("%dx%d", side, side), func(t *testing.T) {
			bot := "pbrain:" + bin + ":pbrain"
			r := runBinary(t, bin, "", "match", "--bots", bot+","+bot, "--rows", fmt.Sprint(side), "--cols", fmt.Sprint(side),
				"--tc", "1+0.05", "--tolerance", "100ms", "--games", "2", "--max-moves", "80", "--json")
			require.Equal(t, 0, r.code, r.err)
			var res struct {
				Games int `json:"games"`
				Bots  []struct {
					Name       string `json:"name"`
					Moves      int    `json:"moves"`
					ThinkTotal int64  `json:"think_total_ns"`
					Faults     struct {
						Total int `json:"total"`
						Time  int `json:"time"`
					} `json:"faults"`
				} `json:"bots"`
			}
			require.NoError(t, json.Unmarshal([]byte(r.out), &res))
			require.Equal(t, 2, res.Games)
			for _, b := range res.Bots {
				require.Zero(t, b.Faults.Time, "%s lost on time", b.Name)
				require.Zero(t, b.Faults.Total, "%s faulted", b.Name)
				// Two games of 1 s plus 50 ms a move, and the tolerance.
				budget := int64(2e9 + int64(b.Moves)*50e6 + 2*100e6)
				require.LessOrEqual(t, b.ThinkTotal, budget, "%s thought %d ns over %d moves", b.Name, b.ThinkTotal, b.Moves)
			}
		})
	}
}
