package play

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/sparse"
)

// symbols are the players' marks in seat order: X and O, then more.
var symbols = []string{"X", "O", "+", "*", "#", "@", "%", "&",
	"A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "P", "Q", "R", "S", "T", "U", "V", "W", "Y", "Z",
	"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "p", "q", "r", "s", "t", "u", "v", "w", "y", "z"}

// ForbiddenMark stands on an empty cell renju forbids to black, when black
// is to move.
const ForbiddenMark = "×"

// MaxPlayers is the most players "gomoku play" can draw.
var MaxPlayers = len(symbols)

func Symbol(player int) string { return symbols[player-1] }

// ANSI styles, used only when colour is on.
const (
	ansiReset = "\x1b[0m"
	ansiDim   = "\x1b[2m"
	ansiLast  = "\x1b[1;7m" // bold, reverse video: the last move
	ansiFoul  = "\x1b[35m"  // magenta, unlike black's red and white's cyan: a cell forbidden to black
)

var playerColours = []string{"\x1b[1;31m", "\x1b[1;36m", "\x1b[1;32m", "\x1b[1;33m", "\x1b[1;35m", "\x1b[1;34m"}

// Style decides how the board looks.
type Style struct{ Colour bool }

func (s Style) paint(text, code string) string {
	if !s.Colour {
		return text
	}
	return code + text + ansiReset
}

// mark is player's symbol, in the player's colour.
func (s Style) mark(player int) string {
	return s.paint(Symbol(player), playerColours[(player-1)%len(playerColours)])
}

// renderBoard draws the window v of g: column labels on top, row labels on
// the left, "." for an empty cell, the players' symbols, the last move in
// brackets (and reverse video in colour), and under renju, when black is
// to move, ForbiddenMark on the cells forbidden to black. On a torus the window runs on
// across the edges, so the labels go from the last row or column back to
// 0 where it wraps.
func renderBoard(g *engine.Game, v *View, st Style) string {
	last, hasLast := g.LastMove()
	forbidden := map[sparse.Cell]bool{}
	for c := range g.ForbiddenCells() {
		forbidden[c] = true
	}
	// The widest labels are at the ends of a range, or, on a torus, where
	// it runs across an edge.
	rowW, colW := 0, 0
	for i := range max(v.Rows, v.Cols) {
		r, c := v.Cell(min(i, v.Rows-1), min(i, v.Cols-1))
		rowW, colW = max(rowW, len(strconv.Itoa(r))), max(colW, len(strconv.Itoa(c)))
	}
	// Each cell is right-aligned under its label with one space after; the
	// symbol sits under the label's last digit so brackets fit around it.
	cellW := max(colW, 2) + 1
	var b strings.Builder
	var line []byte
	endLine := func() {
		b.Write(bytes.TrimRight(line, " "))
		b.WriteByte('\n')
		line = line[:0]
	}
	line = append(line, strings.Repeat(" ", rowW+1)...)
	for j := range v.Cols {
		_, c := v.Cell(0, j)
		label := strconv.Itoa(c)
		line = append(line, st.paint(strings.Repeat(" ", cellW-1-len(label))+label, ansiDim)...)
		line = append(line, ' ')
	}
	endLine()
	for i := range v.Rows {
		r, _ := v.Cell(i, 0)
		label := strconv.Itoa(r)
		line = append(line, st.paint(strings.Repeat(" ", rowW-len(label))+label, ansiDim)...)
		line = append(line, ' ')
		for j := range v.Cols {
			r, c := v.Cell(i, j)
			line = append(line, strings.Repeat(" ", cellW-3)...)
			p := g.At(r, c)
			switch {
			case p == 0 && forbidden[sparse.Cell{Row: r, Col: c}]:
				line = append(line, " "+st.paint(ForbiddenMark, ansiFoul)+" "...)
			case p == 0:
				line = append(line, " . "...)
			case hasLast && last.Row == r && last.Col == c:
				line = append(line, st.paint("["+Symbol(p)+"]", ansiLast)...)
			default:
				line = append(line, " "+st.mark(p)+" "...)
			}
		}
		endLine()
	}
	return b.String()
}
