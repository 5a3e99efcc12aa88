package engine

import (
	"errors"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSharedManyGoroutines hammers one shared game with players, undoers,
// look-aheads and spectators at once. Run it with -race: every access must
// go through the lock, and no observer may see a half-applied operation.
func TestSharedManyGoroutines(t *testing.T) {
	const players, rounds = 6, 400
	g, err := New(WithBounds(12, 12), WithK(4), WithPlayers(players), WithFreeOrder(), WithChecker(RunsChecker))
	require.NoError(t, err)
	s := NewShared(g)

	var wg sync.WaitGroup
	var mu sync.Mutex
	var problems []string
	report := func(msg string) {
		mu.Lock()
		defer mu.Unlock()
		problems = append(problems, msg)
	}
	for p := 1; p <= players; p++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(p), 7))
			for range rounds {
				r, c := rng.IntN(12), rng.IntN(12)
				switch rng.IntN(10) {
				case 0:
					if _, err := s.Undo(); err != nil && !errors.Is(err, ErrNothingToUndo) {
						report("undo: " + err.Error())
					}
				case 1:
					if _, _, err := s.Redo(); err != nil && !errors.Is(err, ErrNothingToRedo) && !errors.Is(err, ErrGameOver) {
						report("redo: " + err.Error())
					}
				case 2, 3:
					if _, err := s.WouldWin(r, c, p); err != nil && !errors.Is(err, ErrOccupied) && !errors.Is(err, ErrGameOver) {
						report("would win: " + err.Error())
					}
				default:
					if _, err := s.PlayAs(r, c, p); err != nil && !errors.Is(err, ErrOccupied) && !errors.Is(err, ErrGameOver) {
						report("play: " + err.Error())
					}
				}
			}
		}()
	}
	for range 3 { // spectators
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range rounds {
				snap := s.Snapshot()
				if snap.Status == Won && snap.Winner != snap.History[len(snap.History)-1].Player {
					report("snapshot: winner is not the last mover")
				}
				s.Do(func(g *Game) {
					if g.board.Len() != g.Len() {
						report("marks and history disagree: a half-applied operation was visible")
					}
				})
			}
		}()
	}
	wg.Wait()
	require.Empty(t, problems)

	// The final position must be what replaying its history gives.
	final := s.Clone()
	replayed, err := New(WithConfig(final.Config()))
	require.NoError(t, err)
	for _, m := range final.History() {
		_, err := replayed.PlayAs(m.Row, m.Col, m.Player)
		require.NoError(t, err)
	}
	assert.Equal(t, replayed.Status(), final.Status())
	assert.Equal(t, replayed.Winner(), final.Winner())
	t.Logf("final: %d moves, %v", final.Len(), final.Status())
}
