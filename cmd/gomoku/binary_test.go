package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/cmd/internal/gomokutest"
)

// TestMain removes the program that gomokutest.Binary built, once the
// tests have run.
func TestMain(m *testing.M) {
	code := m.Run()
	gomokutest.Cleanup()
	os.Exit(code)
}

// runBinary runs the built program with stdin piped in and returns its
// output and exit status.
func runBinary(t *testing.T, bin, stdin string, args ...string) result {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errOut strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	code := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else {
		require.NoError(t, err)
	}
	return result{out.String(), errOut.String(), code}
}

func TestBinary(t *testing.T) {
	bin := gomokutest.Binary(t)

	t.Run("replay", func(t *testing.T) {
		r := runBinary(t, bin, ticTacToe, "replay", "--k", "3", "--rows", "3", "--cols", "3")
		require.Equal(t, 0, r.code, r.err)
		assert.Equal(t, "0\n0\n0\n0\n1\n", r.out)

		r = runBinary(t, bin, "0 0\n0 0\n", "replay")
		assert.Equal(t, 1, r.code)
		assert.Equal(t, "0\n", r.out)
		assert.Equal(t, "gomoku replay: line 2: cell (0, 0) is occupied by player 1\n", r.err)

		r = runBinary(t, bin, "", "replay", "--rows", "3")
		assert.Equal(t, 2, r.code)
		assert.Contains(t, r.err, "--rows and --cols go together")
		assert.Contains(t, r.err, "USAGE:")
	})

	t.Run("replay streams through a pipe", func(t *testing.T) {
		cmd := exec.Command(bin, "replay", "--k", "3")
		in, err := cmd.StdinPipe()
		require.NoError(t, err)
		outPipe, err := cmd.StdoutPipe()
		require.NoError(t, err)
		require.NoError(t, cmd.Start())
		out := bufio.NewReader(outPipe)
		for i, line := range strings.SplitAfter(strings.TrimSuffix(ticTacToe, "\n"), "\n") {
			_, err := io.WriteString(in, strings.TrimSuffix(line, "\n")+"\n")
			require.NoError(t, err)
			got, err := out.ReadString('\n')
			require.NoError(t, err)
			assert.Equal(t, []string{"0\n", "0\n", "0\n", "0\n", "1\n"}[i], got)
		}
		require.NoError(t, in.Close())
		require.NoError(t, cmd.Wait())
	})

	t.Run("play with piped input", func(t *testing.T) {
		t.Setenv("NO_COLOR", "") // colour must stay off because stdout is a pipe
		r := runBinary(t, bin, "1 1\n0 0\n0 1\nundo\n0 1\n2 2\n2 1\n", "play", "--seats", "human,human", "--k", "3", "--rows", "3", "--cols", "3")
		require.Equal(t, 0, r.code, r.err)
		assert.NotContains(t, r.out, "\x1b[")
		assert.Contains(t, r.out, "O to play> undo\nTook back X at 0 1.\n")
		assert.True(t, strings.HasSuffix(r.out, `
   0  1  2
0  O  X  .
1  .  X  .
2  . [X] O
Move 5, last X at 2 1. View: rows 0..2, columns 0..2.
X (player 1, human) wins after 5 moves.
`), r.out)
	})

	t.Run("match with the pbrain engine", func(t *testing.T) {
		// Our own Gomocup engine against itself and a built-in bot, through
		// pipes, under a game clock.
		r := runBinary(t, bin, "", "match", "--json", "--bots", "pbrain:"+bin+":pbrain,pbrain:"+bin+":pbrain --strategy greedy,greedy",
			"--players", "3", "--rows", "15", "--cols", "15", "--games", "1")
		assert.Equal(t, 2, r.code, "three players cannot seat engines")
		assert.Contains(t, r.err, "external engines play two-player games")

		r = runBinary(t, bin, "", "match", "--json", "--bots", "pbrain:"+bin+":pbrain --strategy greedy,greedy",
			"--rows", "15", "--cols", "15", "--games", "2", "--tc", "10+0.1")
		require.Equal(t, 0, r.code, r.err)
		var doc matchDoc
		require.NoError(t, json.Unmarshal([]byte(r.out), &doc))
		assert.Equal(t, 2, doc.Games)
		assert.Equal(t, "gomoku", doc.Bots[0].Name, "the engine's ABOUT name")
		assert.Zero(t, doc.Bots[0].Faults.Total, "no time losses, crashes or protocol errors")
		assert.Empty(t, doc.Forfeits)
	})

	t.Run("match", func(t *testing.T) {
		r := runBinary(t, bin, "", "match", "--bots", "greedy,random", "--games", "2", "--json")
		require.Equal(t, 0, r.code, r.err)
		assert.Empty(t, r.err)
		var doc matchDoc
		require.NoError(t, json.Unmarshal([]byte(r.out), &doc))
		assert.Equal(t, 2, doc.Games)
	})
}

// matchDoc is the part of the document "match --json" prints that these
// tests read (package matchcmd tests the whole of it).
type matchDoc struct {
	Games int
	Bots  []struct {
		Name   string
		Faults struct{ Total int }
	}
	Forfeits []struct{ Game int }
}
