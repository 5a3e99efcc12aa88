package duel

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
	"github.com/gomoku-engine/gomoku/engine/player/internal/dense"
	"github.com/gomoku-engine/gomoku/sparse"
)

// TestBannedAgreesWithTheEngine compares the board's forbidden cells,
// judged from its patterns, with the engine's renju detector reading the
// game, on every empty cell near the marks of crowded random positions,
// bounded and unbounded, with undo on the way.
func TestBannedAgreesWithTheEngine(t *testing.T) {
	for _, bounded := range []bool{false, true} {
		t.Run(fmt.Sprintf("bounded=%v", bounded), func(t *testing.T) {
			opts := []engine.Option{engine.WithRule(engine.Renju), engine.WithFreeOrder()}
			lo, span := -4, 9
			if bounded {
				opts = append(opts, engine.WithBounds(9, 9))
				lo = 0
			}
			rng := rand.New(rand.NewPCG(24, 5))
			forbidden := 0
			for range 60 {
				g, err := engine.New(opts...)
				require.NoError(t, err)
				var ds State
				for range 12 + rng.IntN(28) {
					// Black more often than white, so that its shapes crowd.
					p := 1
					if rng.IntN(3) == 0 {
						p = 2
					}
					r, c := lo+rng.IntN(span), lo+rng.IntN(span)
					if g.CanPlace(r, c) != nil || core.Forbidden(g, p, sparse.Cell{Row: r, Col: c}) {
						continue
					}
					if won, _ := g.WouldWin(r, c, p); won {
						continue
					}
					_, err := g.PlayAs(r, c, p)
					require.NoError(t, err)
					if rng.IntN(8) == 0 {
						_, err := g.Undo()
						require.NoError(t, err)
					}
				}
				fits, warm := ds.Sync(g, time.Time{})
				require.True(t, fits && warm)
				require.NoError(t, ds.Verify(g))
				for r := lo - 2; r < lo+span+2; r++ {
					for c := lo - 2; c < lo+span+2; c++ {
						i, ok := ds.b.Index(r, c)
						if !ok || ds.b.Stone[i] != 0 {
							continue
						}
						want := core.Forbidden(g, 1, sparse.Cell{Row: r, Col: c})
						if want {
							forbidden++
						}
						require.Equal(t, want, ds.b.Banned(i), "cell (%d, %d) of\n%v", r, c, g)
						assert.Equal(t, want, !ds.b.Playable(i, 0))
						assert.True(t, ds.b.Playable(i, 1), "white may mark every empty cell")
					}
				}
			}
			assert.Greater(t, forbidden, 20, "the positions hold forbidden cells")
		})
	}
}

// TestForbiddenOpenFourThreatensNothing: black's only open-four point is
// a double four, forbidden, so black's three is no threat and the search
// does not hold white to its defence (it did when it counted the point).
func TestForbiddenOpenFourThreatensNothing(t *testing.T) {
	// Black: a three across (0,1)-(0,3) and one down (1,4)-(3,4); white
	// caps (0,-1) and (5,4). (0,4) makes a straight four down and a four
	// across, a double four; the cells that make one four are allowed.
	d := duelOn(t, []engine.Option{engine.WithRule(engine.Renju)}, 0, 0, [2][][2]int{
		{{0, 1}, {0, 2}, {0, 3}, {1, 4}, {2, 4}, {3, 4}},
		{{0, -1}, {5, 4}, {6, 6}, {-3, -3}, {7, 0}},
	})
	b := d.b
	x, ok := b.Index(0, 4)
	require.True(t, ok)
	require.Equal(t, dense.ClassOpenFour, b.Cell[x].Class[0])
	require.Equal(t, int32(1), b.Counts[0][dense.ClassOpenFour], "the double four is black's only open-four point")
	require.True(t, b.Banned(x))
	assert.False(t, b.Has(0, dense.ClassOpenFour), "black has no open four to make")
	moves, limit := d.moves(1, 1, -1, -1, 1)
	quiet := 0
	for _, m := range moves[:limit] {
		if !b.Cell[m.i].Class[1].MakesFour() && b.Cell[m.i].Class[0] < dense.ClassFour {
			quiet++
		}
	}
	assert.Positive(t, quiet, "white may play quiet moves")
}
