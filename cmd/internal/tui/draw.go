package tui

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/gomoku-engine/gomoku/cmd/internal/play"
	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/sparse"
)

// The screen, top to bottom: a line of column labels, one line per row of
// the window (row label, then three characters a cell), the status line and
// two lines for messages. Every cell is three characters wide wherever the window
// is, so the grid stays aligned far from the origin: columns are labelled
// only as often as their labels fit, and the status line gives the
// cursor's full coordinates.

// cellWidth is the width of a cell on the screen: the mark and a character
// on each side for the cursor's and the highlights' brackets.
const cellWidth = 3

// chromeLines are the screen lines that are not board rows: the column
// labels, the status line and two lines of messages.
const chromeLines = 4

// decoration is how a cell stands out. Each has its own brackets, so that
// none relies on colour.
type decoration uint8

const (
	decoNone   decoration = iota // " X "
	decoLast                     // "(X)": the last move
	decoWin                      // "<X>": part of the winning line
	decoCursor                   // "[X]": the cursor
	decoCount
)

var brackets = [decoCount][2]string{{" ", " "}, {"(", ")"}, {"<", ">"}, {"[", "]"}}

// forbiddenCell stands for an empty cell renju forbids to black in the
// theme's cells: it is drawn as play.ForbiddenMark in foulColour.
const forbiddenCell = -1

// foulColour is the colour of the forbidden mark: magenta, unlike black's
// red and white's cyan.
const foulColour = lipgloss.Color("13")

// screenColours are the players' colours, in seat order: the line mode's
// first six, then two more; colour is never the only cue, every player
// has a symbol of their own.
var screenColours = []lipgloss.Color{"9", "14", "10", "11", "13", "12", "208", "15"}

// theme holds the screen's styles and the cells drawn with them.
type theme struct {
	colour   bool
	label    lipgloss.Style
	cursorLn lipgloss.Style // the cursor's row and column labels
	bad      lipgloss.Style
	turn     lipgloss.Style
	players  []lipgloss.Style
	cells    map[[2]int]string // by player (0 for empty, forbiddenCell) and decoration
	renderer *lipgloss.Renderer
}

// newTheme makes the styles for out. colour says whether to use colour at
// all; the terminal's own abilities (16, 256 or true colours) come from
// its environment, as lipgloss detects them.
func newTheme(out io.Writer, colour bool) *theme {
	r := lipgloss.NewRenderer(out)
	if !colour {
		r.SetColorProfile(termenv.Ascii)
	} else if r.ColorProfile() == termenv.Ascii {
		r.SetColorProfile(termenv.ANSI) // --color always on a terminal that did not say
	}
	t := &theme{colour: colour, renderer: r, cells: map[[2]int]string{}}
	t.label = r.NewStyle().Faint(true)
	t.cursorLn = r.NewStyle().Bold(true).Reverse(true)
	t.bad = r.NewStyle().Foreground(lipgloss.Color("9")).Bold(true)
	t.turn = r.NewStyle().Bold(true).Underline(true)
	for _, c := range screenColours {
		t.players = append(t.players, r.NewStyle().Foreground(c).Bold(true))
	}
	return t
}

// player is the style of player p's mark.
func (t *theme) player(p int) lipgloss.Style { return t.players[(p-1)%len(t.players)] }

// mark is player p's symbol in its colour.
func (t *theme) mark(p int) string { return t.player(p).Render(play.Symbol(p)) }

// cell draws a cell holding player p's mark (0: empty, forbiddenCell: an
// empty cell forbidden to black) with decoration d.
func (t *theme) cell(p int, d decoration) string {
	key := [2]int{p, int(d)}
	if s, ok := t.cells[key]; ok {
		return s
	}
	text, st := ".", t.renderer.NewStyle().Faint(true)
	switch {
	case p == forbiddenCell:
		text, st = play.ForbiddenMark, t.renderer.NewStyle().Foreground(foulColour)
	case p > 0:
		text, st = play.Symbol(p), t.player(p)
	}
	b := brackets[d]
	switch d {
	case decoCursor:
		st = st.Faint(false).Background(lipgloss.Color("238"))
	case decoLast:
		st = st.Underline(true)
	case decoWin:
		st = st.Reverse(true)
	}
	s := st.Render(b[0] + text + b[1])
	if d == decoLast {
		// Underline the mark alone, not the brackets.
		s = st.UnsetUnderline().Render(b[0]) + st.Render(text) + st.UnsetUnderline().Render(b[1])
	}
	t.cells[key] = s
	return s
}

// layout fits the window on the board to the terminal: as many rows as
// the screen has below the labels and above the status, as many columns
// as fit beside the row labels, whose width depends on the rows shown.
func (m *screen) layout() {
	v := &m.s.View
	rows := max(1, m.height-chromeLines)
	for range 3 {
		m.gutter = rowLabelWidth(v) + 1
		cols := max(1, (m.width-m.gutter)/cellWidth)
		if rows == m.s.ViewRows && cols == m.s.ViewCols {
			return
		}
		m.s.ViewRows, m.s.ViewCols = rows, cols
		v.Resize(rows, cols, m.s.Game.Config())
	}
	m.gutter = rowLabelWidth(v) + 1
}

// rowLabelWidth is the width of the widest row label in the window.
func rowLabelWidth(v *play.View) int {
	w := 1
	for i := range v.Rows {
		r, _ := v.Cell(i, 0)
		w = max(w, len(strconv.Itoa(r)))
	}
	return w
}

// cellAt is the cell drawn at column x, line y of the screen.
func (m *screen) cellAt(x, y int) (row, col int, ok bool) {
	i, j := y-1, (x-m.gutter)/cellWidth
	v := &m.s.View
	if i < 0 || i >= v.Rows || x < m.gutter || j >= v.Cols {
		return 0, 0, false
	}
	row, col = v.Cell(i, j)
	return row, col, true
}

// labelStep is how many columns apart the column labels are: the smallest
// of 1, 2, 5, 10, 20, 50... that leaves room for the widest label and a
// space.
func labelStep(widest int) int {
	for step := 1; ; step *= 10 {
		for _, s := range []int{step, 2 * step, 5 * step} {
			if s*cellWidth >= widest+1 {
				return s
			}
		}
	}
}

// View draws the screen.
func (m *screen) View() string {
	if m.end != endNone {
		return ""
	}
	var lines []string
	if m.mode == modeHelp {
		lines = m.helpLines()
	} else {
		lines = append(lines, m.columnLabels())
		lines = append(lines, m.boardLines()...)
	}
	bottom := m.bottomLines()
	top := max(0, m.height-len(bottom))
	for len(lines) < top {
		lines = append(lines, "")
	}
	lines = append(lines[:top], bottom...)
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, m.width, "…")
	}
	return strings.Join(lines[max(0, len(lines)-m.height):], "\n")
}

// bottomLines are the status line and the message below it, wrapped on
// two lines.
func (m *screen) bottomLines() []string {
	msg := strings.Split(ansi.Wrap(m.messageLine(), max(1, m.width), " "), "\n")
	if len(msg) > 2 {
		msg[1] = ansi.Truncate(strings.Join(msg[1:], " "), m.width, "…")
	}
	return append([]string{m.statusLine()}, append(msg, "")[:2]...)
}

// columnLabels is the line of column labels: each ends above its column's
// mark, every labelStep columns.
func (m *screen) columnLabels() string {
	v := &m.s.View
	widest := 0
	for j := range v.Cols {
		_, c := v.Cell(0, j)
		widest = max(widest, len(strconv.Itoa(c)))
	}
	step := labelStep(widest)
	line := []byte(strings.Repeat(" ", m.gutter+v.Cols*cellWidth))
	free := 0 // the first position a label may take
	for j := range v.Cols {
		_, c := v.Cell(0, j)
		if c%step != 0 {
			continue
		}
		label := strconv.Itoa(c)
		end := m.gutter + j*cellWidth + 1
		start := end - len(label) + 1
		if start < free {
			continue
		}
		copy(line[start:], label)
		free = end + 2
	}
	return m.th.label.Render(strings.TrimRight(string(line), " "))
}

// boardLines draws the rows of the window.
func (m *screen) boardLines() []string {
	g := m.s.Game
	v := &m.s.View
	last, hasLast := g.LastMove()
	win := map[sparse.Cell]bool{}
	for _, c := range g.WinningLine() {
		win[c] = true
	}
	forbidden := m.forbidden()
	lines := make([]string, 0, v.Rows)
	var b strings.Builder
	for i := range v.Rows {
		b.Reset()
		r, _ := v.Cell(i, 0)
		label := fmt.Sprintf("%*d", m.gutter-1, r)
		if r == m.cur.Row {
			b.WriteString(m.th.cursorLn.Render(label))
		} else {
			b.WriteString(m.th.label.Render(label))
		}
		b.WriteByte(' ')
		for j := range v.Cols {
			r, c := v.Cell(i, j)
			d := decoNone
			switch {
			case r == m.cur.Row && c == m.cur.Col:
				d = decoCursor
			case win[sparse.Cell{Row: r, Col: c}]:
				d = decoWin
			case hasLast && last.Row == r && last.Col == c:
				d = decoLast
			}
			p := g.At(r, c)
			if _, ok := forbidden[sparse.Cell{Row: r, Col: c}]; ok {
				p = forbiddenCell
			}
			b.WriteString(m.th.cell(p, d))
		}
		lines = append(lines, b.String())
	}
	return lines
}

// statusLine says whose turn it is (and how long a bot has been
// thinking), who plays each mark, the move number, the cursor and the
// last move. On a narrow screen the seats' names go first, then the last
// move, so that the cursor's coordinates stay.
func (m *screen) statusLine() string {
	var line string
	for _, names := range []bool{true, false} {
		for _, last := range []bool{true, false} {
			if line = m.status(names, last); ansi.StringWidth(line) <= m.width {
				return line
			}
		}
	}
	return line
}

// status is the status line, with or without the seats' names and the
// last move.
func (m *screen) status(names, withLast bool) string {
	g := m.s.Game
	_, over := m.s.Outcome()
	parts := []string{fmt.Sprintf("Move %d", g.Len())}
	var seats []string
	for p := 1; p <= len(m.s.Seats); p++ {
		name := ""
		if names {
			name = " " + m.s.Seats[p-1].Name
		}
		who := m.th.mark(p) + name
		switch {
		case over && g.Winner() == p:
			who += " wins"
		case !over && p == m.mover():
			who = "▶" + m.th.mark(p) + m.th.turn.Render(name)
			if t := m.thinking(); t != "" {
				who += " " + t
			}
		}
		seats = append(seats, who)
	}
	sep := " "
	if names {
		sep = "  "
	}
	parts = append(parts, strings.Join(seats, sep))
	parts = append(parts, fmt.Sprintf("cursor %d %d", m.cur.Row, m.cur.Col))
	if last, ok := g.LastMove(); ok && withLast {
		parts = append(parts, fmt.Sprintf("last %s %d %d", m.th.mark(last.Player), last.Row, last.Col))
	}
	return strings.Join(parts, " │ ")
}

// messageLine is the prompt being typed, the question before quitting,
// the latest message, or a reminder of the main keys.
func (m *screen) messageLine() string {
	switch {
	case m.mode == modeHelp:
		return "Any key goes back to the board."
	case m.mode == modePrompt:
		return promptLabels[m.prompt.kind] + ": " + m.prompt.text + m.th.cursorLn.Render(" ") + m.th.label.Render("  (enter: ok, esc: cancel)")
	case m.mode == modeConfirmQuit:
		return m.th.bad.Render("The game is not saved.") + " Quit anyway? y: quit, s: save first, any other key: go on playing"
	case m.msg != "" && m.msgBad:
		return m.th.bad.Render(m.msg)
	case m.msg != "":
		return m.msg
	}
	if msg, over := m.s.Outcome(); over {
		return msg
	}
	if foul, ok := m.forbidden()[m.cur]; ok {
		return fmt.Sprintf("%s at the cursor: forbidden to black: %v.", play.ForbiddenMark, foul)
	}
	return m.th.label.Render("arrows/hjkl: move · enter: play · u: undo · r: redo · s: save · o: load · ?: all keys · q: quit")
}

// screenKeys are the keys of the board, for the help.
var screenKeys = [][2]string{
	{"← ↓ ↑ → or h j k l", "move the cursor (the board scrolls past the edge)"},
	{"shift+arrows or H J K L", fmt.Sprintf("move the cursor %d cells", jump)},
	{"PgUp PgDn", "move the cursor a window up or down"},
	{"enter or space", "play at the cursor"},
	{"mouse click", "play at the cell clicked"},
	{"mouse wheel", "scroll up and down; with shift, left and right"},
	{"u", "undo your last move (and the bots' replies to it)"},
	{"r", "redo what undo took back"},
	{"c", "centre on the last move"},
	{"f", "fit: centre on all the marks"},
	{"g", "go to a cell: type ROW COL"},
	{"s", "save the game to a file (JSON)"},
	{"o", "open a saved game, .psq record or move string"},
	{"1 to 9", "choose whose mark you place (--free-order games)"},
	{"?", "this help; any key closes it"},
	{"q", "quit (asks first when the game is not saved)"},
	{"ctrl+c", "quit at once"},
}

// helpLines lists the keys and the game's rules.
func (m *screen) helpLines() []string {
	lines := []string{"Keys", ""}
	for _, k := range screenKeys {
		lines = append(lines, fmt.Sprintf("  %-24s %s", k[0], k[1]))
	}
	lines = append(lines, "", m.s.Rules())
	for p := range m.s.Seats {
		lines = append(lines, fmt.Sprintf("  %s", m.s.Who(p+1)))
	}
	lines = append(lines, "", "The cursor is [.], the last move (X), the winning line <X>. Rows grow downwards.")
	if m.s.Game.Config().Rule == engine.Renju {
		lines = append(lines, play.ForbiddenMark+" marks a cell forbidden to black (X), shown when black is to move.")
	}
	return lines
}

// forbidden are the cells renju forbids to black, with their fouls, when
// black is to move; none otherwise.
func (m *screen) forbidden() map[sparse.Cell]engine.Foul {
	cells := map[sparse.Cell]engine.Foul{}
	for c, foul := range m.s.Game.ForbiddenCells() {
		cells[c] = foul
	}
	return cells
}
