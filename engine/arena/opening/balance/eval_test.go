package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/arena/opening"
	"github.com/gomoku-engine/gomoku/engine/gomocup"
	"github.com/gomoku-engine/gomoku/engine/gomocup/manager"
	"github.com/gomoku-engine/gomoku/engine/gomocup/manager/braintest"
	"github.com/gomoku-engine/gomoku/engine/internal/cliexit"
)

// fakeBrain is braintest's fake brain as a --brain value in mode: "eval"
// prints, before each move, an early evaluation, then the real one, 100 ×
// (own stones − the opponent's) + the own stones' column sum; "mute"
// prints none; "mate" a lost mate; "slow" answers after 30 ms, even.
func fakeBrain(t *testing.T, mode string) string {
	bin, _ := braintest.Build(t)
	args, ok := map[string]string{
		"eval": "-evals 7,score", "mute": "", "mate": "-evals -M12", "slow": "-mode slow -sleep 30ms -evals 0",
	}[mode]
	require.True(t, ok, mode)
	return bin + ":" + args
}

// fakeProgram is the fake brain in mode.
func fakeProgram(t *testing.T, mode string) manager.Program {
	prog, err := manager.ParseProgram(fakeBrain(t, mode))
	require.NoError(t, err)
	return prog
}

func TestScore(t *testing.T) {
	tests := []struct {
		in   gomocup.Eval
		want int
	}{
		{gomocup.Eval{}, 0}, {gomocup.Eval{Value: -107}, -107}, {gomocup.Eval{Value: 35}, 35},
		{gomocup.Eval{Value: 29, Mate: 1}, mateScore}, {gomocup.Eval{Value: 4, Mate: -1}, -mateScore},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, score(tt.in), tt.in.String())
	}
}

func TestEvaluatorReadsLastEvalForSideToMove(t *testing.T) {
	pattern := regexp.MustCompile(`\bEval (\S+)`)
	var log []string
	ev := manager.NewEvaluator(fakeProgram(t, "eval"), manager.WithThinkTime(50*time.Millisecond), manager.WithEvalPattern(pattern),
		manager.WithLog(func(_ string, in bool, line string) {
			if in {
				log = append(log, line)
			}
		}))
	defer ev.Close()
	ctx := context.Background()
	// Black to move: own stones are black's, at columns 7 and 9.
	e, err := evaluate(ctx, ev, cand(0, 0, 1, 1, 0, 2, -1, -1), 15, engine.Freestyle)
	require.NoError(t, err)
	assert.Equal(t, 7+9, e)
	// White to move: own stones are white's, at column 8; black has two.
	e, err = evaluate(ctx, ev, cand(0, 0, 1, 1, 0, 2), 15, engine.Freestyle)
	require.NoError(t, err)
	assert.Equal(t, -100+8, e)
	assert.Contains(t, log, "INFO timeout_turn 50")
	assert.Contains(t, log, "INFO rule 0")
	assert.Contains(t, log, "RESTART", "the second position is a new game")
}

func TestEvaluatorErrors(t *testing.T) {
	pattern := regexp.MustCompile(`\bEval (\S+)`)
	ev := manager.NewEvaluator(fakeProgram(t, "mute"), manager.WithThinkTime(50*time.Millisecond), manager.WithEvalPattern(pattern))
	defer ev.Close()
	_, err := evaluate(context.Background(), ev, cand(0, 0, 1, 1, 0, 2), 15, engine.Exact)
	assert.ErrorIs(t, err, manager.ErrNoEval)

	ev2 := manager.NewEvaluator(fakeProgram(t, "mate"), manager.WithThinkTime(50*time.Millisecond), manager.WithEvalPattern(pattern))
	defer ev2.Close()
	e, err := evaluate(context.Background(), ev2, cand(0, 0, 1, 1, 0, 2), 15, engine.Exact)
	require.NoError(t, err)
	assert.Equal(t, -mateScore, e)
}

func TestAppWritesPlayableSuite(t *testing.T) {
	brain := fakeBrain(t, "eval")
	dir := t.TempDir()
	exclude := filepath.Join(dir, "exclude.txt")
	// Every 3-stone opening the generator can draw with a white stone
	// right of the centre's: the kept ones must avoid them all.
	var ex []string
	for r := -3; r <= 3; r++ {
		for c := -3; c <= 3; c++ {
			if (r != 0 || c != 1) && (r != 0 || c != 0) {
				ex = append(ex, fmt.Sprintf("0,0, 1,0, %d,%d", c, r))
			}
		}
	}
	require.NoError(t, os.WriteFile(exclude, []byte(strings.Join(ex, "\n")+"\n"), 0o644))
	out, all := filepath.Join(dir, "suite.txt"), filepath.Join(dir, "all.txt")
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"balance", "--brain", brain, "--think", "20ms",
		"--min-stones", "3", "--max-stones", "4", "--window", "50", "--count", "6", "--candidates", "40",
		"--exclude", exclude, "--out", out, "--all", all}, &stdout, &stderr)
	require.Equal(t, cliexit.OK, code, stderr.String())
	ops, err := opening.Load(out)
	require.NoError(t, err)
	cfg := engine.DefaultConfig()
	cfg.Rows, cfg.Cols = 15, 15
	require.NoError(t, opening.Check(ops, cfg))
	assert.Len(t, ops, 6, "count reached before the candidates ran out")
	text, err := os.ReadFile(out)
	require.NoError(t, err)
	keys := map[string]bool{}
	for _, o := range ops {
		cells, err := o.Cells(15, 15)
		require.NoError(t, err)
		c := make(candidate, len(cells))
		for i, cell := range cells {
			c[i].Row, c[i].Col = cell.Row-7, cell.Col-7
		}
		k := key(c)
		assert.False(t, keys[k], "%v twice", c)
		keys[k] = true
		for _, e := range ex {
			assert.NotEqual(t, e, c.String(), "an excluded opening kept")
		}
	}
	for _, line := range strings.Split(string(text), "\n") {
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		var e int
		_, err := fmt.Sscanf(line[strings.Index(line, "# eval ")+len("# eval "):], "%d", &e)
		require.NoError(t, err, line)
		assert.LessOrEqual(t, abs(e), 50, line)
	}
	allOps, err := opening.Load(all)
	require.NoError(t, err)
	assert.GreaterOrEqual(t, len(allOps), len(ops))
	judgedText, err := os.ReadFile(all)
	require.NoError(t, err)
	for _, e := range ex {
		assert.NotContains(t, string(judgedText), e+"  #", "an excluded opening judged")
	}

	code = run(context.Background(), []string{"balance", "--brain", brain, "--window", "-1"}, &stdout, &stderr)
	assert.Equal(t, cliexit.Usage, code)
	code = run(context.Background(), []string{"balance", "--brain", "/nonexistent/brain"}, &stdout, &stderr)
	assert.Equal(t, cliexit.Usage, code)
}

func TestAppJudgesGivenOpenings(t *testing.T) {
	dir := t.TempDir()
	from := filepath.Join(dir, "from.txt")
	// h8 is the centre of 15×15 and three columns left of 20×20's.
	require.NoError(t, os.WriteFile(from, []byte("h8i9j8\n0,0, 1,1, 2,0, 3,3\nh8i9j8 # the same again\n"), 0o644))
	out := filepath.Join(dir, "judged.txt")
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"balance", "--brain", fakeBrain(t, "eval"), "--think", "20ms",
		"--size", "20", "--window", "1000", "--from", from, "--out", out}, &stdout, &stderr)
	require.Equal(t, cliexit.OK, code, stderr.String())
	text, err := os.ReadFile(out)
	require.NoError(t, err)
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(string(text)), "\n") {
		if !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	// White to move after h8i9j8: its stone i9 is column 8; black to move
	// in the second: its stones at columns 10 and 12 of 20×20.
	assert.Equal(t, []string{
		"-3,-3, -2,-2, -1,-3  # eval -92, white to move",
		"0,0, 1,1, 2,0, 3,3  # eval +22, black to move",
		"-3,-3, -2,-2, -1,-3  # eval -92, white to move",
	}, lines, "every opening of the file, a repeated one too")
}

func TestAppWritesWhatWasJudgedWhenInterrupted(t *testing.T) {
	brain := fakeBrain(t, "slow")
	out := filepath.Join(t.TempDir(), "suite.txt")
	ctx, cancel := context.WithTimeout(context.Background(), 600*time.Millisecond)
	defer cancel()
	var stdout, stderr bytes.Buffer
	code := run(ctx, []string{"balance", "--brain", brain, "--think", "20ms",
		"--count", "1000", "--candidates", "1000", "--out", out}, &stdout, &stderr)
	require.Equal(t, cliexit.OK, code, stderr.String())
	assert.Contains(t, stderr.String(), "interrupted")
	ops, err := opening.Load(out)
	require.NoError(t, err)
	assert.NotEmpty(t, ops)
	assert.Less(t, len(ops), 1000)
}
