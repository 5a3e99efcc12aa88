package player_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player"
	"github.com/gomoku-engine/gomoku/engine/renju"
	"github.com/gomoku-engine/gomoku/sparse"
)

// renjuPosition plays a random renju game of about n moves in which
// black's stones crowd near each other, so that forbidden cells appear,
// and returns it with black to move. No move wins.
func renjuPosition(t *testing.T, rng *rand.Rand, n int, opts ...engine.Option) *engine.Game {
	t.Helper()
	g := newGame(t, append([]engine.Option{engine.WithRule(engine.Renju)}, opts...)...)
	play(t, g, sparse.Cell{Row: 7, Col: 7})
	for tries := 0; g.Len() < n || g.Turn() != 1; tries++ {
		require.Less(t, tries, 100000)
		m, _ := g.MoveAt(rng.IntN(g.Len()))
		if g.Turn() == 1 && rng.IntN(4) > 0 {
			// Near one of black's own stones.
			for m.Player != 1 {
				m, _ = g.MoveAt(rng.IntN(g.Len()))
			}
		}
		r, c := m.Row+rng.IntN(5)-2, m.Col+rng.IntN(5)-2
		if g.CanPlace(r, c) != nil || g.Forbidden(r, c) != renju.None {
			continue
		}
		if won, _ := g.WouldWin(r, c, g.Turn()); won {
			continue
		}
		_, err := g.Play(r, c)
		require.NoError(t, err)
	}
	return g
}

// TestBlackNeverPlaysForbidden asks every strategy for black's move in
// random renju positions that have forbidden cells, bounded and
// unbounded, and checks that the move is allowed.
func TestBlackNeverPlaysForbidden(t *testing.T) {
	positions := 120
	if testing.Short() {
		positions = 40
	}
	for _, bounded := range []bool{true, false} {
		t.Run(fmt.Sprintf("bounded=%v", bounded), func(t *testing.T) {
			var opts []engine.Option
			if bounded {
				opts = append(opts, engine.WithBounds(15, 15))
			}
			rng := rand.New(rand.NewPCG(24, 1))
			asked := 0
			for asked < positions {
				g := renjuPosition(t, rng, 12+rng.IntN(40), opts...)
				forbidden := 0
				for range g.ForbiddenCells() {
					forbidden++
				}
				if forbidden == 0 {
					continue
				}
				asked++
				seed := rng.Uint64()
				bots := append(ladder(seed), player.NewSearch(player.WithSeed(seed), player.WithBudget(0), player.WithMaxNodes(3000)))
				for _, s := range bots {
					c := chooseLegal(t, s, g)
					require.Equal(t, renju.None, g.Forbidden(c.Row, c.Col), "%s played a forbidden cell %v in\n%v", s.Name(), c, g)
				}
			}
		})
	}
}

// TestRenjuGamesHaveNoForbiddenMove plays whole renju games between the
// bots: the game refuses a forbidden move, so every move must go through.
func TestRenjuGamesHaveNoForbiddenMove(t *testing.T) {
	for seed := range uint64(6) {
		bots := ladder(seed)
		black, white := bots[int(seed)%3], bots[2-int(seed)%3]
		g := newGame(t, engine.WithRule(engine.Renju), engine.WithBounds(15, 15))
		for g.Status() == engine.Ongoing {
			s := black
			if g.Turn() == 2 {
				s = white
			}
			c := chooseLegal(t, s, g)
			_, err := g.Play(c.Row, c.Col)
			require.NoError(t, err, "%s as player %d", s.Name(), g.Turn())
		}
	}
}

// forbiddenBlock is a renju position, white to move, where black's
// (7,7) is a double three (the row (7,5)-(7,6) and the column
// (5,7)-(6,7)); white's (11,11) makes a four, (8,8)-(11,11) shut at
// (12,12), whose only completion is (7,7).
func forbiddenBlock(t *testing.T, rule engine.Rule) *engine.Game {
	g := newGame(t, engine.WithRule(rule), engine.WithBounds(15, 15))
	play(t, g, cells(7, 5, 0, 0, 7, 6, 0, 14, 5, 7, 8, 8, 6, 7, 9, 9, 12, 12, 10, 10, 6, 6)...)
	return g
}

// TestWhiteWinsThroughAForbiddenBlock: under renju white's four whose
// only block is forbidden to black wins, and the search finds it as a
// forced win; under freestyle black would block, and the same four is
// no win.
func TestWhiteWinsThroughAForbiddenBlock(t *testing.T) {
	g := forbiddenBlock(t, engine.Renju)
	play(t, g, sparse.Cell{Row: 11, Col: 11})
	assert.Equal(t, renju.DoubleThree, g.Forbidden(7, 7), "the block is a double three")
	_, err := g.Undo()
	require.NoError(t, err)

	s := player.NewSearch(player.WithBudget(0), player.WithMaxDepth(4))
	c := chooseLegal(t, s, g)
	assert.Equal(t, sparse.Cell{Row: 11, Col: 11}, c)
	assert.Equal(t, player.ReasonVCF, s.LastStats().Reason)

	free := forbiddenBlock(t, engine.Freestyle)
	s = player.NewSearch(player.WithBudget(0), player.WithMaxDepth(4))
	chooseLegal(t, s, free)
	assert.NotEqual(t, player.ReasonVCF, s.LastStats().Reason, "under freestyle black blocks at (7,7)")
}

// TestBlackDoesNotPlayADoubleThree: black's two open twos meet at (7,7),
// which freestyle's search plays (two open threes win) and renju forbids.
func TestBlackDoesNotPlayADoubleThree(t *testing.T) {
	setup := func(rule engine.Rule) *engine.Game {
		g := newGame(t, engine.WithRule(rule), engine.WithBounds(15, 15))
		play(t, g, cells(7, 5, 0, 0, 7, 6, 0, 14, 5, 7, 14, 0, 6, 7, 14, 14)...)
		return g
	}
	free := setup(engine.Freestyle)
	assert.Equal(t, sparse.Cell{Row: 7, Col: 7}, chooseLegal(t, player.NewSearch(player.WithBudget(0), player.WithMaxDepth(4)), free))
	g := setup(engine.Renju)
	require.Equal(t, renju.DoubleThree, g.Forbidden(7, 7))
	for seed := range uint64(4) {
		for _, s := range append(ladder(seed), player.NewSearch(player.WithSeed(seed), player.WithBudget(0), player.WithMaxDepth(4))) {
			c := chooseLegal(t, s, g)
			assert.NotEqual(t, sparse.Cell{Row: 7, Col: 7}, c, "%s", s.Name())
			assert.Equal(t, renju.None, g.Forbidden(c.Row, c.Col), "%s", s.Name())
		}
	}
}

// TestEveryBotPlaysRenju: every strategy says it plays renju.
func TestEveryBotPlaysRenju(t *testing.T) {
	cfg := engine.DefaultConfig()
	cfg.Rule = engine.Renju
	for _, name := range player.Names() {
		assert.NoError(t, player.Supports(name, cfg), name)
		assert.NoError(t, player.Supports(name, engine.Config{Rows: 15, Cols: 15, K: 5, Players: 2, Rule: engine.Renju, Order: engine.Rotation}), name)
	}
}
