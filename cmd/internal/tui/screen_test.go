package tui

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/cmd/internal/gamecli"
	"github.com/gomoku-engine/gomoku/cmd/internal/play"
	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/savefile"
	"github.com/gomoku-engine/gomoku/sparse"
)

// screenTest drives a full-screen game with messages, as bubbletea would,
// running the commands the model returns (a bot's search) to the end, one
// after the other.
type screenTest struct {
	t    *testing.T
	m    *screen
	quit bool
}

// newScreenTest starts a game under cfg with the given seats on a
// terminal of width × height, without colour.
func newScreenTest(t *testing.T, cfg engine.Config, width, height int, seats ...string) *screenTest {
	t.Helper()
	return newLimitedScreenTest(t, cfg, width, height, 0, seats...)
}

// newLimitedScreenTest is newScreenTest with a move limit (0: none).
func newLimitedScreenTest(t *testing.T, cfg engine.Config, width, height, maxMoves int, seats ...string) *screenTest {
	t.Helper()
	g, err := engine.New(engine.WithConfig(cfg))
	require.NoError(t, err)
	if len(seats) == 0 {
		seats = []string{gamecli.Human, gamecli.Human}
	}
	st, err := play.MakeSeats(seats, cfg, 1, 20*time.Millisecond)
	require.NoError(t, err)
	s := play.NewSession(context.Background(), io.Discard, g, st, play.Options{ViewRows: 15, ViewCols: 15, MaxMoves: maxMoves})
	m := newScreen(context.Background(), s, newTheme(io.Discard, false))
	m.spinEvery = time.Nanosecond
	h := &screenTest{t: t, m: m}
	h.run(m.Init())
	h.send(tea.WindowSizeMsg{Width: width, Height: height})
	return h
}

func cfgK(k int) engine.Config {
	cfg := engine.DefaultConfig()
	cfg.K = k
	return cfg
}

// send delivers messages and runs what they start.
func (h *screenTest) send(msgs ...tea.Msg) {
	h.t.Helper()
	for _, msg := range msgs {
		_, cmd := h.m.Update(msg)
		h.run(cmd)
	}
}

// run runs a command and delivers its message, and so on.
func (h *screenTest) run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	switch msg := cmd().(type) {
	case nil:
	case tea.BatchMsg:
		for _, c := range msg {
			h.run(c)
		}
	case tea.QuitMsg:
		h.quit = true
	case spinTick:
		// The spinner turns for as long as a search runs: tests turn it
		// by hand.
	default:
		_, next := h.m.Update(msg)
		h.run(next)
	}
}

// keys types keys: runes, or names such as "enter", "up", "shift+right".
func (h *screenTest) keys(keys ...string) {
	h.t.Helper()
	for _, k := range keys {
		h.send(keyMsg(k))
	}
}

func keyMsg(k string) tea.KeyMsg {
	named := map[string]tea.KeyType{
		"enter": tea.KeyEnter, "esc": tea.KeyEsc, "backspace": tea.KeyBackspace, "ctrl+c": tea.KeyCtrlC, "ctrl+u": tea.KeyCtrlU,
		"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight, "space": tea.KeySpace,
		"shift+up": tea.KeyShiftUp, "shift+down": tea.KeyShiftDown, "shift+left": tea.KeyShiftLeft, "shift+right": tea.KeyShiftRight,
		"pgdown": tea.KeyPgDown, "pgup": tea.KeyPgUp,
	}
	if t, ok := named[k]; ok {
		if t == tea.KeySpace {
			return tea.KeyMsg{Type: t, Runes: []rune{' '}}
		}
		return tea.KeyMsg{Type: t}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}

// typeText types text at a prompt, after clearing what it offers.
func (h *screenTest) typeText(text string) {
	h.t.Helper()
	h.keys("ctrl+u")
	h.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(text)})
	h.keys("enter")
}

// screen is what the terminal shows, one string a line.
func (h *screenTest) screen() []string { return strings.Split(h.m.View(), "\n") }

// status is the status line as drawn (TestScreenFillsTheWindow checks
// that it is at the bottom of the screen).
func (h *screenTest) status() string { return h.m.statusLine() }

// message is the message line, whole: on the screen it wraps.
func (h *screenTest) message() string { return h.m.messageLine() }

// row is the screen line of board row r.
func (h *screenTest) row(r int) string {
	h.t.Helper()
	i, _ := h.m.s.View.Offset(r, 0)
	require.True(h.t, i >= 0 && i < h.m.s.View.Rows, "row %d is not in view %s", r, &h.m.s.View)
	return h.screen()[1+i]
}

// at is what the screen shows for cell (r, c): three characters.
func (h *screenTest) at(r, c int) string {
	h.t.Helper()
	_, j := h.m.s.View.Offset(r, c)
	x := h.m.gutter + j*cellWidth
	line := []rune(h.row(r) + strings.Repeat(" ", 3)) // one column a rune: "×" is two bytes
	require.True(h.t, j >= 0 && j < h.m.s.View.Cols, "column %d is not in view %s", c, &h.m.s.View)
	return string(line[x : x+cellWidth])
}

// click is a left click on the middle of cell (r, c).
func (h *screenTest) click(r, c int) tea.MouseMsg {
	i, j := h.m.s.View.Offset(r, c)
	return tea.MouseMsg{X: h.m.gutter + j*cellWidth + 1, Y: 1 + i, Button: tea.MouseButtonLeft, Action: tea.MouseActionPress}
}

func TestScreenFillsTheWindow(t *testing.T) {
	h := newScreenTest(t, engine.DefaultConfig(), 60, 20)
	lines := h.screen()
	require.Len(t, lines, 20)
	v := h.m.s.View
	assert.Equal(t, 16, v.Rows, "all lines but the labels, status and messages")
	assert.Equal(t, (60-h.m.gutter)/cellWidth, v.Cols)
	assert.Equal(t, "[.]", h.at(0, 0), "the cursor starts in the middle, at the origin")
	assert.Equal(t, " . ", h.at(0, 1))
	assert.Equal(t, "Move 0 │ ▶X human  O human │ cursor 0 0", h.status())
	assert.Contains(t, h.message(), "?: all keys")
	assert.Equal(t, []string{h.status(), "arrows/hjkl: move · enter: play · u: undo · r: redo · s:", "save · o: load · ?: all keys · q: quit"}, lines[17:],
		"the status line, and the message wrapped below it")
	// Labels: rows on the left, columns above their marks.
	assert.True(t, strings.HasPrefix(h.row(0), " 0  .  . "), h.row(0))
	assertLabelsAligned(t, h)

	h.keys("L", "L", "L", "J")
	for _, size := range [][2]int{{100, 30}, {31, 7}, {200, 60}, {12, 4}} {
		h.send(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		lines := h.screen()
		require.Len(t, lines, size[1], "%v", size)
		for _, l := range lines {
			require.LessOrEqual(t, ansi.StringWidth(l), size[0], "%v: %q", size, l)
		}
		assert.Equal(t, max(1, size[1]-chromeLines), h.m.s.View.Rows, "%v", size)
		assert.True(t, h.m.s.View.Contains(h.m.cur.Row, h.m.cur.Col), "the cursor stays in view at %v", size)
	}
}

// assertLabelsAligned checks that every column label ends above the mark
// of the column it names.
func assertLabelsAligned(t *testing.T, h *screenTest) {
	t.Helper()
	label := h.screen()[0]
	seen := 0
	for _, loc := range regexp.MustCompile(`-?\d+`).FindAllStringIndex(label, -1) {
		end := loc[1] - 1
		j := (end - h.m.gutter) / cellWidth
		require.Equal(t, 1, (end-h.m.gutter)%cellWidth, "label %q at %d is not above a mark", label[loc[0]:loc[1]], loc[0])
		_, c := h.m.s.View.Cell(0, j)
		assert.Equal(t, label[loc[0]:loc[1]], strconv.Itoa(c))
		seen++
	}
	assert.GreaterOrEqual(t, seen, 2, "labels: %q", label)
}

func TestScreenScrollsPastTheEdgeOfAnInfiniteBoard(t *testing.T) {
	h := newScreenTest(t, engine.DefaultConfig(), 60, 12)
	v := &h.m.s.View
	_, right := v.Cell(0, v.Cols-1)
	for range right + 10 {
		h.keys("l")
	}
	assert.Equal(t, right+10, h.m.cur.Col)
	_, newRight := v.Cell(0, v.Cols-1)
	assert.Equal(t, right+10+play.Margin(v.Rows), newRight, "the window scrolled, keeping a margin beyond the cursor")
	assert.Equal(t, "[.]", h.at(0, right+10))
	// Fast moves and the wheel.
	h.keys("J", "shift+left", "K")
	assert.Equal(t, 0, h.m.cur.Row)
	assert.Equal(t, right+10-jump, h.m.cur.Col)
	top, _ := v.Cell(0, 0)
	h.send(tea.MouseMsg{Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
	top2, _ := v.Cell(0, 0)
	assert.Equal(t, top+wheelStep, top2)
	_, left := v.Cell(0, 0)
	h.send(tea.MouseMsg{Button: tea.MouseButtonWheelUp, Action: tea.MouseActionPress, Shift: true})
	_, left2 := v.Cell(0, 0)
	assert.Equal(t, left-wheelStep, left2)

	// Far away the grid keeps its shape: go to the last cell of the plane.
	h.keys("g")
	h.typeText("2147483640 2147483640")
	assert.Equal(t, "Move 0 │ ▶X human  O human │ cursor 2147483640 2147483640", h.status())
	for range 10 {
		h.keys("l", "j")
	}
	assert.Equal(t, "The cursor is at the edge of the board.", h.message())
	assert.Contains(t, h.status(), "cursor 2147483647 2147483647")
	assert.Equal(t, "[.]", h.at(sparse.MaxCoord, sparse.MaxCoord))
	assertLabelsAligned(t, h)
	assertGridAligned(t, h)
	h.keys("enter")
	assert.Equal(t, "[X]", h.at(sparse.MaxCoord, sparse.MaxCoord))
	h.keys("h")
	assert.Equal(t, "(X)", h.at(sparse.MaxCoord, sparse.MaxCoord))

	// And at the other corner.
	h.keys("g")
	h.typeText("-2147483648 -2147483648")
	for range 3 {
		h.keys("k", "h")
	}
	assert.Contains(t, h.status(), "cursor -2147483648 -2147483648")
	assert.True(t, strings.HasPrefix(h.row(sparse.MinCoord), "-2147483648 [.]"), h.row(sparse.MinCoord))
	assertLabelsAligned(t, h)
	assertGridAligned(t, h)
	// Going off the map is refused.
	h.keys("g")
	h.typeText("0 2147483648")
	assert.Equal(t, "Cell (0, 2147483648) is off the board: rows -2147483648..2147483647, columns -2147483648..2147483647.", h.message())
}

// assertGridAligned checks that every board line has its cells at the
// same places.
func assertGridAligned(t *testing.T, h *screenTest) {
	t.Helper()
	v := h.m.s.View
	for i := range v.Rows {
		r, _ := v.Cell(i, 0)
		line := h.row(r)
		w := h.m.gutter + v.Cols*cellWidth
		require.Contains(t, []int{w - 1, w}, len(line), "row %d: %q", r, line)
	}
}

func TestScreenPlayUndoRedo(t *testing.T) {
	h := newScreenTest(t, engine.DefaultConfig(), 60, 20)
	h.keys("enter", "l", "space", "u")
	assert.Equal(t, "Took back O at 0 1.", h.message())
	assert.Equal(t, "(X)", h.at(0, 0))
	assert.Equal(t, "[.]", h.at(0, 1))
	assert.Equal(t, "Move 1 │ X human  ▶O human │ cursor 0 1 │ last X 0 0", h.status())
	h.keys("r")
	assert.Equal(t, "Played again O at 0 1.", h.message())
	assert.Equal(t, "[O]", h.at(0, 1))
	h.keys("u", "u", "u")
	assert.Equal(t, "Nothing to undo.", h.message())
	assert.Equal(t, 0, h.m.s.Game.Len())
	h.keys("r", "r", "r")
	assert.Equal(t, "Nothing to redo.", h.message())
	assert.Equal(t, 2, h.m.s.Game.Len())
	// Illegal moves are explained and change nothing.
	h.keys("h", "enter")
	assert.Equal(t, "Cannot play there: cell (0, 0) is taken by X.", h.message())
	assert.Equal(t, 2, h.m.s.Game.Len())
	h.keys("x")
	assert.Equal(t, `"x" does nothing here: press ? for the keys.`, h.message())
}

func TestScreenMouse(t *testing.T) {
	h := newScreenTest(t, engine.DefaultConfig(), 60, 20)
	h.send(h.click(-3, 4))
	assert.Equal(t, engine.Move{Row: -3, Col: 4, Player: 1}, h.m.s.Game.History()[0])
	assert.Equal(t, "[X]", h.at(-3, 4), "the cursor follows the click")
	h.send(h.click(-3, 4))
	assert.Equal(t, "Cannot play there: cell (-3, 4) is taken by X.", h.message())
	h.send(h.click(2, 2))
	assert.Equal(t, " X ", h.at(-3, 4))
	assert.Equal(t, "[O]", h.at(2, 2))
	// Clicks on the labels or the status line play nowhere.
	h.send(tea.MouseMsg{X: 0, Y: 5, Button: tea.MouseButtonLeft, Action: tea.MouseActionPress})
	h.send(tea.MouseMsg{X: 30, Y: 0, Button: tea.MouseButtonLeft, Action: tea.MouseActionPress})
	h.send(tea.MouseMsg{X: 30, Y: 19, Button: tea.MouseButtonLeft, Action: tea.MouseActionPress})
	assert.Equal(t, 2, h.m.s.Game.Len())
}

func TestScreenBotTurn(t *testing.T) {
	h := newScreenTest(t, engine.DefaultConfig(), 100, 20, gamecli.Human, "greedy")
	clock := time.Unix(1000, 0)
	h.m.now = func() time.Time { return clock }
	// The bot thinks in the background: the screen is drawn meanwhile.
	_, search := h.m.Update(keyMsg("enter"))
	require.NotNil(t, search)
	assert.Equal(t, "Move 1 │ X human  ▶O greedy ⠋ thinking 0.0s │ cursor 0 0 │ last X 0 0", h.status())
	clock = clock.Add(1500 * time.Millisecond)
	h.send(spinTick{h.m.bot})
	assert.Contains(t, h.status(), "▶O greedy ⠙ thinking 1.5s")
	// Keys still work, but nobody plays for the bot.
	h.keys("l", "enter")
	assert.Equal(t, "Wait: O (player 2, greedy) is to play.", h.message())
	h.run(search)
	require.Equal(t, 2, h.m.s.Game.Len())
	last, _ := h.m.s.Game.LastMove()
	assert.Regexp(t, `^O \(player 2, greedy\) plays -?\d+ -?\d+\.$`, h.message())
	assert.Equal(t, "(O)", h.at(last.Row, last.Col))
	assert.NotContains(t, h.status(), "thinking")
	assert.Contains(t, h.status(), "▶X human  O greedy")

	// Undo while the bot thinks: the search is dropped, and the person's
	// move taken back.
	h.keys("g")
	h.typeText("5 5")
	_, search = h.m.Update(keyMsg("enter"))
	require.NotNil(t, search)
	h.keys("u")
	assert.Equal(t, "Took back X at 5 5.", h.message())
	h.run(search)
	assert.Equal(t, 2, h.m.s.Game.Len(), "the cancelled search played nothing")
	assert.Nil(t, h.m.bot)

	// A bot in the first seat moves at once.
	h = newScreenTest(t, engine.DefaultConfig(), 60, 20, "random", gamecli.Human)
	assert.Equal(t, 1, h.m.s.Game.Len())
	assert.Contains(t, h.status(), "▶O human")

	// Bots alone play by themselves, here up to the move limit.
	h = newLimitedScreenTest(t, engine.DefaultConfig(), 100, 20, 6, "random", "random")
	assert.Equal(t, 6, h.m.s.Game.Len())
	assert.Equal(t, "Stopped after 6 moves: the move limit (--max-moves) was reached. Nobody won.", h.message())
	h.keys("u")
	assert.Equal(t, "Only bots play this game: undo and redo are for a person's moves.", h.message())
	assert.Equal(t, 6, h.m.s.Game.Len())
}

func TestScreenFinishedGame(t *testing.T) {
	cfg := cfgK(3)
	cfg.Rows, cfg.Cols = 3, 3
	h := newScreenTest(t, cfg, 80, 10)
	assert.Equal(t, 3, h.m.s.View.Rows, "the window is no larger than the board")
	// X: (1,1) (0,0) (2,2) wins on the diagonal; O: (0,1) (0,2).
	h.keys("enter", "k", "space", "h", "enter", "l", "l", "enter")
	h.send(h.click(2, 2))
	assert.Equal(t, "X (player 1, human) wins after 5 moves.", h.message())
	assert.Equal(t, "Move 5 │ X human wins  O human │ cursor 2 2 │ last X 2 2", h.status())
	assert.Equal(t, "[X]", h.at(2, 2), "the cursor")
	h.keys("k")
	assert.Equal(t, "<X>", h.at(2, 2), "the winning line")
	assert.Equal(t, "<X>", h.at(1, 1))
	assert.Equal(t, "<X>", h.at(0, 0))
	assert.Equal(t, " O ", h.at(0, 2))
	h.keys("h", "enter")
	assert.Equal(t, "X (player 1, human) wins after 5 moves. Press u to undo, or q to quit.", h.message())
	// The board's edge stops the cursor.
	h.keys("h", "h")
	assert.Equal(t, "The cursor is at the edge of the board.", h.message())
	h.keys("u")
	assert.Equal(t, "Took back X at 2 2.", h.message())
	assert.Equal(t, " X ", h.at(1, 1), "no winning line any more")
}

func TestScreenTorus(t *testing.T) {
	cfg := cfgK(3)
	cfg.Rows, cfg.Cols, cfg.Torus = 5, 7, true
	h := newScreenTest(t, cfg, 80, 12)
	require.Equal(t, 5, h.m.s.View.Rows, "the window is no larger than the board")
	// The cursor runs on across the edges instead of stopping there.
	assert.Equal(t, sparse.Cell{Row: 2, Col: 3}, h.m.cur)
	h.keys("h", "h", "h", "h")
	assert.Equal(t, sparse.Cell{Row: 2, Col: 6}, h.m.cur, "left of column 0 is column 6")
	assert.NotContains(t, h.message(), "edge")
	assert.Equal(t, "[.]", h.at(2, 6))
	h.keys("j", "j", "j")
	assert.Equal(t, sparse.Cell{Row: 0, Col: 6}, h.m.cur, "below row 4 is row 0")
	// X wins along row 2 across the right edge: (2,6), (2,0) and (2,1).
	for _, c := range []sparse.Cell{{Row: 2, Col: 6}, {Row: 0, Col: 0}, {Row: 2, Col: 0}, {Row: 0, Col: 2}, {Row: 2, Col: 1}} {
		h.send(h.click(c.Row, c.Col)) // the window may follow each move
	}
	assert.Equal(t, "X (player 1, human) wins after 5 moves.", h.message())
	h.keys("k")
	for _, c := range []int{6, 0, 1} {
		assert.Equal(t, "<X>", h.at(2, c), "column %d of the winning line", c)
	}
	assert.Equal(t, " O ", h.at(0, 0), "O's marks are not on the line")
}

func TestScreenSaveLoadAndQuit(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.json")
	h := newScreenTest(t, engine.DefaultConfig(), 60, 20)
	h.keys("enter", "l", "enter")
	// Quitting an unsaved game asks first.
	h.keys("q")
	assert.Contains(t, h.message(), "The game is not saved. Quit anyway?")
	h.keys("n")
	assert.False(t, h.quit)
	assert.Equal(t, "Go on playing.", h.message())

	h.keys("s")
	assert.Contains(t, h.message(), "Save to file: game.json")
	h.typeText(path)
	assert.Equal(t, "Saved 2 moves to "+path+".", h.message())
	saved, err := savefile.Load(path)
	require.NoError(t, err)
	assert.Equal(t, h.m.s.Game.History(), saved.Game.History())

	h.keys("j", "enter")
	assert.Equal(t, 3, h.m.s.Game.Len())
	h.keys("o")
	assert.Contains(t, h.message(), "Load file: "+path, "the file last used is offered")
	h.keys("enter")
	assert.Equal(t, "Loaded "+path+": 2 moves.", h.message())
	assert.Equal(t, saved.Game.History(), h.m.s.Game.History())
	assert.Equal(t, "[O]", h.at(0, 1))
	assert.Contains(t, h.status(), "cursor 0 1 │ last O 0 1", "the cursor goes to the last move")

	// A bad file changes nothing; Esc cancels a prompt.
	h.keys("o")
	h.typeText(filepath.Join(dir, "missing.json"))
	assert.Contains(t, h.message(), "Could not load: open "+filepath.Join(dir, "missing.json"))
	assert.Contains(t, h.message(), "The game goes on as before.")
	h.keys("s", "esc")
	assert.Equal(t, "Cancelled.", h.message())

	// Saved and loaded: q quits at once.
	h.keys("q")
	assert.True(t, h.quit)
	assert.Equal(t, endQuit, h.m.end)

	// "Save first" saves, then quits.
	h = newScreenTest(t, engine.DefaultConfig(), 60, 20)
	h.keys("enter", "q", "s")
	h.typeText(filepath.Join(dir, "second.json"))
	assert.True(t, h.quit)
	_, err = savefile.Load(filepath.Join(dir, "second.json"))
	require.NoError(t, err)
}

func TestScreenKeys(t *testing.T) {
	h := newScreenTest(t, engine.DefaultConfig(), 100, 30)
	h.keys("?")
	text := h.m.View()
	for _, k := range screenKeys {
		assert.Contains(t, text, k[0])
	}
	assert.Contains(t, text, "5-in-a-row on an infinite board")
	h.keys("x")
	assert.Equal(t, modeBoard, h.m.mode, "any key closes the help")

	// Centre and fit.
	h.keys("enter")
	h.keys("g")
	h.typeText("1000 1000")
	h.keys("enter")
	assert.False(t, h.m.s.View.Contains(0, 0))
	h.keys("f")
	assert.Equal(t, fmt.Sprintf("The marks span 1001 × 1001 cells (rows 0..1000, columns 0..1000), more than the window's 26 × %d: centred on their middle.", h.m.s.View.Cols), h.message())
	assert.True(t, h.m.s.View.Contains(500, 500))
	h.keys("c")
	assert.Equal(t, "Centred on the last move, O at 1000 1000.", h.message())
	assert.Equal(t, "[O]", h.at(1000, 1000))
	h.keys("u", "u", "enter", "l", "l", "enter", "f")
	assert.Equal(t, "All 2 marks in view: rows 0..0, columns 0..2.", h.message())

	// Digits choose a player only in free-order games.
	h.keys("2")
	assert.Contains(t, h.message(), "Players take turns in this game")
	cfg := engine.DefaultConfig()
	cfg.Order = engine.FreeOrder
	h = newScreenTest(t, cfg, 60, 20)
	h.keys("2")
	assert.Equal(t, "Your moves now place O (player 2, human).", h.message())
	h.keys("enter")
	assert.Equal(t, 2, h.m.s.Game.At(0, 0))

	// Ctrl-C quits at once, unsaved or not.
	h.keys("ctrl+c")
	assert.True(t, h.quit)
	assert.Equal(t, endInterrupted, h.m.end)
}

func TestScreenEightPlayers(t *testing.T) {
	cfg := cfgK(4)
	cfg.Players = 8
	seats := make([]string, 8)
	for i := range seats {
		seats[i] = gamecli.Human
	}
	h := newScreenTest(t, cfg, 160, 20, seats...)
	for range 8 {
		h.keys("enter", "l")
	}
	assert.Contains(t, h.status(), "X human  O human  + human  * human  # human  @ human  % human  & human")
	assert.Equal(t, " X  O  +  *  #  @  % (&)[.]", h.row(0)[h.m.gutter+(0-h.m.s.View.Left)*cellWidth:][:27])
}

func TestScreenColour(t *testing.T) {
	h := newScreenTest(t, engine.DefaultConfig(), 60, 20)
	h.keys("enter")
	assert.NotContains(t, h.m.View(), "\x1b[", "no colour asked, no escapes")
	h.m.th = newTheme(io.Discard, true)
	view := h.m.View()
	assert.Contains(t, view, "\x1b[")
	assert.Equal(t, ansi.Strip(view), strings.Join(h.screenWith(newTheme(io.Discard, false)), "\n"), "colour adds no text")
}

func (h *screenTest) screenWith(th *theme) []string {
	saved := h.m.th
	defer func() { h.m.th = saved }()
	h.m.th = th
	return h.screen()
}

func TestLabelStep(t *testing.T) {
	for widest, want := range map[int]int{1: 1, 2: 1, 3: 2, 5: 2, 6: 5, 11: 5, 14: 5, 15: 10} {
		assert.Equal(t, want, labelStep(widest), "widest %d", widest)
	}
}

// Under renju the cells forbidden to black are drawn × when black is to
// move, the cursor on one says why, and playing one is refused with the
// reason and changes nothing.
func TestScreenRenjuForbiddenCells(t *testing.T) {
	cfg := engine.Config{K: 5, Players: 2, Rows: 15, Cols: 15, Rule: engine.Renju}
	h := newScreenTest(t, cfg, 80, 22)
	// Black's threes 7 7..7 8 and 8 9..9 9 meet at 7 9: a double three.
	for _, c := range []sparse.Cell{{Row: 7, Col: 7}, {Row: 3, Col: 3}, {Row: 7, Col: 8}, {Row: 3, Col: 11}, {Row: 8, Col: 9}, {Row: 11, Col: 3}, {Row: 9, Col: 9}} {
		h.send(h.click(c.Row, c.Col))
		assert.NotContains(t, strings.Join(h.screen()[1:16], "\n"), play.ForbiddenMark, "nothing forbidden after move %d", h.m.s.Game.Len())
	}
	h.send(h.click(11, 11))
	assert.Equal(t, " × ", h.at(7, 9))
	assert.Equal(t, " 7  .  .  .  .  .  .  .  X  X  ×  .  .  .  .  . ", h.row(7))
	assert.Equal(t, " . ", h.at(7, 10))

	h.keys("g")
	h.typeText("7 9")
	assert.Equal(t, "[×]", h.at(7, 9), "the cursor on a forbidden cell")
	assert.Equal(t, "× at the cursor: forbidden to black: double three.", h.message())
	h.keys("enter")
	assert.Equal(t, "Cannot play there: cell (7, 9) is forbidden to black under renju: double three.", h.message())
	assert.Equal(t, 8, h.m.s.Game.Len(), "nothing changed")
	assert.Contains(t, h.status(), "▶X human")
	h.send(h.click(7, 9))
	assert.Equal(t, 8, h.m.s.Game.Len(), "a click is refused too")
	assert.Contains(t, h.message(), "forbidden to black under renju: double three")

	h.keys("l", "enter")
	assert.Equal(t, 9, h.m.s.Game.Len())
	assert.Equal(t, " . ", h.at(7, 9), "white to move: nothing is forbidden")
	assert.Contains(t, h.m.helpLines(), "× marks a cell forbidden to black (X), shown when black is to move.")

	// In colour the mark has its own colour, and the text is the same.
	h.keys("u")
	assert.Equal(t, " × ", h.at(7, 9))
	h.m.th = newTheme(io.Discard, true)
	view := h.m.View()
	assert.Equal(t, ansi.Strip(view), strings.Join(h.screenWith(newTheme(io.Discard, false)), "\n"))
}
