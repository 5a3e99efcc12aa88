package elo_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine/arena/elo"
)

// Worked by hand: eight pairs, the run ahead in three of them.
func TestDifferenceWorked(t *testing.T) {
	base := []float64{1, 0.5, 0.5, 0, 1, 0.5, 0.75, 0.25}
	run := []float64{1, 0.5, 1, 0, 1, 0.75, 0.75, 0.5}
	e := elo.Difference(base, run)
	assert.Equal(t, 8, e.N)
	assert.InDelta(t, 0.6875, e.Score, 1e-12)
	// The differences 0, 0, ½, 0, 0, ¼, 0, ¼: mean 0.125, sample variance
	// 0.25/7, standard error √(0.25/56) = 0.0668.
	assert.InDelta(t, 0.25/7, e.Variance, 1e-12)
	// Base mean 0.5625: from Elo +43.7 to +137.0 at 0.6875.
	assert.InDelta(t, 93.311, e.Elo, 1e-3)
	assert.InDelta(t, -4.198, e.Lower, 1e-3)
	assert.InDelta(t, 217.947, e.Upper, 1e-3)
	assert.InDelta(t, 111.073, e.Margin, 1e-3)
	assert.InDelta(t, 0.96932, e.LOS, 1e-5)
}

// Identical runs differ by nothing: no Elo, no interval, an even LOS.
func TestDifferenceOfIdenticalRuns(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	base := make([]float64, 100)
	for i := range base {
		base[i] = float64(r.IntN(5)) / 4
	}
	e := elo.Difference(base, base)
	assert.Equal(t, 100, e.N)
	assert.Zero(t, e.Elo)
	assert.Zero(t, e.Lower)
	assert.Zero(t, e.Upper)
	assert.Zero(t, e.Margin)
	assert.Equal(t, 0.5, e.LOS)
}

// A run that scores the same amount more in every pair has a certain
// difference: the Elo between the two means, a zero-width interval.
func TestDifferenceOfAConstantShift(t *testing.T) {
	base := []float64{0.25, 0.5, 0.5, 0.25}
	run := []float64{0.5, 0.75, 0.75, 0.5}
	e := elo.Difference(base, run)
	want := -400*math.Log10(1/0.625-1) - -400*math.Log10(1/0.375-1)
	assert.InDelta(t, want, e.Elo, 1e-9)
	assert.InDelta(t, want, e.Lower, 1e-9)
	assert.InDelta(t, want, e.Upper, 1e-9)
	assert.Equal(t, 1.0, e.LOS)
	assert.Equal(t, 0.0, elo.Difference(run, base).LOS)
}

// Against an independent computation on random runs: the interval holds
// the estimate, and the estimate's sign follows the mean difference.
func TestDifferenceAgainstReference(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		n := 2 + r.IntN(300)
		base, run := make([]float64, n), make([]float64, n)
		var sb, sd float64
		for i := range n {
			base[i] = float64(r.IntN(5)) / 4
			run[i] = base[i]
			if r.IntN(3) == 0 {
				run[i] = float64(r.IntN(5)) / 4
			}
			sb += base[i]
			sd += run[i] - base[i]
		}
		e := elo.Difference(base, run)
		mb, md := sb/float64(n), sd/float64(n)
		if mb == 0 || mb == 1 {
			continue
		}
		lo := func(s float64) float64 { return -400 * math.Log10(1/s-1) }
		require.InDelta(t, lo(min(max(mb+md, 0), 1))-lo(mb), e.Elo, 1e-9)
		require.LessOrEqual(t, e.Lower, e.Elo)
		require.GreaterOrEqual(t, e.Upper, e.Elo)
		require.Equal(t, md > 0, e.Elo > 0)
		require.Equal(t, md > 0, e.LOS > 0.5)
	}
}

// Only the pairs both runs have count; none gives no figures.
func TestDifferenceLengths(t *testing.T) {
	e := elo.Difference([]float64{0.5, 1, 0}, []float64{0.5, 1})
	assert.Equal(t, 2, e.N)
	assert.Zero(t, e.Elo)
	// One pair gives an estimate and no interval.
	e = elo.Difference([]float64{0.5}, []float64{0.75})
	assert.Equal(t, 1, e.N)
	assert.InDelta(t, 190.849, e.Elo, 1e-3)
	assert.True(t, math.IsNaN(e.Lower))
	assert.True(t, math.IsNaN(e.LOS))
	e = elo.Difference(nil, []float64{1})
	assert.Zero(t, e.N)
	assert.True(t, math.IsNaN(e.Elo))
	assert.True(t, math.IsNaN(e.LOS))
}

// Against a base that drew every pair, the paired test is the test of
// the run's own pairs: the same hypotheses, the same ratio.
func TestLLRDifferenceAgainstAnEvenBase(t *testing.T) {
	test, err := elo.ParseSPRT("elo0=0,elo1=10")
	require.NoError(t, err)
	r := rand.New(rand.NewPCG(5, 6))
	for range 100 {
		var p elo.Pentanomial
		var base, run []float64
		for range 1 + r.IntN(400) {
			k := r.IntN(5)
			p[k]++
			base, run = append(base, 0.5), append(run, float64(k)/4)
		}
		require.InDelta(t, test.LLRPairs(p), test.LLRDifference(base, run), 1e-9)
	}
}

// The paired ratio rises with the run's lead and is 0 without a spread
// or against a base that won or lost everything.
func TestLLRDifference(t *testing.T) {
	test, err := elo.ParseSPRT("elo0=0,elo1=20")
	require.NoError(t, err)
	base := []float64{0.5, 1, 0, 0.75, 0.5, 0.25, 0.5, 1}
	ahead := []float64{0.75, 1, 0.5, 0.75, 0.5, 0.25, 1, 1}
	behind := []float64{0.25, 1, 0, 0.5, 0.5, 0.25, 0, 1}
	assert.Greater(t, test.LLRDifference(base, ahead), 0.0)
	assert.Less(t, test.LLRDifference(base, behind), 0.0)
	assert.Zero(t, test.LLRDifference(base, base))
	assert.Zero(t, test.LLRDifference([]float64{1, 1}, []float64{1, 0.5}))
	assert.Zero(t, test.LLRDifference(nil, nil))
}
