package main

import (
	"context"
	"math"
	"slices"
	"strings"

	"github.com/gomoku-engine/gomoku/engine/player/internal/duel"
)

func sigmoid(z float64) float64 { return 1 / (1 + math.Exp(-z)) }

// heldOut puts one game in five aside to judge a fit.
func heldOut(s sample) bool { return s.game%5 == 0 }

// The labels a fit is judged against: a sample's result, its target or
// the engine's win chance.
func result(s sample) float64       { return s.result }
func target(s sample) float64       { return s.target }
func engineChance(s sample) float64 { return s.engine }

// countLabels is the number of held-out samples with a label y.
func countLabels(samples []sample, y func(sample) float64) int {
	n := 0
	for _, s := range samples {
		if heldOut(s) && !math.IsNaN(y(s)) {
			n++
		}
	}
	return n
}

// spread is the standard deviation of the predictions z(s), in logits,
// over the held-out samples: the scale of an evaluation, which the
// search's margins (futility, the root's windows) are set against.
func spread(samples []sample, z func(sample) float64) float64 {
	s1, s2, n := 0.0, 0.0, 0.0
	for _, s := range samples {
		if !heldOut(s) {
			continue
		}
		v := z(s)
		s1, s2, n = s1+v, s2+v*v, n+1
	}
	if n == 0 {
		return math.NaN()
	}
	return math.Sqrt(max(s2/n-(s1/n)*(s1/n), 0))
}

// logLoss is the mean cross-entropy of the predictions z(s) against the
// labels y(s) on the held-out games' samples that keep accepts and that
// have a label (NaN when there are none).
func logLoss(samples []sample, keep func(sample) bool, y, z func(sample) float64) float64 {
	sum, n := 0.0, 0
	for _, s := range samples {
		t := y(s)
		if !heldOut(s) || !keep(s) || math.IsNaN(t) {
			continue
		}
		p := min(max(sigmoid(z(s)), 1e-9), 1-1e-9)
		sum -= t*math.Log(p) + (1-t)*math.Log(1-p)
		n++
	}
	return sum / float64(n)
}

// currentOf is the features' current weights.
func currentOf(features []duel.FitFeature) []float64 {
	w := make([]float64, len(features))
	for j, f := range features {
		w[j] = f.Current
	}
	return w
}

// linear is the evaluation, in logits, of weights w (the features', then
// the tempo) as a function of a sample: with the weights a fit starts
// from, the search's own evaluation of the position
// ([duel.Replay.Features]).
func linear(w []float64) func(sample) float64 {
	return func(s sample) float64 {
		v := w[len(w)-1]
		for j, x := range s.x {
			v += w[j] * x
		}
		return v
	}
}

// fitLogistic fits w (the features' weights, then the tempo) on the
// training games by full-batch Adam with a cosine-decayed step scaled by
// each feature's spread, L2 regularisation, the constraints of
// [duel.FitFeatures] (tied weights, non-negative ones, the waiting side's
// at most the side to move's), starting from the features' current
// weights and the tempo given. The tempo stays as it is: the worth of the move cannot be told apart from
// the waiting side's extra mark in half the positions (fitted, it comes
// out far below zero, with the same held-out log-loss), and the side to
// move must stay ahead of a mirror position. It aims at the samples' targets and leaves out those
// without one. It stops early, with the weights so far, when ctx is done.
func fitLogistic(ctx context.Context, samples []sample, features []duel.FitFeature, tempo int64, l2 float64, iters int) []float64 {
	n := len(features)
	w := append(currentOf(features), float64(tempo)/1000)
	for j, f := range features {
		if f.Tie >= 0 {
			w[j] = (w[j] + w[f.Tie]) / 2
			w[f.Tie] = w[j]
		}
	}
	scale := make([]float64, n+1)
	scale[n] = 1
	for j := range n {
		s1, s2, c := 0.0, 0.0, 0.0
		for _, s := range samples {
			s1, s2, c = s1+s.x[j], s2+s.x[j]*s.x[j], c+1
		}
		if sd := math.Sqrt(max(s2/c-(s1/c)*(s1/c), 0)); sd > 1e-3 {
			scale[j] = 1 / sd
		} else {
			scale[j] = 1
		}
	}
	m, v, g := make([]float64, n+1), make([]float64, n+1), make([]float64, n+1)
	for it := 1; it <= iters && ctx.Err() == nil; it++ {
		clear(g)
		cnt := 0
		for _, s := range samples {
			if heldOut(s) || math.IsNaN(s.target) {
				continue
			}
			z := w[n]
			for j, x := range s.x {
				z += w[j] * x
			}
			e := sigmoid(z) - s.target
			for j, x := range s.x {
				g[j] += e * x
			}
			cnt++
		}
		for j, f := range features {
			if f.Tie >= 0 {
				g[j] = (g[j] + g[f.Tie]) / 2
				g[f.Tie] = g[j]
			}
		}
		rate := 0.01 * 0.5 * (1 + math.Cos(math.Pi*float64(it)/float64(iters)))
		for j := range n {
			g[j] /= float64(cnt)
			g[j] += l2 * w[j]
			m[j] = 0.9*m[j] + 0.1*g[j]
			v[j] = 0.999*v[j] + 0.001*g[j]*g[j]
			mh := m[j] / (1 - math.Pow(0.9, float64(it)))
			vh := v[j] / (1 - math.Pow(0.999, float64(it)))
			if features[j].Fixed {
				continue
			}
			w[j] -= rate * scale[j] * mh / (math.Sqrt(vh) + 1e-8)
			if features[j].NonNegative {
				w[j] = max(w[j], 0)
			}
		}
		for j, f := range features {
			if f.Below >= 0 && w[j] > w[f.Below] {
				w[j] = (w[j] + w[f.Below]) / 2
				w[f.Below] = w[j]
			}
		}
	}
	return w
}

// withoutCombos is features with the combinations' weights fixed at
// their current values.
func withoutCombos(features []duel.FitFeature) []duel.FitFeature {
	out := slices.Clone(features)
	for j := range out {
		if strings.Contains(out[j].Name, ".combo.") {
			out[j].Fixed = true
		}
	}
	return out
}
