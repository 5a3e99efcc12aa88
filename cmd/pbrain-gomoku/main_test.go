package main_test

import (
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
)

// TestBinaryDialogue drives the built binary through every command of the
// protocol, as a manager does: one command, then its answer.
func TestBinaryDialogue(t *testing.T) {
	b := startBrain(t)
	move := func(cmd string) (int, int) {
		t.Helper()
		ans, _ := b.answer(cmd)
		x, y, err := parseXY(ans)
		require.NoError(t, err, "answer to %s", cmd)
		return x, y
	}
	ans, _ := b.answer("ABOUT")
	assert.Regexp(t, `^name="gomoku", version="[^"]+", author="[^"]+", country="[^"]+"`, ans)
	for _, info := range []string{"timeout_match 300000", "timeout_turn 200", "max_memory 83886080", "rule 1", "game_type 1", "folder /tmp", "evaluate 1,1", "future_key 7"} {
		b.send("INFO " + info) // no answer
	}
	ans, _ = b.answer("START 20")
	require.Equal(t, "OK", ans)
	b.send("INFO time_left 300000")
	x, y := move("BEGIN")
	taken := map[[2]int]bool{{x, y}: true}
	b.send("INFO time_left 299000")
	x, y = move("TURN 5,5")
	assert.False(t, taken[[2]int{x, y}] || (x == 5 && y == 5), "answered a taken cell %d,%d", x, y)
	ans, _ = b.answer(fmt.Sprintf("TAKEBACK %d,%d", x, y))
	assert.Equal(t, "OK", ans)
	ans, _ = b.answer("TAKEBACK 5,5")
	assert.Equal(t, "OK", ans)

	ans, _ = b.answer("RESTART")
	assert.Equal(t, "OK", ans)
	b.send("BOARD")
	stones := [][3]int{{10, 10, 2}, {9, 9, 1}, {11, 10, 2}, {9, 11, 1}, {12, 10, 2}, {3, 3, 1}, {13, 10, 2}}
	for _, s := range stones {
		b.send(fmt.Sprintf("%d,%d,%d", s[0], s[1], s[2]))
	}
	x, y = move("DONE")
	assert.Contains(t, [][2]int{{9, 10}, {14, 10}}, [2]int{x, y}, "blocks the open four 10..13,10")

	ans, _ = b.answer("TURN 9,9")
	assert.Regexp(t, "^ERROR TURN 9,9 refused: 9,9 is occupied$", ans)
	ans, _ = b.answer("TURN 20,0")
	assert.Regexp(t, "^ERROR TURN 20,0 refused: .*off the 20x20 board", ans)
	ans, _ = b.answer("TURN ten,ten")
	assert.Regexp(t, "^ERROR .*TURN wants x,y", ans)
	ans, _ = b.answer("SUGGEST 1,1")
	assert.Equal(t, `UNKNOWN command "SUGGEST" is not supported`, ans)
	ans, _ = b.answer("PLAY 0,19")
	assert.Equal(t, "0,19", ans)

	ans, _ = b.answer("START 15")
	require.Equal(t, "OK", ans)
	b.send("SWAP2BOARD")
	ans, _ = b.answer("DONE")
	assert.Regexp(t, `^[0-9]+,[0-9]+ [0-9]+,[0-9]+ [0-9]+,[0-9]+$`, ans, "swap2: three opening stones")
	for _, st := range []string{"SWAP2BOARD", "7,7", "8,7", "9,9"} {
		b.send(st)
	}
	x, y = move("DONE")
	assert.False(t, (x == 7 && y == 7) || (x == 8 && y == 7) || (x == 9 && y == 9), "swap2: a free fourth stone, got %d,%d", x, y)

	ans, _ = b.answer("RECTSTART 30,20")
	assert.Equal(t, "OK", ans)
	x, y = move("TURN 29,19")
	assert.True(t, x < 30 && y < 20 && !(x == 29 && y == 19), "%d,%d", x, y)
	ans, _ = b.answer("START 3")
	assert.Regexp(t, "^ERROR unsupported board size 3x3", ans)

	// Renju from the next game on; its forbidden cells on request.
	b.send("INFO rule 4")
	ans, _ = b.answer("RESTART")
	assert.Equal(t, "OK", ans)
	move("BEGIN")
	ans, _ = b.answer("YXSHOWFORBID")
	assert.Equal(t, "FORBID .", ans, "white to move: nothing forbidden")
	b.send("INFO rule 8")
	ans, _ = b.answer("RESTART")
	assert.Equal(t, "OK", ans)
	ans, _ = b.answer("BEGIN")
	assert.Regexp(t, `^ERROR rule 8 is not supported: caro`, ans)
	b.send("INFO rule 0")
	ans, _ = b.answer("RESTART")
	assert.Equal(t, "OK", ans)
	move("BEGIN")

	require.NoError(t, b.stop(), "END ends the process with status 0")
	_, open := b.read(time.Second)
	assert.False(t, open, "nothing written after END")
}

// TestBinaryTimeLimits asks the search for moves in a lively middle game
// under the limits managers use. The answer times are logged; the test
// fails only on a gross overrun (a loaded machine makes finer checks
// flaky; the deadline arithmetic is unit-tested in package engine/gomocup/brain).
func TestBinaryTimeLimits(t *testing.T) {
	if testing.Short() {
		t.Skip("seconds of thinking")
	}
	position := "BOARD\n7,7,2\n8,8,1\n8,7,2\n9,7,1\n7,8,2\n6,9,1\n7,9,2\n7,10,1\n6,8,2\n9,9,1\nDONE"
	for _, limit := range []int{1000, 200} {
		b := startBrain(t)
		b.send(fmt.Sprintf("INFO timeout_turn %d", limit))
		b.send("INFO timeout_match 0")
		ans, _ := b.answer("START 15")
		require.Equal(t, "OK", ans)
		for _, l := range strings.Split(position, "\n")[:len(strings.Split(position, "\n"))-1] {
			b.send(l)
		}
		ans, d := b.answer("DONE")
		_, _, err := parseXY(ans)
		require.NoError(t, err)
		t.Logf("timeout_turn %d: answered %s after %v", limit, ans, d.Round(time.Millisecond))
		assert.Less(t, d, time.Duration(limit)*time.Millisecond+3*time.Second)
		require.NoError(t, b.stop())
	}

	// A nearly spent match clock shrinks the budget below the turn limit.
	b := startBrain(t)
	b.send("INFO timeout_turn 5000")
	ans, _ := b.answer("START 15")
	require.Equal(t, "OK", ans)
	b.send("INFO time_left 600")
	ans, d := b.answer("TURN 7,7")
	_, _, err := parseXY(ans)
	require.NoError(t, err)
	t.Logf("time_left 600: answered %s after %v", ans, d.Round(time.Millisecond))
	assert.Less(t, d, 3*time.Second)
	require.NoError(t, b.stop())
}

// TestBinarySelfPlay: two brain processes play a whole game under a
// manager's dialogue; the engine referees every move.
func TestBinarySelfPlay(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole game")
	}
	var seats [2]*brain
	for i := range seats {
		seats[i] = startBrain(t, "--seed", fmt.Sprint(i+1))
		seats[i].send("INFO timeout_turn 40")
		seats[i].send("INFO rule 0")
		ans, _ := seats[i].answer("START 15")
		require.Equal(t, "OK", ans)
	}
	g, lat := selfPlay(t, 15, seats[0], seats[1])
	assert.NotEqual(t, engine.Ongoing, g.Status())
	t.Logf("%v after %d moves, winner %d; slowest answer %v", g.Status(), g.Len(), g.Winner(), slices.Max(lat).Round(time.Millisecond))
	for _, s := range seats {
		require.NoError(t, s.stop())
	}
}

func TestBinaryCommandLine(t *testing.T) {
	out, err := exec.Command(binary(t), "--help").CombinedOutput()
	require.NoError(t, err)
	assert.Contains(t, string(out), "Gomocup (Piskvork) engine protocol")
	assert.Contains(t, string(out), "--strategy")

	for _, args := range [][]string{{"--strategy", "oracle"}, {"extra"}, {"--max-side", "4"}, {"--no-such-flag"}} {
		cmd := exec.Command(binary(t), args...)
		cmd.Stdin = strings.NewReader("")
		out, err := cmd.CombinedOutput()
		var ee *exec.ExitError
		require.ErrorAs(t, err, &ee, "%v: %s", args, out)
		assert.Equal(t, 2, ee.ExitCode(), "%v: %s", args, out)
		assert.NotEmpty(t, out)
	}

	// The end of the input without END also ends the brain, with status 0.
	cmd := exec.Command(binary(t), "--strategy", "greedy")
	cmd.Stdin = strings.NewReader("START 15\r\nBEGIN\r\n")
	out, err = cmd.Output()
	require.NoError(t, err)
	assert.Regexp(t, `^OK\n[0-9]+,[0-9]+\n$`, string(out))
}
