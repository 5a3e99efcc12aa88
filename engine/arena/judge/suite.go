package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/gomocup"
	"github.com/gomoku-engine/gomoku/engine/record"
)

// errSuite: a suite file that does not parse or whose positions are
// impossible.
var errSuite = errors.New("judge: bad suite")

// maxLine bounds a suite line, so a corrupt file cannot make the reader
// hold it whole.
const maxLine = 1 << 20

// winScale is the judge's evaluation scale: Rapfi's win rate is
// 1/(1+e^(−eval/200)).
const winScale = 200

// label is the judge's evaluation of a move: of the position after it,
// for the side that played it.
type label struct {
	cell record.Move
	eval gomocup.Eval
}

// position is one suite entry: a game so far, the side to move next, and
// the judge's readings of it.
type position struct {
	moves  []record.Move
	rule   engine.Rule
	size   int
	nodes  int          // the judge's node budget for every reading here
	eval   gomocup.Eval // the judge's evaluation before the move
	best   record.Move
	labels []label // sorted by cell; always holds best
	source string  // where the position comes from: match folder/game@ply
}

// suite is a suite file: its leading comment lines, kept when the file is
// written again, and its positions in order.
type suite struct {
	header    []string
	positions []position
}

// cellName writes a cell as a move string does ("h8").
func cellName(m record.Move) string {
	s, err := record.FormatMoveString([]record.Move{m})
	if err != nil {
		return fmt.Sprintf("(%d,%d)", m.Row, m.Col)
	}
	return s
}

// parseCell reads one cell of a move string.
func parseCell(s string) (record.Move, error) {
	rec, err := record.ParseMoveString(s)
	if err != nil {
		return record.Move{}, err
	}
	if len(rec.Moves) != 1 || strings.ContainsAny(s, " \t\r\n") {
		return record.Move{}, fmt.Errorf("%q is not one cell", s)
	}
	return rec.Moves[0], nil
}

// labelOf is the label of a cell.
func (p *position) labelOf(m record.Move) (gomocup.Eval, bool) {
	i, ok := slices.BinarySearchFunc(p.labels, m, compareCell)
	if !ok {
		return gomocup.Eval{}, false
	}
	return p.labels[i].eval, true
}

// setLabel adds or replaces the label of a cell, keeping labels sorted.
func (p *position) setLabel(m record.Move, e gomocup.Eval) {
	i, ok := slices.BinarySearchFunc(p.labels, m, compareCell)
	if ok {
		p.labels[i].eval = e
		return
	}
	p.labels = slices.Insert(p.labels, i, label{cell: m, eval: e})
}

func compareCell(l label, m record.Move) int {
	if l.cell.Col != m.Col {
		return l.cell.Col - m.Col
	}
	return l.cell.Row - m.Row
}

// occupied says whether a stone stands on cell m.
func (p *position) occupied(m record.Move) bool {
	for _, s := range p.moves {
		if s.Row == m.Row && s.Col == m.Col {
			return true
		}
	}
	return false
}

// onBoard says whether m is a cell of the board.
func (p *position) onBoard(m record.Move) bool {
	return m.Row >= 0 && m.Col >= 0 && m.Row < p.size && m.Col < p.size
}

// playable checks that m is an empty cell of the board.
func (p *position) playable(m record.Move) error {
	switch {
	case !p.onBoard(m):
		return fmt.Errorf("%s is off the %d×%d board", cellName(m), p.size, p.size)
	case p.occupied(m):
		return fmt.Errorf("%s is taken", cellName(m))
	}
	return nil
}

// String is the position's suite line.
func (p *position) String() string {
	ms, err := record.FormatMoveString(p.moves)
	if err != nil {
		ms = "?"
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s rule=%v size=%d nodes=%d eval=%v best=%s moves=", ms, p.rule, p.size, p.nodes, p.eval, cellName(p.best))
	for i, l := range p.labels {
		if i > 0 {
			sb.WriteByte(',')
		}
		fmt.Fprintf(&sb, "%s:%v", cellName(l.cell), l.eval)
	}
	if p.source != "" {
		fmt.Fprintf(&sb, " source=%s", p.source)
	}
	return sb.String()
}

// parseSuite reads a suite file. Errors name the line.
func parseSuite(r io.Reader) (*suite, error) {
	s := &suite{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxLine)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			if len(s.positions) == 0 && line != "" {
				s.header = append(s.header, line)
			}
			continue
		}
		p, err := parsePosition(line)
		if err != nil {
			return nil, fmt.Errorf("%w: line %d: %w", errSuite, n, err)
		}
		s.positions = append(s.positions, p)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%w: %w", errSuite, err)
	}
	return s, nil
}

// parsePosition reads one suite line.
func parsePosition(line string) (position, error) {
	fields := strings.Fields(line)
	rec, err := record.ParseMoveString(fields[0])
	if err != nil {
		return position{}, err
	}
	p := position{moves: rec.Moves}
	seen := map[string]bool{}
	var labels string
	for _, f := range fields[1:] {
		k, v, ok := strings.Cut(f, "=")
		if !ok || v == "" {
			return position{}, fmt.Errorf("%q: want key=value", f)
		}
		if seen[k] {
			return position{}, fmt.Errorf("%s given twice", k)
		}
		seen[k] = true
		switch k {
		case "rule":
			if p.rule, err = engine.ParseRule(v); err != nil || p.rule == engine.Renju {
				return position{}, fmt.Errorf("rule=%s: want freestyle or exact", v)
			}
		case "size", "nodes":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return position{}, fmt.Errorf("%s=%s: want a positive whole number", k, v)
			}
			if k == "size" {
				p.size = n
			} else {
				p.nodes = n
			}
		case "eval":
			var ok bool
			if p.eval, ok = gomocup.ParseEval(v); !ok {
				return position{}, fmt.Errorf("eval=%s: want a whole number or a mate (+M17, -M12)", v)
			}
		case "best":
			if p.best, err = parseCell(v); err != nil {
				return position{}, fmt.Errorf("best=%s: %w", v, err)
			}
		case "moves":
			labels = v
		case "source":
			p.source = v
		default:
			return position{}, fmt.Errorf("unknown key %q", k)
		}
	}
	for _, k := range []string{"rule", "size", "nodes", "eval", "best", "moves"} {
		if !seen[k] {
			return position{}, fmt.Errorf("no %s=", k)
		}
	}
	if p.size < 5 || p.size > record.MaxMoveStringCols {
		return position{}, fmt.Errorf("size=%d: want 5 to %d", p.size, record.MaxMoveStringCols)
	}
	for _, m := range p.moves {
		if !p.onBoard(m) {
			return position{}, fmt.Errorf("stone %s is off the %d×%d board", cellName(m), p.size, p.size)
		}
	}
	if len(p.moves) >= p.size*p.size {
		return position{}, fmt.Errorf("the board is full")
	}
	if err := p.playable(p.best); err != nil {
		return position{}, fmt.Errorf("best=: %w", err)
	}
	for _, item := range strings.Split(labels, ",") {
		c, e, ok := strings.Cut(item, ":")
		if !ok {
			return position{}, fmt.Errorf("moves=: %q: want CELL:EVAL", item)
		}
		m, err := parseCell(c)
		if err != nil {
			return position{}, fmt.Errorf("moves=: %w", err)
		}
		if err := p.playable(m); err != nil {
			return position{}, fmt.Errorf("moves=: %w", err)
		}
		ev, ok := gomocup.ParseEval(e)
		if !ok {
			return position{}, fmt.Errorf("moves=: %s:%s: want a whole number or a mate", c, e)
		}
		if _, dup := p.labelOf(m); dup {
			return position{}, fmt.Errorf("moves=: %s given twice", c)
		}
		p.setLabel(m, ev)
	}
	if _, ok := p.labelOf(p.best); !ok {
		return position{}, fmt.Errorf("moves= has no label for best=%s", cellName(p.best))
	}
	return p, nil
}

// write writes the suite: its header, then one position a line.
func (s *suite) write(w io.Writer) error {
	bw := bufio.NewWriter(w)
	for _, h := range s.header {
		fmt.Fprintln(bw, h)
	}
	for i := range s.positions {
		fmt.Fprintln(bw, s.positions[i].String())
	}
	return bw.Flush()
}
