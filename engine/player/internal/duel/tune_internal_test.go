package duel

import (
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player/internal/dense"
)

// TestKnobsScaleTheirGroup: a knob at 1 changes nothing; at 2 it doubles
// the weights of its group (adds 200 to the tempo) and leaves every other
// weight alone; the groups of a set are disjoint and together cover
// every fitted weight that is not zero.
func TestKnobsScaleTheirGroup(t *testing.T) {
	base := dense.CurrentWeights()
	for _, set := range []string{"coarse", "fine"} {
		t.Run(set, func(t *testing.T) {
			knobs, err := Knobs(set, base)
			require.NoError(t, err)
			var names []string
			touched := map[int]int{} // weight index → knobs that moved it
			for _, k := range knobs {
				names = append(names, k.Name)
				same := base.Clone()
				k.Apply(&same, 1)
				assert.Equal(t, flatWeights(base), flatWeights(same), "%s at 1", k.Name)
				doubled := base.Clone()
				k.Apply(&doubled, 2)
				was, now := flatWeights(base), flatWeights(doubled)
				moved := 0
				for i := range was {
					switch {
					case i == len(was)-1 && now[i] != was[i]:
						assert.Equal(t, was[i]+200, now[i], "%s: tempo", k.Name)
						touched[i]++
						moved++
					case now[i] != was[i]:
						assert.Equal(t, 2*was[i], now[i], "%s: weight %d", k.Name, i)
						touched[i]++
						moved++
					}
				}
				assert.Positive(t, moved, "%s moves nothing", k.Name)
			}
			sorted := slices.Clone(names)
			slices.Sort(sorted)
			assert.Len(t, slices.Compact(sorted), len(names), "names unique: %v", names)
			for i, n := range touched {
				assert.Equal(t, 1, n, "weight %d moved by %d knobs", i, n)
			}
			// Every fitted weight that is not zero has a knob.
			fitted := FittedWeights(base, make([]float64, len(FitFeatures(base))+1))
			was, zeroed := flatWeights(base), flatWeights(fitted)
			for i := range was {
				if was[i] != zeroed[i] && was[i] != 0 {
					assert.Equal(t, 1, touched[i], "fitted weight %d (%d) has no knob", i, was[i])
				}
			}
		})
	}
	_, err := Knobs("all", base)
	assert.ErrorContains(t, err, `unknown set "all"`)
}

// flatWeights lists every weight of w, the tempo last.
func flatWeights(w dense.Weights) []int64 {
	var out []int64
	for r := range 2 {
		for _, v := range w.Shapes[r] {
			out = append(out, int64(v))
		}
		for _, v := range w.Classes[r] {
			out = append(out, int64(v))
		}
		for _, v := range w.Combos[r] {
			out = append(out, int64(v))
		}
	}
	return append(out, w.Tempo)
}

// TestSetWeightsKeptEqualToFresh: a state kept across the moves of a game
// and told to evaluate with other weights, then with the embedded ones
// (nil), then the others again, searches right after each change as a
// fresh state with those weights does (move, depth, nodes and value: nothing
// learnt under the old weights is left), and its board stays what a
// board rebuilt under the same weights would be (Verify) at every move,
// changed or not; the other weights do change what the search does (its
// value at least).
func TestSetWeightsKeptEqualToFresh(t *testing.T) {
	base := dense.CurrentWeights()
	knobs, err := Knobs("coarse", base)
	require.NoError(t, err)
	other := base.Clone()
	for i, k := range knobs {
		k.Apply(&other, []float64{0.5, 1.7}[i%2])
	}
	g := gameOf(t, "h8g7h9h10i6i8g9h6f10e11f9e9")
	lim := suiteLimits(20000)
	fresh := func(w *dense.Weights) (string, int, int64, int64) {
		ds := &State{}
		ds.SetWeights(w)
		fits, warm := ds.Sync(g, time.Time{})
		require.True(t, fits && warm)
		c, st := chooseWith(t, ds, g, lim)
		return cellName(c), st.Depth, st.Nodes, st.Score
	}
	kept := &State{}
	differs := false
	var last *dense.Weights
	for move := range 8 {
		w := &other
		if move == 3 {
			w = nil // back to the embedded weights for a move, then over again
		}
		set := move == 0 || w != last
		if set {
			kept.SetWeights(w)
		}
		last = w
		fits, warm := kept.Sync(g, time.Time{})
		require.True(t, fits && warm)
		c, st := chooseWith(t, kept, g, lim)
		require.NoError(t, kept.Verify(g), "move %d", move)
		wantCell, wantDepth, wantNodes, wantScore := fresh(w)
		if set {
			assert.Equal(t, wantCell, cellName(c), "move %d", move)
			assert.Equal(t, wantDepth, st.Depth, "move %d", move)
			assert.Equal(t, wantNodes, st.Nodes, "move %d", move)
			assert.Equal(t, wantScore, st.Score, "move %d", move)
		}
		if w != nil {
			if defCell, _, defNodes, defScore := fresh(nil); defCell != wantCell || defNodes != wantNodes || defScore != wantScore {
				differs = true
			}
		}
		if _, err := g.Play(c.Row, c.Col); err != nil || g.Status() != engine.Ongoing {
			break
		}
	}
	assert.True(t, differs, "the other weights never changed the search")
}
