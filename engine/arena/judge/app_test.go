package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/gomocup"
	"github.com/gomoku-engine/gomoku/engine/gomocup/manager"
	"github.com/gomoku-engine/gomoku/engine/gomocup/manager/braintest"
	"github.com/gomoku-engine/gomoku/engine/internal/cliexit"
	"github.com/gomoku-engine/gomoku/engine/savefile"
)

// fakeBrains builds braintest's fake brain for the test and returns its
// --brain and --judge values by mode: "left" and "right" play the first
// free cell of the top row from that end; "cleared" from the left when
// its table was cleared since its last move, else from the right;
// "judge" plays as "right" and, before its move, reads the position as
// 100 × (own stones − the opponent's) + the own stones' column sum, but
// only when it was given a node budget and had its table cleared since
// its last move, as the suite's readings need. No brain may outlive the test.
func fakeBrains(t *testing.T) func(mode string) string {
	bin, pids := braintest.Build(t)
	t.Cleanup(func() { assert.Empty(t, braintest.Strays(pids, 5*time.Second), "brain processes left behind") })
	return func(mode string) string {
		args, ok := map[string]string{
			"left": "-play left", "right": "-play right", "cleared": "-play cleared", "judge": "-play right -evals score -fresh",
		}[mode]
		require.True(t, ok, mode)
		return bin + ":" + args
	}
}

// twoPositions: white to move after h8, black after h8h9; the judge's
// move is o1 (the top row's rightmost cell), and nothing else is
// labelled.
const twoPositions = `# two positions
h8 rule=freestyle size=15 nodes=1000 eval=+0 best=o1 moves=o1:+140 source=a/b/game-0001@1
h8h9 rule=freestyle size=15 nodes=1000 eval=+0 best=o1 moves=o1:+280 source=a/b/game-0002@2
`

func runApp(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := run(context.Background(), append([]string{"judge"}, args...), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestScoreLabelsNewMovesOnceAndReports(t *testing.T) {
	fake := fakeBrains(t)
	path := filepath.Join(t.TempDir(), "suite.txt")
	require.NoError(t, os.WriteFile(path, []byte(twoPositions), 0o644))
	code, out, errOut := runApp("score", "--suite", path, "--judge", fake("judge"),
		"--brain", fake("right"), "--brain", fake("left"), "--name", "right", "--name", "left", "--think", "1s")
	require.Equal(t, cliexit.OK, code, errOut)

	// left played a1 in both: the judge read the position after it, for
	// the side to move there, and the label is the negation.
	s, err := loadSuite(path)
	require.NoError(t, err)
	e, ok := s.positions[0].labelOf(cell("a1"))
	require.True(t, ok)
	assert.Equal(t, gomocup.Eval{Value: -7}, e, "white's a1 against black's h8: −(100 × (1 − 1) + 7)")
	e, ok = s.positions[1].labelOf(cell("a1"))
	require.True(t, ok)
	assert.Equal(t, gomocup.Eval{Value: 93}, e, "black's h8 and a1 against white's h9: −(100 × (1 − 2) + 7)")
	assert.Len(t, s.positions[0].labels, 2, "o1 was labelled already: not read again")
	assert.Equal(t, []string{"# two positions"}, s.header)
	assert.Contains(t, errOut, "the judge read 2 new moves")

	want := (sigmoid(140) - sigmoid(-7) + sigmoid(280) - sigmoid(93)) / 2
	assert.Contains(t, out, fmt.Sprintf("left   2          %.4f", want))
	assert.Contains(t, out, "right  2          0.0000 [0.0000, 0.0000]  100.0%")
	assert.Contains(t, out, fmt.Sprintf("left − right  %+.4f", want))

	// A second run reads nothing: every move has its label.
	code, out2, errOut := runApp("score", "--suite", path, "--brain", fake("left"), "--name", "left", "--think", "1s", "--sizes", "1", "-v")
	require.Equal(t, cliexit.OK, code, errOut)
	assert.NotContains(t, errOut, "the judge read")
	assert.Contains(t, out2, "a/b/game-0001@1")
	assert.Contains(t, out2, "on the first 1 positions:")
}

func TestScoreWithoutAJudgeLeavesTheSuiteAlone(t *testing.T) {
	fake := fakeBrains(t)
	path := filepath.Join(t.TempDir(), "suite.txt")
	require.NoError(t, os.WriteFile(path, []byte(twoPositions), 0o644))
	code, _, errOut := runApp("score", "--suite", path, "--brain", fake("left"), "--think", "1s")
	assert.Equal(t, cliexit.Usage, code)
	assert.Contains(t, errOut, "2 moves played have no label: name the judge with --judge")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, twoPositions, string(data))

	code, _, errOut = runApp("score", "--suite", path, "--brain", fake("left"), "--name", "a", "--name", "b")
	assert.Equal(t, cliexit.Usage, code)
	assert.Contains(t, errOut, "2 --name for 1 --brain")

	bad := filepath.Join(t.TempDir(), "bad.txt")
	require.NoError(t, os.WriteFile(bad, []byte("h8 rule=freestyle\n"), 0o644))
	code, _, errOut = runApp("score", "--suite", bad, "--brain", fake("left"))
	assert.Equal(t, cliexit.Fail, code)
	assert.Contains(t, errOut, "line 1")
}

// saveGame writes a 15×15 freestyle game of the given cells (row, col
// pairs) to dir/name.
func saveGame(t *testing.T, dir, name string, cells ...int) {
	cfg := engine.DefaultConfig()
	cfg.Rows, cfg.Cols = 15, 15
	g, err := engine.New(engine.WithConfig(cfg))
	require.NoError(t, err)
	for i := 0; i < len(cells); i += 2 {
		_, err := g.Play(cells[i], cells[i+1])
		require.NoError(t, err)
	}
	var buf bytes.Buffer
	require.NoError(t, savefile.Write(&buf, g, []string{"a", "b"}))
	require.NoError(t, os.WriteFile(filepath.Join(dir, name), buf.Bytes(), 0o644))
}

func TestMakeTakesQuietPositionsPastTheOpening(t *testing.T) {
	fake := fakeBrains(t)
	dir := filepath.Join(t.TempDir(), "round", "match")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	// h8 g7 h9 is the opening; black's seventh stone makes an open four
	// (column h, rows 7 to 10), which white must stop and black can
	// complete: from 7 stones on no position is quiet.
	saveGame(t, dir, "game-0001.json", 7, 7, 6, 6, 8, 7, 9, 6, 9, 7, 5, 5, 6, 7, 4, 4, 10, 10, 12, 12)
	ops := filepath.Join(t.TempDir(), "ops.txt")
	require.NoError(t, os.WriteFile(ops, []byte("h8g7h9\n"), 0o644))
	out := filepath.Join(t.TempDir(), "suite.txt")
	code, _, errOut := runApp("make", "--judge", fake("judge"), "--nodes", "500", "--openings", ops,
		"--min-stones", "1", "--per-game", "10", "--window", "100000", "--out", out, dir)
	require.Equal(t, cliexit.OK, code, errOut)
	s, err := loadSuite(out)
	require.NoError(t, err)
	assert.Contains(t, s.header[0], "--nodes 500")
	var plies []string
	for i := range s.positions {
		p := &s.positions[i]
		plies = append(plies, strings.TrimPrefix(p.source, "round/match/game-0001@"))
		assert.Greater(t, len(p.moves), 3, "past the opening")
		assert.Equal(t, 500, p.nodes)
		assert.Equal(t, 14, p.best.Col, "the fake judge's move")
		assert.Zero(t, p.best.Row)
		e, ok := p.labelOf(p.best)
		require.True(t, ok)
		assert.Zero(t, e.Mate)
		assert.True(t, quiet(p.size, p.rule, p.moves))
	}
	assert.ElementsMatch(t, []string{"4", "5", "6"}, plies)

	// Another draw that leaves out the first suite's positions finds none
	// left in this game, and says so.
	again := filepath.Join(t.TempDir(), "more.txt")
	code, _, errOut = runApp("make", "--judge", fake("judge"), "--nodes", "500", "--openings", ops,
		"--min-stones", "1", "--per-game", "10", "--window", "100000", "--exclude", out, "--out", again, dir)
	require.Equal(t, cliexit.OK, code, errOut)
	assert.Contains(t, errOut, "0 candidate positions")
	more, err := loadSuite(again)
	require.NoError(t, err)
	assert.Empty(t, more.positions)
}

func TestThinkTimesOnceOrPerBuild(t *testing.T) {
	got, err := thinkTimes(nil, 2)
	require.NoError(t, err)
	assert.Equal(t, []time.Duration{time.Minute, time.Minute}, got)
	got, err = thinkTimes([]string{"200ms"}, 3)
	require.NoError(t, err)
	assert.Equal(t, []time.Duration{200 * time.Millisecond, 200 * time.Millisecond, 200 * time.Millisecond}, got)
	got, err = thinkTimes([]string{"1m", "200ms"}, 2)
	require.NoError(t, err)
	assert.Equal(t, []time.Duration{time.Minute, 200 * time.Millisecond}, got)
	_, err = thinkTimes([]string{"1s", "2s"}, 3)
	assert.ErrorContains(t, err, "2 --think for 3 --brain")
	_, err = thinkTimes([]string{"0s"}, 1)
	assert.ErrorContains(t, err, "positive duration")
	_, err = thinkTimes([]string{"soon"}, 1)
	assert.ErrorContains(t, err, "positive duration")
}

// TestRapfiReadingsAreReproducible reads a suite position and a move in
// it twice, in both orders, with Rapfi (the pbrain binary named by
// GOMOKU_RAPFI) at a node limit: a label must not depend on the load or
// on the readings before it, or the suite could not keep labels read in
// earlier runs.
func TestRapfiReadingsAreReproducible(t *testing.T) {
	bin := os.Getenv("GOMOKU_RAPFI")
	if bin == "" {
		t.Skip("GOMOKU_RAPFI names no Rapfi pbrain binary")
	}
	s, err := parseSuite(strings.NewReader("h8i7g7i9h6 rule=exact size=15 nodes=20000 eval=+0 best=f8 moves=f8:+0\n" +
		"h8i7j10i9i8j8k9h10k7i11 rule=freestyle size=20 nodes=20000 eval=+0 best=g11 moves=g11:+0\n"))
	require.NoError(t, err)
	prog, err := manager.ParseProgram(bin)
	require.NoError(t, err)
	read := func(order []int) []gomocup.Eval {
		j := &judge{spec: brainSpec{prog: prog, think: time.Hour, nodes: 20000, clear: "YXHASHCLEAR"}}
		defer j.close()
		out := make([]gomocup.Eval, len(order))
		for k, i := range order {
			p := &s.positions[i]
			out[k], err = j.labelMove(context.Background(), p, p.best)
			require.NoError(t, err)
		}
		return out
	}
	a := read([]int{0, 1, 0})
	b := read([]int{1, 0, 1})
	assert.Equal(t, a[0], a[2], "the same reading after another position")
	assert.Equal(t, a[0], b[1])
	assert.Equal(t, a[1], b[0])
	assert.Equal(t, b[0], b[2])
}

// TestScoreClearsTheBuilds: with --brain-clear each build is sent the
// command before every position (the fake plays the top row's left end
// when its table was cleared since its last move, the right end
// otherwise), and without it nothing is sent.
func TestScoreClearsTheBuilds(t *testing.T) {
	fake := fakeBrains(t)
	for _, tc := range []struct {
		clear []string
		moved string
	}{{nil, "o1"}, {[]string{"--brain-clear", "YXHASHCLEAR"}, "a1"}} {
		path := filepath.Join(t.TempDir(), "suite.txt")
		require.NoError(t, os.WriteFile(path, []byte(twoPositions), 0o644))
		args := append([]string{"score", "--suite", path, "--judge", fake("judge"), "--brain", fake("cleared"), "--think", "1s", "-v"}, tc.clear...)
		code, out, errOut := runApp(args...)
		require.Equal(t, cliexit.OK, code, errOut)
		s, err := loadSuite(path)
		require.NoError(t, err)
		for _, p := range s.positions {
			_, ok := p.labelOf(cell("a1"))
			assert.Equal(t, tc.moved == "a1", ok, "%v: the build played %s in %s\n%s", tc.clear, tc.moved, p.String(), out)
		}
	}
}
