package record

import (
	"fmt"
	"strings"

	"github.com/gomoku-engine/gomoku/engine"
)

// MaxMoveStringCols is the number of columns a move string can name: one
// letter each, "a" to "z".
const MaxMoveStringCols = 26

// maxMoveStringRow keeps row numbers to a sane width: a longer run of digits
// is a typo, not a board.
const maxMoveStringRow = 1_000_000

// ParseMoveString reads a compact move string such as "h8i9j10", rows
// counted from 1 at the top (see the package documentation). Whitespace
// between moves is allowed, letters may be upper case. The record states no
// board size. A cell played twice is an error.
func ParseMoveString(s string) (*Record, error) {
	return parseMoveString(s, 0)
}

// ParseMoveStringBottomUp reads a move string whose row 1 is the bottom row
// of a board of the given height, as renju diagrams print it; the result is
// in the engine's top-down rows and states the height (the width stays 0).
func ParseMoveStringBottomUp(s string, height int) (*Record, error) {
	if height < 1 {
		return nil, fmt.Errorf("%w: bottom-up move strings need a board height >= 1, got %d", ErrUnsupported, height)
	}
	return parseMoveString(s, height)
}

func parseMoveString(s string, height int) (*Record, error) {
	line, col := 1, 0 // position for errors; a move string may span lines
	fail := func(err error, detail string) error {
		return &SyntaxError{Format: MoveString, Line: line, Pos: col, Err: err, Detail: detail}
	}
	rec := &Record{Rows: height}
	seen := make(map[[2]int]bool)
	for i := 0; i < len(s); {
		c := s[i]
		col++
		switch {
		case c == '\n':
			line, col = line+1, 0
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r':
			i++
			continue
		case c >= 'A' && c <= 'Z':
			c += 'a' - 'A'
		case c < 'a' || c > 'z':
			return nil, fail(ErrSyntax, fmt.Sprintf("want a column letter a-z, got %q", rune(c)))
		}
		start := col
		i++
		row, digits := 0, 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			if row = row*10 + int(s[i]-'0'); row > maxMoveStringRow {
				col = start
				return nil, fail(engine.ErrOffBoard, fmt.Sprintf("row number longer than %d", maxMoveStringRow))
			}
			i, col, digits = i+1, col+1, digits+1
		}
		col = start
		if digits == 0 {
			return nil, fail(ErrSyntax, fmt.Sprintf("column %q needs a row number after it", rune(c)))
		}
		if row < 1 {
			return nil, fail(engine.ErrOffBoard, "rows are numbered from 1")
		}
		r := row - 1
		if height > 0 {
			if row > height {
				return nil, fail(engine.ErrOffBoard, fmt.Sprintf("row %d is off a board of height %d", row, height))
			}
			r = height - row
		}
		m := Move{Row: r, Col: int(c - 'a')}
		if seen[[2]int{m.Row, m.Col}] {
			return nil, fail(engine.ErrOccupied, fmt.Sprintf("move %d (%c%d) is on a cell already played", len(rec.Moves)+1, c, row))
		}
		seen[[2]int{m.Row, m.Col}] = true
		rec.Moves = append(rec.Moves, m)
		col += digits
	}
	return rec, nil
}

// FormatMoveString writes the moves as a compact top-down move string, e.g.
// "h8i9". Columns beyond "z" and negative cells cannot be written.
func FormatMoveString(moves []Move) (string, error) {
	var sb strings.Builder
	for i, m := range moves {
		if m.Col < 0 || m.Col >= MaxMoveStringCols || m.Row < 0 || m.Row >= maxMoveStringRow {
			return "", fmt.Errorf("%w: move %d (row %d, col %d) has no move-string name (columns a-z, rows 1..%d)",
				ErrUnsupported, i+1, m.Row, m.Col, maxMoveStringRow)
		}
		fmt.Fprintf(&sb, "%c%d", 'a'+m.Col, m.Row+1)
	}
	return sb.String(), nil
}

// FormatMoveStringBottomUp writes the moves with row 1 at the bottom of a
// board of the given height.
func FormatMoveStringBottomUp(moves []Move, height int) (string, error) {
	flipped := make([]Move, len(moves))
	for i, m := range moves {
		if m.Row < 0 || m.Row >= height {
			return "", fmt.Errorf("%w: move %d (row %d) is off a board of height %d", engine.ErrOffBoard, i+1, m.Row, height)
		}
		flipped[i] = Move{Row: height - 1 - m.Row, Col: m.Col}
	}
	return FormatMoveString(flipped)
}
