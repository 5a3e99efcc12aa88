package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// result is what one in-process run of the program produced.
type result struct {
	out, err string
	code     int
}

// runApp runs "gomoku args..." in-process with stdin as its input.
func runApp(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(context.Background(), append([]string{"gomoku"}, args...), strings.NewReader(stdin), &out, &errOut)
	return result{out.String(), errOut.String(), code}
}

// requireUsage checks a run that failed on its command line: exit status 2,
// a message naming the problem and the command's usage on standard error,
// nothing on standard output.
func requireUsage(t *testing.T, r result, msg string) {
	t.Helper()
	require.Equal(t, exitUsage, r.code, "stderr: %s", r.err)
	require.Contains(t, r.err, msg)
	require.Contains(t, r.err, "USAGE:")
	require.Empty(t, r.out)
}

func TestAppHelp(t *testing.T) {
	r := runApp(t, "", "--help")
	require.Equal(t, exitOK, r.code)
	for _, cmd := range []string{"replay", "play", "match"} {
		assert.Contains(t, r.out, cmd)
	}
	r = runApp(t, "")
	require.Equal(t, exitOK, r.code)
	assert.Contains(t, r.out, "USAGE:")
	r = runApp(t, "", "help")
	require.Equal(t, exitOK, r.code)
	assert.Contains(t, r.out, "COMMANDS:")
	r = runApp(t, "", "help", "replay")
	require.Equal(t, exitOK, r.code)
	assert.Contains(t, r.out, "gomoku replay [command options] [FILE]")
	requireUsage(t, runApp(t, "", "help", "chess"), `unknown command "help chess"`)

	for _, cmd := range []string{"replay", "play", "match"} {
		t.Run(cmd, func(t *testing.T) {
			r := runApp(t, "", cmd, "--help")
			require.Equal(t, exitOK, r.code)
			assert.Contains(t, r.out, "Examples:")
			assert.Contains(t, r.out, "-k K")
			assert.Contains(t, r.out, "gomoku "+cmd)
		})
	}
}

func TestAppUsageErrors(t *testing.T) {
	requireUsage(t, runApp(t, "", "frobnicate"), `unknown command "frobnicate"`)
	requireUsage(t, runApp(t, "", "--frobnicate"), "flag provided but not defined")
	for _, cmd := range []string{"replay", "play", "match"} {
		requireUsage(t, runApp(t, "", cmd, "--frobnicate"), "gomoku "+cmd+": flag provided but not defined")
		requireUsage(t, runApp(t, "", cmd, "--k", "five"), "invalid value")
	}
}

// The package documentation lists every command the program has.
func TestDocListsEveryCommand(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	require.NoError(t, err)
	for _, cmd := range newApp(strings.NewReader(""), io.Discard, io.Discard).Commands {
		assert.Contains(t, string(doc), "//\tgomoku "+cmd.Name+" [flags]", "doc.go does not list %s", cmd.Name)
	}
}
