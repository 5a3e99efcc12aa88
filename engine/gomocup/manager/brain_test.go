package manager_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine/gomocup"
	"github.com/gomoku-engine/gomoku/engine/gomocup/manager"
	"github.com/gomoku-engine/gomoku/engine/gomocup/manager/braintest"
)

// soon is a deadline for answers that come at once; generous, for loaded
// machines.
func soon() time.Time { return time.Now().Add(10 * time.Second) }

func start(t *testing.T, bin string, args ...string) *manager.Brain {
	t.Helper()
	c, err := manager.ParseProgram(bin + ":" + strings.Join(args, " "))
	require.NoError(t, err)
	e, err := manager.Start(c, manager.Options{Name: "fake"})
	require.NoError(t, err)
	t.Cleanup(func() { e.Kill() })
	require.NoError(t, e.NewGame(context.Background(), 15, 15, soon()))
	return e
}

func TestBrainProtocol(t *testing.T) {
	bin, pids := braintest.Build(t)
	ctx := context.Background()
	var log []string
	c, err := manager.ParseProgram(bin)
	require.NoError(t, err)
	e, err := manager.Start(c, manager.Options{Name: "fake", Log: func(name string, in bool, line string) {
		log = append(log, map[bool]string{true: "<", false: ">"}[in]+" "+line)
	}})
	require.NoError(t, err)
	about, err := e.About(ctx, soon())
	require.NoError(t, err)
	assert.Equal(t, gomocup.About{Name: "fake", Version: "1.0", Author: "tests"}, about)
	require.NoError(t, e.NewGame(ctx, 15, 15, soon()))
	x, y, took, err := e.Move(ctx, []string{"INFO time_left 1000", "BEGIN"}, soon())
	require.NoError(t, err)
	assert.Equal(t, [2]int{7, 7}, [2]int{x, y})
	assert.Positive(t, took)
	x, y, _, err = e.Move(ctx, []string{"TURN 7,6"}, soon())
	require.NoError(t, err)
	assert.Equal(t, [2]int{6, 6}, [2]int{x, y})
	require.NoError(t, e.Restart(ctx, soon()))
	x, y, _, err = e.Move(ctx, []string{"BOARD", "7,7,2", "DONE"}, soon())
	require.NoError(t, err)
	assert.Equal(t, [2]int{6, 6}, [2]int{x, y})
	require.NoError(t, e.NewGame(ctx, 20, 10, soon()), "RECTSTART")
	e.Close(5 * time.Second)
	assert.True(t, e.Exited())
	assert.Contains(t, log, "< RECTSTART 20,10")
	assert.Contains(t, log, "> MESSAGE thinking", "messages are logged and skipped")
	assert.Equal(t, "< END", log[len(log)-1])
	assert.Empty(t, braintest.Strays(pids, 5*time.Second))
}

func TestBrainFaults(t *testing.T) {
	bin, pids := braintest.Build(t)
	ctx := context.Background()
	tests := []struct {
		mode string
		want error
		msg  string
	}{
		{"crash", manager.ErrCrashed, "deliberate crash"},
		{"garbage", manager.ErrGarbage, `BEGIN answered "the answer is 42"`},
		{"refuse", manager.ErrRefused, `BEGIN answered "ERROR no move today"`},
		{"hang", manager.ErrTimeout, "fake"},
	}
	for _, tc := range tests {
		t.Run(tc.mode, func(t *testing.T) {
			e := start(t, bin, "-mode", tc.mode)
			deadline := soon()
			if tc.mode == "hang" {
				deadline = time.Now().Add(300 * time.Millisecond)
			}
			_, _, _, err := e.Move(ctx, []string{"BEGIN"}, deadline)
			require.ErrorIs(t, err, tc.want)
			assert.Contains(t, err.Error(), tc.msg)
			e.Close(200 * time.Millisecond)
			assert.True(t, e.Exited())
		})
	}
	t.Run("norestart", func(t *testing.T) {
		e := start(t, bin, "-mode", "norestart")
		err := e.Restart(ctx, soon())
		require.ErrorIs(t, err, manager.ErrRefused)
		e.Close(time.Second)
	})
	t.Run("cancelled", func(t *testing.T) {
		e := start(t, bin, "-mode", "hang")
		cctx, cancel := context.WithCancel(ctx)
		cancel()
		_, _, _, err := e.Move(cctx, []string{"BEGIN"}, soon())
		require.ErrorIs(t, err, context.Canceled)
		e.Kill()
		_, _, _, err = e.Move(ctx, []string{"BEGIN"}, soon())
		require.ErrorIs(t, err, manager.ErrCrashed, "a killed brain answers nothing")
	})
	// The hanging brain ignored END and left a sleeping child in its
	// group: both are gone.
	assert.Empty(t, braintest.Strays(pids, 5*time.Second))
}

func TestParseProgram(t *testing.T) {
	bin, _ := braintest.Build(t)
	c, err := manager.ParseProgram(bin + ":-mode  crash -at 3")
	require.NoError(t, err)
	assert.Equal(t, []string{"-mode", "crash", "-at", "3"}, c.Args)
	assert.Equal(t, "fake", c.Base())
	for _, bad := range []string{"", ":x", "/nonexistent/brain", t.TempDir()} {
		_, err := manager.ParseProgram(bad)
		assert.ErrorIs(t, err, manager.ErrProgram, bad)
	}
}
