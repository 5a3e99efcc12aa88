package player

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
)

// duelOn sets up a free-order game with player 1's and player 2's marks at
// (r0, c0) + the given offsets and returns a two-player search on it.
func duelOn(t *testing.T, opts []engine.Option, r0, c0 int, marks [2][][2]int) *duel {
	t.Helper()
	g, err := engine.New(append(opts, engine.WithFreeOrder())...)
	require.NoError(t, err)
	for p, ms := range marks {
		for _, m := range ms {
			_, err := g.PlayAs(r0+m[0], c0+m[1], p+1)
			require.NoError(t, err)
		}
	}
	require.Equal(t, engine.Ongoing, g.Status())
	s := NewSearch(WithBudget(0))
	s.vcfFailed = make(map[uint64]int)
	fits, warm := s.duelSync(g, time.Time{})
	require.True(t, fits && warm)
	return &duel{Search: s, b: s.ds.b, ctx: context.Background(), width: s.width}
}

// TestDuelFutilityKeepsThreats: futility pruning leaves alone the nodes
// where threats decide. At one ply left and a null window far below the
// mover's static value, a mover facing two double fours is still found
// lost. Several K, both rules, infinite and bounded boards.
func TestDuelFutilityKeepsThreats(t *testing.T) {
	for _, k := range []int{5, 6, 7} {
		for _, rule := range []engine.Rule{engine.Freestyle, engine.Exact} {
			for _, bounded := range []bool{false, true} {
				opts := []engine.Option{engine.WithK(k), engine.WithRule(rule)}
				r0, c0 := -9, 4
				if bounded {
					opts = append(opts, engine.WithBounds(4*k+6, 4*k+6))
					r0, c0 = 1, 1
				}
				name := fmt.Sprintf("k=%d/%v/bounded=%v", k, rule, bounded)
				t.Run(name+"/futility", func(t *testing.T) {
					// Two corners, each where K−2 in a row and K−2 in a
					// column, blocked at their far ends, meet.
					var attack, walls [][2]int
					for _, dr := range []int{0, 2*k + 2} {
						for i := range k - 2 {
							attack = append(attack, [2]int{dr + 1, 2 + i}, [2]int{dr + 2 + i, k})
						}
						walls = append(walls, [2]int{dr + 1, 1}, [2]int{dr + k, k})
					}
					d := duelOn(t, opts, r0, c0, [2][][2]int{walls, attack})
					alpha := d.evaluate(0) - 100000
					v := d.search(1, alpha, alpha+1, 1, 0)
					assert.LessOrEqual(t, v, -duelMate, "two double fours cannot both be stopped")
					checkDuel(t, d.b)
				})
			}
		}
	}
}

// TestDuelOrderingBuildsTwos: below the root only the best few quiet moves
// are searched, so the ordering decides what the search sees. A cell that
// makes two open twos at once (the seed of a double three) is tried before
// one that makes a lone open three; for several K and both rules.
func TestDuelOrderingBuildsTwos(t *testing.T) {
	for _, k := range []int{5, 6, 7} {
		for _, rule := range []engine.Rule{engine.Freestyle, engine.Exact} {
			t.Run(fmt.Sprintf("k=%d/%v", k, rule), func(t *testing.T) {
				opts := []engine.Option{engine.WithK(k), engine.WithRule(rule)}
				var mine [][2]int
				// K−3 in a row: (0, K−3) makes a lone open three.
				for i := range k - 3 {
					mine = append(mine, [2]int{0, i})
				}
				// (10, 10) makes an open two across and one down: a two is
				// three moves short of K.
				for i := 1; i <= k-4; i++ {
					mine = append(mine, [2]int{10, 10 - i}, [2]int{10 - i, 10})
				}
				theirs := [][2]int{{-20, -20}, {-20, -10}, {-10, -20}, {25, 25}}
				d := duelOn(t, opts, 0, 0, [2][][2]int{mine, theirs})
				b := d.b
				at := func(r, c int) int {
					i, ok := b.index(r, c)
					require.True(t, ok)
					return i
				}
				three, twos := at(0, k-3), at(10, 10)
				require.Equal(t, classFlex3, b.cell[three].class[0])
				require.Equal(t, classTwoTwos, b.cell[twos].class[0])
				ms, _ := d.moves(0, 1, -1, -1)
				rank := map[int]int{}
				slices.SortFunc(ms, byBetter)
				for n, m := range ms {
					rank[int(m.i)] = n
				}
				assert.Less(t, rank[twos], rank[three], "two open twos before a lone open three")
			})
		}
	}
}
