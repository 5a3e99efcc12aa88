package pbraincmd_test

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"

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

func TestRunRefusesBadCommandLines(t *testing.T) {
	tests := []struct {
		args []string
		msg  string
	}{
		{[]string{"--strategy", "oracle"}, `unknown strategy "oracle"`},
		{[]string{"now"}, `unexpected argument "now"`},
		{[]string{"--max-side", "4"}, "--max-side must be at least 5"},
		{[]string{"--seed", "x"}, "invalid value"},
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
