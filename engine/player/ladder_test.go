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
	"github.com/gomoku-engine/gomoku/sparse"
)

func TestScripted(t *testing.T) {
	g := newGame(t, engine.WithK(3), engine.WithBounds(3, 3))
	s := player.NewScripted(cells(0, 0, 1, 1, 0, 0))
	c := chooseLegal(t, s, g)
	assert.Equal(t, sparse.Cell{Row: 0, Col: 0}, c)
	play(t, g, c)
	c = chooseLegal(t, s, g)
	assert.Equal(t, sparse.Cell{Row: 1, Col: 1}, c)
	play(t, g, c)
	_, err := s.Choose(context.Background(), g, 1)
	require.ErrorIs(t, err, player.ErrScriptIllegal)
	require.ErrorIs(t, err, engine.ErrOccupied)
	_, err = s.Choose(context.Background(), g, 1)
	require.ErrorIs(t, err, player.ErrScriptIllegal, "a refused cell does not advance the script")
	assert.Contains(t, err.Error(), "cell 3 ")
	_, err = player.NewScripted(nil).Choose(context.Background(), g, 1)
	require.ErrorIs(t, err, player.ErrScriptExhausted)
}

func TestChooseRefusesBadRequests(t *testing.T) {
	won := newGame(t, engine.WithK(2))
	play(t, won, cells(0, 0, 5, 5, 0, 1)...)
	fresh := newGame(t)
	for _, name := range player.Names() {
		s, err := player.ByName(name, 1)
		require.NoError(t, err)
		_, err = s.Choose(context.Background(), won, 2)
		assert.ErrorIs(t, err, engine.ErrGameOver, name)
		for _, p := range []int{0, 3, -1} {
			_, err = s.Choose(context.Background(), fresh, p)
			assert.ErrorIs(t, err, engine.ErrBadPlayer, "%s player %d", name, p)
		}
	}
}

func TestByName(t *testing.T) {
	for _, name := range player.Names() {
		s, err := player.ByName(name, 7)
		require.NoError(t, err)
		assert.Equal(t, name, s.Name())
	}
	_, err := player.ByName("grandmaster", 1)
	require.ErrorIs(t, err, player.ErrUnknown)
	assert.Contains(t, err.Error(), "random")

	// Search options reach the search and are ignored by the others.
	s, err := player.ByName("search", 7, player.WithMaxDepth(1), player.WithBudget(time.Millisecond))
	require.NoError(t, err)
	g := newGame(t, engine.WithPlayers(3))
	for _, c := range [][2]int{{0, 0}, {5, 5}, {9, 0}} {
		_, err := g.Play(c[0], c[1])
		require.NoError(t, err)
	}
	_, err = s.Choose(context.Background(), g, g.Turn())
	require.NoError(t, err)
	assert.LessOrEqual(t, s.(*player.Search).LastStats().Depth, 1)
	_, err = player.ByName("greedy", 7, player.WithMaxDepth(1))
	require.NoError(t, err)
}

func TestStrongest(t *testing.T) {
	assert.Equal(t, "search", player.Strongest(engine.DefaultConfig()))
	torus := engine.Config{K: 3, Players: 2, Rows: 4, Cols: 4, Torus: true}
	assert.Equal(t, "greedy", player.Strongest(torus), "the search does not play on a torus")
}

func TestFirstMove(t *testing.T) {
	for _, name := range player.Names() {
		s, _ := player.ByName(name, 3)
		c := chooseLegal(t, s, newGame(t))
		assert.Equal(t, sparse.Cell{}, c, "%s opens at the origin of an unbounded board", name)
	}
}

func TestRandomNearMarks(t *testing.T) {
	g := newGame(t)
	play(t, g, cells(1000, -1000, 1001, -1000)...)
	r := player.NewRandom(5)
	for range 200 {
		c := chooseLegal(t, r, g)
		assert.InDelta(t, 1000, c.Row, 3)
		assert.InDelta(t, -1000, c.Col, 2)
	}
}

func TestRandomUniformOnBoundedBoard(t *testing.T) {
	g := newGame(t, engine.WithK(3), engine.WithBounds(3, 3))
	play(t, g, cells(0, 0, 1, 1, 2, 2)...)
	r := player.NewRandom(11)
	counts := map[sparse.Cell]int{}
	const n = 6000
	for range n {
		counts[chooseLegal(t, r, g)]++
	}
	assert.Len(t, counts, 6, "every empty cell is picked")
	for c, k := range counts {
		assert.InDelta(t, n/6, k, n/6*0.15, "cell %v", c)
	}
}

func TestRandomFollowsUndo(t *testing.T) {
	g := newGame(t, engine.WithK(3), engine.WithBounds(3, 3))
	r := player.NewRandom(1)
	play(t, g, cells(0, 0, 0, 1, 0, 2, 1, 0)...)
	chooseLegal(t, r, g)
	for range 4 {
		_, err := g.Undo()
		require.NoError(t, err)
	}
	// Same tail, another prefix: the set must notice.
	play(t, g, cells(2, 2, 0, 1, 0, 2, 1, 0)...)
	for range 100 {
		chooseLegal(t, r, g)
	}
}

func TestRandomLargeBoundedBoard(t *testing.T) {
	// Larger than 2^20 cells: rejection sampling, no set of empty cells.
	g := newGame(t, engine.WithBounds(1<<16, 1<<16))
	r := player.NewRandom(2)
	seen := map[sparse.Cell]bool{}
	for range 50 {
		c := chooseLegal(t, r, g)
		seen[c] = true
		play(t, g, c)
	}
	assert.Len(t, seen, 50)
}

func TestDeterministicPerSeed(t *testing.T) {
	for i, a := range ladder(42) {
		b := ladder(42)[i]
		name := a.Name()
		ga, gb := newGame(t), newGame(t)
		for range 30 {
			ca, cb := chooseLegal(t, a, ga), chooseLegal(t, b, gb)
			require.Equal(t, ca, cb, name)
			play(t, ga, ca)
			play(t, gb, cb)
			if ga.Status() != engine.Ongoing {
				break
			}
		}
	}
}

func TestGreedyContract(t *testing.T) {
	// Player 1 to move: 1 has three in a row, 2 has three too.
	tests := []struct {
		name  string
		moves []sparse.Cell
		opts  []engine.Option
		want  []sparse.Cell
	}{
		{"takes a win", cells(0, 0, 5, 0, 0, 1, 5, 1, 0, 2, 5, 2), []engine.Option{engine.WithK(4)}, cells(0, -1, 0, 3)},
		{"blocks a loss", cells(0, 0, 5, 0, 9, 9, 5, 1, 0, 2, 5, 2), []engine.Option{engine.WithK(4)}, cells(5, -1, 5, 3)},
		{"fills a gap to win", cells(0, 0, 5, 0, 0, 1, 5, 1, 0, 3, 9, 9), []engine.Option{engine.WithK(4)}, cells(0, 2)},
		{"no overline under exact", cells(0, 0, 5, 0, 0, 1, 5, 1, 0, 3, 5, 2, 0, 4, 9, 9), []engine.Option{engine.WithK(4), engine.WithRule(engine.Exact)}, cells(5, -1, 5, 3)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for seed := range uint64(5) {
				g := newGame(t, tc.opts...)
				play(t, g, tc.moves...)
				c := chooseLegal(t, player.NewGreedy(seed), g)
				assert.Contains(t, tc.want, c)
			}
		})
	}
}

func TestGreedyBlocksFirstThreatInTurnOrder(t *testing.T) {
	// Three players, K = 3. Player 1 to move; players 3 and 2 both threaten.
	g := newGame(t, engine.WithK(3), engine.WithPlayers(3))
	play(t, g, cells(0, 0, 10, 0, 20, 0, 0, 5, 10, 1, 20, 1)...)
	c := chooseLegal(t, player.NewGreedy(1), g)
	assert.Contains(t, cells(10, -1, 10, 2), c, "player 2 moves before player 3")
}

// TestNoIllegalMoves plays whole games between every bot on many random
// configurations, including tiny and nearly full bounded boards and K = 1.
func TestNoIllegalMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	rounds := 60
	if testing.Short() {
		rounds = 15
	}
	for round := range rounds {
		cfg := engine.DefaultConfig()
		cfg.Players = 2 + rng.IntN(3)
		if rng.IntN(3) > 0 {
			cfg.Rows, cfg.Cols = 1+rng.IntN(6), 1+rng.IntN(6)
			cfg.K = 1 + rng.IntN(max(cfg.Rows, cfg.Cols))
		} else {
			cfg.K = 1 + rng.IntN(6)
		}
		if rng.IntN(2) == 0 {
			cfg.Rule = engine.Exact
		}
		t.Run(fmt.Sprintf("%d/%v", round, cfg), func(t *testing.T) {
			g := newGame(t, engine.WithConfig(cfg))
			var bots []engine.Strategy
			for p := range cfg.Players {
				all := ladder(uint64(round*10 + p))
				bots = append(bots, all[(round+p)%len(all)])
			}
			for g.Status() == engine.Ongoing && g.Len() < 60 {
				play(t, g, chooseLegal(t, bots[g.Turn()-1], g))
			}
		})
	}
}

// TestEdgeOfTheCoordinateRange plays next to the corner of the 32-bit
// range on an unbounded board, where neighbours fall out of range.
func TestEdgeOfTheCoordinateRange(t *testing.T) {
	for i, bot := range ladder(9) {
		g := newGame(t, engine.WithK(4))
		play(t, g, cells(sparse.MaxCoord, sparse.MaxCoord, sparse.MinCoord, sparse.MinCoord)...)
		for g.Len() < 30 && g.Status() == engine.Ongoing {
			var s engine.Strategy = bot
			if g.Turn() == 2 {
				s = ladder(uint64(i))[1]
			}
			c := chooseLegal(t, s, g)
			play(t, g, c)
		}
	}
}
