package main

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine/internal/cliexit"
	"github.com/gomoku-engine/gomoku/engine/player/internal/dense"
)

// TestPairsWritesTable fits the pair table on testdata/games.txt and
// writes a table the build can read, atomically: the pairs below a
// blocked three as they were, none below 0, some moved, its held-out
// log-loss printed beside the current table's; the same table on
// standard output.
func TestPairsWritesTable(t *testing.T) {
	out := filepath.Join(t.TempDir(), "pairs.json")
	code, stdout, stderr := runApp("pairs", "--iters", "3", "--out", out, "testdata")
	require.Equal(t, cliexit.OK, code, stderr)
	assert.Empty(t, stdout)
	assert.Contains(t, stderr, "40 games, ")
	assert.Contains(t, stderr, "held-out log-loss: fitted ")
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	fitted, err := dense.ParsePairs(data)
	require.NoError(t, err)
	cur := dense.CurrentPairs()
	moved := 0
	for k := range dense.Pairs {
		assert.GreaterOrEqual(t, fitted.Value(k), int32(0), dense.PairName(k))
		if !dense.PairFitted(k) {
			assert.Equal(t, cur.Value(k), fitted.Value(k), "%s is not fitted", dense.PairName(k))
		} else if cur.Value(k) != fitted.Value(k) {
			moved++
		}
	}
	assert.Positive(t, moved, "the fit moved some value")
	code, stdout, _ = runApp("pairs", "--iters", "3", filepath.Join("testdata", "games.txt"))
	require.Equal(t, cliexit.OK, code)
	assert.Equal(t, string(data), stdout)
}

// TestFitPairTableRecoversATable: on positions whose results a known
// table's win chances decide, the fit from another table comes back near
// the known one.
func TestFitPairTableRecoversATable(t *testing.T) {
	var want dense.PairTable
	var free []int
	for k := range dense.Pairs {
		if dense.PairFitted(k) {
			free = append(free, k)
		}
	}
	for j, k := range free[:6] {
		want.SetValue(k, int32(40+30*j))
	}
	var samples []sample
	rng := rand.New(rand.NewPCG(44, 3))
	for n := range 20000 {
		x := make([]float64, dense.Pairs)
		for _, k := range free[:6] {
			x[k] = float64(rng.IntN(7) - 3)
		}
		p := sigmoid(pairValue(&want)(sample{x: x}))
		res := 0.0
		if rng.Float64() < p {
			res = 1
		}
		samples = append(samples, sample{game: n + 1, result: res, x: x})
	}
	got, err := fitPairTable(samples, dense.PairTable{}, 0, 15)
	require.NoError(t, err)
	for _, k := range free[:6] {
		assert.InDelta(t, float64(want.Value(k)), float64(got.Value(k)), 12, dense.PairName(k))
	}
	for _, k := range free[6:] {
		assert.Zero(t, got.Value(k), "%s has no counts", dense.PairName(k))
	}
}

func TestPairsErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"pairs"}, cliexit.Usage, "no games"},
		{[]string{"pairs", "--iters", "0", "testdata"}, cliexit.Usage, "at least 1 step"},
		{[]string{"pairs", "--l2", "-1", "testdata"}, cliexit.Usage, "a penalty of 0 or more"},
		{[]string{"pairs", "--rule", "renju", "testdata/games.txt"}, cliexit.Usage, "not a board the fit replays"},
		{[]string{"pairs", "x" + positionsSuffix}, cliexit.Usage, "positions files"},
		{[]string{"pairs", "no-such-file.txt"}, cliexit.Fail, "no-such-file.txt"},
	} {
		code, _, stderr := runApp(tc.args...)
		assert.Equal(t, tc.code, code, "%v: %s", tc.args, stderr)
		assert.Contains(t, stderr, tc.want, tc.args)
	}
}
