package elo

import "math"

// Difference is what two runs of the same game pairs say about the
// second run's player against the first run's: the same player slot (a
// build of one engine, say) met the same opponent on the same openings,
// and base[i] and run[i] are its scores (0..1, a pair's points over two)
// in pair i of each. Pairing the runs pair by pair cancels what the
// openings and the opponent contribute to both, so the interval is far
// tighter than the two runs' own intervals would allow; when both sides
// are deterministic (engines limited by nodes), the pairs where the two
// builds played the same moves differ by nothing at all.
//
// The estimate's Score is the run's mean over the pairs and Variance the
// sample variance of one pair's difference (run − base, over n − 1 as
// for the interval of a mean; NaN for a single pair). Elo is the Elo at the base's
// mean score plus the mean difference, less the Elo at the base's mean
// score; the interval is the mean difference ± 1.95996 standard errors
// turned into Elo the same way, and LOS the probability that the true
// difference is above zero. Only the first min(len(base), len(run))
// pairs count.
func Difference(base, run []float64) Estimate {
	n, mb, md, variance := paired(base, run)
	e := Estimate{N: n}
	if n == 0 {
		e.Score, e.Variance = math.NaN(), math.NaN()
		e.Elo, e.Lower, e.Upper, e.Margin, e.LOS = math.NaN(), math.NaN(), math.NaN(), math.NaN(), math.NaN()
		return e
	}
	e.Score = mb + md
	e.Variance = variance * float64(n) / float64(n-1) // NaN when n is 1: 0/0
	at := func(lead float64) float64 { return scoreToElo(min(max(mb+lead, 0), 1)) - scoreToElo(mb) }
	se := math.Sqrt(e.Variance / float64(n))
	e.Elo = at(md)
	e.Lower, e.Upper = at(md-z975*se), at(md+z975*se)
	e.Margin = (e.Upper - e.Lower) / 2
	e.LOS = los(md, e.Variance, n)
	return e
}

// LLRDifference is the log-likelihood ratio of the paired difference of
// two runs (see [Difference]), H0 and H1 being the run Elo0 and Elo1
// above the base at the base's mean score. Like the other ratios it is 0
// while the variance is (every pair differing by the same amount), and it
// is 0 when the base's mean score is 0 or 1, which no Elo difference
// moves.
func (s SPRT) LLRDifference(base, run []float64) float64 {
	n, mb, md, variance := paired(base, run)
	if n == 0 || variance <= 0 || mb <= 0 || mb >= 1 {
		return 0
	}
	at := scoreToElo(mb)
	s0, s1 := eloToScore(at+s.Elo0)-mb, eloToScore(at+s.Elo1)-mb
	return float64(n) * (s1 - s0) * (2*md - s0 - s1) / (2 * variance)
}

// paired is the number of pairs two runs share, the base's mean score,
// the mean difference run − base and its variance (over n).
func paired(base, run []float64) (n int, mb, md, variance float64) {
	n = min(len(base), len(run))
	if n == 0 {
		return 0, math.NaN(), math.NaN(), math.NaN()
	}
	for i := range n {
		mb += base[i]
		md += run[i] - base[i]
	}
	mb, md = mb/float64(n), md/float64(n)
	for i := range n {
		d := run[i] - base[i] - md
		variance += d * d
	}
	return n, mb, md, variance / float64(n)
}
