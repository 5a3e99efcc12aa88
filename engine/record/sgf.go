package record

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/gomoku-engine/gomoku/engine"
)

// sgfGomoku is SGF's game number for Gomoku and renju, GM[4].
const sgfGomoku = "4"

// MaxSGFSide is the largest board side SGF coordinates reach: a..z then
// A..Z.
const MaxSGFSide = 52

// sgfMaxDepth bounds the nesting of variations the reader follows.
const sgfMaxDepth = 1000

// Property is one SGF property of a record's root node that the record's
// fields do not cover, such as GN (game name), EV (event), DT (date), RE
// (result) or TE (termination reason), kept verbatim.
type Property struct {
	ID     string
	Values []string
}

// sgfOwn are the properties the record's fields or moves carry, which a
// writer produces itself.
var sgfOwn = map[string]bool{"FF": true, "GM": true, "SZ": true, "RU": true, "PB": true, "PW": true, "B": true, "W": true, "C": true}

// sgfRules maps RU values to rules: the Gomocup's numbers, as
// c-gomoku-cli writes them, and the rules' names.
var sgfRules = map[string]engine.Rule{
	"0": engine.Freestyle, "1": engine.Exact, "4": engine.Renju,
	"freestyle": engine.Freestyle, "exact": engine.Exact, "standard": engine.Exact, "renju": engine.Renju,
}

// sgfRuleCodes are the numbers written for each rule.
var sgfRuleCodes = map[engine.Rule]int{engine.Freestyle: 0, engine.Exact: 1, engine.Renju: 4}

// sgfNode is a node's properties in order, with the offset in the text
// of each.
type sgfNode struct {
	props []Property
	at    []int
}

// sgfReader parses SGF text.
type sgfReader struct {
	text string
	pos  int
}

func (r *sgfReader) fail(at int, err error, detail string) error {
	at = min(at, len(r.text))
	line := 1 + strings.Count(r.text[:at], "\n")
	start := strings.LastIndexByte(r.text[:at], '\n') + 1
	end := strings.IndexByte(r.text[start:], '\n')
	if end < 0 {
		end = len(r.text) - start
	}
	text := strings.TrimSuffix(r.text[start:start+end], "\r")
	if len(text) > 60 {
		text = text[:57] + "..."
	}
	return &SyntaxError{Format: SGF, Line: line, Pos: at - start + 1, Text: text, Err: err, Detail: detail}
}

func (r *sgfReader) skipSpace() {
	for r.pos < len(r.text) && strings.IndexByte(" \t\r\n", r.text[r.pos]) >= 0 {
		r.pos++
	}
}

// peek returns the next byte that is not white space, or 0 at the end.
func (r *sgfReader) peek() byte {
	r.skipSpace()
	if r.pos == len(r.text) {
		return 0
	}
	return r.text[r.pos]
}

// tree reads a game tree, appending the nodes of its main line (the first
// variation at every branch) to nodes when main is set.
func (r *sgfReader) tree(nodes *[]sgfNode, main bool, depth int) error {
	if depth > sgfMaxDepth {
		return r.fail(r.pos, ErrSyntax, fmt.Sprintf("variations nested more than %d deep", sgfMaxDepth))
	}
	if r.peek() != '(' {
		return r.fail(r.pos, ErrSyntax, "want '(' to open a game tree")
	}
	r.pos++
	if r.peek() != ';' {
		return r.fail(r.pos, ErrSyntax, "want ';' to start a node")
	}
	for r.peek() == ';' {
		r.pos++
		n, err := r.node()
		if err != nil {
			return err
		}
		if main {
			*nodes = append(*nodes, n)
		}
	}
	first := true
	for r.peek() == '(' {
		if err := r.tree(nodes, main && first, depth+1); err != nil {
			return err
		}
		first = false
	}
	if r.peek() != ')' {
		return r.fail(r.pos, ErrSyntax, "want ')' to close the game tree")
	}
	r.pos++
	return nil
}

// node reads a node's properties, after its ';'.
func (r *sgfReader) node() (sgfNode, error) {
	var n sgfNode
	for {
		c := r.peek()
		if c < 'A' || c > 'Z' {
			return n, nil
		}
		start := r.pos
		for r.pos < len(r.text) && r.text[r.pos] >= 'A' && r.text[r.pos] <= 'Z' {
			r.pos++
		}
		p := Property{ID: r.text[start:r.pos]}
		n.at = append(n.at, start)
		for r.peek() == '[' {
			v, err := r.value()
			if err != nil {
				return sgfNode{}, err
			}
			p.Values = append(p.Values, v)
		}
		if len(p.Values) == 0 {
			return sgfNode{}, r.fail(r.pos, ErrSyntax, fmt.Sprintf("property %s has no [value]", p.ID))
		}
		n.props = append(n.props, p)
	}
}

// value reads a bracketed value, undoing the escapes: a backslash keeps
// the next character, and a backslash before a line break removes both.
func (r *sgfReader) value() (string, error) {
	open := r.pos
	r.pos++
	var sb strings.Builder
	for r.pos < len(r.text) {
		c := r.text[r.pos]
		switch {
		case c == ']':
			r.pos++
			return sb.String(), nil
		case c == '\\' && r.pos+1 < len(r.text):
			r.pos++
			switch {
			case strings.HasPrefix(r.text[r.pos:], "\r\n"):
				r.pos += 2
			case r.text[r.pos] == '\n' || r.text[r.pos] == '\r':
				r.pos++
			default:
				sb.WriteByte(r.text[r.pos])
				r.pos++
			}
		default:
			sb.WriteByte(c)
			r.pos++
		}
	}
	return "", r.fail(open, ErrSyntax, "value not closed by ']'")
}

// ParseSGF reads a Gomoku SGF record (GM[4]), the first game of the
// collection, following the main line where it branches. Errors are
// [*SyntaxError]s naming the line and byte.
func ParseSGF(text string) (*Record, error) {
	r := &sgfReader{text: text}
	if r.peek() == 0 {
		return nil, &SyntaxError{Format: SGF, Line: 1, Err: ErrEmpty, Detail: "empty file, want an SGF game tree \"(;GM[4]...)\""}
	}
	var nodes []sgfNode
	if err := r.tree(&nodes, true, 0); err != nil {
		return nil, err
	}
	rec := &Record{}
	if err := r.root(rec, nodes[0]); err != nil {
		return nil, err
	}
	seen := make(map[[2]int]bool)
	for _, n := range nodes {
		if err := r.moveNode(rec, n, seen); err != nil {
			return nil, err
		}
	}
	return rec, nil
}

// root reads the game information of the root node.
func (r *sgfReader) root(rec *Record, n sgfNode) error {
	var black, white *string
	for i, p := range n.props {
		fail := func(detail string) error { return r.fail(n.at[i], ErrSyntax, detail) }
		v := p.Values[0]
		switch p.ID {
		case "GM":
			if v != sgfGomoku {
				return fail(fmt.Sprintf("GM[%s] is not Gomoku, want GM[4]", v))
			}
		case "FF":
		case "SZ":
			cols, rows, ok := strings.Cut(v, ":")
			if !ok {
				rows = cols
			}
			c, err1 := strconv.Atoi(cols)
			rw, err2 := strconv.Atoi(rows)
			if err1 != nil || err2 != nil || c < 1 || rw < 1 || c > MaxSGFSide || rw > MaxSGFSide {
				return fail(fmt.Sprintf("SZ[%s] is not a board size 1..%d (or columns:rows)", v, MaxSGFSide))
			}
			rec.Rows, rec.Cols = rw, c
		case "RU":
			rule, ok := sgfRules[strings.ToLower(strings.TrimSpace(v))]
			if !ok {
				return fail(fmt.Sprintf("RU[%s] is not a rule this engine plays: 0 (freestyle), 1 (exact five) or 4 (renju)", v))
			}
			rec.Rule, rec.HasRule = rule, true
		case "PB":
			black = &n.props[i].Values[0]
		case "PW":
			white = &n.props[i].Values[0]
		case "B", "W", "C":
		case "AB", "AW", "AE":
			return fail(fmt.Sprintf("%s (stones set up before the game) cannot be held: a record is a sequence of moves", p.ID))
		default:
			rec.Info = append(rec.Info, p)
		}
	}
	if black != nil || white != nil {
		rec.Names = make([]string, 2)
		if black != nil {
			rec.Names[0] = *black
		}
		if white != nil {
			rec.Names[1] = *white
		}
	}
	return nil
}

// moveNode reads a node's move, if it has one, with the time a C[123ms]
// comment gives it.
func (r *sgfReader) moveNode(rec *Record, n sgfNode, seen map[[2]int]bool) error {
	var m *Move
	for i, p := range n.props {
		if p.ID != "B" && p.ID != "W" {
			continue
		}
		fail := func(err error, detail string) error { return r.fail(n.at[i], err, detail) }
		num := len(rec.Moves) + 1
		if m != nil {
			return fail(ErrSyntax, fmt.Sprintf("move %d: two moves in one node", num))
		}
		if want := "BW"[Player(len(rec.Moves))-1 : Player(len(rec.Moves))]; p.ID != want {
			return fail(ErrSyntax, fmt.Sprintf("move %d is %s's, want %s's: moves alternate, black first", num, p.ID, want))
		}
		v := p.Values[0]
		col, ok1 := sgfCoord(v, 0)
		row, ok2 := sgfCoord(v, 1)
		if len(v) != 2 || !ok1 || !ok2 {
			return fail(ErrSyntax, fmt.Sprintf("move %d: %s[%s] is not a cell (two letters, column then row) and a pass cannot be recorded", num, p.ID, v))
		}
		if rec.Bounded() && (row >= rec.Rows || col >= rec.Cols) {
			return fail(engine.ErrOffBoard, fmt.Sprintf("move %d: %s[%s] is off the %dx%d board", num, p.ID, v, rec.Cols, rec.Rows))
		}
		if seen[[2]int{row, col}] {
			return fail(engine.ErrOccupied, fmt.Sprintf("move %d: %s[%s] is on a cell already played", num, p.ID, v))
		}
		seen[[2]int{row, col}] = true
		m = &Move{Row: row, Col: col}
	}
	if m == nil {
		return nil
	}
	for _, p := range n.props {
		if ms, ok := strings.CutSuffix(p.Values[0], "ms"); p.ID == "C" && ok && isDigits(ms) {
			if t, err := strconv.Atoi(ms); err == nil {
				m.TimeMS = t
			}
		}
	}
	rec.Moves = append(rec.Moves, *m)
	return nil
}

// sgfCoord reads the i-th letter of v as a coordinate: a..z are 0..25,
// A..Z 26..51.
func sgfCoord(v string, i int) (int, bool) {
	if i >= len(v) {
		return 0, false
	}
	switch c := v[i]; {
	case c >= 'a' && c <= 'z':
		return int(c - 'a'), true
	case c >= 'A' && c <= 'Z':
		return int(c-'A') + 26, true
	}
	return 0, false
}

func sgfLetter(n int) byte {
	if n < 26 {
		return byte('a' + n)
	}
	return byte('A' + n - 26)
}

func isDigits(s string) bool {
	if s == "" || len(s) > 9 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// WriteSGF writes rec as a Gomoku SGF record, as c-gomoku-cli does:
// FF[4]GM[4], the board size, the rule as the Gomocup's number (RU[0]
// freestyle, RU[1] exact five, RU[4] renju), the players, the other root
// properties, then one node per move with its time as C[123ms]. A record
// without a size (a move string) is written without SZ; its moves must
// then lie in the 52 × 52 cells SGF coordinates reach.
func WriteSGF(w io.Writer, rec *Record) error {
	if err := checkSGF(rec); err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	bw.WriteString("(;FF[4]GM[4]")
	switch {
	case rec.Bounded() && rec.Rows == rec.Cols:
		fmt.Fprintf(bw, "SZ[%d]", rec.Cols)
	case rec.Bounded():
		fmt.Fprintf(bw, "SZ[%d:%d]", rec.Cols, rec.Rows)
	}
	if rec.HasRule {
		fmt.Fprintf(bw, "RU[%d]", sgfRuleCodes[rec.Rule])
	}
	if len(rec.Names) == 2 {
		fmt.Fprintf(bw, "PB[%s]PW[%s]", sgfEscape(rec.Names[0]), sgfEscape(rec.Names[1]))
	}
	for _, p := range rec.Info {
		bw.WriteString(p.ID)
		for _, v := range p.Values {
			fmt.Fprintf(bw, "[%s]", sgfEscape(v))
		}
	}
	for i, m := range rec.Moves {
		if i%8 == 0 {
			bw.WriteByte('\n')
		}
		fmt.Fprintf(bw, ";%c[%c%c]", "BW"[i%2], sgfLetter(m.Col), sgfLetter(m.Row))
		if m.TimeMS > 0 {
			fmt.Fprintf(bw, "C[%dms]", m.TimeMS)
		}
	}
	bw.WriteString(")\n")
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("record: writing sgf: %w", err)
	}
	return nil
}

// FormatSGF returns rec as SGF text.
func FormatSGF(rec *Record) (string, error) { return formatWith(WriteSGF, rec) }

func sgfEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `]`, `\]`).Replace(s)
}

// checkSGF explains why rec cannot be written as SGF that reads back the
// same, or returns nil.
func checkSGF(rec *Record) error {
	if rec.Rows < 0 || rec.Cols < 0 || rec.Rows > MaxSGFSide || rec.Cols > MaxSGFSide || (rec.Rows == 0) != (rec.Cols == 0) {
		return fmt.Errorf("%w: SGF boards have sides 1..%d, the record has %dx%d", ErrUnsupported, MaxSGFSide, rec.Cols, rec.Rows)
	}
	if _, ok := sgfRuleCodes[rec.Rule]; rec.HasRule && !ok {
		return fmt.Errorf("%w: rule %v", ErrUnsupported, rec.Rule)
	}
	seen := make(map[[2]int]bool, len(rec.Moves))
	for i, m := range rec.Moves {
		switch {
		case rec.Bounded() && (m.Row < 0 || m.Row >= rec.Rows || m.Col < 0 || m.Col >= rec.Cols):
			return fmt.Errorf("%w: move %d (row %d, col %d) is off the %dx%d board", engine.ErrOffBoard, i+1, m.Row, m.Col, rec.Cols, rec.Rows)
		case m.Row < 0 || m.Col < 0 || m.Row >= MaxSGFSide || m.Col >= MaxSGFSide:
			return fmt.Errorf("%w: move %d (row %d, col %d) is beyond the %d × %d cells SGF coordinates reach", ErrUnsupported, i+1, m.Row, m.Col, MaxSGFSide, MaxSGFSide)
		case seen[[2]int{m.Row, m.Col}]:
			return fmt.Errorf("%w: move %d (row %d, col %d)", engine.ErrOccupied, i+1, m.Row, m.Col)
		case m.TimeMS < 0:
			return fmt.Errorf("%w: move %d has a negative time", ErrUnsupported, i+1)
		}
		seen[[2]int{m.Row, m.Col}] = true
	}
	if len(rec.Names) != 0 && len(rec.Names) != 2 {
		return fmt.Errorf("%w: SGF holds two names (PB and PW), the record has %d", ErrUnsupported, len(rec.Names))
	}
	for _, p := range rec.Info {
		if p.ID == "" || strings.Trim(p.ID, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") != "" || sgfOwn[p.ID] || p.ID == "AB" || p.ID == "AW" || p.ID == "AE" || len(p.Values) == 0 {
			return fmt.Errorf("%w: root property %q would not read back as itself", ErrUnsupported, p.ID)
		}
	}
	return nil
}
