package player_test

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player"
	"github.com/gomoku-engine/gomoku/sparse"
)

// setUp plays moves naming their players on a free-order game, so that
// test positions need no filler moves.
func setUp(t testing.TB, opts []engine.Option, marks map[int][]sparse.Cell) *engine.Game {
	t.Helper()
	g := newGame(t, append(opts, engine.WithFreeOrder())...)
	for p := 1; p <= len(marks); p++ {
		for _, c := range marks[p] {
			_, err := g.PlayAs(c.Row, c.Col, p)
			require.NoError(t, err)
		}
	}
	require.Equal(t, engine.Ongoing, g.Status())
	return g
}

// fixedDepth is a deterministic search.
func fixedDepth(depth int, more ...player.SearchOption) *player.Search {
	return player.NewSearch(append([]player.SearchOption{player.WithBudget(0), player.WithMaxDepth(depth)}, more...)...)
}

// playOut lets s (as player 1) and greedy (player 2) alternate from g for
// at most moves moves of s and returns the winner.
func playOut(t *testing.T, g *engine.Game, s engine.Strategy, moves int) int {
	t.Helper()
	opp := player.NewGreedy(1)
	for i := 0; i < 2*moves && g.Status() == engine.Ongoing; i++ {
		p := 1 + i%2
		bot := s
		if p == 2 {
			bot = opp
		}
		c, err := bot.Choose(context.Background(), g, p)
		require.NoError(t, err)
		_, err = g.PlayAs(c.Row, c.Col, p)
		require.NoError(t, err)
	}
	return g.Winner()
}

// vcfPosition: player 1 wins by fours only, e.g. (1, 3) forcing (1, 2),
// then (0, 3) making two fours at once; no single move wins at once.
func vcfPosition(t *testing.T, opts ...engine.Option) *engine.Game {
	return setUp(t, opts, map[int][]sparse.Cell{
		1: cells(0, 0, 0, 1, 0, 2, 2, 3, 3, 3, 1, 4, 1, 5, 1, 6),
		2: cells(0, -1, 4, 3, 1, 7, 10, 10, 10, 12, 12, 10, 12, 12, 14, 14),
	})
}

func TestSearchTakesWin(t *testing.T) {
	g := setUp(t, []engine.Option{engine.WithK(4)}, map[int][]sparse.Cell{
		1: cells(0, 0, 0, 1, 0, 2),
		2: cells(5, 0, 5, 1, 5, 2),
	})
	s := fixedDepth(3)
	c := chooseLegal(t, s, g)
	assert.Contains(t, cells(0, -1, 0, 3), c)
	assert.Equal(t, player.ReasonWin, s.LastStats().Reason)
}

func TestSearchBlocksLoss(t *testing.T) {
	g := setUp(t, []engine.Option{engine.WithK(4)}, map[int][]sparse.Cell{
		1: cells(0, 0, 9, 9, 0, 5),
		2: cells(5, 0, 5, 1, 5, 2, 7, 7),
	})
	c := chooseLegal(t, fixedDepth(3), g)
	assert.Contains(t, cells(5, -1, 5, 3), c)
}

func TestSearchBlocksOpenThree(t *testing.T) {
	g := setUp(t, nil, map[int][]sparse.Cell{
		1: cells(5, 5, 9, 0),
		2: cells(0, 0, 0, 1, 0, 2),
	})
	c := chooseLegal(t, fixedDepth(4), g)
	assert.Contains(t, cells(0, -2, 0, -1, 0, 3, 0, 4), c, "an open three becomes an open four next move")
}

func TestSearchFindsVCF(t *testing.T) {
	for _, rule := range []engine.Rule{engine.Freestyle, engine.Exact} {
		t.Run(rule.String(), func(t *testing.T) {
			g := vcfPosition(t, engine.WithRule(rule))
			s := fixedDepth(1)
			c := chooseLegal(t, s, g)
			assert.Equal(t, player.ReasonVCF, s.LastStats().Reason)
			assert.Contains(t, cells(1, 3, 0, 3, 1, 2), c, "(1, 2) makes a four and an open three")
			assert.Equal(t, 1, playOut(t, g, s, 4), "the fours win against any defence")
		})
	}
}

func TestSearchFindsForcedWinWithoutVCF(t *testing.T) {
	g := vcfPosition(t)
	s := fixedDepth(5, player.WithVCF(false), player.WithVCT(false))
	chooseLegal(t, s, g)
	assert.Equal(t, player.ReasonSearch, s.LastStats().Reason)
	assert.Greater(t, s.LastStats().Score, int64(1)<<49, "alpha-beta sees the win")
	assert.Equal(t, 1, playOut(t, g, s, 4))
}

// TestSearchFindsVCT: the screened search finds a win by threes at the
// root before it searches; the classic search, which runs no VCT there,
// sees the double three as a quick win one ply down.
func TestSearchFindsVCT(t *testing.T) {
	// (0, 0) makes two open threes at once; no move makes a four.
	position := func() *engine.Game {
		return setUp(t, nil, map[int][]sparse.Cell{
			1: cells(0, 1, 0, 2, 1, 0, 2, 0),
			2: cells(10, 10, 10, 13, 13, 10, 13, 13),
		})
	}
	screened := player.WithDuelSearch(player.Screened)
	g := position()
	s := fixedDepth(1, screened)
	c := chooseLegal(t, s, g)
	assert.Equal(t, player.ReasonVCT, s.LastStats().Reason)
	assert.Equal(t, sparse.Cell{}, c)
	assert.Equal(t, 1, playOut(t, g, s, 4))
	// Without threat-space search, a one-ply search does not see it.
	s = fixedDepth(1, screened, player.WithVCT(false))
	chooseLegal(t, s, position())
	assert.Equal(t, player.ReasonSearch, s.LastStats().Reason)

	g = position()
	s = fixedDepth(1)
	assert.Equal(t, sparse.Cell{}, chooseLegal(t, s, g))
	assert.Equal(t, player.ReasonSearch, s.LastStats().Reason)
	assert.Greater(t, s.LastStats().Score, int64(1)<<49, "the classic search sees the win")
	assert.Equal(t, 1, playOut(t, g, s, 4))
}

func TestSearchRefutesOpponentVCF(t *testing.T) {
	// Player 2 to move, facing player 1's fours, with no threats of its own.
	g := setUp(t, nil, map[int][]sparse.Cell{
		1: cells(0, 0, 0, 1, 0, 2, 2, 3, 3, 3, 1, 4, 1, 5, 1, 6),
		2: cells(0, -1, 4, 3, 1, 7, 20, 0, 20, 7, 27, 3, 33, 20),
	})
	s := fixedDepth(2, player.WithVCT(false))
	c, err := s.Choose(context.Background(), g, 2)
	require.NoError(t, err)
	// The root moves are screened for the opponent's VCF as they come to
	// lead the search: when the first one already stops the fours, none is
	// refuted.
	assert.Contains(t, []player.Reason{player.ReasonSearch, player.ReasonRefute}, s.LastStats().Reason)
	_, err = g.PlayAs(c.Row, c.Col, 2)
	require.NoError(t, err)
	attacker := fixedDepth(1, player.WithVCT(false))
	chooseLegal(t, attacker, g)
	assert.NotEqual(t, player.ReasonVCF, attacker.LastStats().Reason, "player 2's move %v stops the fours", c)
}

func TestSearchExactRuleIgnoresOverline(t *testing.T) {
	marks := map[int][]sparse.Cell{
		// (0, 2) would make six in a row for player 1.
		1: cells(0, 0, 0, 1, 0, 3, 0, 4, 0, 5),
		2: cells(5, 0, 5, 1, 5, 2, 5, 3, 9, 9),
	}
	g := setUp(t, []engine.Option{engine.WithRule(engine.Exact)}, marks)
	c := chooseLegal(t, fixedDepth(2), g)
	assert.Contains(t, cells(5, -1, 5, 4), c, "no win for 1 under exact: block")
	g = setUp(t, nil, marks)
	c = chooseLegal(t, fixedDepth(2), g)
	assert.Equal(t, sparse.Cell{Row: 0, Col: 2}, c, "freestyle: the overline wins")
}

func TestSearchThreePlayers(t *testing.T) {
	opts := []engine.Option{engine.WithK(4), engine.WithPlayers(3)}
	// Player 1 to move; player 3 has two winning cells: player 2, moving
	// in between, can block only one of them, so player 1 must block too.
	g := setUp(t, opts, map[int][]sparse.Cell{
		1: cells(0, 0, 9, 9),
		2: cells(20, 20, 22, 22),
		3: cells(5, 0, 5, 1, 5, 2),
	})
	s := fixedDepth(3)
	c := chooseLegal(t, s, g)
	assert.Contains(t, cells(5, -1, 5, 3), c)
	// With one winning cell, blocking it is player 2's business: player 1
	// attacks instead, making two winning cells of its own, which player 3
	// alone cannot both block once player 2 has blocked player 3.
	g = setUp(t, opts, map[int][]sparse.Cell{
		1: cells(0, 0, 0, 1, 9, 9, 5, -1),
		2: cells(20, 20, 22, 22, 30, 30),
		3: cells(5, 0, 5, 1, 5, 2),
	})
	c = chooseLegal(t, s, g)
	assert.Contains(t, cells(0, -1, 0, 2), c)
	assert.Greater(t, s.LastStats().Score, int64(1)<<49)
	// And it takes a win first.
	g = setUp(t, opts, map[int][]sparse.Cell{
		1: cells(0, 0, 0, 1, 0, 2),
		2: cells(20, 20, 22, 22, 30, 30),
		3: cells(5, 0, 5, 1, 5, 2),
	})
	c = chooseLegal(t, fixedDepth(3), g)
	assert.Contains(t, cells(0, -1, 0, 3), c)
}

func TestSearchNeverLosesTicTacToe(t *testing.T) {
	for seat := 1; seat <= 2; seat++ {
		for seed := range uint64(10) {
			g := newGame(t, engine.WithK(3), engine.WithBounds(3, 3))
			s := fixedDepth(9, player.WithSeed(seed))
			r := player.NewRandom(seed)
			for g.Status() == engine.Ongoing {
				var bot engine.Strategy = r
				if g.Turn() == seat {
					bot = s
				}
				play(t, g, chooseLegal(t, bot, g))
			}
			assert.NotEqual(t, 3-seat, g.Winner(), "seat %d, seed %d: %v", seat, seed, g.History())
		}
	}
}

func TestSearchFollowsUndo(t *testing.T) {
	g := newGame(t)
	s := fixedDepth(2)
	for range 8 {
		play(t, g, chooseLegal(t, s, g))
	}
	for range 5 {
		_, err := g.Undo()
		require.NoError(t, err)
	}
	play(t, g, cells(7, 7, -7, -7)...)
	for range 6 {
		play(t, g, chooseLegal(t, s, g))
	}
	// A fresh game of another configuration.
	h := newGame(t, engine.WithK(4), engine.WithBounds(6, 6))
	for h.Status() == engine.Ongoing {
		play(t, h, chooseLegal(t, s, h))
	}
}

func TestSearchRefusesWrongTurn(t *testing.T) {
	g := newGame(t)
	play(t, g, cells(0, 0)...)
	_, err := fixedDepth(1).Choose(context.Background(), g, 1)
	require.ErrorIs(t, err, engine.ErrWrongTurn)
}

func TestSearchStopsOnCancelledContext(t *testing.T) {
	g := vcfPosition(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := player.NewSearch(player.WithBudget(0), player.WithVCF(false))
	c, err := s.Choose(ctx, g, 1)
	require.NoError(t, err, "a cancelled search still answers its best cell so far")
	require.NoError(t, g.CanPlace(c.Row, c.Col))
	assert.LessOrEqual(t, s.LastStats().Depth, 1)
}

// TestSearchProvisional: while Choose runs, another goroutine can read the
// best move found so far, a free cell; there is none before and after.
func TestSearchProvisional(t *testing.T) {
	g := setUp(t, []engine.Option{engine.WithBounds(15, 15)}, map[int][]sparse.Cell{
		1: cells(7, 7, 8, 8, 6, 9),
		2: cells(7, 8, 8, 6, 9, 9),
	})
	s := player.NewSearch(player.WithBudget(time.Second))
	_, ok := s.Provisional()
	assert.False(t, ok, "no Choose under way")
	done := make(chan sparse.Cell)
	go func() {
		c, err := s.Choose(context.Background(), g, 1)
		assert.NoError(t, err)
		done <- c
	}()
	var seen []sparse.Cell
	for wait := true; wait; {
		select {
		case c := <-done:
			assert.NoError(t, g.CanPlace(c.Row, c.Col))
			wait = false
		default:
			// Polling without a timer: on a loaded machine a timer can
			// fire only after a short search has ended.
			if c, ok := s.Provisional(); ok && (len(seen) == 0 || seen[len(seen)-1] != c) {
				seen = append(seen, c)
			}
			runtime.Gosched()
		}
	}
	require.NotEmpty(t, seen, "a best move so far while searching")
	for _, c := range seen {
		assert.NoError(t, g.CanPlace(c.Row, c.Col))
	}
	_, ok = s.Provisional()
	assert.False(t, ok, "none once Choose has returned")
}
