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

// TestSearchAnswersForcedMovesAtOnce: with five seconds to spend, a move
// with one answer (the block of a four, or of an open four, which loses
// anyway) is answered without thinking, on a bounded and an infinite
// board.
func TestSearchAnswersForcedMovesAtOnce(t *testing.T) {
	for _, bounded := range []bool{true, false} {
		for _, tc := range []struct {
			name     string
			attacker []sparse.Cell
			defender []sparse.Cell
			want     []sparse.Cell
		}{
			{"four", run(7, 5, 4), cells(7, 4, 3, 3, 10, 12, 12, 3), cells(7, 9)},
			{"open four", run(7, 5, 4), cells(3, 3, 10, 12, 12, 3, 3, 12), cells(7, 4, 7, 9)},
		} {
			t.Run(fmt.Sprintf("bounded=%v/%s", bounded, tc.name), func(t *testing.T) {
				var opts []engine.Option
				if bounded {
					opts = append(opts, engine.WithBounds(20, 20))
				}
				g := setUp(t, opts, map[int][]sparse.Cell{1: tc.attacker, 2: tc.defender})
				s := player.NewSearch(player.WithBudget(5 * time.Second))
				c, err := s.Choose(context.Background(), g, 2)
				require.NoError(t, err)
				assert.Contains(t, tc.want, c)
				st := s.LastStats()
				assert.Equal(t, player.ReasonOnlyMove, st.Reason)
				assert.Less(t, st.Elapsed, 500*time.Millisecond, "a forced move took %v", st.Elapsed)
			})
		}
	}
}

// TestSearchKeepsShortBudgets: at 100 ms a move, on 20×20 and on an
// infinite board, self-play from the centre answers every move within the
// budget. A move late on the wall clock fails when the process still used
// CPU time after the budget ran out (more than a tenth of it): a search
// that stops at its deadline only unwinds then, so a late move that did
// not compute waited for a core on a loaded machine, and does not count.
// Comparing the move's whole CPU time with the budget instead would
// excuse any overrun on a machine loaded enough that the search gets a
// fraction of a core.
func TestSearchKeepsShortBudgets(t *testing.T) {
	const budget = 100 * time.Millisecond
	for _, bounded := range []bool{true, false} {
		t.Run(fmt.Sprintf("bounded=%v", bounded), func(t *testing.T) {
			g := centreGame(t, bounded)
			s := player.NewSearch(player.WithBudget(budget))
			for range 10 {
				if g.Status() != engine.Ongoing {
					break
				}
				atBudget := make(chan time.Duration, 1)
				timer := time.AfterFunc(budget, func() { atBudget <- processCPU() })
				c, err := s.Choose(context.Background(), g, g.Turn())
				end := processCPU()
				require.NoError(t, err)
				st := s.LastStats()
				if !timer.Stop() && st.Elapsed > budget+budget/10 {
					if after := end - <-atBudget; end == 0 || after > budget/10 {
						t.Errorf("move %d (%s, depth %d) took %v, %v of CPU time after its budget", g.Len(), st.Reason, st.Depth, st.Elapsed, after)
					}
				}
				play(t, g, c)
			}
		})
	}
}

// TestSearchAimsAtItsOptimum: with 4 s to the deadline but an optimum
// of 50 ms ([player.ContextWithOptimum]), self-play from the centre on
// 20×20 and on an infinite board stops deepening near the optimum: no
// iteration starts past 2.5 optimums, so a move ends once the iteration
// under way does, far from the deadline; without the optimum the search
// aims at half its time.
func TestSearchAimsAtItsOptimum(t *testing.T) {
	const deadline, optimum = 4 * time.Second, 50 * time.Millisecond
	for _, bounded := range []bool{true, false} {
		t.Run(fmt.Sprintf("bounded=%v", bounded), func(t *testing.T) {
			g := centreGame(t, bounded)
			s := player.NewSearch(player.WithBudget(0))
			var took []time.Duration
			for range 6 {
				if g.Status() != engine.Ongoing {
					break
				}
				start := time.Now()
				ctx, cancel := context.WithDeadline(context.Background(), start.Add(deadline))
				c, err := s.Choose(player.ContextWithOptimum(ctx, start.Add(optimum)), g, g.Turn())
				cancel()
				require.NoError(t, err)
				took = append(took, s.LastStats().Elapsed)
				play(t, g, c)
			}
			slices.Sort(took)
			// The median move: a loaded machine may stretch one iteration,
			// not most of them.
			assert.Less(t, took[len(took)/2], deadline/4, "moves took %v", took)
		})
	}
}

// centreGame is a game of three marks around (10, 10), on 20×20 when
// bounded, else on an infinite board.
func centreGame(t *testing.T, bounded bool) *engine.Game {
	t.Helper()
	var opts []engine.Option
	if bounded {
		opts = append(opts, engine.WithBounds(20, 20))
	}
	g := newGame(t, opts...)
	play(t, g, cells(10, 10, 9, 11, 11, 11)...)
	return g
}
