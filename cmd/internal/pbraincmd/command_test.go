package pbraincmd_test

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urfave/cli/v2"

	"github.com/gomoku-engine/gomoku/cmd/internal/pbraincmd"
)

func run(t *testing.T, input string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := pbraincmd.Run(context.Background(), append([]string{"pbrain-gomoku"}, args...), strings.NewReader(input), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestRunPlays(t *testing.T) {
	code, out, errOut := run(t, "INFO timeout_turn 100\r\nSTART 15\r\nBEGIN\r\nTURN 7,8\r\nABOUT\r\nEND\r\n",
		"--strategy", "greedy", "--name", "tester", "--debug")
	require.Equal(t, 0, code, errOut)
	assert.Empty(t, errOut)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	var answers []string
	for _, l := range lines {
		if !strings.HasPrefix(l, "DEBUG ") {
			answers = append(answers, l)
		}
	}
	require.Len(t, answers, 4, out)
	assert.Equal(t, "OK", answers[0])
	assert.Equal(t, "7,7", answers[1], "greedy opens in the centre")
	assert.Regexp(t, `^[0-9]+,[0-9]+$`, answers[2])
	assert.Regexp(t, `^name="tester", version="[^"]+", author=".+", country=".+", www=".+"$`, answers[3])
	assert.Contains(t, out, "DEBUG budget 100ms")
}

// A node limit stops the search long before a generous turn limit, and
// makes its choices repeat exactly whatever the machine's load.
func TestRunNodesLimitsTheSearch(t *testing.T) {
	const input = "INFO timeout_turn 60000\r\nSTART 15\r\nBOARD\r\n7,7,1\r\n8,8,2\r\n8,6,1\r\n6,8,2\r\nDONE\r\nTURN 9,5\r\nEND\r\n"
	var first []string
	for range 3 {
		start := time.Now()
		code, out, errOut := run(t, input, "--nodes", "20000")
		require.Equal(t, 0, code, errOut)
		assert.Less(t, time.Since(start), 30*time.Second, "the node limit ends the search, not the minute")
		lines := strings.Fields(out)
		require.Len(t, lines, 3, out)
		if first == nil {
			first = lines
		}
		assert.Equal(t, first, lines)
	}
}

// Several threads share a node limit: the search stops, its move is legal,
// and the debug line counts every thread's positions.
func TestRunThreads(t *testing.T) {
	const input = "INFO timeout_turn 60000\r\nSTART 15\r\nBOARD\r\n7,7,1\r\n8,8,2\r\n8,6,1\r\n6,8,2\r\nDONE\r\nINFO thread_num 3\r\nTURN 9,5\r\nEND\r\n"
	start := time.Now()
	code, out, errOut := run(t, input, "--nodes", "20000", "--threads", "2", "--debug")
	require.Equal(t, 0, code, errOut)
	assert.Less(t, time.Since(start), 30*time.Second, "the node limit ends the search, not the minute")
	assert.Regexp(t, `(?m)^DEBUG .*; search, depth [0-9]+, 2[0-9]{4} nodes, .*$`, out)
	assert.Regexp(t, `(?m)^[0-9]+,[0-9]+\r?$`, out)
}

func TestRunRefusesBadCommandLines(t *testing.T) {
	tests := []struct {
		args []string
		msg  string
	}{
		{[]string{"--strategy", "oracle"}, `unknown strategy "oracle"`},
		{[]string{"now"}, `unexpected argument "now"`},
		{[]string{"--max-side", "4"}, "--max-side must be at least 5"},
		{[]string{"--seed", "x"}, "invalid value"},
		{[]string{"--nodes", "-1"}, "--nodes must not be negative"},
		{[]string{"--threads", "0"}, "--threads must be from 1 to 256, got 0"},
		{[]string{"--threads", "257"}, "--threads must be from 1 to 256, got 257"},
		{[]string{"--duel-search", "minimax"}, `--duel-search: player: unknown strategy: two-player search "minimax" (want classic or screened)`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, out, errOut := run(t, "START 15\n", tt.args...)
			assert.Equal(t, 2, code)
			assert.Empty(t, out, "nothing on the protocol's output")
			assert.Contains(t, errOut, tt.msg)
		})
	}
}

func TestRunHelp(t *testing.T) {
	code, out, _ := run(t, "", "--help")
	assert.Equal(t, 0, code)
	for _, want := range []string{"pbrain-gomoku", "Gomocup (Piskvork) engine protocol", "--strategy value", "--default-turn value", "--margin value", "--debug"} {
		assert.Contains(t, out, want)
	}
}

func TestRunReportsBrokenOutput(t *testing.T) {
	r, w := io.Pipe()
	r.Close()
	var errOut bytes.Buffer
	code := pbraincmd.Run(context.Background(), []string{"pbrain-gomoku"}, strings.NewReader("START 15\n"), w, &errOut)
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut.String(), "brain: writing answer")
}

// TestCommandInAnApp: the command the gomoku program mounts serves the
// app's streams.
func TestCommandInAnApp(t *testing.T) {
	var out bytes.Buffer
	app := &cli.App{
		Name:     "gomoku",
		Reader:   strings.NewReader("START 15\nBEGIN\n"), // no END: it would stop the thinking
		Writer:   &out,
		Commands: []*cli.Command{pbraincmd.Command()},
	}
	require.NoError(t, app.Run([]string{"gomoku", "pbrain", "--strategy", "greedy"}))
	assert.Equal(t, "OK\n7,7\n", out.String())
}

// The debug line carries the search's value, written as a forced win
// when the brain holds one, so that a move trusted on a mate can be told
// from one chosen on an evaluation.
func TestDebugShowsTheValue(t *testing.T) {
	const won = "INFO timeout_turn 60000\r\nSTART 15\r\nBOARD\r\n7,7,1\r\n7,8,1\r\n7,9,1\r\n0,0,2\r\n0,2,2\r\n0,4,2\r\nDONE\r\n" // no END: it would stop the thinking
	code, out, errOut := run(t, won, "--nodes", "20000", "--debug")
	require.Equal(t, 0, code, errOut)
	assert.Regexp(t, `(?m)^DEBUG .*; vcf, depth 0, [0-9]+ nodes, eval \+M\*, halt none$`, out)

	const quiet = "INFO timeout_turn 60000\r\nSTART 15\r\nBOARD\r\n7,7,1\r\n8,8,2\r\n8,6,1\r\n6,8,2\r\nDONE\r\n"
	code, out, errOut = run(t, quiet, "--nodes", "20000", "--debug")
	require.Equal(t, 0, code, errOut)
	assert.Regexp(t, `(?m)^DEBUG .*; search, depth [0-9]+, [0-9]+ nodes, eval -?[0-9]+, halt stopped$`, out)
}
