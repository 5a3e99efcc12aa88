package player_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player"
	"github.com/gomoku-engine/gomoku/sparse"
)

func TestSearchRefusesATorus(t *testing.T) {
	g := newGame(t, engine.WithBounds(9, 9), engine.WithTorus())
	play(t, g, cells(4, 4)...)
	before := take(g)
	for _, s := range []*player.Search{player.NewSearch(), fixedDepth(2)} {
		c, err := s.Choose(context.Background(), g, g.Turn())
		require.ErrorIs(t, err, player.ErrUnsupported)
		assert.EqualError(t, err, "player: strategy does not play this game: the search bot does not play on a torus (lines wrapping around the edges); greedy and random do")
		assert.Zero(t, c)
	}
	assert.Equal(t, before, take(g))

	// An empty torus too: the refusal comes before any opening book.
	_, err := player.NewSearch().Choose(context.Background(), newGame(t, engine.WithBounds(9, 9), engine.WithTorus()), 1)
	require.ErrorIs(t, err, player.ErrUnsupported)
}

func TestSupports(t *testing.T) {
	torus := engine.Config{K: 5, Players: 2, Rows: 9, Cols: 9, Torus: true}
	flat := torus
	flat.Torus = false
	for _, name := range player.Names() {
		assert.NoError(t, player.Supports(name, flat), name)
	}
	assert.NoError(t, player.Supports("random", torus))
	assert.NoError(t, player.Supports("greedy", torus))
	assert.ErrorIs(t, player.Supports("search", torus), player.ErrUnsupported)
	assert.ErrorIs(t, player.Supports("alphago", torus), player.ErrUnknown)
}

func TestGreedyWinsAcrossTheEdge(t *testing.T) {
	// Player 1 has (4, 7), (4, 8), (4, 0) on a 9-wide torus; (4, 6) is
	// taken, so the only winning cell is (4, 1), beyond the edge.
	g := setUp(t, []engine.Option{engine.WithBounds(9, 9), engine.WithK(4), engine.WithTorus()},
		map[int][]sparse.Cell{1: cells(4, 7, 4, 8, 4, 0), 2: cells(4, 6, 0, 4)})
	assert.Equal(t, sparse.Cell{Row: 4, Col: 1}, chooseFor(t, player.NewGreedy(1), g, 1))
}

func TestGreedyBlocksAcrossTheCorner(t *testing.T) {
	// Player 1 threatens (1, 1) along the diagonal (7, 7), (8, 8), (0, 0);
	// player 2 holds (6, 6) and has no win of its own.
	g := setUp(t, []engine.Option{engine.WithBounds(9, 9), engine.WithK(4), engine.WithTorus()},
		map[int][]sparse.Cell{1: cells(7, 7, 8, 8, 0, 0), 2: cells(6, 6, 3, 4)})
	assert.Equal(t, sparse.Cell{Row: 1, Col: 1}, chooseFor(t, player.NewGreedy(1), g, 2))
}

// TestGreedyNeverMissesAWrappedWin: in random torus positions, whenever
// some cell wins for the player to move, greedy plays a winning cell.
func TestGreedyNeverMissesAWrappedWin(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 2))
	checked := 0
	for range 300 {
		rows, cols := 1+rng.IntN(7), 1+rng.IntN(7)
		k := 2 + rng.IntN(max(1, min(rows, cols)))
		g, err := engine.New(engine.WithBounds(rows, cols), engine.WithK(k), engine.WithTorus(), engine.WithFreeOrder())
		if err != nil {
			continue // K beyond the longest cycle
		}
		for range rng.IntN(rows * cols) {
			r, c, p := rng.IntN(rows), rng.IntN(cols), 1+rng.IntN(2)
			if g.At(r, c) != 0 {
				continue
			}
			if won, _ := g.WouldWin(r, c, p); !won {
				_, err := g.PlayAs(r, c, p)
				require.NoError(t, err)
			}
		}
		if g.Status() != engine.Ongoing {
			continue
		}
		canWin := false
		for r := range rows {
			for c := range cols {
				if won, err := g.WouldWin(r, c, 1); err == nil && won {
					canWin = true
				}
			}
		}
		if !canWin {
			continue
		}
		checked++
		c := chooseFor(t, player.NewGreedy(rng.Uint64()), g, 1)
		won, err := g.WouldWin(c.Row, c.Col, 1)
		require.NoError(t, err)
		require.True(t, won, "%v: greedy chose %v", g.Config(), c)
	}
	t.Logf("%d positions with a win to take", checked)
	require.Greater(t, checked, 30)
}

func TestBotsPlayATorusToTheEnd(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		for _, opts := range [][]engine.Option{
			{engine.WithBounds(5, 7), engine.WithK(4)},
			{engine.WithBounds(1, 9), engine.WithK(3), engine.WithPlayers(3)},
			{engine.WithBounds(4, 4), engine.WithK(4), engine.WithRule(engine.Exact)},
		} {
			g := newGame(t, append(opts, engine.WithTorus())...)
			bots := []engine.Strategy{player.NewRandom(seed), player.NewGreedy(seed)}
			for g.Status() == engine.Ongoing {
				c := chooseLegal(t, bots[(g.Turn()-1)%2], g)
				_, err := g.Play(c.Row, c.Col)
				require.NoError(t, err)
			}
		}
	}
}

// chooseFor asks s for player's move, checking it is legal and changes
// nothing.
func chooseFor(t *testing.T, s engine.Strategy, g *engine.Game, player int) sparse.Cell {
	t.Helper()
	before := take(g)
	c, err := s.Choose(context.Background(), g, player)
	require.NoError(t, err)
	require.Equal(t, before, take(g))
	require.NoError(t, g.CanPlace(c.Row, c.Col))
	return c
}
