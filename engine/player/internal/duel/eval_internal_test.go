package duel

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
)

// TestWeightsFile: the embedded file parses and is written back byte for
// byte, so that a refit's diff shows only the weights that changed.
func TestWeightsFile(t *testing.T) {
	w, err := ParseWeights(weightsFile)
	require.NoError(t, err)
	var buf bytes.Buffer
	require.NoError(t, w.Write(&buf))
	assert.Equal(t, string(weightsFile), buf.String())
	assert.Equal(t, w, CurrentWeights())
}

// TestParseWeightsRefuses names the faults of a bad file.
func TestParseWeightsRefuses(t *testing.T) {
	for _, tc := range []struct{ name, file, want string }{
		{"not JSON", `{`, "unexpected EOF"},
		{"unknown field", `{"toMove": {}, "waiting": {}, "tempo": 1, "extra": 2}`, "unknown field"},
		{"unknown shape", `{"toMove": {"shapes": {"six": 1}}}`, `unknown line shape "six"`},
		{"none is no shape", `{"toMove": {"shapes": {"none": 1}}}`, `unknown line shape "none"`},
		{"missing shapes", `{"toMove": {"shapes": {"five": 1}}}`, "1 line shapes in role 0, want 9"},
		{"unknown class", `{"toMove": {"shapes": {"block1": 0, "flex1": 0, "block2": 0, "flex2": 0, "block3": 0, "flex3": 0, "block4": 0, "flex4": 0, "five": 0}, "classes": {"six": 1}}}`, `unknown class "six"`},
	} {
		_, err := ParseWeights([]byte(tc.file))
		require.Error(t, err, tc.name)
		assert.Contains(t, err.Error(), tc.want, tc.name)
	}
}

// TestFittedWeightsRoundTrip: the current weights, as a fitted vector,
// give back the current weights; every feature has a distinct name, and
// its current weight and constraints are those of its place.
func TestFittedWeightsRoundTrip(t *testing.T) {
	var w []float64
	add := func(v int32) { w = append(w, float64(v)/1000) }
	for r := range 2 {
		for _, s := range fitShapes {
			add(lineWorth[r][s])
		}
		for _, c := range fitClasses {
			add(classWorth[r][c])
		}
	}
	features := FitFeatures()
	require.Len(t, w, len(features))
	names := map[string]bool{}
	for j, f := range features {
		assert.False(t, names[f.Name], f.Name)
		names[f.Name] = true
		assert.Equal(t, w[j], f.Current, f.Name)
		assert.Equal(t, strings.Contains(f.Name, ".class."), f.NonNegative, f.Name)
		if f.Tie >= 0 {
			assert.Equal(t, strings.Replace(f.Name, "waiting.", "toMove.", 1), features[f.Tie].Name)
		}
	}
	w = append(w, float64(tempo)/1000)
	assert.Equal(t, CurrentWeights(), FittedWeights(w))
}

// FuzzParseWeights: any file is read without a panic, and one it takes is
// written back to a file that reads the same.
func FuzzParseWeights(f *testing.F) {
	f.Add(weightsFile)
	f.Add([]byte(`{"toMove": {"shapes": {"six": 1}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		w, err := ParseWeights(data)
		if err != nil {
			return
		}
		var buf bytes.Buffer
		require.NoError(t, w.Write(&buf))
		again, err := ParseWeights(buf.Bytes())
		require.NoError(t, err)
		require.Equal(t, w, again)
	})
}

// TestReplayFeaturesAreTheEvaluation: with the weights in force, the
// fit's linear function of a position's features is the search's static
// evaluation, on 15×15 and on 20×20 (whose empty cells the evaluation
// counts as an empty 15×15 board's), under both rules: a fit on any of
// these boards fits what the search computes.
func TestReplayFeaturesAreTheEvaluation(t *testing.T) {
	features := FitFeatures()
	rng := rand.New(rand.NewPCG(5, 26))
	for _, size := range []int{15, 20} {
		for _, rule := range []engine.Rule{engine.Freestyle, engine.Exact} {
			cfg := engine.DefaultConfig()
			cfg.Rows, cfg.Cols, cfg.Rule = size, size, rule
			checked := 0
			for range 20 {
				r, err := NewReplay(cfg)
				require.NoError(t, err)
				for n := 0; n < 60; n++ {
					// Near the centre and the edges alike: the edge cells'
					// shapes are where the boards differ.
					if !r.Play(rng.IntN(size), rng.IntN(size)) {
						continue
					}
					x, eval, ok := r.Features()
					if !ok {
						break
					}
					z := float64(tempo) / 1000
					for j, f := range features {
						z += f.Current * x[j]
					}
					require.InDelta(t, eval, z, 1e-9, "%dx%d %v after %d marks", size, size, rule, len(r.b.moves))
					checked++
				}
			}
			assert.Greater(t, checked, 100, "%dx%d %v", size, size, rule)
		}
	}
}
