package elo

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// ErrBadSPRT: an SPRT specification that cannot be tested.
var ErrBadSPRT = errors.New("elo: bad SPRT")

// SPRT is a sequential probability ratio test of H0: the Elo difference is
// Elo0 against H1: it is Elo1, with false-positive rate Alpha and
// false-negative rate Beta.
//
// MinPairs is the least number of game pairs (single games count half a
// pair) before the test may decide; 0 means [DefaultMinPairs]. The
// normal approximation of the LLR needs a variance estimated from enough
// games: after a handful, a few similar results make the variance tiny
// and the LLR cross a bound on noise.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
	MinPairs    int
}

// DefaultMinPairs is the least number of game pairs before an SPRT
// decides, when MinPairs is not set: 40 games.
const DefaultMinPairs = 20

// maxMinPairs bounds MinPairs, far beyond any match played here.
const maxMinPairs = 1_000_000

// ParseSPRT reads "elo0=0,elo1=5,alpha=0.05,beta=0.05,minpairs=20". elo1
// is required; elo0 defaults to 0, alpha and beta to 0.05 (c-gomoku-cli's
// defaults) and minpairs to [DefaultMinPairs]. Keys may come in any
// order, each at most once.
func ParseSPRT(spec string) (SPRT, error) {
	s := SPRT{Alpha: 0.05, Beta: 0.05, MinPairs: DefaultMinPairs}
	seen := map[string]bool{}
	for _, part := range strings.Split(spec, ",") {
		key, val, ok := strings.Cut(strings.TrimSpace(part), "=")
		key = strings.ToLower(strings.TrimSpace(key))
		if !ok {
			return s, fmt.Errorf("%w: want key=value, got %q (e.g. elo0=0,elo1=5,alpha=0.05,beta=0.05)", ErrBadSPRT, part)
		}
		if seen[key] {
			return s, fmt.Errorf("%w: %s given twice", ErrBadSPRT, key)
		}
		seen[key] = true
		v, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return s, fmt.Errorf("%w: %s=%q is not a number", ErrBadSPRT, key, val)
		}
		switch key {
		case "elo0":
			s.Elo0 = v
		case "elo1":
			s.Elo1 = v
		case "alpha":
			s.Alpha = v
		case "beta":
			s.Beta = v
		case "minpairs":
			if v != math.Trunc(v) || v < 1 || v > maxMinPairs {
				return s, fmt.Errorf("%w: minpairs must be a whole number from 1 to %d, got %s", ErrBadSPRT, maxMinPairs, val)
			}
			s.MinPairs = int(v)
		default:
			return s, fmt.Errorf("%w: unknown key %q (want elo0, elo1, alpha, beta, minpairs)", ErrBadSPRT, key)
		}
	}
	if !seen["elo1"] {
		return s, fmt.Errorf("%w: elo1 is required (e.g. elo0=0,elo1=5)", ErrBadSPRT)
	}
	return s, s.Validate()
}

// Validate checks that the test is well posed: 0 < alpha, beta < 1,
// alpha + beta < 1, elo0 < elo1, both within ±1000 Elo, and MinPairs
// from 0 to a million.
func (s SPRT) Validate() error {
	switch {
	case !(s.Alpha > 0 && s.Alpha < 1) || !(s.Beta > 0 && s.Beta < 1):
		return fmt.Errorf("%w: alpha and beta must be between 0 and 1, got %g and %g", ErrBadSPRT, s.Alpha, s.Beta)
	case s.Alpha+s.Beta >= 1:
		return fmt.Errorf("%w: alpha + beta must be below 1, got %g", ErrBadSPRT, s.Alpha+s.Beta)
	case !(s.Elo0 < s.Elo1):
		return fmt.Errorf("%w: elo0 must be below elo1, got %g and %g", ErrBadSPRT, s.Elo0, s.Elo1)
	case math.Abs(s.Elo0) > 1000 || math.Abs(s.Elo1) > 1000:
		return fmt.Errorf("%w: elo0 and elo1 must be within ±1000", ErrBadSPRT)
	case s.MinPairs < 0 || s.MinPairs > maxMinPairs:
		return fmt.Errorf("%w: minpairs must be from 0 to %d, got %d", ErrBadSPRT, maxMinPairs, s.MinPairs)
	}
	return nil
}

func (s SPRT) String() string {
	return fmt.Sprintf("elo0=%g,elo1=%g,alpha=%g,beta=%g,minpairs=%d", s.Elo0, s.Elo1, s.Alpha, s.Beta, s.minPairs())
}

// minPairs is MinPairs with its default filled in.
func (s SPRT) minPairs() int {
	if s.MinPairs == 0 {
		return DefaultMinPairs
	}
	return s.MinPairs
}

// Bounds are the log-likelihood ratios at which the test stops: H0 is
// accepted at or below lower, H1 at or above upper.
func (s SPRT) Bounds() (lower, upper float64) {
	return math.Log(s.Beta / (1 - s.Alpha)), math.Log((1 - s.Beta) / s.Alpha)
}

// LLR is the log-likelihood ratio of single games. It is 0 until two of
// the three outcomes have occurred (the variance is 0 before).
func (s SPRT) LLR(t Trinomial) float64 {
	return s.llr(t.sample())
}

// LLRPairs is the log-likelihood ratio of game pairs.
func (s SPRT) LLRPairs(p Pentanomial) float64 {
	return s.llr(p.sample())
}

func (s SPRT) llr(smp sample) float64 {
	n, mean, variance := smp.stats()
	if n == 0 || variance <= 0 {
		return 0
	}
	s0, s1 := eloToScore(s.Elo0), eloToScore(s.Elo1)
	return float64(n) * (s1 - s0) * (2*mean - s0 - s1) / (2 * variance)
}

// Verdict is the state of an SPRT.
type Verdict uint8

const (
	// Continue: neither bound reached; play on.
	Continue Verdict = iota
	// AcceptH0: the LLR reached the lower bound; the difference is elo0
	// or less (at the test's error rates).
	AcceptH0
	// AcceptH1: the LLR reached the upper bound; the difference is elo1
	// or more.
	AcceptH1
)

func (v Verdict) String() string {
	switch v {
	case Continue:
		return "continue"
	case AcceptH0:
		return "H0 accepted"
	case AcceptH1:
		return "H1 accepted"
	}
	return fmt.Sprintf("Verdict(%d)", uint8(v))
}

// Decide compares the LLR of pairs game pairs with the bounds: Continue,
// whatever the LLR, before the test's minimum of pairs. Single games
// count half a pair.
func (s SPRT) Decide(llr float64, pairs float64) Verdict {
	lower, upper := s.Bounds()
	switch {
	case pairs < float64(s.minPairs()):
		return Continue
	case llr >= upper:
		return AcceptH1
	case llr <= lower:
		return AcceptH0
	}
	return Continue
}
