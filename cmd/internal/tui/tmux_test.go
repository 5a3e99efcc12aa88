package tui

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/cmd/internal/gomokutest"
	"github.com/gomoku-engine/gomoku/engine/savefile"
)

// tmuxTerm is a real terminal for the full-screen mode: a tmux server of
// its own (its own socket), one window, read with capture-pane.
type tmuxTerm struct {
	t    *testing.T
	tmux string
	sock string
}

// newTmuxTerm starts command in a detached tmux window of the given size.
// Without tmux the test is skipped, except in CI, whose script installs it.
func newTmuxTerm(t *testing.T, width, height int, command string) *tmuxTerm {
	t.Helper()
	tmux, err := exec.LookPath("tmux")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("tmux is not installed; .ci/run installs it")
		}
		t.Skip("tmux is not installed")
	}
	tt := &tmuxTerm{t: t, tmux: tmux, sock: filepath.Join(t.TempDir(), "tmux.sock")}
	tt.run("new-session", "-d", "-s", "play", "-x", strconv.Itoa(width), "-y", strconv.Itoa(height), command)
	t.Cleanup(func() { _ = exec.Command(tmux, "-S", tt.sock, "kill-server").Run() })
	return tt
}

func (tt *tmuxTerm) run(args ...string) string {
	tt.t.Helper()
	// -u: the screen holds UTF-8 (box lines, the turn marker) whatever
	// the locale.
	out, err := exec.Command(tt.tmux, append([]string{"-u", "-S", tt.sock}, args...)...).CombinedOutput()
	require.NoError(tt.t, err, "tmux %v: %s", args, out)
	return string(out)
}

// keys sends keys as tmux names them: "Enter", "C-c", "l".
func (tt *tmuxTerm) keys(keys ...string) {
	tt.t.Helper()
	tt.run(append([]string{"send-keys", "-t", "play"}, keys...)...)
}

// text types text literally, escape sequences included.
func (tt *tmuxTerm) text(s string) {
	tt.t.Helper()
	tt.run("send-keys", "-t", "play", "-l", s)
}

func (tt *tmuxTerm) screen() string { return tt.run("capture-pane", "-p", "-t", "play") }

// waitFor polls the screen until it shows all of wants, and returns it.
// The deadline is generous: CI machines are small and busy.
func (tt *tmuxTerm) waitFor(wants ...string) string {
	tt.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		s := tt.screen()
		missing := ""
		for _, w := range wants {
			if !strings.Contains(s, w) {
				missing = w
				break
			}
		}
		if missing == "" {
			return s
		}
		if time.Now().After(deadline) {
			tt.t.Fatalf("the screen never showed %q; it shows:\n%s", missing, s)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// cursorAt finds the cursor, "[", on the screen: its column and line.
func cursorAt(t *testing.T, screen string) (x, y int) {
	t.Helper()
	for y, line := range strings.Split(screen, "\n") {
		if x := strings.Index(line, "["); x >= 0 && y > 0 {
			return x, y
		}
	}
	t.Fatalf("no cursor on the screen:\n%s", screen)
	return 0, 0
}

// TestFullScreenInTmux plays a game in a real terminal: keys, a mouse
// click, a bot's reply, undo, a resize, save, and quitting back to the
// shell with the terminal restored; then the line mode on a dumb terminal
// and with --plain, and Ctrl-C while a bot thinks.
func TestFullScreenInTmux(t *testing.T) {
	bin := gomokutest.Binary(t)
	dir := t.TempDir()
	save := filepath.Join(dir, "game.json")
	tt := newTmuxTerm(t, 100, 30, "cd "+dir+" && "+bin+" play --seats human,greedy --seed 1; echo EXIT $?; stty -a | grep icanon; exec sleep 120")

	screen := tt.waitFor("Move 0 │ ▶X human  O greedy │ cursor 0 0", "?: all keys")
	lines := strings.Split(strings.TrimSuffix(screen, "\n"), "\n")
	assert.Len(t, lines, 30, "the board fills the window")
	tt.keys("Enter")
	tt.waitFor("Move 2 │ ▶X human  O greedy │ cursor 0 0 │ last O ", "O (player 2, greedy) plays ")

	// Go far away and click the cell right of the cursor.
	tt.keys("g", "C-u")
	tt.text("2147483600 -2147483600")
	tt.keys("Enter")
	screen = tt.waitFor("cursor 2147483600 -2147483600")
	x, y := cursorAt(t, screen)
	// A press and a release, in the SGR mouse encoding (1-based).
	at := strconv.Itoa(x+cellWidth+2) + ";" + strconv.Itoa(y+1)
	tt.text("\x1b[<0;" + at + "M\x1b[<0;" + at + "m")
	tt.waitFor("Move 4 │ ▶X human  O greedy │", "O (player 2, greedy) plays ")
	// The bot answered near the origin, and the window followed it; undo
	// shows where the click played.
	tt.keys("u")
	tt.waitFor("Took back O at ", ", X at 2147483600 -2147483599.", "Move 2 │ ▶X human  O greedy │ cursor 2147483600 -2147483599")

	// A smaller window: everything fits in it.
	tt.run("resize-window", "-t", "play", "-x", "60", "-y", "16")
	screen = tt.waitFor("Move 2 │ ▶X human  O greedy │ cursor 2147483600 -2147483599")
	for _, l := range strings.Split(strings.TrimRight(screen, "\n"), "\n") {
		assert.LessOrEqual(t, len([]rune(l)), 60, "%q", l)
	}

	tt.keys("s", "C-u")
	tt.text(save)
	tt.keys("Enter")
	tt.waitFor("Saved 2 moves to")
	tt.run("resize-window", "-t", "play", "-x", "200", "-y", "16")
	tt.keys("q")
	screen = tt.waitFor("EXIT 0", "icanon")
	assert.Contains(t, screen, "Quit: the game is left unfinished after 2 moves (saved in")
	assert.NotContains(t, screen, "Move 2 │", "the full screen is gone")
	assert.Regexp(t, `[^-]icanon [^\n]*[^-]echo `, screen, "the terminal is back in line mode")
	saved, err := savefile.Load(save)
	require.NoError(t, err)
	assert.Equal(t, 2, saved.Game.Len())

	// On a terminal that can only print lines, and with --plain, play is
	// the prompt of the line mode.
	for _, command := range []string{"TERM=dumb " + bin + " play", bin + " play --plain"} {
		tt = newTmuxTerm(t, 80, 24, command+" --seats human,human --view 3x3; echo EXIT $?; exec sleep 120")
		tt.waitFor("Move 0. View: rows -1..1, columns -1..1.", "X to play>")
		tt.keys("q", "u", "i", "t", "Enter")
		tt.waitFor("Quit: the game is left unfinished after 0 moves.", "EXIT 0")
	}

	// Ctrl-C stops a bot that thinks, at once.
	tt = newTmuxTerm(t, 80, 20, bin+" play --seats human,search --think 60s; echo EXIT $?; exec sleep 120")
	tt.waitFor("▶X human")
	tt.keys("Enter")
	tt.waitFor("thinking")
	tt.keys("C-c")
	screen = tt.waitFor("EXIT 130")
	assert.Contains(t, screen, "Interrupted: the game is left unfinished after 1 move.")
}

// TestRenjuInTmux plays renju in a real terminal: black's forbidden cell
// appears as × when black is to move, and playing it is refused with the
// reason.
func TestRenjuInTmux(t *testing.T) {
	bin := gomokutest.Binary(t)
	tt := newTmuxTerm(t, 80, 24, bin+" play --rule renju --rows 15 --cols 15 --seats human,human; echo EXIT $?; exec sleep 120")
	tt.waitFor("Move 0 │ ▶X human  O human │ cursor 7 7")
	goTo := func(cell string) {
		tt.keys("g", "C-u")
		tt.text(cell)
		tt.keys("Enter")
		tt.waitFor("cursor " + cell)
	}
	for i, cell := range []string{"7 7", "3 3", "7 8", "3 11", "8 9", "11 3", "9 9", "11 11"} {
		goTo(cell)
		tt.keys("Enter")
		tt.waitFor("Move " + strconv.Itoa(i+1) + " │")
	}
	screen := tt.waitFor(" 7  .  .  .  .  .  .  .  X  X  ×  .")
	assert.Equal(t, 1, strings.Count(screen, "×"), "one forbidden cell:\n%s", screen)
	goTo("7 9")
	tt.waitFor("[×]", "× at the cursor: forbidden to black: double three.")
	tt.keys("Enter")
	tt.waitFor("Cannot play there: cell (7, 9) is forbidden to black under renju: double three.", "Move 8 │ ▶X human")
	tt.keys("l", "Enter")
	screen = tt.waitFor("Move 9 │ X human  ▶O human")
	assert.NotContains(t, screen, "×", "white to move")
	tt.keys("q", "y")
	tt.waitFor("EXIT 0")
}

// TestMain removes the program that gomokutest.Binary built, once the
// tests have run.
func TestMain(m *testing.M) {
	code := m.Run()
	gomokutest.Cleanup()
	os.Exit(code)
}
