package elo_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine/arena/elo"
)

// Worked values printed by other managers, to the digits they print.
// cutechess-cli ("Elo difference: E +/- M, LOS: L %") computes from single
// games; fastchess ("Elo: E +/- M ... Ptnml(0-2): [...]") from pairs.
func TestTrinomialMatchesCutechess(t *testing.T) {
	tests := []struct {
		w, l, d     int
		elo, margin float64
		los         float64 // percent
		source      string
	}{
		// github.com/princesslana/princhess pull 210.
		{745, 678, 501, 12.1, 13.3, 96.2, "princhess#210"},
		// github.com/princesslana/princhess pull 265.
		{65, 66, 69, -1.7, 39.1, 46.5, "princhess#265"},
		// github.com/JoAnnP38/Pedantic pulls 8 and 10.
		{332, 316, 352, 5.6, 17.3, 73.5, "Pedantic#8"},
		{1342, 1317, 1341, 2.2, 8.8, 68.6, "Pedantic#10"},
		// github.com/kelseyde/calvin-chess-engine pull 97.
		{143, 129, 368, 7.6, 17.5, 80.2, "calvin#97"},
		{1216, 1199, 3939, 0.9, 5.3, 63.5, "calvin#97 (2)"},
	}
	for _, tc := range tests {
		e := elo.Trinomial{Wins: tc.w, Losses: tc.l, Draws: tc.d}.Estimate()
		assert.InDelta(t, tc.elo, e.Elo, 0.05, "%s elo", tc.source)
		// cutechess-cli inverts erf with Winitzki's approximation, a 97.5%
		// quantile of 1.9572 instead of 1.9600: its margins are up to
		// 0.15% narrower than the exact ones computed here.
		assert.InDelta(t, tc.margin, e.Margin, 0.1, "%s margin", tc.source)
		assert.InDelta(t, tc.los, 100*e.LOS, 0.05, "%s LOS", tc.source)
		assert.Equal(t, tc.w+tc.l+tc.d, e.N)
	}
}

func TestPentanomialMatchesFastchess(t *testing.T) {
	// chess.stackexchange.com question 45881: 400 games, 307-42-51,
	// Ptnml(0-2) [4, 3, 34, 42, 117], "Elo: 277.00 +/- 40.90", LOS 100.00 %.
	e := elo.Pentanomial{4, 3, 34, 42, 117}.Estimate()
	assert.Equal(t, 200, e.N)
	assert.InDelta(t, 0.83125, e.Score, 1e-12)
	assert.InDelta(t, 277.00, e.Elo, 0.005)
	assert.InDelta(t, 40.90, e.Margin, 0.05)
	assert.InDelta(t, 1.0, e.LOS, 0.00005)
	// fastchess's printed output (github.com/Disservin/fastchess, #807): 120 games, 30-84-6,
	// Ptnml [30, 6, 18, 0, 6], "Elo: -168.40 +/- 73.37", LOS 0.00 %.
	e = elo.Pentanomial{30, 6, 18, 0, 6}.Estimate()
	assert.InDelta(t, 0.275, e.Score, 1e-12)
	assert.InDelta(t, -168.40, e.Elo, 0.005)
	assert.InDelta(t, 73.37, e.Margin, 0.05)
	assert.InDelta(t, 0, e.LOS, 0.00005)
}

func TestEdgeCases(t *testing.T) {
	e := elo.Trinomial{}.Estimate()
	assert.Zero(t, e.N)
	assert.True(t, math.IsNaN(e.Elo) && math.IsNaN(e.Margin) && math.IsNaN(e.LOS))

	e = elo.Trinomial{Draws: 4}.Estimate()
	assert.Zero(t, e.Elo)
	assert.Equal(t, 0.5, e.LOS)

	e = elo.Trinomial{Wins: 3}.Estimate()
	assert.True(t, math.IsInf(e.Elo, 1))
	assert.InDelta(t, 0.9584, e.LOS, 0.0001, "erf(3/√6)")

	// 1 of 20 pairs won: the interval reaches below a score of 0.
	e = elo.Pentanomial{9, 0, 1, 0, 0}.Estimate()
	assert.True(t, math.IsInf(e.Lower, -1) && math.IsInf(e.Margin, 1))
	assert.InDelta(t, -311.1, e.Upper, 0.05)

	e = elo.Pentanomial{0, 0, 5, 0, 0}.Estimate()
	assert.Equal(t, 0.5, e.LOS)
	assert.Zero(t, e.Elo)
}

func TestParseSPRT(t *testing.T) {
	s, err := elo.ParseSPRT("elo0=0,elo1=5,alpha=0.05,beta=0.05")
	require.NoError(t, err)
	assert.Equal(t, elo.SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05, MinPairs: elo.DefaultMinPairs}, s)
	s, err = elo.ParseSPRT(" elo1 = 10 , elo0=-2 ")
	require.NoError(t, err)
	assert.Equal(t, elo.SPRT{Elo0: -2, Elo1: 10, Alpha: 0.05, Beta: 0.05, MinPairs: elo.DefaultMinPairs}, s)
	s, err = elo.ParseSPRT("elo1=10,minpairs=50")
	require.NoError(t, err)
	assert.Equal(t, 50, s.MinPairs)
	assert.Equal(t, "elo0=0,elo1=10,alpha=0.05,beta=0.05,minpairs=50", s.String())
	assert.Contains(t, elo.SPRT{Elo1: 5, Alpha: 0.05, Beta: 0.05}.String(), ",minpairs=20", "0 means the default")
	again, err := elo.ParseSPRT(s.String())
	require.NoError(t, err)
	assert.Equal(t, s, again)
	for _, bad := range []string{"", "elo0=0", "elo1=5,elo1=6", "elo1=x", "elo1=5,gamma=1", "elo0=5,elo1=5",
		"elo1=5,alpha=0", "elo1=5,beta=1", "elo1=5,alpha=0.6,beta=0.5", "elo1=NaN", "elo1=5000", "elo1",
		"elo1=5,minpairs=0", "elo1=5,minpairs=-3", "elo1=5,minpairs=2.5", "elo1=5,minpairs=1e9"} {
		_, err := elo.ParseSPRT(bad)
		assert.ErrorIs(t, err, elo.ErrBadSPRT, bad)
	}
}

func TestSPRTBounds(t *testing.T) {
	s := elo.SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	lower, upper := s.Bounds()
	// The bounds every manager prints for alpha = beta = 0.05.
	assert.InDelta(t, -2.944, lower, 0.0005)
	assert.InDelta(t, 2.944, upper, 0.0005)
	assert.Equal(t, elo.Continue, s.Decide(0, 100))
	assert.Equal(t, elo.AcceptH1, s.Decide(2.95, 100))
	assert.Equal(t, elo.AcceptH0, s.Decide(-2.95, 100))
	// princhess#265 prints "lbound -2.25, ubound 2.89" for alpha 0.05,
	// beta 0.1.
	lower, upper = elo.SPRT{Elo1: 5, Alpha: 0.05, Beta: 0.1}.Bounds()
	assert.InDelta(t, -2.25, lower, 0.005)
	assert.InDelta(t, 2.89, upper, 0.005)
}

// The LLR of single games, worked by hand from c-gomoku-cli's sprt.cpp:
// 60 wins, 40 losses, 0 draws: s = 0.6, var = 0.24, n = 100; for elo0 = 0,
// elo1 = 50: s0 = 0.5, s1 = 1/(1+10^(-0.125)) = 0.571463...
// LLR = 100·(s1−s0)·(2·0.6 − s0 − s1)/(2·0.24) = 1.913676...
func TestLLRWorked(t *testing.T) {
	s := elo.SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	s1 := 1 / (1 + math.Pow(10, -50.0/400))
	want := 100 * (s1 - 0.5) * (1.2 - 0.5 - s1) / 0.48
	assert.InDelta(t, want, s.LLR(elo.Trinomial{Wins: 60, Losses: 40}), 1e-12)
	assert.InDelta(t, 1.913676, want, 0.000001)
	// Until two outcomes have occurred the variance is 0 and so is the LLR.
	assert.Zero(t, s.LLR(elo.Trinomial{Wins: 7}))
	// Pairs: a pair's score is its points / 2. 10 pairs of 1.5 and 10 of 1:
	// mean 0.625, var 0.015625.
	want = 20 * (s1 - 0.5) * (1.25 - 0.5 - s1) / (2 * 0.015625)
	assert.InDelta(t, want, s.LLRPairs(elo.Pentanomial{0, 0, 10, 10, 0}), 1e-9)
	assert.Equal(t, elo.AcceptH1, s.Decide(s.LLRPairs(elo.Pentanomial{0, 0, 10, 10, 0}), 20))
	// Losing evidence goes the other way.
	assert.Equal(t, elo.AcceptH0, s.Decide(s.LLR(elo.Trinomial{Wins: 40, Losses: 60}), 50))
}

// A few pairs of like results make the variance tiny and the LLR cross a
// bound on noise: no verdict before the minimum of pairs, whatever the
// LLR, and the verdict once it is reached.
func TestSPRTMinPairs(t *testing.T) {
	s := elo.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	_, upper := s.Bounds()
	early := elo.Pentanomial{0, 0, 0, 6, 1} // seven pairs: six of 1.5, one of 2
	llr := s.LLRPairs(early)
	require.Greater(t, llr, upper, "seven pairs alone cross the bound")
	assert.Equal(t, elo.Continue, s.Decide(llr, float64(early.Pairs())), "before the default minimum")
	assert.Equal(t, elo.Continue, s.Decide(llr, elo.DefaultMinPairs-0.5))
	assert.Equal(t, elo.AcceptH1, s.Decide(llr, elo.DefaultMinPairs))
	assert.Equal(t, elo.Continue, s.Decide(-llr, elo.DefaultMinPairs-1), "the lower bound waits too")
	assert.Equal(t, elo.AcceptH0, s.Decide(-llr, elo.DefaultMinPairs))
	s.MinPairs = 7
	assert.Equal(t, elo.AcceptH1, s.Decide(llr, 7))
	s.MinPairs = 8
	assert.Equal(t, elo.Continue, s.Decide(llr, 7))
}
