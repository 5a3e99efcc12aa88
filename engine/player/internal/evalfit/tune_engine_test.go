package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine/gomocup/manager/braintest"
	"github.com/gomoku-engine/gomoku/engine/internal/cliexit"
	"github.com/gomoku-engine/gomoku/engine/player/internal/dense"
)

// TestTuneAgainstAnEngineItAlwaysBeats tunes against a brain process that
// plays the free cell nearest the centre: both sets win every game of
// every step, so no step moves a knob and the weights written are the
// ones it started from; each worker's brain is closed at the end.
func TestTuneAgainstAnEngineItAlwaysBeats(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 200 games")
	}
	bin, pids := braintest.Build(t)
	dir, ops := tuneDir(t)
	out := filepath.Join(dir, "w.json")
	code, stdout, stderr := runApp("tune", "--openings", ops, "--engine", bin, "--engine-info", "max_node=100",
		"--pairs", "50", "--nodes", "300", "--workers", "2", "--step", "0.05", "--out", out)
	require.Equal(t, cliexit.OK, code, stderr)
	assert.Empty(t, stdout)
	assert.Contains(t, stderr, "step 50: the perturbed sets scored 1.000 against the engine; weak=1.000 ")
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	var want bytes.Buffer
	cur := dense.CurrentWeights()
	require.NoError(t, cur.Write(&want))
	assert.Equal(t, want.String(), string(data), "no step moved a knob")
	assert.Empty(t, braintest.Strays(pids, 5*time.Second), "the brains are closed")
}

// TestTuneStopsWhenTheEngineFails: an engine that crashes forfeits its
// game, which would read as a win for the set that played it; the run
// stops instead, writes nothing and leaves no process behind.
func TestTuneStopsWhenTheEngineFails(t *testing.T) {
	bin, pids := braintest.Build(t)
	dir, ops := tuneDir(t)
	out := filepath.Join(dir, "w.json")
	code, _, stderr := runApp("tune", "--openings", ops, "--engine", bin+":-mode crash -at 2",
		"--pairs", "4", "--nodes", "200", "--workers", "1", "--out", out)
	assert.Equal(t, cliexit.Fail, code, stderr)
	assert.Contains(t, stderr, "the engine forfeited game 1 (crash)")
	assert.NoFileExists(t, out)
	assert.Empty(t, braintest.Strays(pids, 5*time.Second), "the brain is gone")
}

// TestTuneRefusesBadEngineFlags: an engine that cannot be run, INFO that
// is not KEY=VALUE or sets what the match sets, INFO without an engine
// and a move time that is not positive are usage errors, and no weights
// file is written.
func TestTuneRefusesBadEngineFlags(t *testing.T) {
	bin, _ := braintest.Build(t)
	dir, ops := tuneDir(t)
	out := filepath.Join(dir, "w.json")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--engine", filepath.Join(dir, "none")}, "--engine"},
		{[]string{"--engine", dir}, "--engine"},
		{[]string{"--engine-info", "max_node=5"}, "--engine-info without --engine"},
		{[]string{"--engine", bin, "--engine-info", "max_node"}, `--engine-info "max_node": want KEY=VALUE`},
		{[]string{"--engine", bin, "--engine-info", "timeout_turn=5"}, "INFO timeout_turn is set by the match"},
		{[]string{"--engine", bin, "--move-time", "0s"}, "--move-time 0s"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			args := append([]string{"tune", "--openings", ops, "--pairs", "2", "--nodes", "100", "--out", out}, tc.args...)
			code, _, stderr := runApp(args...)
			assert.Equal(t, cliexit.Usage, code, stderr)
			assert.Contains(t, stderr, tc.want)
			assert.NoFileExists(t, out)
		})
	}
}
