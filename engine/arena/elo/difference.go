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
	n := min(len(base), len(run))
	e := Estimate{N: n}
	if n == 0 {
		e.Score, e.Variance = math.NaN(), math.NaN()
		e.Elo, e.Lower, e.Upper, e.Margin, e.LOS = math.NaN(), math.NaN(), math.NaN(), math.NaN(), math.NaN()
		return e
	}
	var mb, mr, md float64
	for i := range n {
		mb += base[i]
		mr += run[i]
		md += run[i] - base[i]
	}
	mb, mr, md = mb/float64(n), mr/float64(n), md/float64(n)
	for i := range n {
		d := run[i] - base[i] - md
		e.Variance += d * d
	}
	e.Variance /= float64(n - 1) // NaN when n is 1: 0/0
	e.Score = mr
	at := func(lead float64) float64 { return scoreToElo(min(max(mb+lead, 0), 1)) - scoreToElo(mb) }
	se := math.Sqrt(e.Variance / float64(n))
	e.Elo = at(md)
	e.Lower, e.Upper = at(md-z975*se), at(md+z975*se)
	e.Margin = (e.Upper - e.Lower) / 2
	e.LOS = los(md, e.Variance, n)
	return e
}
