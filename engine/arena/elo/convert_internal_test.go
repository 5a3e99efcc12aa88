package elo

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestEloScoreRoundTrip(t *testing.T) {
	for _, d := range []float64{-800, -100, -5, 0, 5, 100, 800} {
		assert.InDelta(t, d, scoreToElo(eloToScore(d)), 1e-9)
	}
	assert.InDelta(t, 0.75, eloToScore(190.8485), 1e-6, "a 3:1 score is 190.85 Elo")
	assert.True(t, math.IsInf(scoreToElo(1), 1))
	assert.True(t, math.IsInf(scoreToElo(0), -1))
}
