package duel

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
)

// TestWeightsFile: both embedded files parse and are written back byte
// for byte, so that a refit's diff shows only the weights that changed;
// the fit starts from weights.json's, and only weights20.json's weigh
// combinations.
func TestWeightsFile(t *testing.T) {
	for _, tc := range []struct {
		name string
		file []byte
		want Weights
	}{
		{"weights.json", weightsFile, weights},
		{"weights20.json", weights20File, weights20},
	} {
		w, err := ParseWeights(tc.file)
		require.NoError(t, err, tc.name)
		var buf bytes.Buffer
		require.NoError(t, w.Write(&buf))
		assert.Equal(t, string(tc.file), buf.String(), tc.name)
		assert.Equal(t, tc.want, w, tc.name)
	}
	assert.Equal(t, weights, CurrentWeights())
	assert.NotEqual(t, weights, weights20)
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
		{"unknown combination", `{"toMove": {"shapes": {"block1": 0, "flex1": 0, "block2": 0, "flex2": 0, "block3": 0, "flex3": 0, "block4": 0, "flex4": 0, "five": 0}, "combos": {"block4+block4": 1}}}`, `unknown combination "block4+block4"`},
		{"combination out of order", `{"toMove": {"shapes": {"block1": 0, "flex1": 0, "block2": 0, "flex2": 0, "block3": 0, "flex3": 0, "block4": 0, "flex4": 0, "five": 0}, "combos": {"flex2+block3": 1}}}`, `unknown combination "flex2+block3"`},
	} {
		_, err := ParseWeights([]byte(tc.file))
		require.Error(t, err, tc.name)
		assert.Contains(t, err.Error(), tc.want, tc.name)
	}
}

// TestFittedWeightsRoundTrip: the weights a fit starts from (either
// file's), as a fitted vector, give back those weights; every feature has
// a distinct name, and its current weight and constraints are those of
// its place.
func TestFittedWeightsRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		name string
		from Weights
	}{{"weights.json", weights}, {"weights20.json", weights20}} {
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

// FuzzParseWeights: any file is read without a panic, and one it takes is
// written back to a file that reads the same.
func FuzzParseWeights(f *testing.F) {
	f.Add(weightsFile)
	f.Add([]byte(`{"toMove": {"shapes": {"six": 1}}}`))
	f.Add([]byte(`{"toMove": {"shapes": {"block1": 0, "flex1": 0, "block2": 0, "flex2": 0, "block3": 0, "flex3": 0, "block4": 0, "flex4": 0, "five": 0}, "combos": {"block3+flex2": 7}}}`))
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
	small, large := FitFeatures(weights), FitFeatures(weights20)
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
				big := newBoardUnder(cfg, largeEval, 0, 0, size, size)
				for n := 0; n < 60; n++ {
					// Near the centre and the edges alike: the edge cells'
					// shapes are where the boards differ.
					row, col := rng.IntN(size), rng.IntN(size)
					if !r.Play(row, col) {
						continue
					}
					i, _ := big.index(row, col)
					big.place(i, len(big.moves)%2)
					x, eval, ok := r.Features()
					if !ok {
						break
					}
					at := fmt.Sprintf("%dx%d %v after %d marks", size, size, rule, len(r.b.moves))
					require.InDelta(t, eval, linear(small, weights.Tempo, x), 1e-9, at)
					require.InDelta(t, float64(big.eval(len(big.moves)%2))/1000, linear(large, weights20.Tempo, x), 1e-9, at)
					checked++
				}
			}
			assert.Greater(t, checked, 100, "%dx%d %v", size, size, rule)
		}
	}
}

// keyOf is the combination key of up to four shapes (the rest none).
func keyOf(s ...lineShape) uint16 {
	var k uint16
	for a, x := range s {
		k += uint16(x) * shapeDigit[a]
	}
	return k
}

// TestCombinations: a cell's combination is the multiset of its shapes
// from a blocked two to a blocked four, named strongest first, whatever
// the axes they lie on; a cell with fewer than two of them, or with two
// fours, has none; and a cell's weight is its shapes', its class's and
// its combination's.
func TestCombinations(t *testing.T) {
	assert.Len(t, comboNames, 99, "multisets of 2 to 4 of 5 shapes, at most one four")
	seen := map[string]bool{}
	for _, n := range comboNames {
		assert.False(t, seen[n], n)
		seen[n] = true
	}
	name := func(k uint16) string {
		if c := comboOfKey[k]; c >= 0 {
			return comboNames[c]
		}
		return ""
	}
	for _, tc := range []struct {
		shapes []lineShape
		want   string
	}{
		{[]lineShape{lineBlock3, lineFlex2}, "block3+flex2"},
		{[]lineShape{lineNone, lineFlex2, lineBlock1, lineBlock3}, "block3+flex2"},
		{[]lineShape{lineBlock2, lineFlex3, lineBlock2, lineFlex1}, "flex3+block2+block2"},
		{[]lineShape{lineBlock4, lineFlex3, lineFlex3, lineBlock2}, "block4+flex3+flex3+block2"},
		{[]lineShape{lineFlex3, lineFlex1, lineBlock1}, ""},
		{[]lineShape{lineFlex4, lineBlock3}, ""},
		{[]lineShape{lineBlock4, lineBlock4}, ""},
		{[]lineShape{lineFive, lineBlock3, lineBlock2}, "block3+block2"},
	} {
		assert.Equal(t, tc.want, name(keyOf(tc.shapes...)), "%v", tc.shapes)
	}
	for _, tc := range []struct {
		name string
		w    Weights
		ev   *evaluation
	}{
		{"weights.json", weights, smallEval},
		{"weights20.json", weights20, largeEval},
	} {
		weighed := 0
		for k := range tc.ev.judged {
			var s [4]lineShape
			for a := range 4 {
				s[a] = lineShape(k / int(shapeDigit[a]) % int(lineShapes))
			}
			for r := range 2 {
				want := tc.w.Classes[r][classOf(s)]
				for _, x := range s {
					want += tc.w.Shapes[r][x]
				}
				if c := comboOfKey[k]; c >= 0 && tc.w.Combos[r][c] != 0 {
					want += tc.w.Combos[r][c]
					weighed++
				}
				require.Equal(t, want, tc.ev.judged[k].worth[r], "%s: %v role %d", tc.name, s, r)
				require.Equal(t, smallEval.judged[k].class, tc.ev.judged[k].class)
				require.Equal(t, smallEval.judged[k].val, tc.ev.judged[k].val)
				require.Equal(t, smallEval.judged[k].risky, tc.ev.judged[k].risky)
			}
		}
		assert.Positive(t, weighed, "%s weighs combinations", tc.name)
		assert.Equal(t, tc.w.Tempo, tc.ev.tempo, tc.name)
	}
}

// TestEvaluationFor: bounded boards of side at most 15 (square or not,
// torus or not) use weights.json; those with a longer side and unbounded
// boards use weights20.json, whatever window the search builds on them.
func TestEvaluationFor(t *testing.T) {
	for _, tc := range []struct {
		rows, cols int
		torus      bool
		want       *evaluation
	}{
		{15, 15, false, smallEval},
		{9, 9, false, smallEval},
		{15, 15, true, smallEval},
		{10, 15, false, smallEval},
		{16, 16, false, largeEval},
		{15, 16, false, largeEval},
		{20, 20, false, largeEval},
		{20, 20, true, largeEval},
		{0, 0, false, largeEval},
	} {
		cfg := engine.Config{K: 5, Players: 2, Rows: tc.rows, Cols: tc.cols, Torus: tc.torus}
		name := fmt.Sprintf("%dx%d torus=%v", tc.rows, tc.cols, tc.torus)
		assert.Same(t, tc.want, evaluationFor(cfg), name)
		size := max(tc.rows, tc.cols, 9)
		b := newBoard(cfg, 0, 0, min(size, 9), min(size, 9))
		assert.Equal(t, tc.want.tempo, b.tempo, name)
		assert.Equal(t, &tc.want.judged[0], &b.judged[0], name)
	}
}
