package arena_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/arena"
	"github.com/gomoku-engine/gomoku/engine/player"
	"github.com/gomoku-engine/gomoku/sparse"
)

func named(t *testing.T, names ...string) []arena.Entrant {
	t.Helper()
	var out []arena.Entrant
	for _, n := range names {
		e, err := arena.Named(n)
		require.NoError(t, err)
		out = append(out, e)
	}
	return out
}

// checkSummary asserts the invariants every summary must satisfy.
func checkSummary(t *testing.T, s *arena.Summary, results []arena.GameResult) {
	t.Helper()
	require.Equal(t, len(results), s.Games)
	wins, plies, draws := 0, 0, 0
	for i, r := range results {
		require.Equal(t, i, r.Index, "games arrive in order")
		require.Len(t, r.Think, len(r.Moves))
		plies += len(r.Moves)
		if r.Winner == 0 {
			draws++
		}
	}
	assert.Equal(t, plies, s.Plies)
	assert.Equal(t, draws, s.Draws)
	games := 0
	for _, st := range s.Entrants {
		assert.Equal(t, st.Games, st.Wins+st.Losses+st.Draws, st.Name)
		wins += st.Wins
		games += st.Games
		assert.LessOrEqual(t, st.ThinkMedian, st.ThinkMax)
	}
	assert.Equal(t, s.Games-s.Draws, wins)
	assert.Equal(t, s.Games*len(s.Entrants), games)
}

func TestRunRotatesAndRepeats(t *testing.T) {
	opts := arena.Options{Config: engine.Config{K: 4, Players: 2}, Games: 10, Seed: 9}
	run := func() (*arena.Summary, []arena.GameResult) {
		var rs []arena.GameResult
		s, err := run(context.Background(), named(t, "greedy", "random"), opts, func(r arena.GameResult) error {
			rs = append(rs, r)
			return nil
		})
		require.NoError(t, err)
		checkSummary(t, s, rs)
		return s, rs
	}
	s1, r1 := run()
	_, r2 := run()
	for i := range r1 {
		assert.Equal(t, r1[i].Moves, r2[i].Moves, "game %d repeats", i)
		assert.Equal(t, []int{i % 2, (i + 1) % 2}, r1[i].Seats, "seats alternate")
	}
	assert.Equal(t, 5, s1.Entrants[0].FirstGames)
	assert.Equal(t, "greedy", s1.Entrants[0].Name)
	assert.Greater(t, s1.Entrants[0].Wins, s1.Entrants[1].Wins)
}

func TestRunPermute(t *testing.T) {
	opts := arena.Options{Config: engine.Config{K: 3, Players: 3, Rows: 5, Cols: 5}, Games: 6, Schedule: arena.Permute}
	seen := map[[3]int]bool{}
	s, err := run(context.Background(), named(t, "random", "greedy", "random"), opts, func(r arena.GameResult) error {
		seen[[3]int(r.Seats)] = true
		return nil
	})
	require.NoError(t, err)
	assert.Len(t, seen, 6, "every seat order once")
	for _, st := range s.Entrants {
		assert.Equal(t, 2, st.FirstGames)
	}
}

func TestRunMoveLimitAndOpening(t *testing.T) {
	opts := arena.Options{Games: 4, MaxMoves: 6, OpeningMoves: 2}
	var rs []arena.GameResult
	s, err := run(context.Background(), named(t, "random", "random"), opts, func(r arena.GameResult) error {
		rs = append(rs, r)
		return nil
	})
	require.NoError(t, err)
	checkSummary(t, s, rs)
	assert.Equal(t, 4, s.MoveLimits)
	for _, r := range rs {
		assert.Equal(t, arena.MoveLimit, r.Ending)
		assert.Len(t, r.Moves, 6)
		assert.Equal(t, 2, r.Opening)
		assert.Zero(t, r.Think[0])
	}
	assert.Equal(t, 4*4, s.Entrants[0].Moves+s.Entrants[1].Moves, "opening moves are not timed")
}

func TestRunDrawOnFullBoard(t *testing.T) {
	opts := arena.Options{Config: engine.Config{K: 3, Players: 2, Rows: 1, Cols: 3}, Games: 2}
	s, err := run(context.Background(), named(t, "greedy", "greedy"), opts, nil)
	require.NoError(t, err)
	assert.Equal(t, 2, s.Draws)
	assert.Zero(t, s.MoveLimits)
}

func TestRunStops(t *testing.T) {
	stop := errors.New("enough")
	n := 0
	s, err := run(context.Background(), named(t, "random", "greedy"), arena.Options{Games: 5}, func(arena.GameResult) error {
		n++
		if n == 2 {
			return stop
		}
		return nil
	})
	require.ErrorIs(t, err, stop)
	assert.Equal(t, 2, s.Games)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = run(ctx, named(t, "random", "greedy"), arena.Options{Games: 5}, nil)
	require.ErrorIs(t, err, context.Canceled)
}

func TestRunReportsBrokenStrategy(t *testing.T) {
	script := arena.Entrant{Name: "stubborn", New: func(uint64) engine.Strategy {
		return player.NewScripted([]sparse.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 0}})
	}}
	_, err := run(context.Background(), append(named(t, "greedy"), script), arena.Options{Games: 1}, nil)
	require.ErrorIs(t, err, arena.ErrStrategy)
	assert.Contains(t, err.Error(), "stubborn")
}

func TestRunRejectsBadOptions(t *testing.T) {
	two := named(t, "random", "greedy")
	tests := []struct {
		name     string
		entrants []arena.Entrant
		opts     arena.Options
	}{
		{"no games", two, arena.Options{}},
		{"entrants do not match players", two[:1], arena.Options{Games: 1}},
		{"free order", two, arena.Options{Games: 1, Config: engine.Config{K: 5, Players: 2, Order: engine.FreeOrder}}},
		{"bad config", two, arena.Options{Games: 1, Config: engine.Config{K: 0, Players: 2}}},
		{"negative limit", two, arena.Options{Games: 1, MaxMoves: -1}},
		{"opening beyond limit", two, arena.Options{Games: 1, MaxMoves: 5, OpeningMoves: 5}},
		{"nameless", []arena.Entrant{two[0], {New: two[1].New}}, arena.Options{Games: 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := run(context.Background(), tc.entrants, tc.opts, nil)
			require.ErrorIs(t, err, arena.ErrBadOptions)
		})
	}
	_, err := arena.Named("nobody")
	require.ErrorIs(t, err, player.ErrUnknown)
}

func TestParseSchedule(t *testing.T) {
	for _, s := range []arena.Schedule{arena.Rotate, arena.Fixed, arena.Permute} {
		got, err := arena.ParseSchedule(s.String())
		require.NoError(t, err)
		assert.Equal(t, s, got)
	}
	_, err := arena.ParseSchedule("swiss")
	require.ErrorIs(t, err, arena.ErrBadOptions)
}

// deadlineSpy plays like greedy and records whether each Choose had a
// deadline.
type deadlineSpy struct {
	engine.Strategy
	deadlines *[]bool
}

func (d deadlineSpy) Choose(ctx context.Context, g *engine.Game, p int) (sparse.Cell, error) {
	_, ok := ctx.Deadline()
	*d.deadlines = append(*d.deadlines, ok)
	return d.Strategy.Choose(ctx, g, p)
}

func TestRunMoveTime(t *testing.T) {
	for _, limit := range []time.Duration{0, time.Minute} {
		var deadlines []bool
		spy := arena.Entrant{Name: "spy", New: func(seed uint64) engine.Strategy {
			return deadlineSpy{player.NewGreedy(seed), &deadlines}
		}}
		_, err := run(context.Background(), append(named(t, "random"), spy), arena.Options{Games: 2, MoveTime: limit}, nil)
		require.NoError(t, err)
		require.NotEmpty(t, deadlines)
		for _, ok := range deadlines {
			assert.Equal(t, limit > 0, ok, "move time %v", limit)
		}
	}
}

// run is NewMatch and Match.Run.
func run(ctx context.Context, entrants []arena.Entrant, opts arena.Options, onGame func(arena.GameResult) error) (*arena.Summary, error) {
	m, err := arena.NewMatch(ctx, entrants, opts)
	if err != nil {
		return nil, err
	}
	return m.Run(ctx, onGame)
}
