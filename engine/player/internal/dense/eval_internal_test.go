package dense

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
		{"weights.json", weightsFile, SmallWeights},
		{"weights20.json", weights20File, LargeWeights},
	} {
		w, err := ParseWeights(tc.file)
		require.NoError(t, err, tc.name)
		var buf bytes.Buffer
		require.NoError(t, w.Write(&buf))
		assert.Equal(t, string(tc.file), buf.String(), tc.name)
		assert.Equal(t, tc.want, w, tc.name)
	}
	assert.Equal(t, SmallWeights, CurrentWeights())
	assert.NotEqual(t, SmallWeights, LargeWeights)
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
func keyOf(s ...LineShape) uint16 {
	var k uint16
	for a, x := range s {
		k += uint16(x) * ShapeDigit[a]
	}
	return k
}

// TestCombinations: a cell's combination is the multiset of its shapes
// from a blocked two to a blocked four, named strongest first, whatever
// the axes they lie on; a cell with fewer than two of them, or with two
// fours, has none; and a cell's weight is its shapes', its class's and
// its combination's.
func TestCombinations(t *testing.T) {
	assert.Len(t, ComboNames, 99, "multisets of 2 to 4 of 5 shapes, at most one four")
	seen := map[string]bool{}
	for _, n := range ComboNames {
		assert.False(t, seen[n], n)
		seen[n] = true
	}
	name := func(k uint16) string {
		if c := ComboOfKey[k]; c >= 0 {
			return ComboNames[c]
		}
		return ""
	}
	for _, tc := range []struct {
		shapes []LineShape
		want   string
	}{
		{[]LineShape{LineBlock3, LineFlex2}, "block3+flex2"},
		{[]LineShape{lineNone, LineFlex2, LineBlock1, LineBlock3}, "block3+flex2"},
		{[]LineShape{LineBlock2, LineFlex3, LineBlock2, LineFlex1}, "flex3+block2+block2"},
		{[]LineShape{LineBlock4, LineFlex3, LineFlex3, LineBlock2}, "block4+flex3+flex3+block2"},
		{[]LineShape{LineFlex3, LineFlex1, LineBlock1}, ""},
		{[]LineShape{lineFlex4, LineBlock3}, ""},
		{[]LineShape{LineBlock4, LineBlock4}, ""},
		{[]LineShape{lineFive, LineBlock3, LineBlock2}, "block3+block2"},
	} {
		assert.Equal(t, tc.want, name(keyOf(tc.shapes...)), "%v", tc.shapes)
	}
	for _, tc := range []struct {
		name string
		w    Weights
		ev   *Evaluation
	}{
		{"weights.json", SmallWeights, SmallEval},
		{"weights20.json", LargeWeights, LargeEval},
	} {
		weighed := 0
		for k := range tc.ev.judged {
			var s [4]LineShape
			for a := range 4 {
				s[a] = LineShape(k / int(ShapeDigit[a]) % int(LineShapes))
			}
			for r := range 2 {
				want := tc.w.Classes[r][classOf(s)]
				for _, x := range s {
					want += tc.w.Shapes[r][x]
				}
				if c := ComboOfKey[k]; c >= 0 && tc.w.Combos[r][c] != 0 {
					want += tc.w.Combos[r][c]
					weighed++
				}
				require.Equal(t, want, tc.ev.judged[k].worth[r], "%s: %v role %d", tc.name, s, r)
				require.Equal(t, SmallEval.judged[k].Class, tc.ev.judged[k].Class)
				require.Equal(t, SmallEval.judged[k].val, tc.ev.judged[k].val)
				require.Equal(t, SmallEval.judged[k].risky, tc.ev.judged[k].risky)
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
		want       *Evaluation
	}{
		{15, 15, false, SmallEval},
		{9, 9, false, SmallEval},
		{15, 15, true, SmallEval},
		{10, 15, false, SmallEval},
		{16, 16, false, LargeEval},
		{15, 16, false, LargeEval},
		{20, 20, false, LargeEval},
		{20, 20, true, LargeEval},
		{0, 0, false, LargeEval},
	} {
		cfg := engine.Config{K: 5, Players: 2, Rows: tc.rows, Cols: tc.cols, Torus: tc.torus}
		name := fmt.Sprintf("%dx%d torus=%v", tc.rows, tc.cols, tc.torus)
		assert.Same(t, tc.want, EvaluationFor(cfg), name)
		size := max(tc.rows, tc.cols, 9)
		b := NewBoard(cfg, 0, 0, min(size, 9), min(size, 9))
		assert.Equal(t, tc.want.tempo, b.tempo, name)
		assert.Equal(t, &tc.want.judged[0], &b.Judged[0], name)
	}
}
