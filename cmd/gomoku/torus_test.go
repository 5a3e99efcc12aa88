package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// acrossTheEdge wins on a 5 × 9 torus with K = 3 along row 2: columns 7,
// 8 and 0. On the flat board the same moves win nothing.
const acrossTheEdge = "2 7\n0 0\n2 8\n0 2\n2 0\n"

func TestReplayOnATorus(t *testing.T) {
	torus := []string{"replay", "--k", "3", "--rows", "5", "--cols", "9", "--torus"}
	r := runApp(t, acrossTheEdge, torus...)
	require.Equal(t, exitOK, r.code, r.err)
	assert.Equal(t, "0\n0\n0\n0\n1\n", r.out)

	r = runApp(t, acrossTheEdge, torus[:len(torus)-1]...)
	require.Equal(t, exitOK, r.code, r.err)
	assert.Equal(t, "0\n0\n0\n0\n0\n", r.out, "flat")

	r = runApp(t, acrossTheEdge, append(torus, "--json")...)
	require.Equal(t, exitOK, r.code, r.err)
	doc := decodeReplay(t, r.out)
	assert.True(t, doc.Config.Torus)
	assert.Equal(t, "won", doc.Status)
	assert.Contains(t, r.out, `"cols":9,"torus":true,"rule"`)

	r = runApp(t, acrossTheEdge, append(torus[:len(torus)-1], "--json")...)
	assert.NotContains(t, r.out, "torus", "flat boards' documents are unchanged")

	// Moves are not wrapped onto the board.
	r = runApp(t, "2 9\n", torus...)
	require.Equal(t, exitFail, r.code)
	assert.Contains(t, r.err, "line 1: cell (2, 9) is off the board")
}

func TestTorusFlagErrors(t *testing.T) {
	record := filepath.Join(t.TempDir(), "game.psq")
	require.NoError(t, os.WriteFile(record, []byte(winningPSQ), 0o644))
	for _, tt := range []struct {
		args []string
		msg  string
	}{
		{[]string{"replay", "--torus"}, "--torus needs a bounded board to wrap around: give --rows and --cols"},
		{[]string{"replay", "--torus", "--rows", "2", "--cols", "4", "--k", "5"}, "K = 5 cannot fit on a 2 × 4 torus, whose longest lines (the diagonals) have 4 cells"},
		{[]string{"replay", "--torus", "--rows", "15", "--cols", "15", record}, "--torus cannot be used with a record"},
		{[]string{"play", "--torus", "--rows", "9", "--cols", "9", "--seats", "human,search"}, "--seats: seat 2 (search): player: strategy does not play this game: the search bot does not play on a torus"},
		{[]string{"match", "--torus", "--rows", "9", "--cols", "9", "--bots", "greedy,search"}, "--bots: seat 2 (search)"},
		{[]string{"match", "--torus", "--rows", "9", "--cols", "9", "--bots", "greedy,random", "--save-format", "psq"}, "--save-format: psq records hold flat boards, not a torus"},
		{[]string{"match", "--torus", "--rows", "9", "--cols", "26", "--bots", "greedy,random", "--save-format", "moves"}, "--save-format: moves records hold flat boards, not a torus"},
	} {
		r := runApp(t, "", tt.args...)
		assert.Equal(t, exitUsage, r.code, "%v", tt.args)
		assert.Contains(t, r.err, tt.msg, "%v", tt.args)
	}
}

func TestSavedTorusGame(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "torus.json")
	out := playGame(t, "2 7\n0 0\n2 8\nsave "+path+"\nquit\n", "--k", "3", "--rows", "5", "--cols", "9", "--torus", "--seats", "human,human")
	require.Contains(t, out, "Saved 3 moves to "+path)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Contains(t, string(data), `"torus": true`)

	// The saved game brings its torus to replay and play; --torus with it
	// is a rules flag like the others.
	r := runApp(t, "", "replay", "--json", path)
	require.Equal(t, exitOK, r.code, r.err)
	assert.True(t, decodeReplay(t, r.out).Config.Torus)
	r = runApp(t, "", "replay", "--torus", path)
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.err, "--torus cannot be used with a saved game")
	out = playGame(t, "0 2\n2 0\n", "--load", path)
	assert.Contains(t, out, "on a 5 × 9 torus")
	assert.Contains(t, out, "X (player 1, human) wins after 5 moves.")

	// A session whose seats cannot play it refuses to load it.
	out = playGame(t, "load "+path+"\nquit\n", "--seats", "human,search", "--k", "3")
	assert.Contains(t, out, "Could not load: the game in "+path+" cannot be played by these seats: seat 2 (search)")
}

func TestPlayOnATorus(t *testing.T) {
	out := playGame(t, "2 7\nquit\n", "--k", "4", "--rows", "5", "--cols", "9", "--torus", "--seed", "1", "--color", "never")
	assert.Contains(t, out, "4-in-a-row on a 5 × 9 torus (rows 0..4, columns 0..8; lines wrap around the edges, and so does the view)")
	assert.Contains(t, out, "O (player 2, greedy)", "the strongest bot that plays a torus")
	// After the moves at columns 7 and 6 the view runs across the edge, the
	// columns after 8 being 0 and 1 again.
	assert.Contains(t, out, "\n   2  3  4  5  6  7  8  0  1\n")
	assert.Contains(t, out, "View: rows 0..4, columns 2..1 across the edge.")

	// A move at the edge brings the view round it: O at column 8 is drawn
	// beside X at column 0, and panning goes on round the torus.
	out = playGame(t, "0 0\n0 8\npan right 3\npan right 6\npan right 9\nquit\n", "--k", "4", "--rows", "3", "--cols", "9", "--torus", "--seats", "human,human", "--color", "never", "--view", "3x5")
	assert.Contains(t, out, "\n   7  8  0  1  2\n2  .  .  .  .  .\n0  . [O] X  .  .\n1  .  .  .  .  .\nMove 2, last O at 0 8. View: rows 2..1 across the edge, columns 7..2 across the edge.\n")
	assert.Contains(t, out, "View: rows 2..1 across the edge, columns 1..5; 2 marks outside it (pan, center).\n")
	assert.Equal(t, 4, strings.Count(out, "columns 7..2 across the edge."), "after each move, nine columns on, and nine more")
	assert.NotContains(t, out, "already at the edge", "a torus has none")
}
