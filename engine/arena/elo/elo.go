package elo

import (
	"math"
)

// z975 is the standard normal quantile of 0.975: a 95% two-sided
// interval spans the mean ± z975 standard errors.
const z975 = 1.959963984540054

// scoreToElo is the Elo difference that makes s the expected score. It is
// −Inf for 0 and +Inf for 1.
func scoreToElo(s float64) float64 {
	return -400 * math.Log10(1/s-1)
}

// eloToScore is the expected score of a player diff Elo stronger.
func eloToScore(diff float64) float64 {
	return 1 / (1 + math.Pow(10, -diff/400))
}

// Trinomial counts single games from the first player's side.
type Trinomial struct {
	Wins, Losses, Draws int
}

// Games is Wins + Losses + Draws.
func (t Trinomial) Games() int { return t.Wins + t.Losses + t.Draws }

// Points is Wins + Draws/2.
func (t Trinomial) Points() float64 { return float64(t.Wins) + float64(t.Draws)/2 }

// Pentanomial counts game pairs by the first player's points in them:
// index i holds the pairs worth i/2 points (0, ½, 1, 1½, 2).
type Pentanomial [5]int

// Pairs is the number of pairs.
func (p Pentanomial) Pairs() int { return p[0] + p[1] + p[2] + p[3] + p[4] }

// Estimate is what a sample of results says about the first player.
type Estimate struct {
	// N is the number of games (trinomial) or pairs (pentanomial).
	N int
	// Score is the mean score per game, 0..1.
	Score float64
	// Variance is the variance of one sample's score (a pair's score is
	// its points divided by two, so both kinds live on 0..1).
	Variance float64
	// Elo is the Elo difference; Lower and Upper bound its 95% interval
	// and Margin is half their distance (the "±" of cutechess-cli). Any
	// of them is infinite when a bound reaches a score of 0 or 1, and
	// NaN when there are no results.
	Elo, Lower, Upper, Margin float64
	// LOS is the likelihood of superiority, 0..1.
	LOS float64
}

// sample is a distribution of scores on 0..1 with counts.
type sample struct {
	scores []float64
	counts []int
}

func (s sample) stats() (n int, mean, variance float64) {
	for _, c := range s.counts {
		n += c
	}
	if n == 0 {
		return 0, math.NaN(), math.NaN()
	}
	for i, c := range s.counts {
		mean += s.scores[i] * float64(c)
	}
	mean /= float64(n)
	for i, c := range s.counts {
		d := s.scores[i] - mean
		variance += d * d * float64(c)
	}
	return n, mean, variance / float64(n)
}

func (s sample) estimate() Estimate {
	n, mean, variance := s.stats()
	e := Estimate{N: n, Score: mean, Variance: variance, Elo: scoreToElo(mean)}
	if n == 0 {
		e.Lower, e.Upper, e.Margin, e.LOS = math.NaN(), math.NaN(), math.NaN(), math.NaN()
		return e
	}
	se := math.Sqrt(variance / float64(n))
	// An interval reaching past a score of 0 or 1 is unbounded there.
	e.Lower = scoreToElo(max(mean-z975*se, 0))
	e.Upper = scoreToElo(min(mean+z975*se, 1))
	e.Margin = (e.Upper - e.Lower) / 2
	return e
}

func (t Trinomial) sample() sample {
	return sample{scores: []float64{0, 0.5, 1}, counts: []int{t.Losses, t.Draws, t.Wins}}
}

func (p Pentanomial) sample() sample {
	return sample{scores: []float64{0, 0.25, 0.5, 0.75, 1}, counts: p[:]}
}

// Estimate computes the score, Elo, interval and LOS of single games.
func (t Trinomial) Estimate() Estimate {
	e := t.sample().estimate()
	if decisive := t.Wins + t.Losses; decisive > 0 {
		e.LOS = 0.5 * (1 + math.Erf(float64(t.Wins-t.Losses)/math.Sqrt(2*float64(decisive))))
	} else if e.N > 0 {
		e.LOS = 0.5
	}
	return e
}

// Estimate computes the score, Elo, interval and LOS of game pairs.
func (p Pentanomial) Estimate() Estimate {
	e := p.sample().estimate()
	if e.N > 0 {
		e.LOS = los(e.Score-0.5, e.Variance, e.N)
	}
	return e
}

// los is the probability that a lead whose sample mean over n samples is
// lead is above zero, from a normal approximation of the sample mean: for
// a score, lead is its excess over ½.
func los(lead, variance float64, n int) float64 {
	se := math.Sqrt(variance / float64(n))
	if se == 0 {
		switch {
		case lead > 0:
			return 1
		case lead < 0:
			return 0
		}
		return 0.5
	}
	return 0.5 * math.Erfc(-lead/se/math.Sqrt2)
}
