package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine/savefile"
)

// A five for player 1 along row 8 (h8..l8), player 2 answering on row 9.
const (
	winningPSQ        = "Piskvorky 15x15, 11:11, 0\n8,8,0\n8,9,0\n9,8,0\n9,9,0\n10,8,0\n10,9,0\n11,8,0\n11,9,0\n12,8,0\n"
	winningMoveString = "h8h9i8i9j8j9k8k9l8\n"
)

func TestReplayRecords(t *testing.T) {
	for name, input := range map[string]string{"psq": winningPSQ, "move string": winningMoveString} {
		t.Run(name, func(t *testing.T) {
			r := runApp(t, input, "replay")
			require.Equal(t, exitOK, r.code, r.err)
			assert.Equal(t, strings.Repeat("0\n", 8)+"1\n", r.out)

			// Records bring moves, not rules: the flags still apply.
			r = runApp(t, input, "replay", "--k", "6")
			require.Equal(t, exitOK, r.code, r.err)
			assert.Equal(t, strings.Repeat("0\n", 9), r.out)
		})
	}
	r := runApp(t, winningPSQ, "replay", "--json")
	require.Equal(t, exitOK, r.code, r.err)
	assert.Contains(t, r.out, `"rows":15,"cols":15`, "the psq header bounds the board")
}

// renjuSGF is a c-gomoku-cli record of a renju game whose ninth move,
// black's (7, 7), is a double three.
const renjuSGF = "(;FF[4]GM[4]RU[4]SZ[15]PB[a]PW[b]\n;B[fh];W[aa];B[gh];W[ca];B[hf];W[ea];B[hg];W[ga];B[hh])\n"

func TestReplaySGF(t *testing.T) {
	// The rule is the record's: the ninth move is refused under renju.
	r := runApp(t, renjuSGF, "replay")
	assert.Equal(t, exitFail, r.code)
	assert.Equal(t, strings.Repeat("0\n", 8), r.out)
	assert.Contains(t, r.err, "cell (7, 7) is forbidden to black under renju: double three")

	r = runApp(t, renjuSGF, "replay", "--rule", "renju")
	assert.Equal(t, exitFail, r.code, "the same rule may be given")

	requireUsage(t, runApp(t, renjuSGF, "replay", "--rule", "freestyle"), "--rule freestyle but the sgf record is for renju")
	requireUsage(t, runApp(t, renjuSGF, "replay", "--rows", "19", "--cols", "19"), "the .sgf file is for a 15×15 board")

	freestyle := strings.Replace(renjuSGF, "RU[4]", "RU[0]", 1)
	r = runApp(t, freestyle, "replay", "--json")
	require.Equal(t, exitOK, r.code, r.err)
	assert.Contains(t, r.out, `"rows":15,"cols":15`)
	assert.Contains(t, r.out, `"rule":"freestyle"`)

	path := filepath.Join(t.TempDir(), "game.sgf")
	require.NoError(t, os.WriteFile(path, []byte(freestyle), 0o644))
	r = runApp(t, "", "replay", path)
	require.Equal(t, exitOK, r.code, r.err)
	assert.Equal(t, strings.Repeat("0\n", 9), r.out)
}

func TestReplayBadRecords(t *testing.T) {
	tests := []struct {
		name, input string
		args        []string
		code        int
		out, msg    string
	}{
		{"psq cell played twice", "Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n", nil, exitFail, "", "psq line 3: move 2 is on a cell already played"},
		{"psq move off the board", "Piskvorky 15x15, 11:11, 0\n16,3,0\n", nil, exitFail, "", "off the 15x15 board"},
		{"move string cell played twice", "h8h8\n", nil, exitFail, "", "move 2 (h8) is on a cell already played"},
		{"move after the win", strings.TrimSpace(winningMoveString) + "a1\n", nil, exitFail, strings.Repeat("0\n", 8) + "1\n", "line 1: game already over"},
		{"three players", winningMoveString, []string{"--players", "3"}, exitUsage, "", "records (.psq, move strings) hold two-player games"},
		{"free order", winningMoveString, []string{"--free-order"}, exitUsage, "", "--free-order cannot be used with a record"},
		{"psq with other bounds", winningPSQ, []string{"--rows", "19", "--cols", "19"}, exitUsage, "", "the .psq file is for a 15×15 board"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runApp(t, tt.input, append([]string{"replay"}, tt.args...)...)
			assert.Equal(t, tt.code, r.code)
			assert.Equal(t, tt.out, r.out)
			assert.Contains(t, r.err, tt.msg)
		})
	}
}

func TestPlayLoadsRecords(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "opening.psq")
	require.NoError(t, os.WriteFile(path, []byte("Piskvorky 15x15, 11:11, 0\n8,8,0\n8,9,0\n"), 0o644))
	out := playGame(t, "quit\n", "--seats", "human,human", "--load", path)
	assert.Contains(t, out, "X to play", "two moves in, player 1 is to move")
	assert.Contains(t, out, "Move 2")

	// At the prompt, a move string is played under the current game's rules.
	ms := filepath.Join(dir, "opening.txt")
	require.NoError(t, os.WriteFile(ms, []byte("a1b2c3\n"), 0o644))
	out = playGame(t, "load "+ms+"\nquit\n", "--seats", "human,human")
	assert.Contains(t, out, "Loaded "+ms+": 3 moves.")
	assert.Contains(t, out, "O to play")

	r := runApp(t, "", "play", "--seats", "human,human,human", "--players", "3", "--load", path)
	requireUsage(t, r, "records (.psq, move strings) hold two-player games")

	garbage := filepath.Join(dir, "garbage.txt")
	require.NoError(t, os.WriteFile(garbage, []byte("12 apples\n"), 0o644))
	r = runApp(t, "", "play", "--load", garbage)
	assert.Equal(t, exitFail, r.code)
	assert.Contains(t, r.err, "not a game file")
}

func TestMatchSavesRecords(t *testing.T) {
	dir := t.TempDir()
	r := runApp(t, "", "match", "--bots", "greedy,random", "--games", "2", "--rows", "15", "--cols", "15",
		"--save-dir", dir, "--save-format", "psq")
	require.Equal(t, exitOK, r.code, r.err)
	for _, name := range []string{"game-0001.psq", "game-0002.psq"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err)
		require.True(t, strings.HasPrefix(string(data), "Piskvorky 15x15,"), "%s", data)
		rr := runApp(t, string(data), "replay")
		require.Equal(t, exitOK, rr.code, rr.err)
		assert.NotEqual(t, "0", strings.TrimSpace(rr.out[strings.LastIndex(strings.TrimSpace(rr.out), "\n")+1:]), "greedy beats random: the saved game ends in a win")
	}
	r = runApp(t, "", "match", "--bots", "greedy,random", "--games", "2", "--rows", "9", "--cols", "9",
		"--save-dir", dir, "--save-format", "moves")
	require.Equal(t, exitOK, r.code, r.err)
	data, err := os.ReadFile(filepath.Join(dir, "game-0001.txt"))
	require.NoError(t, err)
	assert.Regexp(t, `^([a-i][1-9])+\n$`, string(data))

	requireUsage(t, runApp(t, "", "match", "--bots", "greedy,random", "--save-format", "psq"), "psq records need a bounded board")
	requireUsage(t, runApp(t, "", "match", "--bots", "greedy,random,random", "--rows", "9", "--cols", "9", "--save-format", "psq"), "hold two-player games")
	requireUsage(t, runApp(t, "", "match", "--bots", "greedy,random", "--rows", "30", "--cols", "30", "--save-format", "moves"), "at most 26 columns")
	requireUsage(t, runApp(t, "", "match", "--bots", "greedy,random", "--save-format", "renlib"), "want json, psq, moves or sgf")
	requireUsage(t, runApp(t, "", "match", "--bots", "greedy,random", "--save-format", "sgf"), "sgf records need a bounded board")

	// SGF records carry the rule and the result, and replay reads them.
	r = runApp(t, "", "match", "--bots", "greedy,random", "--games", "1", "--rows", "15", "--cols", "15", "--rule", "exact",
		"--save-dir", dir, "--save-format", "sgf")
	require.Equal(t, exitOK, r.code, r.err)
	data, err = os.ReadFile(filepath.Join(dir, "game-0001.sgf"))
	require.NoError(t, err)
	assert.Regexp(t, `^\(;FF\[4\]GM\[4\]SZ\[15\]RU\[1\]PB\[greedy\]PW\[random\]GN\[1\]RE\[B\+1\]TE\[five in a row\]\n;B\[`, string(data))
	rr := runApp(t, string(data), "replay")
	require.Equal(t, exitOK, rr.code, rr.err)
}

func TestPbrainCommand(t *testing.T) {
	// No END: it would stop the thinking before the answer.
	r := runApp(t, "START 15\r\nBEGIN\r\n", "pbrain", "--strategy", "greedy")
	require.Equal(t, exitOK, r.code, r.err)
	lines := strings.Split(strings.TrimSpace(r.out), "\n")
	require.Len(t, lines, 2)
	assert.Equal(t, "OK", lines[0])
	assert.Regexp(t, `^\d+,\d+$`, lines[1])

	r = runApp(t, "", "pbrain", "--frobnicate")
	assert.Equal(t, exitUsage, r.code)
	assert.Empty(t, r.out, "nothing but protocol answers on standard output")
}

func TestMatchSavesGames(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "games")
	r := runApp(t, "", "match", "--bots", "random,random", "--games", "3", "--max-moves", "40", "--save-dir", dir)
	require.Equal(t, exitOK, r.code, r.err)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 4)
	summary, err := os.ReadFile(filepath.Join(dir, "games.txt"))
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(summary)), "\n")
	require.Len(t, lines, 3)
	assert.Regexp(t, `^\[Game "1"\] \[Black "random#1"\] \[White "random#2"\] \[Result "(1-0|0-1|1/2-1/2)"\] \[Termination "(five in a row|move limit)"\] \[PlyCount "\d+"\] -?\d+,-?\d+ `, lines[0])
	entries = entries[:3]
	for i, e := range entries {
		assert.Equal(t, []string{"game-0001.json", "game-0002.json", "game-0003.json"}[i], e.Name())
		s, err := savefile.Load(filepath.Join(dir, e.Name()))
		require.NoError(t, err)
		assert.LessOrEqual(t, s.Game.Len(), 40)
		assert.ElementsMatch(t, []string{"random#1", "random#2"}, s.Seats)
		// The saved games replay.
		rr := runApp(t, "", "replay", filepath.Join(dir, e.Name()))
		require.Equal(t, exitOK, rr.code, rr.err)
		assert.Equal(t, s.Game.Len(), strings.Count(rr.out, "\n"))
	}
}
