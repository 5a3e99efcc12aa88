package record

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/sparse"
)

// psqMagic starts every .psq file; Piskvork is the Czech "Piškvorky".
const psqMagic = "Piskvorky"

// maxSide is the largest board side a record may state: the engine's
// coordinate range.
const maxSide = sparse.MaxCoord

// ParsePSQ reads a Piskvork .psq record. Errors are [*SyntaxError]s naming
// the line.
func ParsePSQ(text string) (*Record, error) {
	lines := splitLines(text)
	fail := func(i int, err error, detail string) error {
		return &SyntaxError{Format: PSQ, Line: i + 1, Text: lines[i], Err: err, Detail: detail}
	}
	first := 0
	for first < len(lines) && strings.TrimSpace(lines[first]) == "" {
		first++
	}
	if first == len(lines) {
		return nil, &SyntaxError{Format: PSQ, Line: 1, Err: ErrEmpty, Detail: "empty file, want a \"Piskvorky WxH, ...\" header"}
	}
	rec := &Record{}
	if detail := parsePSQHeader(lines[first], rec); detail != "" {
		return nil, fail(first, ErrSyntax, detail)
	}
	seen := make(map[[2]int]bool)
	i := first + 1
	for ; i < len(lines); i++ {
		line := strings.TrimSpace(lines[i])
		if line == "" {
			continue // Piskvork's reader skips blank lines between moves
		}
		if !looksLikeMove(line) {
			break
		}
		m, err, detail := parsePSQMove(line, rec)
		if err != nil {
			return nil, fail(i, err, detail)
		}
		if seen[[2]int{m.Row, m.Col}] {
			return nil, fail(i, engine.ErrOccupied, fmt.Sprintf("move %d is on a cell already played", len(rec.Moves)+1))
		}
		seen[[2]int{m.Row, m.Col}] = true
		rec.Moves = append(rec.Moves, m)
	}
	var trailer []string
	for ; i < len(lines); i++ {
		if s := strings.TrimSpace(lines[i]); s != "" {
			trailer = append(trailer, s)
		}
	}
	for len(trailer) > 0 && len(rec.Names) < 2 && !isInt(trailer[0]) {
		rec.Names, trailer = append(rec.Names, trailer[0]), trailer[1:]
	}
	if len(trailer) > 0 && isInt(trailer[0]) {
		rec.HasResult = true
		rec.Result, _ = strconv.Atoi(trailer[0])
		trailer = trailer[1:]
	}
	if len(trailer) > 0 {
		rec.Extra = trailer
	}
	return rec, nil
}

// parsePSQHeader fills rec from "Piskvorky WxH, o1:o2, h" and explains what
// is wrong, or returns "". The fields after the size are optional, as some
// tools write only "Piskvorky WxH"; Piskvork writes all three.
func parsePSQHeader(line string, rec *Record) string {
	rest, ok := strings.CutPrefix(strings.TrimSpace(line), psqMagic)
	if !ok || (rest != "" && rest[0] != ' ') {
		return fmt.Sprintf("header must start with %q", psqMagic+" WxH")
	}
	fields := strings.Split(rest, ",")
	if len(fields) > 3 {
		return "header has more than three comma-separated fields"
	}
	w, h, ok := strings.Cut(strings.TrimSpace(fields[0]), "x")
	cols, err1 := strconv.Atoi(w)
	rows, err2 := strconv.Atoi(h)
	if !ok || err1 != nil || err2 != nil {
		return "board size must be WxH, e.g. 15x15"
	}
	if cols < 1 || rows < 1 || cols > maxSide || rows > maxSide {
		return fmt.Sprintf("board size %dx%d out of range 1..%d", cols, rows, maxSide)
	}
	rec.Cols, rec.Rows = cols, rows
	if len(fields) > 1 {
		a, b, ok := strings.Cut(strings.TrimSpace(fields[1]), ":")
		l1, err1 := strconv.Atoi(a)
		l2, err2 := strconv.Atoi(b)
		if !ok || err1 != nil || err2 != nil || l1 < 0 || l2 < 0 {
			return "levels must be two non-negative numbers n:m"
		}
		rec.Levels = [2]int{l1, l2}
	}
	if len(fields) > 2 {
		b, err := strconv.Atoi(strings.TrimSpace(fields[2]))
		if err != nil || (b != 0 && b != 1) {
			return "the seat that began must be 0 or 1"
		}
		rec.Begin = b
	}
	return ""
}

// looksLikeMove reports whether a line is meant as a move: it starts like a
// number and has a comma. Names ("pbrain-x.zip", "homo-1") and the bare
// result code do not.
func looksLikeMove(line string) bool {
	c := line[0]
	return (c >= '0' && c <= '9' || c == '-' || c == '+') && strings.Contains(line, ",")
}

func parsePSQMove(line string, rec *Record) (Move, error, string) {
	f := strings.Split(line, ",")
	if len(f) != 2 && len(f) != 3 {
		return Move{}, ErrSyntax, "a move is x,y,time"
	}
	n := make([]int, len(f))
	for k, s := range f {
		v, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			return Move{}, ErrSyntax, fmt.Sprintf("field %d of a move must be a whole number", k+1)
		}
		n[k] = v
	}
	x, y := n[0], n[1]
	if x < 1 || x > rec.Cols || y < 1 || y > rec.Rows {
		return Move{}, engine.ErrOffBoard, fmt.Sprintf("move %d,%d is off the %dx%d board (coordinates are 1-based)", x, y, rec.Cols, rec.Rows)
	}
	m := Move{Row: y - 1, Col: x - 1}
	if len(n) == 3 {
		if n[2] < 0 {
			return Move{}, ErrSyntax, "a move's time must not be negative"
		}
		m.TimeMS = n[2]
	}
	return m, nil, ""
}

// WritePSQ writes rec as a .psq record. The record must state its board
// size and every move must lie on it; names must be one line each and must
// not read as a result code or a move, or the file would not read back.
func WritePSQ(w io.Writer, rec *Record) error {
	if err := checkPSQ(rec); err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%s %dx%d, %d:%d, %d\n", psqMagic, rec.Cols, rec.Rows, rec.Levels[0], rec.Levels[1], rec.Begin)
	for _, m := range rec.Moves {
		fmt.Fprintf(bw, "%d,%d,%d\n", m.Col+1, m.Row+1, m.TimeMS)
	}
	for _, n := range rec.Names {
		fmt.Fprintln(bw, n)
	}
	if rec.HasResult {
		fmt.Fprintln(bw, rec.Result)
	}
	for _, e := range rec.Extra {
		fmt.Fprintln(bw, e)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("record: writing psq: %w", err)
	}
	return nil
}

// FormatPSQ returns rec as .psq text.
func FormatPSQ(rec *Record) (string, error) { return formatWith(WritePSQ, rec) }

// formatWith returns the text write produces for rec.
func formatWith(write func(io.Writer, *Record) error, rec *Record) (string, error) {
	var sb strings.Builder
	if err := write(&sb, rec); err != nil {
		return "", err
	}
	return sb.String(), nil
}

func checkPSQ(rec *Record) error {
	if !rec.Bounded() || rec.Cols > maxSide || rec.Rows > maxSide {
		return fmt.Errorf("%w: psq needs a board size 1..%d, the record has %dx%d", ErrUnsupported, maxSide, rec.Cols, rec.Rows)
	}
	if rec.Levels[0] < 0 || rec.Levels[1] < 0 || (rec.Begin != 0 && rec.Begin != 1) {
		return fmt.Errorf("%w: psq levels must be >= 0 and the first seat 0 or 1", ErrUnsupported)
	}
	seen := make(map[[2]int]bool, len(rec.Moves))
	for i, m := range rec.Moves {
		if m.Row < 0 || m.Row >= rec.Rows || m.Col < 0 || m.Col >= rec.Cols {
			return fmt.Errorf("%w: move %d (row %d, col %d) is off the %dx%d board", engine.ErrOffBoard, i+1, m.Row, m.Col, rec.Cols, rec.Rows)
		}
		if seen[[2]int{m.Row, m.Col}] {
			return fmt.Errorf("%w: move %d (row %d, col %d)", engine.ErrOccupied, i+1, m.Row, m.Col)
		}
		seen[[2]int{m.Row, m.Col}] = true
		if m.TimeMS < 0 {
			return fmt.Errorf("%w: move %d has a negative time", ErrUnsupported, i+1)
		}
	}
	if len(rec.Names) > 2 {
		return fmt.Errorf("%w: psq holds two names, the record has %d", ErrUnsupported, len(rec.Names))
	}
	for _, n := range rec.Names {
		if s := strings.TrimSpace(n); s != n || s == "" || strings.ContainsAny(n, "\r\n") || isInt(n) || looksLikeMove(n) {
			return fmt.Errorf("%w: name %q would not read back (one line, no outer spaces, not a number or move)", ErrUnsupported, n)
		}
	}
	if len(rec.Extra) > 0 && !rec.HasResult {
		return fmt.Errorf("%w: trailer lines need a result code before them", ErrUnsupported)
	}
	for _, e := range rec.Extra {
		if s := strings.TrimSpace(e); s != e || s == "" || strings.ContainsAny(e, "\r\n") {
			return fmt.Errorf("%w: trailer line %q would not read back", ErrUnsupported, e)
		}
	}
	return nil
}

// splitLines splits on LF, dropping a CR before it, so CR LF and LF files
// read alike.
func splitLines(text string) []string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}

func isInt(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}
