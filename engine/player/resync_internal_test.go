package player

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/sparse"
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
	return []engine.Config{
		cfg(15, 15, 5, engine.Freestyle),
		cfg(15, 15, 5, engine.Exact),
		cfg(0, 0, 5, engine.Freestyle),
		cfg(0, 0, 5, engine.Exact),
		cfg(0, 0, 4, engine.Freestyle),
		cfg(12, 15, 5, engine.Freestyle),
	}
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
		if m.Player != g.Turn() || g.CanPlace(m.Row, m.Col) != nil {
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

// searchState says which working copy s used for g and checks it.
func checkSearchState(t *testing.T, s *Search, g *engine.Game) {
	t.Helper()
	if duelable(g.Config()) && !s.sparse {
		checkDuelState(t, s, g)
		return
	}
	checkTrackerState(t, s, g)
}

// checkDuelState compares the two-player board with one rebuilt over the
// same window from g's moves, and with a fresh search's board.
func checkDuelState(t *testing.T, s *Search, g *engine.Game) {
	t.Helper()
	ds := s.ds
	require.NotNil(t, ds)
	require.NotNil(t, ds.b)
	require.Equal(t, g.Config(), ds.cfg)
	require.Equal(t, g.History(), slices.Clip(ds.played), "the board's moves")
	b := ds.b
	stones := 0
	for i, v := range b.stone {
		if v == 1 || v == 2 {
			stones++
			c := b.cellAt(i)
			require.Equal(t, g.At(c.Row, c.Col), int(v), "mark at %v", c)
		}
	}
	require.Equal(t, g.Len(), stones, "marks on the board")
	checkDuel(t, b)

	nb := newDuelBoard(g.Config(), b.r0, b.c0, b.rows, b.cols)
	for i := range g.Len() {
		m, _ := g.MoveAt(i)
		idx, ok := nb.index(m.Row, m.Col)
		require.True(t, ok)
		nb.place(idx, m.Player-1)
	}
	require.Equal(t, nb.stone, b.stone, "cells")
	require.Equal(t, nb.near, b.near, "neighbour counts")
	require.Equal(t, nb.cell, b.cell, "patterns")
	require.Equal(t, nb.counts, b.counts, "class counts")
	require.Equal(t, nb.worth, b.worth, "evaluation sums")
	require.Equal(t, nb.hash, b.hash, "Zobrist key")
	require.Equal(t, nb.moves, b.moves, "move list")
	require.Equal(t, nb.boxes, b.boxes, "boxes")
	require.Equal(t, nb.box, b.box, "bounding box")

	fresh := NewSearch()
	fits, warm := fresh.duelSync(g, time.Time{})
	require.True(t, fits && warm)
	require.Equal(t, fresh.ds.b.hash, b.hash, "Zobrist key of a fresh board")
	require.Equal(t, duelCands(fresh.ds.b), duelCands(b), "candidates")
}

// duelCands is the candidate set of b as real cells, sorted.
func duelCands(b *duelBoard) []sparse.Cell {
	var out []sparse.Cell
	b.cands(func(i int) bool {
		out = append(out, b.cellAt(i))
		return true
	})
	slices.SortFunc(out, sparse.Cell.Compare)
	return out
}

// checkTrackerState compares the sparse search's tracker with one built
// afresh from g's moves.
func checkTrackerState(t *testing.T, s *Search, g *engine.Game) {
	t.Helper()
	tr := s.t
	require.NotNil(t, tr)
	require.Equal(t, g.Config(), tr.cfg)
	require.Equal(t, g.History(), tr.g.History(), "the tracker's moves")
	checkTracker(t, tr)
	nt, err := newTracker(g.Config())
	require.NoError(t, err)
	for i := range g.Len() {
		m, _ := g.MoveAt(i)
		_, err := nt.place(m.Row, m.Col, m.Player)
		require.NoError(t, err)
	}
	require.Equal(t, nt.score, tr.score, "scores")
	require.Equal(t, nt.fours, tr.fours, "fours")
	require.Equal(t, nt.threes, tr.threes, "threes")
	require.Equal(t, nt.gain, tr.gain, "gains")
	require.Equal(t, nt.near, tr.near, "candidates")
	require.Equal(t, nt.hash, tr.hash, "Zobrist key")
}

// cool reseeds s, whose seeded source only breaks ties, so that its next
// choice can be compared with a fresh instance's. When the game has only
// moved forward since s last looked, it also clears the tables s may keep
// then (keyed by the full position, ordering hints); after any other
// change of position s must have cleared them itself.
func cool(s *Search, seed uint64, forward bool) {
	WithSeed(seed)(s)
	if ds := s.ds; forward && ds != nil {
		clear(ds.tt)
		clear(ds.kill)
		for q := range ds.hist {
			clear(ds.hist[q])
		}
		clear(s.vcfFailed)
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
	}{
		// Deep enough for the tables to change choices if kept.
		{"dense", 2, false, 3000, 6},
		{"sparse", 2, true, 400, 3},
		{"players=3", 3, false, 400, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(22, uint64(tc.players)))
			const seed = 5
			opts := []SearchOption{WithBudget(0), WithMaxNodes(int64(tc.nodes)), WithMaxDepth(tc.depth), WithSeed(seed)}
			s := NewSearch(opts...)
			s.sparse = tc.sparse
			resyncSteps(t, rng, resyncConfigs(tc.players), steps, func(step int, g *engine.Game, forward bool) {
				msg := fmt.Sprintf("step %d, %v, %d moves", step, g.Config(), g.Len())
				cool(s, seed, forward)
				c, err := s.Choose(context.Background(), g, g.Turn())
				require.NoError(t, err, msg)
				require.NoError(t, g.CanPlace(c.Row, c.Col), msg)
				checkSearchState(t, s, g)

				fresh := NewSearch(opts...)
				fresh.sparse = tc.sparse
				fc, err := fresh.Choose(context.Background(), g, g.Turn())
				require.NoError(t, err, msg)
				if g.Config().Bounded() || tc.sparse || tc.players > 2 {
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

// TestStaleOrderingNeverSteersToATakenCell fills the two-player search's
// killer and history tables with cells that are taken, as tables kept
// from another position may hold, and checks that every choice is still a
// free cell, and the only move when the position has one: the block of
// the opponent's single winning cell.
func TestStaleOrderingNeverSteersToATakenCell(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 3))
	s := NewSearch(WithBudget(0), WithMaxNodes(2000), WithSeed(1))
	blocks := 0
	resyncSteps(t, rng, resyncConfigs(2)[:2], 40, func(step int, g *engine.Game, _ bool) {
		for _, g := range []*engine.Game{g, withFour(g, rng)} {
			if g == nil {
				continue
			}
			_, err := s.Choose(context.Background(), g, g.Turn())
			require.NoError(t, err)
			poison(s, rng)
			c, err := s.Choose(context.Background(), g, g.Turn())
			require.NoError(t, err)
			require.NoError(t, g.CanPlace(c.Row, c.Col), "step %d", step)
			mine, theirs := winningCells(g, g.Turn()), winningCells(g, 3-g.Turn())
			if len(mine) == 0 && len(theirs) == 1 {
				blocks++
				require.Equal(t, theirs[0], c, "step %d: the only move", step)
			}
		}
	})
	t.Logf("%d positions with a single cell to block", blocks)
	require.NotZero(t, blocks, "no position had a single cell to block")
}

// poison points every killer move and the history table's favourites of
// s's two-player search at taken cells.
func poison(s *Search, rng *rand.Rand) {
	ds := s.ds
	var taken []int32
	for i, v := range ds.b.stone {
		if v != 0 {
			taken = append(taken, int32(i))
		}
	}
	for ply := range ds.kill {
		ds.kill[ply] = [2]int32{taken[rng.IntN(len(taken))], taken[rng.IntN(len(taken))]}
	}
	for q := range ds.hist {
		for _, i := range taken {
			ds.hist[q][i] = 1 << 30
		}
	}
}

// winningCells lists the cells of a bounded board where p would win.
func winningCells(g *engine.Game, p int) []sparse.Cell {
	var out []sparse.Cell
	cfg := g.Config()
	for r := range cfg.Rows {
		for c := range cfg.Cols {
			if w, _ := g.WouldWin(r, c, p); w {
				out = append(out, sparse.Cell{Row: r, Col: c})
			}
		}
	}
	return out
}

// withFour returns a game of g's configuration (bounded, two players) in
// which the first player, to move, faces a four of the second's with a
// single winning cell and has none, or nil when the random try fails.
func withFour(g *engine.Game, rng *rand.Rand) *engine.Game {
	cfg := g.Config()
	axes := [4][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}}
	a := axes[rng.IntN(4)]
	r, c := rng.IntN(cfg.Rows), rng.IntN(cfg.Cols)
	// The first player's first stone blocks one end of the four.
	moves := []engine.Move{{Row: r, Col: c, Player: 1}}
	for i := 1; i <= 4; i++ {
		moves = append(moves, engine.Move{Row: r + i*a[0], Col: c + i*a[1], Player: 2})
		if i < 4 {
			moves = append(moves, engine.Move{Row: rng.IntN(cfg.Rows), Col: rng.IntN(cfg.Cols), Player: 1})
		}
	}
	next, err := engine.FromMoves(moves, engine.WithConfig(cfg))
	if err != nil || next.Status() != engine.Ongoing {
		return nil
	}
	if len(winningCells(next, 2)) != 1 || len(winningCells(next, 1)) != 0 {
		return nil
	}
	return next
}
