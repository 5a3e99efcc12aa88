package manager_test

import (
	"context"
	"os"
	"regexp"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/gomocup"
	"github.com/gomoku-engine/gomoku/engine/gomocup/manager"
	"github.com/gomoku-engine/gomoku/engine/gomocup/manager/braintest"
	"github.com/gomoku-engine/gomoku/sparse"
)

// four stones: black at columns 7 and 9, white at 8 and 9.
var four = []sparse.Cell{{Row: 7, Col: 7}, {Row: 8, Col: 8}, {Row: 7, Col: 9}, {Row: 9, Col: 9}}

func program(t *testing.T, spec string) manager.Program {
	t.Helper()
	prog, err := manager.ParseProgram(spec)
	require.NoError(t, err)
	return prog
}

// processes counts the fake brains started since braintest.Build.
func processes(t *testing.T, pidDir string) int {
	t.Helper()
	entries, err := os.ReadDir(pidDir)
	require.NoError(t, err)
	return len(entries)
}

func TestEvaluatorReadsLastEvalForSideToMove(t *testing.T) {
	bin, pids := braintest.Build(t)
	var sent []string
	ev := manager.NewEvaluator(program(t, bin+":-evals 7,score"), manager.WithThinkTime(50*time.Millisecond),
		manager.WithLog(func(_ string, in bool, line string) {
			if in {
				sent = append(sent, line)
			}
		}))
	defer ev.Close()
	ctx := context.Background()

	// Black to move: its stones are the brain's own, at columns 7 and 9.
	r, err := ev.Evaluate(ctx, manager.Position{Rows: 15, Cols: 15, Moves: four})
	require.NoError(t, err)
	assert.Equal(t, manager.Reading{Move: sparse.Cell{Row: 6, Col: 6}, Eval: gomocup.Eval{Value: 7 + 9}, Field: "16"}, r)
	assert.Equal(t, []string{"START 15", "INFO timeout_turn 50", "INFO timeout_match 0", "INFO max_memory 268435456",
		"INFO rule 0", "BOARD", "7,7,1", "8,8,2", "9,7,1", "9,9,2", "DONE"}, sent)

	// White to move: its stone at column 8 against black's two.
	sent = nil
	r, err = ev.Evaluate(ctx, manager.Position{Rows: 15, Cols: 15, Moves: four[:3]})
	require.NoError(t, err)
	assert.Equal(t, gomocup.Eval{Value: -100 + 8}, r.Eval)
	assert.Equal(t, "RESTART", sent[0], "the same board: a new game in the same process")
	assert.Contains(t, sent, "8,8,1")

	// Another rule or board is another game.
	for _, tc := range []struct {
		p           manager.Position
		start, rule string
	}{
		{manager.Position{Rows: 15, Cols: 15, Rule: engine.Exact, Moves: four}, "START 15", "INFO rule 1"},
		{manager.Position{Rows: 15, Cols: 15, Rule: engine.Renju, Moves: four}, "START 15", "INFO rule 4"},
		{manager.Position{Rows: 10, Cols: 20, Moves: four}, "RECTSTART 20,10", "INFO rule 0"},
	} {
		sent = nil
		r, err = ev.Evaluate(ctx, tc.p)
		require.NoError(t, err)
		assert.Equal(t, 16, r.Eval.Value)
		assert.Equal(t, tc.start, sent[0])
		assert.Contains(t, sent, tc.rule)
	}
	ev.Close()
	assert.Equal(t, 1, processes(t, pids), "one process for all")
	assert.Empty(t, braintest.Strays(pids, 5*time.Second))
}

func TestEvaluatorOptions(t *testing.T) {
	bin, _ := braintest.Build(t)
	var sent []string
	first := regexp.MustCompile(`Depth 1 \| Eval (\S+)`)
	ev := manager.NewEvaluator(program(t, bin+":-evals 7,score"), manager.WithThinkTime(time.Hour),
		manager.WithBefore("YXHASHCLEAR"), manager.WithEvalPattern(first),
		manager.WithLog(func(_ string, in bool, line string) {
			if in {
				sent = append(sent, line)
			}
		}))
	defer ev.Close()
	r, err := ev.Evaluate(context.Background(), manager.Position{Rows: 15, Cols: 15, Moves: four, Nodes: 500})
	require.NoError(t, err)
	assert.Equal(t, gomocup.Eval{Value: 7}, r.Eval, "the pattern's line, not the last one")
	i := slices.Index(sent, "BOARD")
	require.Positive(t, i)
	assert.Equal(t, []string{"INFO timeout_turn 3600000", "INFO timeout_match 0", "INFO max_memory 268435456",
		"INFO rule 0", "INFO max_node 500", "YXHASHCLEAR"}, sent[1:i])
}

func TestEvaluatorEvals(t *testing.T) {
	bin, pids := braintest.Build(t)
	tests := []struct {
		evals string
		want  gomocup.Eval
		err   string // the error's text after ErrNoEval's, "" for none
	}{
		{"-123", gomocup.Eval{Value: -123}, ""},
		{"+M5", gomocup.Eval{Value: 5, Mate: 1}, ""},
		{"M5", gomocup.Eval{Value: 5, Mate: 1}, ""},
		{"-M3", gomocup.Eval{Value: 3, Mate: -1}, ""},
		{"VAL_NONE,12", gomocup.Eval{Value: 12}, ""},
		{"12,VAL_NONE", gomocup.Eval{}, `fake: the last was "VAL_NONE"`},
		{"1.5", gomocup.Eval{}, `fake: the last was "1.5"`},
		{"", gomocup.Eval{}, "fake: no MESSAGE line had one"},
	}
	for _, tc := range tests {
		t.Run("evals="+tc.evals, func(t *testing.T) {
			before := processes(t, pids)
			spec := bin
			if tc.evals != "" {
				spec += ":-evals " + tc.evals
			}
			ev := manager.NewEvaluator(program(t, spec), manager.WithThinkTime(50*time.Millisecond))
			defer ev.Close()
			for range 2 {
				r, err := ev.Evaluate(context.Background(), manager.Position{Rows: 15, Cols: 15, Moves: four})
				if tc.err != "" {
					require.ErrorIs(t, err, manager.ErrNoEval)
					assert.Equal(t, manager.ErrNoEval.Error()+": "+tc.err, err.Error())
					assert.Equal(t, manager.Reading{Move: sparse.Cell{Row: 6, Col: 6}}, r, "the move without an evaluation")
					continue
				}
				require.NoError(t, err)
				assert.Equal(t, tc.want, r.Eval)
				assert.Equal(t, tc.evals[len(tc.evals)-len(r.Field):], r.Field, "the field as printed")
			}
			assert.Equal(t, before+1, processes(t, pids), "a brain without an evaluation is kept")
		})
	}
}

func TestEvaluatorReplacesFailedBrain(t *testing.T) {
	bin, pids := braintest.Build(t)
	ctx := context.Background()
	p := manager.Position{Rows: 15, Cols: 15, Moves: four}
	for _, tc := range []struct {
		mode string
		want error
	}{
		{"crash", manager.ErrCrashed},
		{"garbage", manager.ErrGarbage},
		{"refuse", manager.ErrRefused},
		{"hang", manager.ErrTimeout},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			before := processes(t, pids)
			ev := manager.NewEvaluator(program(t, bin+":-mode "+tc.mode+" -evals 5"),
				manager.WithThinkTime(50*time.Millisecond), manager.WithSlack(300*time.Millisecond))
			defer ev.Close()
			for range 2 {
				_, err := ev.Evaluate(ctx, p)
				require.ErrorIs(t, err, tc.want)
			}
			started := processes(t, pids) - before
			if tc.mode == "hang" {
				started /= 2 // each hanging brain started a sleeping child
			}
			assert.Equal(t, 2, started, "a fresh process after a failure")
		})
	}
	t.Run("norestart", func(t *testing.T) {
		before := processes(t, pids)
		ev := manager.NewEvaluator(program(t, bin+":-mode norestart -evals 5"), manager.WithThinkTime(50*time.Millisecond))
		defer ev.Close()
		for range 2 {
			r, err := ev.Evaluate(ctx, p)
			require.NoError(t, err)
			assert.Equal(t, gomocup.Eval{Value: 5}, r.Eval)
		}
		assert.Equal(t, before+2, processes(t, pids), "a fresh process for a brain that cannot restart")
	})
	t.Run("cancelled", func(t *testing.T) {
		ev := manager.NewEvaluator(program(t, bin+":-mode hang"), manager.WithThinkTime(50*time.Millisecond))
		defer ev.Close()
		cctx, cancel := context.WithCancel(ctx)
		cancel()
		_, err := ev.Evaluate(cctx, p)
		require.ErrorIs(t, err, context.Canceled)
	})
	assert.Empty(t, braintest.Strays(pids, 5*time.Second), "every brain and child is gone")
}

func TestRuleMask(t *testing.T) {
	assert.Equal(t, int64(0), manager.RuleMask(engine.Freestyle))
	assert.Equal(t, int64(gomocup.RuleExact), manager.RuleMask(engine.Exact))
	assert.Equal(t, int64(gomocup.RuleRenju), manager.RuleMask(engine.Renju))
}
