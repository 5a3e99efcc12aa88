package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/savefile"
)

// ticTacToe is a 3×3 game that player 1 wins with the fifth move.
const ticTacToe = "0 0\n1 0\n0 1\n1 1\n0 2\n"

func TestReplay(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		input string
		want  string
	}{
		{"win", []string{"--k", "3", "--rows", "3", "--cols", "3"}, ticTacToe, "0\n0\n0\n0\n1\n"},
		{"separators comments and blanks", []string{"--k", "3"},
			"# a comment\n\n0,0\n 1\t0\r\n  # indented comment\n0 , 1\n1 ,1\n   \n0\t,\t2\n", "0\n0\n0\n0\n1\n"},
		{"negative and far coordinates", []string{"--k", "2"}, "-2147483648 2147483647\n5 5\n-2147483647 2147483646\n", "0\n0\n1\n"},
		{"draw fills the board", []string{"--k", "2", "--rows", "1", "--cols", "3"}, "0 0\n0 1\n0 2\n", "0\n0\ndraw\n"},
		{"free order", []string{"--free-order", "--k", "3", "--rows", "3", "--cols", "3"},
			"0 0 2\n1 1 2\n2 2 1\n0 2 2\n0 1 2\n", "0\n0\n0\n0\n2\n"},
		{"three players", []string{"--players", "3", "--k", "2"}, "0 0\n5 5\n9 9\n0 1\n", "0\n0\n0\n1\n"},
		{"exact rule ignores an overline", []string{"--k", "2", "--rule", "exact"},
			"0 0\n9 9\n0 2\n9 7\n0 1\n", "0\n0\n0\n0\n0\n"},
		{"freestyle counts an overline", []string{"--k", "2"}, "0 0\n9 9\n0 2\n9 7\n0 1\n", "0\n0\n0\n0\n1\n"},
		{"runs checker", []string{"--checker", "runs", "--k", "3"}, ticTacToe, "0\n0\n0\n0\n1\n"},
		{"renju: black wins with five", []string{"--rule", "renju", "--rows", "15", "--cols", "15"},
			"7 3\n0 0\n7 4\n0 2\n7 5\n0 4\n7 6\n0 6\n7 7\n", "0\n0\n0\n0\n0\n0\n0\n0\n1\n"},
		{"renju: white wins with six", []string{"--rule", "renju"},
			"9 0\n0 0\n9 3\n0 1\n9 6\n0 2\n9 9\n0 4\n9 12\n0 5\n9 15\n0 3\n", strings.Repeat("0\n", 11) + "2\n"},
		{"lines checker", []string{"--checker", "lines", "--k", "3", "--rows", "3", "--cols", "3"}, ticTacToe, "0\n0\n0\n0\n1\n"},
		{"empty input", nil, "", ""},
		{"stdin as -", []string{"--k", "3", "-"}, ticTacToe, "0\n0\n0\n0\n1\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runApp(t, tt.input, append([]string{"replay"}, tt.args...)...)
			require.Equal(t, exitOK, r.code, "stderr: %s", r.err)
			assert.Equal(t, tt.want, r.out)
			assert.Empty(t, r.err)
		})
	}
}

func TestReplayBadLines(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		input string
		out   string // printed before the bad line
		msg   string
	}{
		{"malformed", nil, "0 0\n1 x\n2 2\n", "0\n", `line 2: malformed line: want a number, got 'x' in "1 x"`},
		{"glued", nil, "0 0\n\n1 2x\n", "0\n", "line 3: malformed line: unexpected 'x'"},
		{"one field", nil, "7\n", "", "line 1: malformed line: want ROW COL"},
		{"player without free order", nil, "1 2 1\n", "", "need --free-order"},
		{"no player with free order", []string{"--free-order"}, "1 2\n", "", "want ROW COL PLAYER"},
		{"four fields", []string{"--free-order"}, "1 2 1 1\n", "", "want ROW COL PLAYER"},
		{"double comma", nil, "1,,2\n", "", "line 1: malformed line"},
		{"trailing comma", nil, "1, 2,\n", "", "nothing after the comma"},
		{"lone sign", nil, "- 2\n", "", "a sign without a number"},
		{"occupied", nil, "0 0\n1 1\n0 0\n", "0\n0\n", "line 3: cell (0, 0) is occupied by player 1"},
		{"off the board", []string{"--rows", "5", "--cols", "5"}, "0 0\n5 0\n", "0\n", "line 2: cell (5, 0) is off the board (rows 0..4, columns 0..4)"},
		{"negative off the board", []string{"--rows", "5", "--cols", "5"}, "-1 0\n", "", "line 1: cell (-1, 0) is off the board"},
		{"out of range", nil, "0 0\n2147483648 0\n", "0\n", "line 2: coordinate out of range in (2147483648, 0)"},
		{"huge literal", nil, "99999999999999999999999 1\n", "", "line 1: coordinate out of range (number too large: 99999999999999999999999"},
		{"game over", []string{"--k", "3"}, ticTacToe + "# done\n\n2 2\n", "0\n0\n0\n0\n1\n", "line 8: game already over: player 1 won at move 5"},
		{"game over after a draw", []string{"--k", "2", "--rows", "1", "--cols", "3"}, "0 0\n0 1\n0 2\n0 0\n", "0\n0\ndraw\n", "line 4: game already over: the board filled up at move 3, a draw"},
		{"bad player", []string{"--free-order"}, "0 0 1\n1 1 3\n", "0\n", "line 2: bad player number 3 (players are 1..2)"},
		{"player zero", []string{"--free-order"}, "0 0 0\n", "", "line 1: bad player number 0"},
		{"renju double three", []string{"--rule", "renju"}, "7 5\n0 0\n7 6\n0 2\n5 7\n0 4\n6 7\n0 6\n7 7\n", strings.Repeat("0\n", 8),
			"line 9: cell (7, 7) is forbidden to black under renju: double three"},
		{"renju overline", []string{"--rule", "renju"}, "0 0\n9 0\n0 1\n9 2\n0 2\n9 4\n0 4\n9 6\n0 5\n9 8\n0 3\n", strings.Repeat("0\n", 10),
			"line 11: cell (0, 3) is forbidden to black under renju: overline"},
		{"line too long", nil, "0 0\n" + strings.Repeat(" ", 70000) + "1 1\n", "0\n", "line 2: line longer than 64 KiB"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runApp(t, tt.input, append([]string{"replay"}, tt.args...)...)
			require.Equal(t, exitFail, r.code)
			assert.Equal(t, tt.out, r.out)
			assert.Contains(t, r.err, "gomoku replay: ")
			assert.Contains(t, r.err, tt.msg)
			assert.Equal(t, 1, strings.Count(r.err, "\n"), "one line on stderr: %q", r.err)
		})
	}
}

func TestReplayUsageErrors(t *testing.T) {
	saved := filepath.Join(t.TempDir(), "g.json")
	g, err := engine.New()
	require.NoError(t, err)
	require.NoError(t, savefile.Save(saved, g, nil))
	tests := []struct {
		name string
		args []string
		msg  string
	}{
		{"rows without cols", []string{"--rows", "3"}, "--rows and --cols go together"},
		{"cols without rows", []string{"--cols", "3"}, "--rows and --cols go together"},
		{"zero rows", []string{"--rows", "0", "--cols", "3"}, "must be positive"},
		{"k zero", []string{"--k", "0"}, "K must be at least 1"},
		{"k too big", []string{"--k", "4", "--rows", "3", "--cols", "3"}, "cannot fit"},
		{"one player", []string{"--players", "1"}, "players must be 2..255"},
		{"bad rule", []string{"--rule", "caro"}, `--rule: engine: bad configuration: unknown rule "caro" (want freestyle, exact, renju)`},
		{"renju for three", []string{"--rule", "renju", "--players", "3"}, "renju is five in a row for two players"},
		{"renju with K = 4", []string{"--rule", "renju", "--k", "4"}, "renju is five in a row for two players"},
		{"renju on a torus", []string{"--rule", "renju", "--rows", "15", "--cols", "15", "--torus"}, "renju is five in a row for two players on a board without wrap"},
		{"bad checker", []string{"--checker", "magic"}, `unknown checker "magic"`},
		{"lines checker on an infinite board", []string{"--checker", "lines"}, "the lines checker needs an n × n board"},
		{"two files", []string{"a", "b"}, "at most one FILE"},
		{"rules flag with a saved game", []string{"--k", "4", saved}, "--k cannot be used with a saved game"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			requireUsage(t, runApp(t, "0 0\n", append([]string{"replay"}, tt.args...)...), tt.msg)
		})
	}
}

func TestReplayFiles(t *testing.T) {
	dir := t.TempDir()
	moves := filepath.Join(dir, "moves.txt")
	require.NoError(t, os.WriteFile(moves, []byte(ticTacToe), 0o644))
	r := runApp(t, "ignored", "replay", "--k", "3", moves)
	require.Equal(t, exitOK, r.code, r.err)
	assert.Equal(t, "0\n0\n0\n0\n1\n", r.out)

	r = runApp(t, "", "replay", filepath.Join(dir, "missing.txt"))
	require.Equal(t, exitFail, r.code)
	assert.Contains(t, r.err, "no such file")

	// A saved game brings its rules; --checker still applies.
	g, err := engine.New(engine.WithK(3), engine.WithBounds(3, 3))
	require.NoError(t, err)
	for _, m := range [][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}} {
		_, err := g.Play(m[0], m[1])
		require.NoError(t, err)
	}
	saved := filepath.Join(dir, "game.json")
	require.NoError(t, savefile.Save(saved, g, nil))
	for _, args := range [][]string{{saved}, {"--checker", "lines", saved}, {"--checker", "runs", "-"}} {
		data, err := os.ReadFile(saved)
		require.NoError(t, err)
		r = runApp(t, string(data), append([]string{"replay"}, args...)...)
		require.Equal(t, exitOK, r.code, r.err)
		assert.Equal(t, "0\n0\n0\n0\n1\n", r.out, "args %v", args)
	}

	// A tampered saved game is refused before any result is printed.
	data, err := os.ReadFile(saved)
	require.NoError(t, err)
	tampered := strings.Replace(string(data), "[1, 0, 2]", "[0, 0, 2]", 1)
	require.NotEqual(t, string(data), tampered)
	r = runApp(t, tampered, "replay")
	require.Equal(t, exitFail, r.code)
	assert.Empty(t, r.out)
	assert.Contains(t, r.err, "gomoku replay: savefile: invalid saved game: move 2: sparse: cell occupied")
	bad := filepath.Join(dir, "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte(tampered), 0o644))
	r = runApp(t, "", "replay", bad)
	require.Equal(t, exitFail, r.code)
	assert.Equal(t, "gomoku replay: "+bad+": savefile: invalid saved game: move 2: sparse: cell occupied: (0, 0) by player 2\n", r.err)
}

// replayJSON is the document "replay --json" prints.
type replayJSON struct {
	Config struct {
		K, Players, Rows, Cols int
		Torus                  bool
		Rule, Order, Checker   string
	}
	Results   []int
	Moves     int
	Status    string
	Winner    int
	DecidedAt *int `json:"decided_at"`
	Error     *struct {
		Line    int
		Message string
	}
}

func decodeReplay(t *testing.T, out string) replayJSON {
	t.Helper()
	var doc replayJSON
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	require.NoError(t, dec.Decode(&doc), out)
	require.Equal(t, 1, strings.Count(out, "\n"), "one line")
	return doc
}

func TestReplayJSON(t *testing.T) {
	r := runApp(t, ticTacToe, "replay", "--json", "--k", "3", "--rows", "3", "--cols", "3")
	require.Equal(t, exitOK, r.code, r.err)
	doc := decodeReplay(t, r.out)
	assert.Equal(t, []int{0, 0, 0, 0, 1}, doc.Results)
	assert.Equal(t, 5, doc.Moves)
	assert.Equal(t, "won", doc.Status)
	assert.Equal(t, 1, doc.Winner)
	require.NotNil(t, doc.DecidedAt)
	assert.Equal(t, 5, *doc.DecidedAt)
	assert.Nil(t, doc.Error)
	assert.Equal(t, 3, doc.Config.K)
	assert.Equal(t, "rotation", doc.Config.Order)

	r = runApp(t, "0 0\n0 1\n", "replay", "--json")
	require.Equal(t, exitOK, r.code, r.err)
	doc = decodeReplay(t, r.out)
	assert.Equal(t, "ongoing", doc.Status)
	assert.Nil(t, doc.DecidedAt)

	r = runApp(t, "0 0\n0 1\n0 2\n", "replay", "--json", "--k", "2", "--rows", "1", "--cols", "3")
	require.Equal(t, exitOK, r.code, r.err)
	doc = decodeReplay(t, r.out)
	assert.Equal(t, "drawn", doc.Status)
	assert.Equal(t, []int{0, 0, 0}, doc.Results)
	assert.Equal(t, 3, *doc.DecidedAt)

	r = runApp(t, "", "replay", "--json")
	require.Equal(t, exitOK, r.code, r.err)
	doc = decodeReplay(t, r.out)
	assert.Equal(t, []int{}, doc.Results)

	// A bad line still gives a complete document, with the error in it.
	r = runApp(t, "0 0\n0 0\n", "replay", "--json")
	require.Equal(t, exitFail, r.code)
	doc = decodeReplay(t, r.out)
	assert.Equal(t, []int{0}, doc.Results)
	require.NotNil(t, doc.Error)
	assert.Equal(t, 2, doc.Error.Line)
	assert.Contains(t, doc.Error.Message, "occupied")
	assert.Contains(t, r.err, "line 2: cell (0, 0) is occupied")
}

// TestReplayStreams feeds moves one at a time through a pipe and requires
// each result before the next move is written: results are not held back
// until the input ends.
func TestReplayStreams(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan int, 1)
	go func() {
		done <- run(context.Background(), []string{"gomoku", "replay", "--k", "3"}, inR, outW, io.Discard)
		outW.Close()
	}()
	results := bufio.NewReader(outR)
	for i, want := range []string{"0", "0", "0", "0", "1"} {
		_, err := io.WriteString(inW, strings.Split(ticTacToe, "\n")[i]+"\n")
		require.NoError(t, err)
		got, err := results.ReadString('\n')
		require.NoError(t, err)
		require.Equal(t, want+"\n", got, "move %d", i+1)
	}
	require.NoError(t, inW.Close())
	require.Equal(t, exitOK, <-done)
}

// TestReplaySkipsAByteOrderMark feeds text inputs behind a UTF-8
// byte-order mark: each must be read as without it.
func TestReplaySkipsAByteOrderMark(t *testing.T) {
	for _, tc := range []struct{ name, input, want string }{
		{"move list", "0 0\n1 0\n0 1\n1 1\n0 2\n", "0\n0\n0\n0\n1\n"},
		{"move string", "a1a2b1b2c1\n", "0\n0\n0\n0\n1\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runApp(t, "\uFEFF"+tc.input, "replay", "--k", "3", "--rows", "3", "--cols", "3")
			require.Equal(t, exitOK, r.code, r.err)
			require.Equal(t, tc.want, r.out)
		})
	}
}
