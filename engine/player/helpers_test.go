package player_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/bench/cputime"
	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player"
	"github.com/gomoku-engine/gomoku/sparse"
)

// newGame starts a game or fails the test.
func newGame(t testing.TB, opts ...engine.Option) *engine.Game {
	t.Helper()
	g, err := engine.New(opts...)
	require.NoError(t, err)
	return g
}

// play plays cells in turn order.
func play(t testing.TB, g *engine.Game, cells ...sparse.Cell) {
	t.Helper()
	for _, c := range cells {
		_, err := g.Play(c.Row, c.Col)
		require.NoError(t, err, "playing %v", c)
	}
}

// snapshot is everything a strategy must leave as it found it.
type snapshot struct {
	history []engine.Move
	redo    int
	status  engine.Outcome
	marks   map[sparse.Cell]int
	box     sparse.Rect
}

func take(g *engine.Game) snapshot {
	s := snapshot{history: g.History(), redo: g.RedoLen(), status: g.Status(), marks: map[sparse.Cell]int{}}
	for c, m := range g.Marks() {
		s.marks[c] = m
	}
	s.box, _ = g.BoundingBox()
	return s
}

// chooseLegal asks s for a move for the player in turn, checks that the
// game is unchanged and that the cell is legal, and returns it.
func chooseLegal(t testing.TB, s engine.Strategy, g *engine.Game) sparse.Cell {
	t.Helper()
	before := take(g)
	c, err := s.Choose(context.Background(), g, g.Turn())
	require.NoError(t, err, "%s on %v after %d moves", s.Name(), g.Config(), g.Len())
	require.Equal(t, before, take(g), "%s changed the game", s.Name())
	require.NoError(t, g.CanPlace(c.Row, c.Col), "%s chose an illegal cell %v", s.Name(), c)
	return c
}

func cells(rc ...int) []sparse.Cell {
	out := make([]sparse.Cell, 0, len(rc)/2)
	for i := 0; i+1 < len(rc); i += 2 {
		out = append(out, sparse.Cell{Row: rc[i], Col: rc[i+1]})
	}
	return out
}

// ladder returns one of each bot seeded with seed; the search is limited
// by depth, not time, so that it is deterministic and quick.
func ladder(seed uint64) []engine.Strategy {
	return []engine.Strategy{
		player.NewRandom(seed),
		player.NewGreedy(seed),
		player.NewSearch(player.WithSeed(seed), player.WithBudget(0), player.WithMaxDepth(2)),
	}
}

// processCPU is the process's CPU time, 0 where it cannot be read (then
// only wall time is reported).
func processCPU() time.Duration {
	d, _ := cputime.Process()
	return d
}
