package multi

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/internal/cellkey"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
	"github.com/gomoku-engine/gomoku/engine/player/internal/sparsesearch"
	"github.com/gomoku-engine/gomoku/sparse"
)

// checkModel compares the run model with Greedy read off the board: the
// model holds exactly the empty cells within distance 2 of a mark, and
// scores each of them for every player as [core.LocalScore] does.
func checkModel(t *testing.T, tr *sparsesearch.Tracker, m *runModel) {
	t.Helper()
	want := map[uint64]bool{}
	for _, c := range core.Neighbours(tr.Game(), modelRadius) {
		want[cellkey.Pack(c.Row, c.Col)] = true
	}
	got := map[uint64]bool{}
	for i := range m.cells {
		e := &m.cells[i]
		require.Equal(t, int32(i), m.index[e.key])
		if e.taken {
			continue
		}
		got[e.key] = true
		r, c := cellkey.Unpack(e.key)
		for p := 1; p <= tr.Players(); p++ {
			require.Equal(t, core.LocalScore(tr.Game(), sparse.Cell{Row: r, Col: c}, p), e.score(p), "cell (%d, %d), player %d", r, c, p)
		}
	}
	require.Equal(t, want, got)
}

// TestRunModelMatchesGreedy plays random clustered marks on the infinite
// board and on a small bounded one (whose edges close runs), for K from 3
// to 6, three to five players and both rules, and checks the model built
// from the position, then kept up to date through further moves and
// their undoing, against Greedy's own score of every cell.
func TestRunModelMatchesGreedy(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 1))
	for round := range 24 {
		cfg := engine.DefaultConfig()
		cfg.Players = 3 + rng.IntN(3)
		cfg.K = 3 + rng.IntN(4)
		if round%2 == 1 {
			cfg.Rows, cfg.Cols = 9, 11
		}
		if rng.IntN(2) == 0 {
			cfg.Rule = engine.Exact
		}
		t.Run(fmt.Sprintf("%d/%v", round, cfg), func(t *testing.T) {
			tr, err := sparsesearch.NewTracker(cfg)
			require.NoError(t, err)
			randomMark := func(p int) (int, int) {
				for {
					r, c := rng.IntN(9), rng.IntN(11)
					// A winning cell would end the game.
					if _, wins := tr.Fours(p)[cellkey.Pack(r, c)]; tr.Cell(r, c) == 0 && !wins {
						_, err := tr.Place(r, c, p)
						require.NoError(t, err)
						return r, c
					}
				}
			}
			for i := range 20 + rng.IntN(20) {
				randomMark(i%cfg.Players + 1)
			}
			m := newRunModel(tr)
			checkModel(t, tr, m)
			before := len(m.cells)
			for i := range 12 {
				r, c := randomMark(i%cfg.Players + 1)
				m.apply(r, c)
				checkModel(t, tr, m)
			}
			for range 12 {
				m.undo()
				tr.Undo()
				checkModel(t, tr, m)
			}
			require.Len(t, m.cells, before)
			require.Empty(t, m.log)
		})
	}
}

// TestRunModelPredicts: the model's move is a win when there is one, else
// the block of the first player after the mover who could win, else the
// best-scoring cell.
func TestRunModelPredicts(t *testing.T) {
	cfg := engine.DefaultConfig()
	cfg.Players = 3
	tr, err := sparsesearch.NewTracker(cfg)
	require.NoError(t, err)
	place := func(p int, cells ...[2]int) {
		for _, c := range cells {
			_, err := tr.Place(c[0], c[1], p)
			require.NoError(t, err)
		}
	}
	// Player 3 has a four on row 0 (its cell: (0, 4)); player 2 a four on
	// row 5 closed at (5, -1) (its cell: (5, 4)).
	place(3, [2]int{0, 0}, [2]int{0, 1}, [2]int{0, 2}, [2]int{0, 3})
	place(1, [2]int{0, -1})
	place(2, [2]int{5, 0}, [2]int{5, 1}, [2]int{5, 2}, [2]int{5, 3})
	place(1, [2]int{5, -1})
	m := newRunModel(tr)
	moves, won := m.predict(3, nil)
	require.True(t, won)
	require.Equal(t, []uint64{cellkey.Pack(0, 4)}, moves)
	// Player 1 blocks player 2, the first after it who could win, not
	// player 3.
	moves, won = m.predict(1, nil)
	require.False(t, won)
	require.Equal(t, []uint64{cellkey.Pack(5, 4)}, moves)
	moves, won = m.predict(2, nil)
	require.True(t, won)
	require.Equal(t, []uint64{cellkey.Pack(5, 4)}, moves)
	// Without the fours, the best cell by the local score.
	tr.Undo()
	for range 4 {
		tr.Undo()
	}
	_, err = tr.Place(0, 4, 1)
	require.NoError(t, err)
	m = newRunModel(tr)
	moves, _ = m.predict(2, nil)
	require.NotEmpty(t, moves)
	for _, key := range moves {
		r, c := cellkey.Unpack(key)
		for _, other := range core.Neighbours(tr.Game(), modelRadius) {
			require.GreaterOrEqual(t, core.LocalScore(tr.Game(), sparse.Cell{Row: r, Col: c}, 2), core.LocalScore(tr.Game(), other, 2))
		}
	}
}
