package player

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
)

// treeVCTPosition sets up, for K, a win by continuous threats that starts
// with a quiet-looking three: player 1's (K−2, 0) makes a split three on
// its row and a two on column 0; after any defence of the row, (0, 0)
// makes two open threes (row 0 and column 0). Player 2's marks are far
// away. Player 1 is to move; (r0, c0) shifts the position.
func treeVCTPosition(t *testing.T, k, r0, c0 int, opts ...engine.Option) *engine.Game {
	t.Helper()
	var own [][2]int
	for c := 1; c <= k-3; c++ {
		own = append(own, [2]int{0, c})
	}
	for r := 2; r <= k-3; r++ {
		own = append(own, [2]int{r, 0})
	}
	// Threes are looked for near the attacker's latest mark: (K−2, 2).
	for c := k - 2; c >= 2; c-- {
		own = append(own, [2]int{k - 2, c})
	}
	g, err := engine.New(append(opts, engine.WithK(k))...)
	require.NoError(t, err)
	for n, m := range own {
		_, err := g.Play(r0+m[0], c0+m[1])
		require.NoError(t, err)
		// Scattered, pairwise out of reach of each other and of the attack.
		_, err = g.Play(r0+2*k+1+(n%3)*(k+1), c0+2*k+1+(n/3)*(k+1))
		require.NoError(t, err)
	}
	require.Equal(t, 1, g.Turn())
	return g
}

// TestDuelSearchSeesVCTNearTheHorizon: a one-ply search at a node of the
// opponent's (odd ply) misses a three-move threat win without threat
// search, and sees it with it, for several K, both rules, on an infinite
// and a bounded board.
func TestDuelSearchSeesVCTNearTheHorizon(t *testing.T) {
	for _, k := range []int{5, 6, 7} {
		for _, rule := range []engine.Rule{engine.Freestyle, engine.Exact} {
			for _, bounded := range []bool{false, true} {
				t.Run(fmt.Sprintf("k=%d/%v/bounded=%v", k, rule, bounded), func(t *testing.T) {
					opts := []engine.Option{engine.WithRule(rule)}
					r0, c0 := -4, 7
					if bounded {
						n := 2*k + 3 + 3*(k+1)
						opts = append(opts, engine.WithBounds(n, n))
						r0, c0 = 1, 1
					}
					for _, vct := range []bool{false, true} {
						g := treeVCTPosition(t, k, r0, c0, opts...)
						s := NewSearch(WithBudget(0), WithVCT(vct))
						s.vcfFailed = make(map[uint64]int)
						fits, warm := s.duelSync(g, time.Time{})
						require.True(t, fits && warm)
						d := &duel{Search: s, b: s.ds.b, ctx: context.Background(), width: s.width}
						v := d.search(1, -duelInf, duelInf, 1, 0)
						if vct {
							assert.GreaterOrEqual(t, v, duelMate, "the threat search sees the win")
						} else {
							assert.Less(t, v, duelMate, "one ply alone does not see it")
						}
						checkDuel(t, d.b)
						assert.Equal(t, g.History(), s.ds.played)
					}
				})
			}
		}
	}
}
