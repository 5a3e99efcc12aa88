package player_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player"
	"github.com/gomoku-engine/gomoku/sparse"
)

// TestSearchLongestDefence: when every move loses, the search answers the
// move that puts the loss off longest, and says it is lost. K = 5, three
// rules (under renju the defender is black in one case and white in the
// other), on a bounded 15×15 board and an infinite one; the search is
// limited by depth or by time.
//
//   - open four: the attacker has four in a row, both ends free; the
//     defender's three, blocked at one end, could make a four, which the
//     attacker would answer with its five. Only an end of the open four is
//     an answer (both lose at the next move; the one that blocks is the
//     sane one).
//   - double three: the attacker has two open threes far apart and the
//     defender the same blocked three. Blocking either three loses in four
//     plies; the defender's four first, which the attacker must block,
//     puts the loss off by two.
func TestSearchLongestDefence(t *testing.T) {
	type scenario struct {
		name     string
		attacker []sparse.Cell
		defender []sparse.Cell
		want     []sparse.Cell
		mateIn   int
	}
	blocked := run(11, 3, 3) // the defender's three, blocked at (11, 2) by the attacker
	scenarios := []scenario{
		{"open four", append(run(7, 5, 4), cells(11, 2, 3, 12)...), append(slices.Clone(blocked), cells(2, 2, 3, 4)...),
			cells(7, 4, 7, 9), -2},
		{"double three", append(append(run(7, 6, 3), column(2, 12, 3)...), cells(11, 2)...), append(slices.Clone(blocked), cells(1, 1, 3, 4)...),
			cells(11, 6, 11, 7), -6},
	}
	for _, rule := range []engine.Rule{engine.Freestyle, engine.Exact, engine.Renju} {
		for _, bounded := range []bool{true, false} {
			for _, sc := range scenarios {
				for _, defender := range []int{1, 2} {
					for _, timed := range []bool{false, true} {
						name := fmt.Sprintf("%v/bounded=%v/%s/defender=%d/timed=%v", rule, bounded, sc.name, defender, timed)
						t.Run(name, func(t *testing.T) {
							opts := []engine.Option{engine.WithRule(rule)}
							if bounded {
								opts = append(opts, engine.WithBounds(15, 15))
							}
							g := setUp(t, opts, map[int][]sparse.Cell{defender: sc.defender, 3 - defender: sc.attacker})
							s := fixedDepth(8)
							if timed {
								// The loss is seen within a few plies, in milliseconds: a
								// budget this wide still reaches it on a loaded machine or
								// under the race detector, and costs nothing, since the
								// search stops once it has.
								s = player.NewSearch(player.WithBudget(3 * time.Second))
							}
							c, err := s.Choose(context.Background(), g, defender)
							require.NoError(t, err)
							st := s.LastStats()
							assert.Contains(t, sc.want, c, "%v (%v, depth %d, %v)", c, st.Reason, st.Depth, st.Elapsed)
							plies, ok := st.MateIn()
							assert.True(t, ok && plies == sc.mateIn, "%v: mate in %d (%v), want %d", st.Reason, plies, ok, sc.mateIn)
						})
					}
				}
			}
		}
	}
}
