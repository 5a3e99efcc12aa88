package dense

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
)

// TestPairsFile: the embedded table reads back as written, every pair
// the same both ways round, none below 0, and the pairs the fit leaves
// (below a blocked three) at nothing.
func TestPairsFile(t *testing.T) {
	tab, err := ParsePairs(pairsFile)
	require.NoError(t, err)
	var out bytes.Buffer
	require.NoError(t, tab.Write(&out))
	assert.Equal(t, string(pairsFile), out.String(), "pairs.json is as Write writes it")
	for g := range lineGrades {
		for h := range lineGrades {
			assert.Equal(t, tab[g][h], tab[h][g])
			assert.GreaterOrEqual(t, tab[g][h], int32(0))
		}
	}
	for k := range Pairs {
		if !PairFitted(k) {
			assert.Zero(t, tab.Value(k), PairName(k))
		}
	}
	assert.Equal(t, pairWorth, CurrentPairs())
}

func TestParsePairsErrors(t *testing.T) {
	for _, tc := range []struct{ name, data, want string }{
		{"unknown grade", `{"pairs": {"flex3+flex9": 1}}`, `unknown pair "flex3+flex9"`},
		{"no plus", `{"pairs": {"flex3": 1}}`, `unknown pair "flex3"`},
		{"named twice", `{"pairs": {"flex3+block4": 1, "block4+flex3": 2}}`, "name the same pair"},
		{"below 0", `{"pairs": {"flex3+block4": -1}}`, "below 0"},
		{"unknown field", `{"pairs": {}, "tempo": 3}`, "unknown field"},
		{"not JSON", `{"pairs": `, "dense: pairs:"},
	} {
		_, err := ParsePairs([]byte(tc.data))
		assert.ErrorContains(t, err, tc.want, tc.name)
	}
	tab, err := ParsePairs([]byte(`{"pairs": {"block4+flex3": 7}}`))
	require.NoError(t, err)
	assert.Equal(t, int32(7), tab[gradeFlex3][gradeBlock4])
	assert.Equal(t, int32(7), tab[gradeBlock4][gradeFlex3])
}

// TestPairCountsGiveThePairSum: on random games of both rules, at every
// mark and undo, the counts' dot product with the table is the pair sum
// the board keeps.
func TestPairCountsGiveThePairSum(t *testing.T) {
	rng := rand.New(rand.NewPCG(44, 1))
	for _, rule := range []engine.Rule{engine.Freestyle, engine.Exact} {
		cfg := engine.Config{Rows: 15, Cols: 15, K: 5, Players: 2, Rule: rule}
		for range 20 {
			b := NewBoard(cfg, 0, 0, 15, 15)
			check := func() {
				x := make([]float64, Pairs)
				b.PairCounts(x)
				v := 0.0
				for k := range Pairs {
					v += x[k] * float64(pairWorth.Value(k))
				}
				require.Equal(t, float64(b.pairSum), v, "%v after %d marks", rule, len(b.Moves))
			}
			for n := 0; n < 60; n++ {
				i, ok := b.Index(rng.IntN(15), rng.IntN(15))
				if !ok || b.Stone[i] != 0 || b.Counts[0][ClassFive]+b.Counts[1][ClassFive] > 0 {
					continue
				}
				b.Place(i, n%2)
				check()
			}
			for range len(b.Moves) / 2 {
				b.Undo()
				check()
			}
		}
	}
	x := make([]float64, Pairs)
	NewBoard(engine.Config{Rows: 15, Cols: 15, K: 4, Players: 2}, 0, 0, 15, 15).PairCounts(x)
	assert.Equal(t, make([]float64, Pairs), x, "no counts without the pair evaluation")
}
