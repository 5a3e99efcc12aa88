package main

import (
	"context"
	"math"

	"github.com/gomoku-engine/gomoku/engine/player/internal/duel"
)

func sigmoid(z float64) float64 { return 1 / (1 + math.Exp(-z)) }

// heldOut puts one game in five aside to judge a fit.
func heldOut(s sample) bool { return s.game%5 == 0 }

// logLoss is the mean cross-entropy of the predictions z(s) on the held-out
// games (held) or the others.
func logLoss(samples []sample, held bool, z func(sample) float64) float64 {
	sum, n := 0.0, 0
	for _, s := range samples {
		if heldOut(s) != held {
			continue
		}
		p := min(max(sigmoid(z(s)), 1e-9), 1-1e-9)
		sum -= s.result*math.Log(p) + (1-s.result)*math.Log(1-p)
		n++
	}
	return sum / float64(n)
}

// fitLogistic fits w (the features' weights, then the tempo) on the
// training games by full-batch Adam with a cosine-decayed step scaled by
// each feature's spread, L2 regularisation, combination weights kept
// non-negative and the weakest shapes tied across roles. It stops early,
// with the weights so far, when ctx is done.
func fitLogistic(ctx context.Context, samples []sample, l2 float64, iters int) []float64 {
	per := duel.FitRole
	n := 2 * per
	w := make([]float64, n+1)
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
			if heldOut(s) {
				continue
			}
			z := w[n]
			for j, x := range s.x {
				z += w[j] * x
			}
			e := sigmoid(z) - s.result
			for j, x := range s.x {
				g[j] += e * x
			}
			g[n] += e
			cnt++
		}
		for j := range duel.FitTied {
			g[j], g[per+j] = (g[j]+g[per+j])/2, (g[j]+g[per+j])/2
		}
		rate := 0.01 * 0.5 * (1 + math.Cos(math.Pi*float64(it)/float64(iters)))
		for j := range w {
			g[j] /= float64(cnt)
			if j < n {
				g[j] += l2 * w[j]
			}
			m[j] = 0.9*m[j] + 0.1*g[j]
			v[j] = 0.999*v[j] + 0.001*g[j]*g[j]
			mh := m[j] / (1 - math.Pow(0.9, float64(it)))
			vh := v[j] / (1 - math.Pow(0.999, float64(it)))
			w[j] -= rate * scale[j] * mh / (math.Sqrt(vh) + 1e-8)
			if j < n && j%per >= duel.FitShapes {
				w[j] = max(w[j], 0)
			}
		}
	}
	return w
}
