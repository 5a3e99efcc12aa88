package gomocup

import (
	"fmt"
	"strconv"
	"strings"
)

// Field is the third number of a BOARD line: whose stone it is.
type Field uint8

// The fields of a BOARD line, as seen by the brain that receives it.
const (
	FieldOwn      Field = 1 // the brain's stone
	FieldOpponent Field = 2 // the opponent's stone
	// FieldDead is a stone of a completed winning line in a continuous
	// game (or a forbidden point under renju): occupied, owned by nobody.
	FieldDead Field = 3
)

func (f Field) String() string {
	switch f {
	case FieldOwn:
		return "own"
	case FieldOpponent:
		return "opponent"
	case FieldDead:
		return "dead"
	}
	return fmt.Sprintf("Field(%d)", uint8(f))
}

// Stone is one line between BOARD and DONE: "x,y,field".
type Stone struct {
	X, Y  int
	Field Field
}

// String is the BOARD line of the stone.
func (s Stone) String() string {
	return Point(s.X, s.Y) + "," + strconv.Itoa(int(s.Field))
}

// ParseStone reads a BOARD line "x,y,field". Errors wrap [ErrMalformed].
func ParseStone(line string) (Stone, error) {
	parts := strings.Split(strings.TrimSpace(line), ",")
	if len(parts) != 3 {
		return Stone{}, fmt.Errorf("%w: a BOARD line is x,y,field, got %q", ErrMalformed, line)
	}
	x, err := parseNumber(parts[0])
	var y, n int
	if err == nil {
		y, err = parseNumber(parts[1])
	}
	if err == nil {
		if n, err = parseNumber(parts[2]); err == nil && (n < 1 || n > 3) {
			err = fmt.Errorf("field must be 1 (own), 2 (opponent) or 3 (winning line), got %d", n)
		}
	}
	if err != nil {
		return Stone{}, fmt.Errorf("%w: BOARD line %q: %w", ErrMalformed, line, err)
	}
	return Stone{X: x, Y: y, Field: Field(n)}, nil
}

// Point is the protocol's cell "x,y": x the column, y the row, 0-based.
func Point(x, y int) string {
	return strconv.Itoa(x) + "," + strconv.Itoa(y)
}

// ParsePoint reads "x,y", the cell of a SWAP2BOARD line; spaces around
// either number are allowed. Errors wrap [ErrMalformed].
func ParsePoint(s string) (x, y int, err error) {
	if strings.Count(s, ",") != 1 {
		return 0, 0, fmt.Errorf("%w: a cell is x,y, got %q", ErrMalformed, s)
	}
	x, y, err = parsePair(s)
	if err != nil {
		return 0, 0, fmt.Errorf("%w: %w", ErrMalformed, err)
	}
	return x, y, nil
}
