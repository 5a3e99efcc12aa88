package manager_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/gomocup/manager"
	"github.com/gomoku-engine/gomoku/engine/gomocup/manager/braintest"
	"github.com/gomoku-engine/gomoku/sparse"
)

// fakeBrain is the path of braintest's fake brain, built once by
// TestMain for the examples.
var fakeBrain string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "manager-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fakeBrain, err = braintest.Compile(dir)
	switch {
	case errors.Is(err, exec.ErrNotFound):
		fmt.Println("skipped: the go tool is not on PATH")
		os.Exit(0)
	case err != nil:
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	_ = os.RemoveAll(dir)
	os.Exit(code)
}

// An evaluator has a brain read a position: here the fake brain, which
// prints "MESSAGE Depth 1 | Eval 7", then its real evaluation; with
// Rapfi, give its path (e.g. /opt/pbrain-rapfi).
func ExampleEvaluator() {
	prog, err := manager.ParseProgram(fakeBrain + ":-evals 7,score")
	if err != nil {
		fmt.Println(err)
		return
	}
	ev := manager.NewEvaluator(prog, manager.WithThinkTime(100*time.Millisecond))
	defer ev.Close()
	// Black at h8 and j8, white at i9: white to move.
	p := manager.Position{Rows: 15, Cols: 15, Rule: engine.Exact,
		Moves: []sparse.Cell{{Row: 7, Col: 7}, {Row: 8, Col: 8}, {Row: 7, Col: 9}}}
	r, err := ev.Evaluate(context.Background(), p)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("move %v, eval %v, win chance %.3f on Rapfi's scale\n", r.Move, r.Eval, r.Eval.WinChance(200))
	// Output: move (6, 6), eval -92, win chance 0.387 on Rapfi's scale
}
