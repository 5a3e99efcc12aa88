package tui

import (
	"context"
	"fmt"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/gomoku-engine/gomoku/cmd/internal/gamecli"
	"github.com/gomoku-engine/gomoku/cmd/internal/play"
	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/sparse"
)

// The screen's state and its answers to messages. Drawing is in draw.go,
// the bots' background searches in bot.go.

// screenMode is what the screen is busy with.
type screenMode uint8

const (
	modeBoard       screenMode = iota // playing: the board and its keys
	modeHelp                          // showing the keys
	modePrompt                        // reading a line: a file name or a cell
	modeConfirmQuit                   // asking before leaving an unsaved game
)

// promptKind says what the line being typed is for.
type promptKind uint8

const (
	promptSave promptKind = iota
	promptLoad
	promptGoto
)

var promptLabels = [...]string{promptSave: "Save to file", promptLoad: "Load file", promptGoto: "Go to ROW COL"}

// ending is how the full-screen game was left.
type ending uint8

const (
	endNone        ending = iota // still running
	endQuit                      // the person quit
	endInterrupted               // Ctrl-C or a signal
	endFailed                    // a bot failed; see screen.err
)

// jump is how far H, J, K, L and shift with an arrow move the cursor.
const jump = 5

// wheelStep is how many rows or columns one turn of the mouse wheel scrolls.
const wheelStep = 3

// screen is the full-screen game, a bubbletea model.
type screen struct {
	s   *play.Session
	ctx context.Context // ends the bots' searches on Ctrl-C or a signal
	th  *theme
	now func() time.Time
	// spinEvery is how often the spinner turns while a bot thinks.
	spinEvery time.Duration
	width     int
	height    int
	gutter    int // width of the row labels and the space after them

	cur    sparse.Cell // the cursor
	player int         // free order: the player whose mark the next move places (0: the one in turn)
	mode   screenMode
	prompt struct {
		kind      promptKind
		text      string
		quitAfter bool // save, then quit
	}
	msg    string // the message line: what just happened, or why not
	msgBad bool   // the message reports a refusal or a failure
	bot    *botJob
	spin   int // spinner frame while a bot thinks
	end    ending
	err    error
}

// newScreen makes the full-screen game for session s, whose view is
// replaced by one that fills the window.
func newScreen(ctx context.Context, s *play.Session, th *theme) *screen {
	m := &screen{s: s, ctx: ctx, th: th, now: time.Now, spinEvery: spinInterval, width: 80, height: 24}
	m.layout()
	m.s.CentreOnPlay()
	m.cursorToPlay()
	return m
}

// Init starts the first bot's search when a bot moves first.
func (m *screen) Init() tea.Cmd { return m.startBot() }

// Update answers one message, then brings the window and cursor in line
// with the game.
func (m *screen) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.layout()
		m.s.View.Reveal(m.cur.Row, m.cur.Col, 0)
	case tea.KeyMsg:
		cmd = m.key(msg)
	case tea.MouseMsg:
		cmd = m.mouse(msg)
	case botDone:
		cmd = m.botDone(msg)
	case spinTick:
		cmd = m.spinTick(msg)
	}
	m.sync()
	return m, cmd
}

// sync fits the window to the terminal, lets it follow the latest moves,
// and keeps the cursor in it: on the last move when the window went to
// follow it, else where it was.
func (m *screen) sync() {
	m.layout()
	followed := m.s.Follow
	if followed {
		m.s.ApplyFollow(false)
	}
	v := &m.s.View
	if last, ok := m.s.Game.LastMove(); followed && ok && !v.Contains(m.cur.Row, m.cur.Col) && v.Contains(last.Row, last.Col) {
		m.cursorToPlay()
	}
	// The row labels' width, and so the window's, depends on where it is.
	for range 2 {
		v.Reveal(m.cur.Row, m.cur.Col, 0)
		m.layout()
	}
}

// key answers a key press.
func (m *screen) key(k tea.KeyMsg) tea.Cmd {
	if k.String() == "ctrl+c" {
		return m.quit(endInterrupted)
	}
	switch m.mode {
	case modeHelp:
		m.mode = modeBoard
		return nil
	case modePrompt:
		return m.promptKey(k)
	case modeConfirmQuit:
		return m.confirmKey(k)
	}
	if k.Type == tea.KeyRunes && len(k.Runes) > 1 && !k.Paste {
		// Keys typed faster than the screen reads them come together.
		var cmds []tea.Cmd
		for _, r := range k.Runes {
			cmds = append(cmds, m.key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}, Alt: k.Alt}))
		}
		return tea.Batch(cmds...)
	}
	m.msg, m.msgBad = "", false
	switch k.String() {
	case "up", "k":
		m.moveCursor(-1, 0)
	case "down", "j":
		m.moveCursor(1, 0)
	case "left", "h":
		m.moveCursor(0, -1)
	case "right", "l":
		m.moveCursor(0, 1)
	case "shift+up", "K":
		m.moveCursor(-jump, 0)
	case "shift+down", "J":
		m.moveCursor(jump, 0)
	case "shift+left", "H":
		m.moveCursor(0, -jump)
	case "shift+right", "L":
		m.moveCursor(0, jump)
	case "pgup":
		m.moveCursor(-m.s.View.Rows, 0)
	case "pgdown":
		m.moveCursor(m.s.View.Rows, 0)
	case "enter", " ":
		return m.playAt(m.cur.Row, m.cur.Col)
	case "u":
		return m.undoRedo(m.s.Undo)
	case "r", "ctrl+r":
		return m.undoRedo(m.s.Redo)
	case "c":
		m.centreOnLast()
	case "f":
		m.fitAll()
	case "g":
		m.ask(promptGoto, "", false)
	case "s":
		m.ask(promptSave, m.savePath(), false)
	case "o":
		m.ask(promptLoad, m.s.Path, false)
	case "?":
		m.mode = modeHelp
	case "q":
		if m.s.Changed && m.s.Game.Len() > 0 {
			m.mode = modeConfirmQuit
			return nil
		}
		return m.quit(endQuit)
	case "1", "2", "3", "4", "5", "6", "7", "8", "9":
		m.choosePlayer(int(k.Runes[0] - '0'))
	case "esc":
	default:
		m.say(true, "%q does nothing here: press ? for the keys.", k.String())
	}
	return nil
}

// say sets the message line.
func (m *screen) say(bad bool, format string, args ...any) {
	m.msg, m.msgBad = fmt.Sprintf(format, args...), bad
}

// limits are the rows and columns a cell may have: the board's, or the
// whole coordinate range.
func (m *screen) limits() sparse.Rect {
	cfg := m.s.Game.Config()
	if cfg.Bounded() {
		return sparse.Rect{MinRow: 0, MinCol: 0, MaxRow: cfg.Rows - 1, MaxCol: cfg.Cols - 1}
	}
	return sparse.Rect{MinRow: sparse.MinCoord, MinCol: sparse.MinCoord, MaxRow: sparse.MaxCoord, MaxCol: sparse.MaxCoord}
}

// moveCursor moves the cursor, stopping at the edge of the board or of the
// coordinate range, or on a torus running on across the edges; the window
// scrolls to keep it in view.
func (m *screen) moveCursor(dr, dc int) {
	lim := m.limits()
	row, col := play.Clamp(m.cur.Row+dr, lim.MinRow, lim.MaxRow), play.Clamp(m.cur.Col+dc, lim.MinCol, lim.MaxCol)
	if cfg := m.s.Game.Config(); cfg.Torus {
		row, col = cfg.Wrap(m.cur.Row+dr, m.cur.Col+dc)
	}
	if row == m.cur.Row && col == m.cur.Col {
		m.say(true, "The cursor is at the edge of the board.")
		return
	}
	m.cur = sparse.Cell{Row: row, Col: col}
	m.s.View.Reveal(row, col, play.Margin(min(m.s.View.Rows, m.s.View.Cols)))
}

// cursorToPlay puts the cursor on the last move, or in the middle of the
// window before the first.
func (m *screen) cursorToPlay() {
	if last, ok := m.s.Game.LastMove(); ok {
		m.cur = sparse.Cell{Row: last.Row, Col: last.Col}
		return
	}
	m.cur.Row, m.cur.Col = m.s.View.Cell(m.s.View.Rows/2, m.s.View.Cols/2)
}

// playAt plays the mark of the person in turn at (row, col).
func (m *screen) playAt(row, col int) tea.Cmd {
	if msg, over := m.s.Outcome(); over {
		m.say(true, "%s Press u to undo, or q to quit.", msg)
		return nil
	}
	p := m.mover()
	if !m.s.Seats[p-1].Human() {
		m.say(true, "Wait: %s is to play.", m.s.Who(p))
		return nil
	}
	if why := m.s.Play(row, col, p); why != "" {
		m.say(true, "Cannot play there: %s.", why)
		return nil
	}
	return m.moved()
}

// mover is the player whose mark a move by hand places.
func (m *screen) mover() int {
	if m.player != 0 && m.s.Game.Config().Order == engine.FreeOrder {
		return m.player
	}
	return m.s.Game.Turn()
}

// choosePlayer picks whose mark the next moves place in a free-order game.
func (m *screen) choosePlayer(p int) {
	cfg := m.s.Game.Config()
	switch {
	case cfg.Order != engine.FreeOrder:
		m.say(true, "Players take turns in this game; digits choose a player only with --free-order.")
	case p > cfg.Players:
		m.say(true, "There is no player %d: players are 1..%d.", p, cfg.Players)
	case !m.s.Seats[p-1].Human():
		m.say(true, "%s is a bot's: it plays by itself.", m.s.Who(p))
	default:
		m.player = p
		m.say(false, "Your moves now place %s.", m.s.Who(p))
	}
}

// moved follows a change of the game: the result when it ended, else the
// next bot's search.
func (m *screen) moved() tea.Cmd {
	if msg, over := m.s.Outcome(); over {
		m.say(false, "%s", msg)
		return nil
	}
	return m.startBot()
}

// undoRedo runs the session's undo or redo, which stop at a person's turn.
func (m *screen) undoRedo(action func() string) tea.Cmd {
	if !m.s.AnyHuman() {
		m.say(true, "Only bots play this game: undo and redo are for a person's moves.")
		return nil
	}
	m.stopBot()
	before := m.s.Game.History()
	msg := action()
	m.say(msg == "Nothing to undo." || msg == "Nothing to redo.", "%s", msg)
	// The cursor goes where the person would play again: on the move
	// taken back, or on the last move replayed.
	if n := m.s.Game.Len(); n < len(before) {
		m.cur = sparse.Cell{Row: before[n].Row, Col: before[n].Col}
	} else if n > len(before) {
		m.cursorToPlay()
	}
	m.s.ApplyFollow(false)
	m.s.View.Reveal(m.cur.Row, m.cur.Col, 0)
	if _, over := m.s.Outcome(); over {
		return nil
	}
	return m.startBot()
}

// centreOnLast centres the window and the cursor on the last move.
func (m *screen) centreOnLast() {
	last, ok := m.s.Game.LastMove()
	if !ok {
		cfg := m.s.Game.Config()
		m.s.View.Centre(cfg.Rows/2, cfg.Cols/2)
		m.cursorToPlay()
		m.say(false, "No move yet: centred on the middle.")
		return
	}
	m.s.View.Centre(last.Row, last.Col)
	m.cur = sparse.Cell{Row: last.Row, Col: last.Col}
	m.say(false, "Centred on the last move, %s at %d %d.", play.Symbol(last.Player), last.Row, last.Col)
}

// fitAll centres the window on every mark, and says when they do not fit.
func (m *screen) fitAll() {
	box, ok := m.s.Game.BoundingBox()
	if !ok {
		m.say(false, "No marks yet.")
		return
	}
	v := &m.s.View
	v.Centre(box.MinRow+(box.MaxRow-box.MinRow)/2, box.MinCol+(box.MaxCol-box.MinCol)/2)
	m.cursorOnScreen() // and the window's width, which depends on the row labels'
	n := m.s.Game.Len()
	if box.Rows() <= v.Rows && box.Cols() <= v.Cols {
		m.say(false, "All %d %s in view: rows %d..%d, columns %d..%d.", n, play.Plural(n, "mark", "marks"), box.MinRow, box.MaxRow, box.MinCol, box.MaxCol)
		return
	}
	m.say(false, "The marks span %d × %d cells (rows %d..%d, columns %d..%d), more than the window's %d × %d: centred on their middle.",
		box.Rows(), box.Cols(), box.MinRow, box.MaxRow, box.MinCol, box.MaxCol, v.Rows, v.Cols)
}

// scroll pans the window; the cursor stays on the screen, at its edge if
// it would fall off.
func (m *screen) scroll(dr, dc int) {
	m.s.View.Pan(dr, dc)
	m.cursorOnScreen()
}

// cursorOnScreen moves the cursor to the nearest cell in the window.
func (m *screen) cursorOnScreen() {
	v := &m.s.View
	m.layout()
	i, j := v.Near(m.cur.Row, m.cur.Col)
	m.cur.Row, m.cur.Col = v.Cell(play.Clamp(i, 0, v.Rows-1), play.Clamp(j, 0, v.Cols-1))
}

// mouse answers a click (play there) or the wheel (scroll; sideways with
// shift or a horizontal wheel).
func (m *screen) mouse(e tea.MouseMsg) tea.Cmd {
	if m.mode != modeBoard || e.Action != tea.MouseActionPress {
		return nil
	}
	switch {
	case e.Button == tea.MouseButtonWheelUp && !e.Shift:
		m.scroll(-wheelStep, 0)
	case e.Button == tea.MouseButtonWheelDown && !e.Shift:
		m.scroll(wheelStep, 0)
	case e.Button == tea.MouseButtonWheelLeft, e.Button == tea.MouseButtonWheelUp && e.Shift:
		m.scroll(0, -wheelStep)
	case e.Button == tea.MouseButtonWheelRight, e.Button == tea.MouseButtonWheelDown && e.Shift:
		m.scroll(0, wheelStep)
	case e.Button == tea.MouseButtonLeft:
		row, col, ok := m.cellAt(e.X, e.Y)
		if !ok {
			return nil
		}
		m.msg, m.msgBad = "", false
		m.cur = sparse.Cell{Row: row, Col: col}
		return m.playAt(row, col)
	}
	return nil
}

// quit ends the program.
func (m *screen) quit(how ending) tea.Cmd {
	m.stopBot()
	m.end = how
	return tea.Quit
}

// confirmKey answers the question asked before leaving an unsaved game.
func (m *screen) confirmKey(k tea.KeyMsg) tea.Cmd {
	m.mode = modeBoard
	switch k.String() {
	case "y", "Y":
		return m.quit(endQuit)
	case "s", "S":
		m.ask(promptSave, m.savePath(), true)
	default:
		m.say(false, "Go on playing.")
	}
	return nil
}

// savePath is the file offered for saving: the last one saved or loaded.
func (m *screen) savePath() string {
	if m.s.Path != "" {
		return m.s.Path
	}
	return "game.json"
}

// ask starts reading a line for kind, with text offered.
func (m *screen) ask(kind promptKind, text string, quitAfter bool) {
	m.mode = modePrompt
	m.prompt.kind, m.prompt.text, m.prompt.quitAfter = kind, text, quitAfter
}

// promptKey edits the line being typed, and acts on it at Enter.
func (m *screen) promptKey(k tea.KeyMsg) tea.Cmd {
	switch k.Type {
	case tea.KeyEnter:
		m.mode = modeBoard
		return m.answer(m.prompt.kind, m.prompt.text)
	case tea.KeyEsc:
		m.mode = modeBoard
		m.say(false, "Cancelled.")
	case tea.KeyBackspace:
		if r := []rune(m.prompt.text); len(r) > 0 {
			m.prompt.text = string(r[:len(r)-1])
		}
	case tea.KeyCtrlU:
		m.prompt.text = ""
	case tea.KeyRunes, tea.KeySpace:
		if len(m.prompt.text) < 4096 {
			m.prompt.text += string(k.Runes)
		}
	}
	return nil
}

// answer acts on a line typed at a prompt.
func (m *screen) answer(kind promptKind, text string) tea.Cmd {
	switch kind {
	case promptSave:
		if text == "" {
			m.say(true, "Not saved: no file name.")
			return nil
		}
		msg := m.s.Save(text)
		m.say(m.s.Changed, "%s", msg)
		if m.prompt.quitAfter && !m.s.Changed {
			return m.quit(endQuit)
		}
	case promptLoad:
		if text == "" {
			m.say(true, "Nothing loaded: no file name.")
			return nil
		}
		m.stopBot()
		msg, ok := m.s.LoadFile(text)
		if !ok {
			m.say(true, "%s The game goes on as before.", msg)
			return m.startBot()
		}
		m.say(false, "%s", msg)
		m.layout()
		m.cursorToPlay()
		return m.moved()
	case promptGoto:
		m.gotoCell(text)
	}
	return nil
}

// gotoCell moves the cursor to the cell typed, "ROW COL", and centres it.
func (m *screen) gotoCell(text string) {
	nums, _, err := gamecli.ParseMoveLine([]byte(text), false)
	lim := m.limits()
	switch {
	case err != nil:
		m.say(true, "Not a cell: %q. Type ROW COL, e.g. 0 0.", text)
	case !lim.Contains(nums[0], nums[1]):
		m.say(true, "Cell (%d, %d) is off the board: rows %d..%d, columns %d..%d.", nums[0], nums[1], lim.MinRow, lim.MaxRow, lim.MinCol, lim.MaxCol)
	default:
		m.cur = sparse.Cell{Row: nums[0], Col: nums[1]}
		m.s.View.Centre(nums[0], nums[1])
	}
}
