package main

import (
	"bufio"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player"
	"github.com/gomoku-engine/gomoku/engine/savefile"
)

// playGame runs "gomoku play" with the given input lines and requires it to
// exit cleanly.
func playGame(t *testing.T, input string, args ...string) string {
	t.Helper()
	r := runApp(t, input, append([]string{"play"}, args...)...)
	require.Equal(t, exitOK, r.code, "stderr: %s\nstdout: %s", r.err, r.out)
	require.Empty(t, r.err)
	return r.out
}

var twoHumans = []string{"--seats", "human,human"}

func TestPlayEndings(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		input string
		want  string
	}{
		{"win", []string{"--k", "3", "--rows", "3", "--cols", "3"}, ticTacToe, "X (player 1, human) wins after 5 moves.\n"},
		{"second player wins", []string{"--k", "2"}, "0 0\n5 5\n9 9\n5 6\n", "O (player 2, human) wins after 4 moves.\n"},
		{"draw", []string{"--k", "2", "--rows", "1", "--cols", "3"}, "0 0\n0 1\n0 2\n", "Draw after 3 moves: the board is full.\n"},
		{"quit", nil, "0 0\nquit\n", "Quit: the game is left unfinished after 1 move.\n"},
		{"end of input", nil, "0 0\n1 1\n", "End of input: the game is left unfinished after 2 moves.\n"},
		{"no input at all", nil, "", "End of input: the game is left unfinished after 0 moves.\n"},
		{"three players", []string{"--players", "3", "--k", "2", "--seats", "human,human,human"}, "0 0\n5 5\n9 9\n0 1\n",
			"X (player 1, human) wins after 4 moves.\n"},
		{"exact rule", []string{"--k", "2", "--rule", "exact"}, "0 0\n9 9\n0 2\n9 7\n0 1\n8 8\nquit\n", "O (player 2, human) wins after 6 moves.\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := tt.args
			if !strings.Contains(strings.Join(args, " "), "--seats") {
				args = append(args, twoHumans...)
			}
			out := playGame(t, tt.input, args...)
			require.True(t, strings.HasSuffix(out, tt.want), "output ends:\n%s", tail(out, 600))
		})
	}
}

func tail(s string, n int) string { return s[max(0, len(s)-n):] }

func TestPlayShowsTheBoard(t *testing.T) {
	out := playGame(t, "0 0\n-1 1\n", append(twoHumans, "--view", "3x5")...)
	assert.Contains(t, out, "2-in-a-row"[:0]+"5-in-a-row on an infinite board: 5 or more in a row win.\n")
	assert.Contains(t, out, "  X (player 1, human)\n  O (player 2, human)\n")
	// The window follows the play; the last move is in brackets.
	assert.Contains(t, out, `
   -2 -1  0  1  2
-1  .  .  .  .  .
 0  .  . [X] .  .
 1  .  .  .  .  .
Move 1, last X at 0 0. View: rows -1..1, columns -2..2.
O to play> -1 1
`)
	assert.Contains(t, out, `
   -2 -1  0  1  2
-1  .  .  . [O] .
 0  .  .  X  .  .
 1  .  .  .  .  .
Move 2, last O at -1 1.`)
	assert.NotContains(t, out, "\x1b[", "no colour when the output is not a terminal")
}

func TestPlayColour(t *testing.T) {
	out := playGame(t, "0 0\n", append(twoHumans, "--color", "always")...)
	assert.Contains(t, out, "\x1b[1;7m[X]\x1b[0m", "the last move in bold reverse video")
	t.Setenv("NO_COLOR", "1")
	out = playGame(t, "0 0\n", append(twoHumans, "--color", "auto")...)
	assert.NotContains(t, out, "\x1b[")
}

func TestPlayRefusesBadInput(t *testing.T) {
	tests := []struct {
		name, line, msg string
		args            []string
	}{
		{"occupied", "0 0", "Cannot play there: cell (0, 0) is taken by X. Try again.", nil},
		{"off the board", "3 0", "Cannot play there: cell (3, 0) is off the board (rows 0..2, columns 0..2). Try again.", []string{"--k", "3", "--rows", "3", "--cols", "3"}},
		{"out of range", "0 2147483648", "Cannot play there: coordinate out of range in (0, 2147483648)", nil},
		{"huge", "0 99999999999999999999", "That is off the map: rows and columns go from -2147483648 to 2147483647.", nil},
		{"three numbers", "1 2 3", `Not a move: "1 2 3". Enter ROW COL, e.g. 0 0, or help.`, nil},
		{"garbage", "1 x", `Not a move: "1 x"`, nil},
		{"unknown command", "frobnicate now", `Unknown command "frobnicate". Type help for the commands.`, nil},
		{"empty line", "", "Enter a move as ROW COL, or help.", nil},
		{"pan nowhere", "pan", "Pan where?", nil},
		{"pan sideways", "pan sideways", `Pan which way? "sideways" is not up, down, left or right.`, nil},
		{"pan by nothing", "pan up -3", `Pan by how many cells? "-3" is not a positive number.`, nil},
		{"centre on nothing", "center x y", "Centre on which cell?", nil},
		{"save nowhere", "save", "Save where?", nil},
		{"load nothing", "load", "Load what?", nil},
		{"load a missing file", "load /nonexistent/game.json", "Could not load: open /nonexistent/game.json: no such file or directory\nThe game goes on as before.", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append(append([]string{"--view", "3x3"}, twoHumans...), tt.args...)
			// After X plays 0 0 and the bad line, O is asked again and
			// plays; the game has exactly two moves.
			out := playGame(t, "0 0\n"+tt.line+"\n1 1\n", args...)
			require.Contains(t, out, "O to play> "+tt.line+"\n"+tt.msg)
			after := out[strings.Index(out, tt.msg):]
			next := strings.Index(after, "to play> ")
			assert.True(t, strings.HasPrefix(after[next-2:], "O to play> 1 1\n"), "the same player is asked again:\n%s", after)
			assert.Contains(t, out, "Move 2, last O at 1 1.")
			assert.Contains(t, out, "left unfinished after 2 moves")
		})
	}
}

func TestPlayUndoRedo(t *testing.T) {
	out := playGame(t, "undo\nredo\n0 0\n1 1\nundo\nundo\nundo\nredo\nredo\nredo\n2 2\nredo\n", twoHumans...)
	for _, want := range []string{
		"X to play> undo\nNothing to undo.\n",
		"X to play> redo\nNothing to redo.\n",
		"X to play> undo\nTook back O at 1 1.\n",
		"O to play> undo\nTook back X at 0 0.\n",
		"X to play> undo\nNothing to undo.\n",
		"X to play> redo\nPlayed again X at 0 0.\n",
		"O to play> redo\nPlayed again O at 1 1.\n",
		"X to play> redo\nNothing to redo.\n",
		"O to play> redo\nNothing to redo.\n", // a new move empties the redo stack
		"Move 3, last X at 2 2.",
	} {
		assert.Contains(t, out, want)
	}
}

func TestPlayAgainstBots(t *testing.T) {
	out := playGame(t, "0 0\n5 5\nundo\nquit\n", "--seats", "human,greedy", "--seed", "7")
	assert.Contains(t, out, "  O (player 2, greedy)\n")
	assert.NotContains(t, out, "Bots use seed", "the seed was given")
	assert.Equal(t, 2, strings.Count(out, "O (player 2, greedy) plays "))
	// Undo takes back the bot's reply and the person's move before it.
	assert.Regexp(t, `X to play> undo\nTook back O at -?\d+ -?\d+, X at 5 5\.\n`, out)
	assert.Contains(t, out, "Quit: the game is left unfinished after 2 moves.")

	// The same seed plays the same game.
	assert.Equal(t, out, playGame(t, "0 0\n5 5\nundo\nquit\n", "--seats", "human,greedy", "--seed", "7"))

	// A bot in the first seat moves before anyone is asked.
	out = playGame(t, "quit\n", "--seats", "random,human", "--seed", "1")
	assert.Contains(t, out, "X (player 1, random) plays 0 0\n")
	assert.Contains(t, out, "O to play> quit")
}

func TestPlayDefaultIsHumanAgainstTheStrongestBot(t *testing.T) {
	out := playGame(t, "quit\n")
	assert.Contains(t, out, "Bots use seed ")
	assert.Contains(t, out, "  X (player 1, human)\n  O (player 2, "+player.Strongest(engine.DefaultConfig())+")\n")
	assert.Contains(t, out, "X to play> quit\n")
}

func TestPlayAgainstSearch(t *testing.T) {
	out := playGame(t, "0 0\nquit\n", "--seats", "human,search", "--seed", "1", "--think", "20ms")
	assert.Contains(t, out, "  O (player 2, search)\n")
	assert.Equal(t, 1, strings.Count(out, "O (player 2, search) plays "))

	out = playGame(t, "", "--seats", "search,random", "--seed", "1", "--think", "20ms")
	assert.Regexp(t, `X \(player 1, search\) wins after \d+ moves\.\n$`, out)
}

func TestPlayBotsOnly(t *testing.T) {
	out := playGame(t, "", "--seats", "greedy,random", "--seed", "3")
	assert.Regexp(t, `X \(player 1, greedy\) wins after \d+ moves\.\n$`, out)
	assert.NotContains(t, out, "to play>", "nobody is asked anything")

	out = playGame(t, "", "--seats", "random,random", "--seed", "3", "--max-moves", "12")
	assert.Equal(t, 12, strings.Count(out, " plays "))
	assert.True(t, strings.HasSuffix(out, "Stopped after 12 moves: the move limit (--max-moves) was reached. Nobody won.\n"), tail(out, 200))
}

func TestPlayViewFollowsAndPans(t *testing.T) {
	out := playGame(t, "0 0\n100 -100\npan right\npan down 10\ncenter\ncenter -2147483648 2147483647\nboard\n", append(twoHumans, "--view", "5x5")...)
	for _, want := range []string{
		// The move far away brings the view along.
		"Move 2, last O at 100 -100. View: rows 98..102, columns -102..-98; 1 mark outside it (pan, center).\n",
		"X to play> pan right\n", "View: rows 98..102, columns -100..-96;",
		"X to play> pan down 10\n", "View: rows 108..112, columns -100..-96; 2 marks outside it",
		"X to play> center\n", "View: rows 98..102, columns -102..-98;",
		// The corner of the plane: the view stops at the edge.
		"View: rows -2147483648..-2147483644, columns 2147483643..2147483647; 2 marks outside it",
		"X to play> board\n",
	} {
		assert.Contains(t, out, want)
	}
	// At the edge, panning further says so.
	out = playGame(t, "pan up\n", append(twoHumans, "--k", "3", "--rows", "3", "--cols", "3")...)
	assert.Contains(t, out, "X to play> pan up\nThe view is already at the edge of the board.\n")
}

func TestPlaySaveAndLoad(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.json")
	out := playGame(t, "0 0\n1 1\nsave "+path+"\n", append(twoHumans, "--k", "4")...)
	assert.Contains(t, out, "Saved 2 moves to "+path+".\n")
	saved, err := savefile.Load(path)
	require.NoError(t, err)
	assert.Equal(t, 2, saved.Game.Len())
	assert.Equal(t, 4, saved.Game.Config().K)
	assert.Equal(t, []string{"human", "human"}, saved.Seats)

	// --load resumes with the file's rules and seats.
	out = playGame(t, "0 1\n1 2\n0 2\n1 3\n0 3\n", "--load", path)
	assert.Contains(t, out, "4-in-a-row on an infinite board")
	assert.Contains(t, out, "Move 2, last O at 1 1.")
	assert.Contains(t, out, "X (player 1, human) wins after 7 moves.")

	// load in a game replaces it; a bad file changes nothing.
	bad := filepath.Join(dir, "bad.json")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(bad, []byte(strings.Replace(string(data), "[1, 1, 2]", "[0, 0, 2]", 1)), 0o644))
	out = playGame(t, "5 5\nload "+bad+"\nload "+path+"\n2 2\n", twoHumans...)
	assert.Contains(t, out, "Could not load: "+bad+": savefile: invalid saved game: move 2: sparse: cell occupied")
	assert.Contains(t, out, "The game goes on as before.\nO to play> load "+path+"\nLoaded "+path+": 2 moves.\n")
	assert.Contains(t, out, "Move 3, last X at 2 2.")

	// Saving into a missing directory fails and says why.
	out = playGame(t, "save "+filepath.Join(dir, "no", "such", "dir.json")+"\n", twoHumans...)
	assert.Contains(t, out, "Could not save: savefile:")

	// A game for three players does not fit two seats.
	three := filepath.Join(dir, "three.json")
	playGame(t, "save "+three+"\n", "--players", "3", "--seats", "human,human,human")
	out = playGame(t, "load "+three+"\n", twoHumans...)
	assert.Contains(t, out, "has 3 players but this game has 2 seats")
}

func TestPlayUsageErrors(t *testing.T) {
	saved := filepath.Join(t.TempDir(), "g.json")
	playGame(t, "save "+saved+"\n", twoHumans...)
	tests := []struct {
		name string
		args []string
		msg  string
	}{
		{"too few seats", []string{"--seats", "human"}, "--seats: 1 seats for 2 players"},
		{"too many seats", []string{"--seats", "human,human,human"}, "3 seats for 2 players"},
		{"unknown seat", []string{"--seats", "human,deep-blue"}, `unknown seat "deep-blue" (want one of human, `},
		{"bad view", []string{"--view", "big"}, "--view: want ROWSxCOLS"},
		{"zero view", []string{"--view", "0x5"}, "--view: want ROWSxCOLS"},
		{"bad colour", []string{"--color", "sometimes"}, "--color must be auto, always or never"},
		{"negative move limit", []string{"--max-moves", "-1"}, "--max-moves must be 0 or more"},
		{"negative think time", []string{"--think", "-1s"}, "--think must be positive"},
		{"no threads", []string{"--threads", "0"}, "--threads must be from 1 to 256, got 0"},
		{"unknown two-player search", []string{"--duel-search", "minimax"}, `--duel-search: player: unknown strategy: two-player search "minimax"`},
		{"an argument", []string{"3", "4"}, `unexpected argument "3"`},
		{"too many players to draw", []string{"--players", "60"}, "play draws at most 56 players"},
		{"rules with a saved game", []string{"--load", saved, "--rule", "exact"}, "--rule cannot be used with a saved game"},
		{"half bounds", []string{"--cols", "9"}, "--rows and --cols go together"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			requireUsage(t, runApp(t, "", append([]string{"play"}, tt.args...)...), tt.msg)
		})
	}
	r := runApp(t, "", "play", "--load", filepath.Join(t.TempDir(), "none.json"))
	require.Equal(t, exitFail, r.code)
	assert.Contains(t, r.err, "no such file")
}

// TestPlayInterrupted cancels the context while the game waits for a person,
// as Ctrl-C does: the game stops at once with status 130.
func TestPlayInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	inR, inW := io.Pipe()
	defer inW.Close()
	outR, outW := io.Pipe()
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, []string{"gomoku", "play", "--seats", "human,human"}, inR, outW, io.Discard)
		outW.Close()
	}()
	out := bufio.NewReader(outR)
	var seen strings.Builder
	for !strings.HasSuffix(seen.String(), "X to play> ") {
		b, err := out.ReadByte()
		require.NoError(t, err)
		seen.WriteByte(b)
	}
	cancel()
	rest, err := io.ReadAll(out)
	require.NoError(t, err)
	assert.Contains(t, string(rest), "Interrupted: the game is left unfinished after 0 moves.")
	assert.Equal(t, 130, <-done)
}

// renjuDoubleThree are moves after which black (X) to move has one
// forbidden cell, 7 9: it would make the threes 7 7..7 9 and 7 9..9 9.
const renjuDoubleThree = "7 7\n3 3\n7 8\n3 11\n8 9\n11 3\n9 9\n11 11\n"

// Under renju the board marks black's forbidden cells when black is to
// move, lists them with their fouls, and refuses one with the reason,
// asking black again.
func TestPlayRenjuForbiddenCells(t *testing.T) {
	out := playGame(t, renjuDoubleThree+"7 9\n7 10\nquit\n", "--rule", "renju", "--rows", "15", "--cols", "15",
		"--seats", "human,human", "--view", "9x9")
	assert.Contains(t, out, "renju: X (black) wins with exactly 5 in a row and may not play an overline, a double four or a double three (marked × when black is to move); O (white) wins with 5 or more.")
	i := strings.Index(out, "O to play> 11 11\n")
	require.Positive(t, i)
	assert.Equal(t, `
    5  6  7  8  9 10 11 12 13
 5  .  .  .  .  .  .  .  .  .
 6  .  .  .  .  .  .  .  .  .
 7  .  .  X  X  ×  .  .  .  .
 8  .  .  .  .  X  .  .  .  .
 9  .  .  .  .  X  .  .  .  .
10  .  .  .  .  .  .  .  .  .
11  .  .  .  .  .  . [O] .  .
12  .  .  .  .  .  .  .  .  .
13  .  .  .  .  .  .  .  .  .
× forbidden to X (black): 7 9 (double three).
Move 8, last O at 11 11. View: rows 5..13, columns 5..13; 3 marks outside it (pan, center).
X to play> 7 9
Cannot play there: cell (7, 9) is forbidden to black under renju: double three. Try again.
X to play> 7 10
`, out[i+len("O to play> 11 11\n"):strings.Index(out, "X to play> 7 10\n")+len("X to play> 7 10\n")])
	after := out[strings.Index(out, "X to play> 7 10\n"):]
	assert.NotContains(t, after, "  ×", "white to move: nothing is forbidden")
	assert.NotContains(t, after, "forbidden to X")
	assert.Contains(t, after, "Move 9, last X at 7 10.")

	// Freestyle marks nothing and lets black play there.
	out = playGame(t, renjuDoubleThree+"7 9\nquit\n", "--rows", "15", "--cols", "15", "--seats", "human,human")
	assert.NotContains(t, out, "  ×")
	assert.NotContains(t, out, "forbidden")
	assert.Contains(t, out, "Move 9, last X at 7 9.")
}
