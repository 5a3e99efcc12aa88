package player

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player/internal/duel"
	"github.com/gomoku-engine/gomoku/engine/renju"
)

// The tests here drive one strategy instance through a sequence of games
// that share a random prefix with the previous one and then differ, while
// often holding the same moves at later indexes (the same cell by the same
// player), with switches of rules and board; after every move asked for,
// what the instance kept is compared with a rebuild from the game alone.

// resyncConfigs are the games the property test switches between.
func resyncConfigs(players int) []engine.Config {
	cfg := func(rows, cols, k int, rule engine.Rule) engine.Config {
		return engine.Config{Rows: rows, Cols: cols, K: k, Players: players, Rule: rule, Order: engine.Rotation}
	}
	cfgs := []engine.Config{
		cfg(15, 15, 5, engine.Freestyle),
		cfg(15, 15, 5, engine.Exact),
		cfg(0, 0, 5, engine.Freestyle),
		cfg(0, 0, 5, engine.Exact),
		cfg(0, 0, 4, engine.Freestyle),
		cfg(12, 15, 5, engine.Freestyle),
	}
	if players == 2 {
		cfgs = append(cfgs, cfg(15, 15, 5, engine.Renju), cfg(0, 0, 5, engine.Renju))
	}
	return cfgs
}

// lineFrom returns a history of length n for cfg that keeps the first
// shared moves of base and then differs at index shared (when base is that
// long), taking base's move at a later index whenever it is still legal
// there, so that the two coincide after they diverge. Cells are drawn from
// a small area so that the positions hold threats. No move ends the game.
func lineFrom(t *testing.T, rng *rand.Rand, cfg engine.Config, base []engine.Move, shared, n int) []engine.Move {
	t.Helper()
	g, err := engine.New(engine.WithConfig(cfg))
	require.NoError(t, err)
	lo, span := -5, 11
	if cfg.Bounded() {
		lo, span = 2, min(cfg.Rows, cfg.Cols)-4
	}
	try := func(m engine.Move) bool {
		if m.Player != g.Turn() || g.CanPlace(m.Row, m.Col) != nil || g.Forbidden(m.Row, m.Col) != renju.None {
			return false
		}
		if won, _ := g.WouldWin(m.Row, m.Col, m.Player); won {
			return false
		}
		_, err := g.Play(m.Row, m.Col)
		require.NoError(t, err)
		if g.Status() != engine.Ongoing { // a draw on a full board
			_, err := g.Undo()
			require.NoError(t, err)
			return false
		}
		return true
	}
	for i := range min(shared, len(base)) {
		if !try(base[i]) {
			break
		}
	}
	for g.Len() < n {
		i := g.Len()
		if i > shared && i < len(base) && rng.IntN(4) > 0 && try(base[i]) {
			continue
		}
		placed := false
		for range 200 {
			m := engine.Move{Row: lo + rng.IntN(span), Col: lo + rng.IntN(span), Player: g.Turn()}
			if i == shared && i < len(base) && m == base[i] {
				continue
			}
			if placed = try(m); placed {
				break
			}
		}
		if !placed {
			break
		}
	}
	return g.History()
}

// resyncSteps yields the games of the property test: a game of cfgs[0],
// then games that keep a random prefix of the previous one (none at
// times: a new game) and go on differently, now and then under another
// configuration (then sharing nothing, as the rules differ).
// visit is told whether g extends the previous game.
func resyncSteps(t *testing.T, rng *rand.Rand, cfgs []engine.Config, steps int, visit func(step int, g *engine.Game, forward bool)) {
	t.Helper()
	cfg := cfgs[0]
	var prev []engine.Move
	for step := range steps {
		if step > 0 && rng.IntN(6) == 0 {
			cfg, prev = cfgs[rng.IntN(len(cfgs))], nil
		}
		shared := 0
		switch r := rng.IntN(5); {
		case r == 0 || len(prev) == 0:
		case r == 1:
			shared = len(prev) // the same game, a few moves on
		default:
			shared = rng.IntN(len(prev) + 1)
		}
		n := max(1, shared+rng.IntN(12)-3)
		if shared == len(prev) {
			n = shared + 1 + rng.IntN(3)
		}
		line := lineFrom(t, rng, cfg, prev, shared, min(n, 40))
		if len(line) == 0 {
			continue
		}
		g, err := engine.FromMoves(line, engine.WithConfig(cfg))
		require.NoError(t, err)
		forward := len(prev) > 0 && len(line) >= len(prev) && slices.Equal(line[:len(prev)], prev)
		visit(step, g, forward)
		prev = line
	}
}

// checkSearchState checks the working copy s used for g against g
// rebuilt (see duel.State.Verify and sparsesearch.State.Verify).
func checkSearchState(t *testing.T, s *Search, g *engine.Game) {
	t.Helper()
	if duel.Plays(g.Config()) && !s.forceSparse {
		require.NoError(t, s.duel.Verify(g))
		return
	}
	require.NoError(t, s.tracked.Verify(g))
}

// cool reseeds s, whose seeded source only breaks ties, so that its next
// choice can be compared with a fresh instance's. When the game has only
// moved forward since s last looked, it also clears the tables s may keep
// then (keyed by the full position, ordering hints); after any other
// change of position s must have cleared them itself.
func cool(s *Search, seed uint64, forward bool) {
	WithSeed(seed)(s)
	if forward {
		s.duel.Forget()
	}
}

// TestSearchResyncMatchesRebuild is the property test of the search's
// kept state: two-player games on the dense board, the same on the sparse
// tracker, and three-player games.
func TestSearchResyncMatchesRebuild(t *testing.T) {
	steps := 60
	if testing.Short() {
		steps = 20
	}
	for _, tc := range []struct {
		name         string
		players      int
		sparse       bool
		nodes, depth int
		threads      int
	}{
		// Deep enough for the tables to change choices if kept.
		{"dense", 2, false, 3000, 6, 1},
		{"sparse", 2, true, 400, 3, 1},
		{"players=3", 3, false, 400, 3, 1},
		// The helpers' boards and tables are kept too (their choices
		// race, so only their states are compared).
		{"dense/threads=3", 2, false, 3000, 6, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(22, uint64(tc.players)))
			const seed = 5
			opts := []SearchOption{WithBudget(0), WithMaxNodes(int64(tc.nodes)), WithMaxDepth(tc.depth), WithSeed(seed), WithThreads(tc.threads)}
			s := NewSearch(opts...)
			s.forceSparse = tc.sparse
			resyncSteps(t, rng, resyncConfigs(tc.players), steps, func(step int, g *engine.Game, forward bool) {
				msg := fmt.Sprintf("step %d, %v, %d moves", step, g.Config(), g.Len())
				cool(s, seed, forward)
				c, err := s.Choose(context.Background(), g, g.Turn())
				require.NoError(t, err, msg)
				require.NoError(t, g.CanPlace(c.Row, c.Col), msg)
				checkSearchState(t, s, g)

				fresh := NewSearch(opts...)
				fresh.forceSparse = tc.sparse
				fc, err := fresh.Choose(context.Background(), g, g.Turn())
				require.NoError(t, err, msg)
				if tc.threads == 1 && (g.Config().Bounded() || tc.sparse || tc.players > 2) {
					// A bounded board's window is the whole board; the
					// sparse search has none: nothing but the position
					// decides.
					require.Equal(t, fc, c, "%s: the kept search chose %v, a fresh one %v (%s)", msg, c, fc, s.stats.Reason)
				}
			})
		})
	}
}

// TestRandomResyncMatchesRebuild is the property test of Random's set of
// empty cells.
func TestRandomResyncMatchesRebuild(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 9))
	r := NewRandom(3)
	cfgs := append(resyncConfigs(2), engine.Config{Rows: 9, Cols: 9, K: 5, Players: 2, Order: engine.Rotation})
	resyncSteps(t, rng, cfgs, 200, func(step int, g *engine.Game, _ bool) {
		c, err := r.Choose(context.Background(), g, g.Turn())
		require.NoError(t, err)
		require.NoError(t, g.CanPlace(c.Row, c.Col), "step %d", step)
		if !g.Config().Bounded() {
			return
		}
		set := r.set
		require.Equal(t, g.History(), slices.Clip(set.seen), "step %d: the set's moves", step)
		var want, got []int32
		cols := g.Config().Cols
		for row := range g.Config().Rows {
			for col := range cols {
				if g.At(row, col) == 0 {
					want = append(want, int32(row*cols+col))
				}
			}
		}
		for j, i := range set.cells {
			require.Equal(t, int32(j), set.pos[i], "step %d: position of %d", step, i)
			got = append(got, i)
		}
		slices.Sort(got)
		require.Equal(t, want, got, "step %d: the empty cells", step)
		for i, p := range set.pos {
			require.Equal(t, g.At(i/cols, i%cols) != 0, p < 0, "step %d: cell %d", step, i)
		}
	})
}
