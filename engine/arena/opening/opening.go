package opening

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/record"
	"github.com/gomoku-engine/gomoku/sparse"
)

// Errors, wrapped with the file and line at fault.
var (
	// ErrSyntax: a line in no notation this package reads.
	ErrSyntax = errors.New("opening: syntax error")
	// ErrPlacement: an opening that does not fit the board or the rules.
	ErrPlacement = errors.New("opening: cannot be played")
	// ErrEmpty: a file without openings.
	ErrEmpty = errors.New("opening: no openings")
)

// Notation is how an opening was written.
type Notation uint8

const (
	// Offset: "x,y, x,y" from the board's centre.
	Offset Notation = iota
	// MoveString: "h8i9", from the top-left corner.
	MoveString
	// RowCol: "7 7 7 8", 0-based row and column pairs.
	RowCol
)

func (n Notation) String() string {
	switch n {
	case Offset:
		return "offset"
	case MoveString:
		return "move string"
	case RowCol:
		return "row col"
	}
	return fmt.Sprintf("Notation(%d)", uint8(n))
}

// maxLine bounds a line; an opening is a handful of moves.
const maxLine = 64 << 10

// maxCoord bounds every number read, well inside the engine's range.
const maxCoord = 1 << 30

// Opening is one position of a suite.
type Opening struct {
	// Source names where it came from, "file:line".
	Source   string
	Notation Notation
	// moves are (row, col): absolute for MoveString and RowCol, from the
	// centre for Offset.
	moves []sparse.Cell
}

// Len is the number of moves.
func (o Opening) Len() int { return len(o.moves) }

// Cells places the opening on a board of rows × cols; both 0 means an
// unbounded board, whose centre is taken to be (0, 0). Cells off a bounded
// board are an error wrapping ErrPlacement.
func (o Opening) Cells(rows, cols int) ([]sparse.Cell, error) {
	cells := make([]sparse.Cell, len(o.moves))
	for i, m := range o.moves {
		c := m
		if o.Notation == Offset {
			c = sparse.Cell{Row: m.Row + rows/2, Col: m.Col + cols/2}
		}
		if rows > 0 && (c.Row < 0 || c.Row >= rows || c.Col < 0 || c.Col >= cols) {
			return nil, fmt.Errorf("%w: %s: move %d is off the %d×%d board", ErrPlacement, o.Source, i+1, rows, cols)
		}
		cells[i] = c
	}
	return cells, nil
}

// Check places every opening on a new game of cfg and plays it out: each
// must fit the board, be legal and leave the game unfinished.
func Check(openings []Opening, cfg engine.Config) error {
	for _, o := range openings {
		cells, err := o.Cells(cfg.Rows, cfg.Cols)
		if err != nil {
			return err
		}
		g, err := engine.New(engine.WithConfig(cfg))
		if err != nil {
			return err
		}
		for i, c := range cells {
			if _, err := g.Play(c.Row, c.Col); err != nil {
				return fmt.Errorf("%w: %s: move %d: %w", ErrPlacement, o.Source, i+1, err)
			}
		}
		if g.Status() != engine.Ongoing {
			return fmt.Errorf("%w: %s: the game is over after the opening", ErrPlacement, o.Source)
		}
	}
	return nil
}

// Parse reads the openings of a suite; name is used in Source and errors.
func Parse(r io.Reader, name string) ([]Opening, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxLine)
	var out []Opening
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		o, err := parseLine(line)
		src := fmt.Sprintf("%s:%d", name, n)
		if err != nil {
			return nil, fmt.Errorf("%w: %s: %w", ErrSyntax, src, err)
		}
		o.Source = src
		out = append(out, o)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("%w: %s: a line is longer than %d bytes", ErrSyntax, name, maxLine)
		}
		return nil, fmt.Errorf("opening: reading %s: %w", name, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w: %s has none", ErrEmpty, name)
	}
	return out, nil
}

// Load reads the named suite files, in order.
func Load(paths ...string) ([]Opening, error) {
	var all []Opening
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return nil, fmt.Errorf("opening: %w", err)
		}
		got, err := Parse(f, p)
		f.Close()
		if err != nil {
			return nil, err
		}
		all = append(all, got...)
	}
	if len(all) == 0 {
		return nil, fmt.Errorf("%w: no files given", ErrEmpty)
	}
	return all, nil
}

func parseLine(line string) (Opening, error) {
	var o Opening
	var err error
	switch c := line[0]; {
	case strings.ContainsRune(line, ','):
		o.Notation = Offset
		o.moves, err = parseOffsets(line)
	case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		o.Notation = MoveString
		var rec *record.Record
		if rec, err = record.ParseMoveString(line); err == nil {
			for _, m := range rec.Moves {
				o.moves = append(o.moves, sparse.Cell{Row: m.Row, Col: m.Col})
			}
		}
	default:
		o.Notation = RowCol
		o.moves, err = parseRowCols(line)
	}
	if err == nil {
		err = distinct(o.moves)
	}
	return o, err
}

// parseOffsets reads "x,y, x,y": numbers separated by commas, every
// second one ending a move.
func parseOffsets(line string) ([]sparse.Cell, error) {
	fields := strings.Split(line, ",")
	if len(fields)%2 != 0 {
		return nil, fmt.Errorf("offsets come in x,y pairs, got %d numbers in %q", len(fields), line)
	}
	var cells []sparse.Cell
	for i := 0; i < len(fields); i += 2 {
		x, err := number(fields[i])
		if err != nil {
			return nil, err
		}
		y, err := number(fields[i+1])
		if err != nil {
			return nil, err
		}
		cells = append(cells, sparse.Cell{Row: y, Col: x})
	}
	return cells, nil
}

// parseRowCols reads "row col row col".
func parseRowCols(line string) ([]sparse.Cell, error) {
	fields := strings.Fields(line)
	if len(fields)%2 != 0 {
		return nil, fmt.Errorf("rows and columns come in pairs, got %d numbers in %q", len(fields), line)
	}
	var cells []sparse.Cell
	for i := 0; i < len(fields); i += 2 {
		r, err := number(fields[i])
		if err != nil {
			return nil, err
		}
		c, err := number(fields[i+1])
		if err != nil {
			return nil, err
		}
		cells = append(cells, sparse.Cell{Row: r, Col: c})
	}
	return cells, nil
}

func number(s string) (int, error) {
	s = strings.TrimSpace(s)
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("%q is not a whole number", s)
	}
	if n < -maxCoord || n > maxCoord {
		return 0, fmt.Errorf("%d is out of range (±%d)", n, maxCoord)
	}
	return n, nil
}

func distinct(cells []sparse.Cell) error {
	seen := make(map[sparse.Cell]int, len(cells))
	for i, c := range cells {
		if j, ok := seen[c]; ok {
			return fmt.Errorf("move %d is on the cell of move %d", i+1, j+1)
		}
		seen[c] = i
	}
	return nil
}
