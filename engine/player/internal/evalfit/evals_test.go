package main

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine/internal/cliexit"
	"github.com/gomoku-engine/gomoku/engine/player/internal/dense"
)

// TestReadEvals reads the evaluations engines print before their moves
// and refuses to attribute the ones no move of theirs follows.
func TestReadEvals(t *testing.T) {
	log := strings.Join([]string{
		"10:00:00.000 game 2 a b <- TURN 7,7",
		"10:00:00.001 game 2 a b -> MESSAGE Speed 1K | Depth 12-16 | Eval -60 | Node 3854 | Time 37ms",
		"10:00:00.002 game 2 a b -> MESSAGE Bestline G6 F5",
		"10:00:00.003 game 2 a b -> 6,5",            // -60 for the engine "a b" at x 6, y 5
		"10:00:00.004 game 2 c -> MESSAGE Eval 200", // dropped: c's next move is in another game
		"10:00:00.005 game 3 c -> 1,2",
		"10:00:00.006 game 2 c -> MESSAGE Depth 0-0 | Eval VAL_NONE | Node 5",
		"10:00:00.007 game 2 c -> 8,7", // no evaluation: the last one before it is VAL_NONE
		"10:00:00.008 game 2 a b -> MESSAGE Eval +M29 | Node 1",
		"10:00:00.009 game 2 a b -> 9,9",
		"10:00:00.010 game 2 c -> MESSAGE Eval -M4",
		"10:00:00.011 game 2 c -> MESSAGE Eval 3", // the last one before the move counts
		"10:00:00.012 game 2 c -> 4,1",
		"10:00:00.013 game 4 c -> MESSAGE Eval -M2",
		"10:00:00.014 game 4 c -> 0,14",
		"10:00:00.015 game 4 c -> MESSAGE Eval M5",
		"10:00:00.016 game 4 c -> 14,0",
		"10:00:00.017 game 4 c -> MESSAGE Eval 50",
		"10:00:00.018 game 4 c <- TURN 3,3", // an input line is no move of c's
		"garbage",
	}, "\n")
	ev, err := readEvals(strings.NewReader(log), 200)
	require.NoError(t, err)
	sig := func(x float64) float64 { return 1 / (1 + math.Exp(-x)) }
	assert.Equal(t, gameEvals{
		2: {{row: 5, col: 6}: sig(-0.3), {row: 9, col: 9}: 1, {row: 1, col: 4}: sig(3.0 / 200)},
		4: {{row: 14, col: 0}: 0, {row: 0, col: 14}: 1},
	}, ev)
}

// TestFitOnEvals fits on Rapfi's own evaluations (testdata/rapfi: games 2
// to 6 of `gomoku match --bots pbrain:rapfi,pbrain:rapfi --rows 15 --cols
// 15 --tc 1+0.05 --openings bench/openings/fit125.txt --save-dir DIR --log
// DIR/match.log`, their lines of the log): positions no engine evaluated
// are left out, the fit differs from the one on results, and the held-out
// log-loss is measured on the same positions either way.
func TestFitOnEvals(t *testing.T) {
	dir := filepath.Join("testdata", "rapfi")
	data, err := os.ReadFile(filepath.Join(dir, logName))
	require.NoError(t, err)
	ev, err := readEvals(strings.NewReader(string(data)), 200)
	require.NoError(t, err)
	// Game 2 is h8 h7 h5 g6 ...: Rapfi printed Eval -60 before g6, its
	// first move, from the position after the three opening stones.
	assert.InDelta(t, 1/(1+math.Exp(0.3)), ev[2][cellKey{row: 5, col: 6}], 1e-12)

	code, onResults, stderr := runApp("--iters", "200", dir)
	require.Equal(t, cliexit.OK, code, stderr)
	all := heldOutLine(t, stderr)
	var positions, fitOn int
	_, err = fmt.Sscanf(stderr, "5 games, %d quiet positions, %d to fit on", &positions, &fitOn)
	require.NoError(t, err, stderr)

	code, onEvals, stderr := runApp("--iters", "200", "--eval-weight", "1", dir)
	require.Equal(t, cliexit.OK, code, stderr)
	var positions2, fitOn2 int
	_, err = fmt.Sscanf(stderr, "5 games, %d quiet positions, %d to fit on", &positions2, &fitOn2)
	require.NoError(t, err, stderr)
	assert.Equal(t, positions, positions2)
	assert.Less(t, fitOn2, fitOn, "positions without an evaluation are left out")
	assert.Positive(t, fitOn2)
	assert.NotEqual(t, onResults, onEvals)
	_, err = dense.ParseWeights([]byte(onEvals))
	require.NoError(t, err)
	assert.Contains(t, stderr, "held-out log-loss against the targets: fitted ")
	assert.Equal(t, strings.Fields(all)[6], strings.Fields(heldOutLine(t, stderr))[6],
		"the weights in force are judged on the same held-out positions")
}

// heldOutLine is the held-out log-loss line of the program's report.
func heldOutLine(t *testing.T, stderr string) string {
	for _, l := range strings.Split(stderr, "\n") {
		if strings.HasPrefix(l, "held-out log-loss: ") {
			return l
		}
	}
	t.Fatalf("no held-out line in %q", stderr)
	return ""
}

// TestReportsAgainstEngines: with a log, the held-out log-loss against the
// engines' evaluations alone is printed whatever the target's mix, and
// with the whole target from them it is the log-loss against the targets.
func TestReportsAgainstEngines(t *testing.T) {
	dir := filepath.Join("testdata", "rapfi")
	line := func(stderr, prefix string) []string {
		for _, l := range strings.Split(stderr, "\n") {
			if strings.HasPrefix(l, prefix) {
				return strings.Fields(strings.TrimPrefix(l, prefix))
			}
		}
		t.Fatalf("no line %q in %q", prefix, stderr)
		return nil
	}
	code, _, stderr := runApp("--iters", "200", dir)
	require.Equal(t, cliexit.OK, code, stderr)
	onResults := line(stderr, "held-out log-loss against the engines' evaluations ")
	line(stderr, "held-out spread of the evaluation ")

	code, _, stderr = runApp("--iters", "200", "--eval-weight", "1", dir)
	require.Equal(t, cliexit.OK, code, stderr)
	engines := line(stderr, "held-out log-loss against the engines' evaluations ")
	targets := line(stderr, "held-out log-loss against the targets: ")
	assert.Equal(t, targets[1], engines[3], "fitted, against the same labels")
	assert.Equal(t, targets[4], engines[6], "current weights, against the same labels")
	assert.Equal(t, onResults[6], engines[6], "the weights in force are judged the same whatever the target")

	code, _, stderr = runApp("--iters", "200", filepath.Join("testdata", "games.txt"))
	require.Equal(t, cliexit.OK, code, stderr)
	assert.NotContains(t, stderr, "engines' evaluations", "no log, no line")
}

// TestSpread is the standard deviation over the held-out samples only.
func TestSpread(t *testing.T) {
	samples := []sample{{game: 5, result: 1}, {game: 10, result: 3}, {game: 1, result: 100}}
	assert.InDelta(t, 1.0, spread(samples, result), 1e-12)
	assert.True(t, math.IsNaN(spread(samples[2:], result)))
}
