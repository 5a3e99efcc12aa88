package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/internal/cliexit"
	"github.com/gomoku-engine/gomoku/engine/player/internal/dense"
	"github.com/gomoku-engine/gomoku/engine/record"
	"github.com/gomoku-engine/gomoku/engine/savefile"
)

// runApp runs the program in-process.
func runApp(args ...string) (code int, out, errOut string) {
	var o, e bytes.Buffer
	code = run(context.Background(), append([]string{"evalfit"}, args...), &o, &e)
	return code, o.String(), e.String()
}

// TestFitWritesWeights fits on testdata/games.txt (40 games of
// `gomoku match --bots search,greedy --rows 15 --cols 15 --opening 4
// --think 20ms --save-dir`) and writes a weights file that the search can
// load, atomically, with the untouched weights as they were.
func TestFitWritesWeights(t *testing.T) {
	out := filepath.Join(t.TempDir(), "weights.json")
	code, stdout, stderr := runApp("--iters", "200", "--out", out, "testdata")
	require.Equal(t, cliexit.OK, code, stderr)
	assert.Empty(t, stdout)
	assert.Contains(t, stderr, "40 games, ")
	assert.Contains(t, stderr, "held-out log-loss: fitted ")
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	w, err := dense.ParseWeights(data)
	require.NoError(t, err)
	cur := dense.CurrentWeights()
	assert.NotEqual(t, cur, w, "the fit moved some weight")
	assert.Equal(t, cur.Shapes[0][9], w.Shapes[0][9], "fives are not fitted")
	assert.Equal(t, cur.Tempo, w.Tempo, "the tempo is kept")
	for s := range w.Shapes[0] {
		assert.LessOrEqual(t, w.Shapes[1][s], w.Shapes[0][s]+1, "shape %d: the waiting side's weighs at most the mover's (up to rounding)", s)
	}
	// The same fit on standard output.
	code, stdout, _ = runApp("--iters", "200", filepath.Join("testdata", "games.txt"))
	require.Equal(t, cliexit.OK, code)
	assert.Equal(t, string(data), stdout)
}

// TestFitBoardPerDir: a save directory's games are replayed on its own
// board and rule, and reported apart.
func TestFitBoardPerDir(t *testing.T) {
	dir := t.TempDir()
	lines, err := os.ReadFile(filepath.Join("testdata", "games.txt"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "games.txt"), lines, 0o644))
	g, err := engine.New(engine.WithBounds(20, 20), engine.WithRule(engine.Exact))
	require.NoError(t, err)
	_, err = g.Play(10, 10)
	require.NoError(t, err)
	require.NoError(t, savefile.Save(filepath.Join(dir, "game-0001.json"), g, []string{"a", "b"}))

	code, stdout, stderr := runApp("--iters", "200", "testdata", dir)
	require.Equal(t, cliexit.OK, code, stderr)
	w, err := dense.ParseWeights([]byte(stdout))
	require.NoError(t, err)
	assert.NotEqual(t, dense.CurrentWeights(), w)
	assert.Contains(t, stderr, "80 games, ", "the same moves on another board are other games")
	assert.Contains(t, stderr, "(15x15 freestyle): fitted ")
	assert.Contains(t, stderr, "(20x20 exact): fitted ")
}

// TestFitRefuses: bad command lines and inputs fail with a message and
// write nothing.
func TestFitRefuses(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "weights.json")
	few := filepath.Join(dir, "few.txt")
	lines, err := os.ReadFile(filepath.Join("testdata", "games.txt"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(few, []byte(strings.Join(strings.Split(string(lines), "\n")[:3], "\n")), 0o644))
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{nil, cliexit.Usage, "no games"},
		{[]string{"--size", "200", "testdata"}, cliexit.Usage, "--size 200"},
		{[]string{"--iters", "0", "testdata"}, cliexit.Usage, "--iters 0"},
		{[]string{"--rule", "renju", "testdata"}, cliexit.Usage, "not a board the fit replays"},
		{[]string{"--rule", "caro", "testdata"}, cliexit.Usage, "--rule"},
		{[]string{"--eval-weight", "1.5", "testdata"}, cliexit.Usage, "--eval-weight 1.5"},
		{[]string{"--eval-scale", "0", "testdata"}, cliexit.Usage, "--eval-scale 0"},
		{[]string{"--eval-weight", "0.5", "testdata"}, cliexit.Fail, "no position to fit on"},
		{[]string{"--bogus", "testdata"}, cliexit.Usage, "flag provided but not defined"},
		{[]string{filepath.Join(dir, "missing.txt")}, cliexit.Fail, "no such file"},
		{[]string{few}, cliexit.Fail, "3 games: at least 5"},
	} {
		code, _, stderr := runApp(append([]string{"--out", out}, tc.args...)...)
		assert.Equal(t, tc.code, code, "%v: %s", tc.args, stderr)
		assert.Contains(t, stderr, tc.want, tc.args)
		assert.NoFileExists(t, out)
	}
}

// TestParseSummary reads the games.txt lines the fit learns from and
// refuses the ones it must not.
func TestParseSummary(t *testing.T) {
	line := `[Game "2"] [Black "b"] [White "a"] [Result "0-1"] [Termination "five in a row"] [Opening "openings60.txt:14"] [PlyCount "4"] h8g9h7h3`
	moves, first, ok := parseSummary(line)
	require.True(t, ok)
	assert.Equal(t, 0.0, first)
	assert.Equal(t, []record.Move{{Row: 7, Col: 7}, {Row: 8, Col: 6}, {Row: 6, Col: 7}, {Row: 2, Col: 7}}, moves)
	_, first, ok = parseSummary(strings.Replace(line, `"0-1"`, `"1/2-1/2"`, 1))
	require.True(t, ok)
	assert.Equal(t, 0.5, first)
	for _, bad := range []string{
		strings.Replace(line, `"five in a row"`, `"player 2 forfeits (time): engine did not answer in time"`, 1),
		strings.Replace(line, `[Result "0-1"]`, `[Result "P2"]`, 1),
		strings.Replace(line, "h8g9h7h3", "h8h8", 1),
		"",
	} {
		_, _, ok := parseSummary(bad)
		assert.False(t, ok, bad)
	}
}

// FuzzParseSummary: any line is read without a panic, and a line it takes
// has moves and a result of 0, ½ or 1.
func FuzzParseSummary(f *testing.F) {
	f.Add(`[Game "2"] [Black "b"] [White "a"] [Result "0-1"] [Termination "five in a row"] [PlyCount "4"] h8g9h7h3`)
	f.Add(`[Result "1/2-1/2"] [Termination "x"] a1`)
	f.Add("")
	f.Fuzz(func(t *testing.T, line string) {
		moves, first, ok := parseSummary(line)
		if !ok {
			return
		}
		if len(moves) == 0 || (first != 0 && first != 0.5 && first != 1) {
			t.Fatalf("%q: %d moves, result %v", line, len(moves), first)
		}
	})
}

// TestFitKeepsCombos: --combos=false fits the lines and classes and
// keeps every combination's weight as it is.
func TestFitKeepsCombos(t *testing.T) {
	code, stdout, stderr := runApp("--iters", "200", "testdata")
	require.Equal(t, cliexit.OK, code, stderr)
	all, err := dense.ParseWeights([]byte(stdout))
	require.NoError(t, err)
	code, stdout, stderr = runApp("--iters", "200", "--combos=false", "testdata")
	require.Equal(t, cliexit.OK, code, stderr)
	kept, err := dense.ParseWeights([]byte(stdout))
	require.NoError(t, err)
	cur := dense.CurrentWeights()
	assert.NotEqual(t, cur.Combos, all.Combos, "the combinations are fitted by default")
	assert.Equal(t, cur.Combos, kept.Combos)
	assert.NotEqual(t, cur.Shapes, kept.Shapes, "the shapes are still fitted")
}

// TestFitStart: --start FILE is the fit's starting point, the weights it
// keeps where it fits nothing and the "current weights" it compares with;
// the build's weights.json named there fits as with no --start.
func TestFitStart(t *testing.T) {
	large := filepath.Join("..", "dense", "weights20.json")
	data, err := os.ReadFile(large)
	require.NoError(t, err)
	from, err := dense.ParseWeights(data)
	require.NoError(t, err)
	code, stdout, stderr := runApp("--iters", "200", "--combos=false", "--start", large, "testdata")
	require.Equal(t, cliexit.OK, code, stderr)
	w, err := dense.ParseWeights([]byte(stdout))
	require.NoError(t, err)
	assert.Equal(t, from.Combos, w.Combos, "kept from the start")
	assert.Equal(t, from.Tempo, w.Tempo)
	assert.Equal(t, from.Shapes[0][9], w.Shapes[0][9], "fives are not fitted")
	assert.NotEqual(t, from.Shapes, w.Shapes)

	_, _, def := runApp("--iters", "200", "testdata")
	small := filepath.Join(t.TempDir(), "weights.json")
	f, err := os.Create(small)
	require.NoError(t, err)
	require.NoError(t, dense.CurrentWeights().Write(f))
	require.NoError(t, f.Close())
	_, _, same := runApp("--iters", "200", "--start", small, "testdata")
	assert.Equal(t, def, same)
	current := func(stderr string) string {
		i := strings.Index(stderr, "current weights ")
		require.GreaterOrEqual(t, i, 0, stderr)
		return stderr[i : i+len("current weights 0.0000")]
	}
	assert.NotEqual(t, current(def), current(stderr), "compared with weights20.json's")

	code, _, stderr = runApp("--start", filepath.Join("testdata", "games.txt"), "testdata")
	assert.Equal(t, cliexit.Usage, code)
	assert.Contains(t, stderr, "--start: dense: weights:")
}
