package duel

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player/internal/dense"
)

// TestFittedWeightsRoundTrip: the weights a fit starts from (either
// file's), as a fitted vector, give back those weights; every feature has
// a distinct name, and its current weight and constraints are those of
// its place.
func TestFittedWeightsRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		name string
		from dense.Weights
	}{{"weights.json", dense.SmallWeights}, {"weights20.json", dense.LargeWeights}} {
		name, from := tc.name, tc.from
		var w []float64
		add := func(v int32) { w = append(w, float64(v)/1000) }
		for r := range 2 {
			for _, s := range fitShapes {
				add(from.Shapes[r][s])
			}
			for _, c := range fitClasses {
				add(from.Classes[r][c])
			}
			for _, v := range from.Combos[r] {
				add(v)
			}
		}
		features := FitFeatures(from)
		require.Len(t, w, len(features), name)
		names := map[string]bool{}
		for j, f := range features {
			assert.False(t, names[f.Name], f.Name)
			names[f.Name] = true
			assert.Equal(t, w[j], f.Current, "%s: %s", name, f.Name)
			assert.Equal(t, strings.Contains(f.Name, ".class."), f.NonNegative, f.Name)
			if f.Tie >= 0 {
				assert.Equal(t, strings.Replace(f.Name, "waiting.", "toMove.", 1), features[f.Tie].Name)
			}
		}
		w = append(w, float64(from.Tempo)/1000)
		assert.Equal(t, from, FittedWeights(from, w), name)
	}
}

// TestReplayFeaturesAreTheEvaluation: with the weights in force, the
// fit's linear function of a position's features is the search's static
// evaluation, on 15×15 and on 20×20 (whose empty cells the evaluation
// counts as an empty 15×15 board's), under both rules: a fit on any of
// these boards fits what the search computes.
func TestReplayFeaturesAreTheEvaluation(t *testing.T) {
	small, large := FitFeatures(dense.SmallWeights), FitFeatures(dense.LargeWeights)
	linear := func(features []FitFeature, tempo int64, x []float64) float64 {
		z := float64(tempo) / 1000
		for j, f := range features {
			z += f.Current * x[j]
		}
		return z
	}
	rng := rand.New(rand.NewPCG(5, 26))
	for _, size := range []int{15, 20} {
		for _, rule := range []engine.Rule{engine.Freestyle, engine.Exact} {
			cfg := engine.DefaultConfig()
			cfg.Rows, cfg.Cols, cfg.Rule = size, size, rule
			checked := 0
			for range 20 {
				r, err := NewReplay(cfg)
				require.NoError(t, err)
				// The same marks on a board with weights20.json's table: a
				// fit that starts from that file (evalfit --start) weighs
				// what that board evaluates.
				big := dense.NewBoardUnder(cfg, dense.LargeEval, 0, 0, size, size)
				for n := 0; n < 60; n++ {
					// Near the centre and the edges alike: the edge cells'
					// shapes are where the boards differ.
					row, col := rng.IntN(size), rng.IntN(size)
					if !r.Play(row, col) {
						continue
					}
					i, _ := big.Index(row, col)
					big.Place(i, len(big.Moves)%2)
					x, eval, ok := r.Features()
					if !ok {
						break
					}
					at := fmt.Sprintf("%dx%d %v after %d marks", size, size, rule, len(r.b.Moves))
					require.InDelta(t, eval, linear(small, dense.SmallWeights.Tempo, x), 1e-9, at)
					require.InDelta(t, float64(big.Eval(len(big.Moves)%2))/1000, linear(large, dense.LargeWeights.Tempo, x), 1e-9, at)
					checked++
				}
			}
			assert.Greater(t, checked, 100, "%dx%d %v", size, size, rule)
		}
	}
}

// TestReplayPairFeaturesAreThePairEvaluation: a position's pair features
// times the pair table in force, at the evaluation's scale, are the pair
// evaluation for the side to move (up to the halving's rounding), on
// 15×15 and 20×20 under both rules; the features leave the replay's board
// as it was, and there are none under rules the pair evaluation does not
// play.
func TestReplayPairFeaturesAreThePairEvaluation(t *testing.T) {
	table := dense.CurrentPairs()
	rng := rand.New(rand.NewPCG(44, 2))
	for _, size := range []int{15, 20} {
		for _, rule := range []engine.Rule{engine.Freestyle, engine.Exact} {
			cfg := engine.DefaultConfig()
			cfg.Rows, cfg.Cols, cfg.Rule = size, size, rule
			checked := 0
			for range 20 {
				r, err := NewReplay(cfg)
				require.NoError(t, err)
				for n := 0; n < 60; n++ {
					if !r.Play(rng.IntN(size), rng.IntN(size)) {
						continue
					}
					x, ok := r.PairFeatures()
					_, _, evaluated := r.Features()
					require.Equal(t, evaluated, ok)
					if !ok {
						break
					}
					v := 0.0
					for k, c := range x {
						v += c * float64(table.Value(k))
					}
					at := fmt.Sprintf("%dx%d %v after %d marks", size, size, rule, len(r.b.Moves))
					require.InDelta(t, float64(r.b.PairEval(len(r.b.Moves)%2)), v*dense.PairScale, dense.PairScale, at)
					require.NoError(t, r.b.Verify(), at)
					checked++
				}
			}
			assert.Greater(t, checked, 100, "%dx%d %v", size, size, rule)
		}
	}
	cfg := engine.DefaultConfig()
	cfg.Rows, cfg.Cols, cfg.K = 15, 15, 4
	r, err := NewReplay(cfg)
	require.NoError(t, err)
	require.True(t, r.Play(7, 7))
	_, ok := r.PairFeatures()
	assert.False(t, ok, "four in a row has no pair evaluation")
}
