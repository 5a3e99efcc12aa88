package main

import (
	"math/rand/v2"
	"slices"

	"github.com/gomoku-engine/gomoku/engine/record"
)

// loss is how much win rate m gives away in p against the judge's best
// move, both read the same way (the position after the move, at the same
// budget): 0 when m is the judge's move or reads at least as well.
func (p *position) loss(m record.Move) (float64, bool) {
	best, _ := p.labelOf(p.best)
	e, ok := p.labelOf(m)
	if !ok {
		return 0, false
	}
	return max(0, best.WinChance(winScale)-e.WinChance(winScale)), true
}

// interval is an estimate with its 95% bootstrap interval.
type interval struct {
	mean, lo, hi float64
}

// resamples is the bootstrap's number of resamples.
const resamples = 4000

// bootstrap is the mean of xs with the 2.5th and 97.5th percentiles of
// the means of resamples drawn with replacement (by position, so paired
// differences stay paired). The seed is fixed: the same losses give the
// same interval.
func bootstrap(xs []float64) interval {
	if len(xs) == 0 {
		return interval{}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	means := make([]float64, resamples)
	for i := range means {
		sum := 0.0
		for range xs {
			sum += xs[rng.IntN(len(xs))]
		}
		means[i] = sum / float64(len(xs))
	}
	slices.Sort(means)
	return interval{mean: mean(xs), lo: means[resamples*25/1000], hi: means[resamples*975/1000-1]}
}

func mean(xs []float64) float64 {
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	return sum / float64(len(xs))
}

// summary is a build's score on a suite.
type summary struct {
	positions int      // scored (the move has a label)
	loss      interval // mean loss of win rate
	within    interval // share of moves losing at most the margin
	best      float64  // share of the judge's own move
}

// summarize scores the moves played (one per position of s, in order;
// an unlabelled move leaves its position out) with margin as the small
// loss.
func summarize(s *suite, played []record.Move, margin float64) summary {
	var losses, within []float64
	same := 0
	for i := range s.positions {
		p := &s.positions[i]
		l, ok := p.loss(played[i])
		if !ok {
			continue
		}
		losses = append(losses, l)
		w := 0.0
		if l <= margin {
			w = 1
		}
		within = append(within, w)
		if played[i] == p.best {
			same++
		}
	}
	sm := summary{positions: len(losses), loss: bootstrap(losses), within: bootstrap(within)}
	if len(losses) > 0 {
		sm.best = float64(same) / float64(len(losses))
	}
	return sm
}

// paired is the mean difference of loss, build a minus build b, over the
// positions both have labels for, with its bootstrap interval: far
// narrower than either build's own interval, since the positions' own
// difficulty cancels.
func paired(s *suite, a, b []record.Move) (interval, int) {
	var d []float64
	for i := range s.positions {
		p := &s.positions[i]
		la, okA := p.loss(a[i])
		lb, okB := p.loss(b[i])
		if okA && okB {
			d = append(d, la-lb)
		}
	}
	return bootstrap(d), len(d)
}
