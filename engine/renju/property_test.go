package renju_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine/renju"
)

// compareAll checks every cell of p's diagram and a margin around it with
// the detector and the referee, and returns how many were forbidden.
func compareAll(t testing.TB, p *position, size int) int {
	forbidden := 0
	for r := -2; r < size+2; r++ {
		for c := -2; c < size+2; c++ {
			want := refCheck(p, r, c)
			got := renju.Check(p, r, c)
			if got != want {
				t.Fatalf("(%d, %d): detector says %v, referee %v, on\n%v", r, c, got, want, p)
			}
			if got != renju.None {
				forbidden++
			}
		}
	}
	return forbidden
}

// TestCheckAgreesWithReferee: on random crowded positions, bounded and
// not, the detector and the referee agree on every cell.
func TestCheckAgreesWithReferee(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 5))
	n := 400
	if testing.Short() {
		n = 60
	}
	forbidden := 0
	for i := range n {
		p := randomPosition(rng, 7+rng.IntN(6), i%2 == 0)
		forbidden += compareAll(t, p, max(p.rows, 12))
	}
	require.Positive(t, forbidden, "the positions never exercised a foul")
}

// TestDetectorLeavesBoardAlone: the detector only reads the board.
func TestDetectorLeavesBoardAlone(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	p := randomPosition(rng, 12, false)
	before := p.String()
	for r := range 12 {
		for c := range 12 {
			renju.Check(p, r, c)
		}
	}
	require.Equal(t, before, p.String())
}
