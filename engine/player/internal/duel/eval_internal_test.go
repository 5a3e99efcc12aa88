package duel

import (
	"bytes"
	"fmt"
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
