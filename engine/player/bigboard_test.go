package player_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player"
)

// TestSearchHundredThousandMarks: on an infinite board holding 100,000
// marks, the search answers every move legally and within its budget
// (+10%), while it builds its working board over the first calls and once
// it has, the game going on with random moves. Spread wider, the marks go
// to the sparse search, whose working copy takes longer to build than the
// dozen moves played here (about 25 µs a mark) and whose maps, growing,
// can pause it beyond the budget on a loaded machine: there only legality
// is asserted, and the times are logged.
func TestSearchHundredThousandMarks(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("builds a 100,000-mark game")
	}
	// Marks crowded in a 400×400 square fit the dense window; spread over
	// 1,200×1,200 they do not, and the sparse search plays.
	for _, spread := range []int{400, 1200} {
		t.Run(fmt.Sprintf("spread=%d", spread), func(t *testing.T) { hundredThousandMarks(t, spread) })
	}
}

func hundredThousandMarks(t *testing.T, spread int) {
	g := newGame(t)
	rng := rand.New(rand.NewPCG(5, 6))
	// addRandom plays a random cell that does not end the game.
	addRandom := func(n int) {
		for target := g.Len() + n; g.Len() < target; {
			r, c := rng.IntN(spread)-spread/2, rng.IntN(spread)-spread/2
			if g.CanPlace(r, c) != nil {
				continue
			}
			_, err := g.Play(r, c)
			require.NoError(t, err)
			if g.Status() != engine.Ongoing {
				_, err = g.Undo()
				require.NoError(t, err)
			}
		}
	}
	addRandom(100_000)
	const budget = 300 * time.Millisecond
	s := player.NewSearch(player.WithBudget(budget))
	reasons := map[player.Reason]int{}
	// Building the working board takes several moves' budgets; on a loaded
	// machine a budget buys less CPU time, so it may take more of them.
	built := false
	for moves := 0; moves < 12 || (spread == 400 && !built && moves < 60); moves++ {
		n := g.Len()
		cpu0 := processCPU()
		c, err := s.Choose(context.Background(), g, g.Turn())
		cpu := processCPU() - cpu0
		require.NoError(t, err)
		require.NoError(t, g.CanPlace(c.Row, c.Col), "an illegal cell")
		require.Equal(t, n, g.Len(), "the game was changed")
		st := s.LastStats()
		reasons[st.Reason]++
		built = built || st.Reason != player.ReasonWarmUp
		t.Logf("move %d: %s in %v (%v of CPU time)", g.Len(), st.Reason, st.Elapsed.Round(time.Millisecond), cpu.Round(time.Millisecond))
		// A move late on the wall clock that did not use that much CPU
		// time waited for a core on a loaded machine: only a search that
		// ran past its budget fails.
		if limit := budget + budget/10; spread == 400 && st.Elapsed > limit && (cpu == 0 || cpu > limit) {
			t.Errorf("move %d (%s) took %v, %v of CPU time", g.Len(), st.Reason, st.Elapsed, cpu)
		}
		// The position is a random tangle where the search often wins at
		// once: play a random move instead, so that the game goes on.
		addRandom(1)
	}
	if spread == 400 {
		assert.True(t, built, "the working board gets built: %v", reasons)
	}
}
