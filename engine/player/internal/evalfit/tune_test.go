package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine/internal/cliexit"
	"github.com/gomoku-engine/gomoku/engine/player/internal/dense"
)

// tuneOpenings are two short openings in the bench/openings format.
const tuneOpenings = "# two openings\n0,0, 1,1, 1,0\n0,0, 0,1, 2,2, -1,1\n"

// tuneDir is a temporary folder holding tuneOpenings in openings.txt.
func tuneDir(t *testing.T) (dir, openings string) {
	t.Helper()
	dir = t.TempDir()
	openings = filepath.Join(dir, "openings.txt")
	require.NoError(t, os.WriteFile(openings, []byte(tuneOpenings), 0o644))
	return dir, openings
}

// TestTuneWritesWeights runs a short tune with one worker: it writes a
// weights file the search loads, in which only the knobs' groups moved
// (the fives and open fours of the side to move stay round), and the
// same flags give the same file.
func TestTuneWritesWeights(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 16 games")
	}
	dir, ops := tuneDir(t)
	args := func(out string) []string {
		return []string{"tune", "--openings", ops, "--pairs", "4", "--nodes", "300", "--workers", "1", "--step", "0.05", "--seed", "3", "--out", out}
	}
	first := filepath.Join(dir, "first.json")
	code, stdout, stderr := runApp(args(first)...)
	require.Equal(t, cliexit.OK, code, stderr)
	assert.Empty(t, stdout)
	assert.Contains(t, stderr, "knobs (mean of the second half): weak=")
	data, err := os.ReadFile(first)
	require.NoError(t, err)
	w, err := dense.ParseWeights(data)
	require.NoError(t, err)
	cur := dense.CurrentWeights()
	assert.NotEqual(t, cur, w, "four pairs at a step of 0.05 move some knob")
	type role struct{ Shapes, Classes map[string]int }
	var was, now struct {
		ToMove role `json:"toMove"`
	}
	require.NoError(t, json.Unmarshal(data, &now))
	var buf bytes.Buffer
	require.NoError(t, cur.Write(&buf))
	require.NoError(t, json.Unmarshal(buf.Bytes(), &was))
	for _, name := range []string{"five", "flex4"} {
		assert.Equal(t, was.ToMove.Shapes[name], now.ToMove.Shapes[name], "the mover's shape %s is no knob's", name)
	}
	for _, name := range []string{"five", "openFour"} {
		assert.Equal(t, was.ToMove.Classes[name], now.ToMove.Classes[name], "the mover's class %s is no knob's", name)
	}
	again := filepath.Join(dir, "again.json")
	code, _, stderr = runApp(args(again)...)
	require.Equal(t, cliexit.OK, code, stderr)
	data2, err := os.ReadFile(again)
	require.NoError(t, err)
	assert.Equal(t, string(data), string(data2), "one worker: the same file")
}

// TestTuneRefusesBadFlags: flags out of range, an unknown knob set, a
// missing or malformed openings file, an opening that does not fit the
// board, and a board the search does not play are usage errors, and no
// weights file is written.
func TestTuneRefusesBadFlags(t *testing.T) {
	dir, ops := tuneDir(t)
	bad := filepath.Join(dir, "bad.txt")
	require.NoError(t, os.WriteFile(bad, []byte("0,0, x\n"), 0o644))
	far := filepath.Join(dir, "far.txt")
	require.NoError(t, os.WriteFile(far, []byte("0,0, 9,9\n"), 0o644))
	out := filepath.Join(dir, "w.json")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--pairs", "1"}, "--pairs 1"},
		{[]string{"--nodes", "0"}, "--nodes 0"},
		{[]string{"--step", "0"}, "--step 0"},
		{[]string{"--perturb", "1"}, "--perturb 1"},
		{[]string{"--workers", "0"}, "--workers 0"},
		{[]string{"--knobs", "all"}, `unknown set "all"`},
		{[]string{"--start", filepath.Join(dir, "none.json")}, "--start"},
		{[]string{"--rule", "renju"}, "not a board the fit replays"},
		{[]string{"--openings", filepath.Join(dir, "none.txt")}, "--openings"},
		{[]string{"--openings", bad}, "--openings"},
		{[]string{"--openings", far}, "--openings"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			args := append([]string{"tune", "--openings", ops, "--out", out}, tc.args...)
			code, _, stderr := runApp(args...)
			assert.Equal(t, cliexit.Usage, code, stderr)
			assert.Contains(t, stderr, tc.want)
			assert.NoFileExists(t, out)
		})
	}
}

// TestTuneWorkersShareTheKnobs: pairs played at once by several workers
// update the same knobs (run under -race in CI) and still give a weights
// file the search loads.
func TestTuneWorkersShareTheKnobs(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 16 games")
	}
	dir, ops := tuneDir(t)
	out := filepath.Join(dir, "w.json")
	code, _, stderr := runApp("tune", "--openings", ops, "--pairs", "8", "--nodes", "200", "--workers", "3", "--out", out)
	require.Equal(t, cliexit.OK, code, stderr)
	assert.Contains(t, stderr, "knobs (mean of the second half): weak=")
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	_, err = dense.ParseWeights(data)
	require.NoError(t, err)
}
