package pbrain

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// kind is a manager command.
type kind uint8

const (
	cmdUnknown kind = iota
	cmdStart
	cmdRectStart
	cmdRestart
	cmdBegin
	cmdTurn
	cmdBoard
	cmdDone
	cmdInfo
	cmdTakeback
	cmdPlay
	cmdEnd
	cmdAbout
	cmdSwap2Board
)

var kindNames = [...]string{
	cmdUnknown: "UNKNOWN", cmdStart: "START", cmdRectStart: "RECTSTART", cmdRestart: "RESTART",
	cmdBegin: "BEGIN", cmdTurn: "TURN", cmdBoard: "BOARD", cmdDone: "DONE", cmdInfo: "INFO",
	cmdTakeback: "TAKEBACK", cmdPlay: "PLAY", cmdEnd: "END", cmdAbout: "ABOUT", cmdSwap2Board: "SWAP2BOARD",
}

func (k kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// command is one parsed manager line.
type command struct {
	kind kind
	word string // the command word as sent, for UNKNOWN replies
	x, y int    // START size in x (and y); RECTSTART, TURN, TAKEBACK, PLAY
	key  string // INFO key, lower case
	val  string // INFO value
}

// errMalformed marks a known command with bad arguments: the reply is ERROR.
var errMalformed = errors.New("pbrain: malformed command")

// maxCoord bounds every number read from the manager, so that arithmetic on
// coordinates and sizes cannot overflow.
const maxCoord = 1 << 30

// parseCommand reads one non-empty line. Command words are case-insensitive
// (Piskvork's own example brain compares them so); arguments follow one or
// more spaces. An unknown word gives kind cmdUnknown and no error; a known
// word with bad arguments gives an error wrapping errMalformed.
func parseCommand(line string) (command, error) {
	line = strings.TrimSpace(line)
	word, rest, _ := strings.Cut(line, " ")
	rest = strings.TrimSpace(rest)
	c := command{word: word}
	for k, name := range kindNames {
		if k != int(cmdUnknown) && strings.EqualFold(word, name) {
			c.kind = kind(k)
			break
		}
	}
	noArgs := func() error {
		if rest != "" {
			return fmt.Errorf("%w: %s takes no arguments, got %q", errMalformed, c.kind, rest)
		}
		return nil
	}
	var err error
	switch c.kind {
	case cmdUnknown:
	case cmdStart:
		c.x, err = parseNumber(rest)
		c.y = c.x
		if err != nil {
			err = fmt.Errorf("%w: START wants a board size, e.g. START 20: %w", errMalformed, err)
		}
	case cmdRectStart:
		c.x, c.y, err = parsePair(rest)
		if err != nil {
			err = fmt.Errorf("%w: RECTSTART wants width,height, e.g. RECTSTART 30,20: %w", errMalformed, err)
		}
	case cmdTurn, cmdTakeback, cmdPlay:
		c.x, c.y, err = parsePair(rest)
		if err != nil {
			err = fmt.Errorf("%w: %s wants x,y, e.g. %s 10,10: %w", errMalformed, c.kind, c.kind, err)
		}
	case cmdInfo:
		key, val, _ := strings.Cut(rest, " ")
		c.key, c.val = strings.ToLower(key), strings.TrimSpace(val)
		if c.key == "" {
			err = fmt.Errorf("%w: INFO wants a key and a value", errMalformed)
		}
	default: // RESTART, BEGIN, BOARD, DONE, END, ABOUT, SWAP2BOARD
		err = noArgs()
	}
	return c, err
}

// parseNumber reads a non-negative decimal number no larger than maxCoord.
func parseNumber(s string) (int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, errors.New("missing number")
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return 0, fmt.Errorf("%q is not a non-negative whole number", s)
		}
	}
	n, err := strconv.Atoi(s)
	if err != nil || n > maxCoord {
		return 0, fmt.Errorf("%q is too large", s)
	}
	return n, nil
}

// parsePair reads "a,b" (spaces around either number are allowed).
func parsePair(s string) (int, int, error) {
	a, b, ok := strings.Cut(s, ",")
	if !ok {
		return 0, 0, fmt.Errorf("want two comma-separated numbers, got %q", s)
	}
	x, err := parseNumber(a)
	if err != nil {
		return 0, 0, err
	}
	y, err := parseNumber(b)
	if err != nil {
		return 0, 0, err
	}
	return x, y, nil
}

// field is the third number of a BOARD line.
type field uint8

const (
	fieldOwn field = 1 // the brain's stone
	fieldOpp field = 2 // the opponent's stone
	// fieldDead is a stone of a completed winning line, or a forbidden
	// point under renju, in a continuous game: occupied, owned by nobody.
	fieldDead field = 3
)

// parseBoardLine reads "x,y,field" inside BOARD ... DONE.
func parseBoardLine(line string) (x, y int, f field, err error) {
	parts := strings.Split(strings.TrimSpace(line), ",")
	if len(parts) != 3 {
		return 0, 0, 0, fmt.Errorf("%w: a BOARD line is x,y,field, got %q", errMalformed, line)
	}
	if x, err = parseNumber(parts[0]); err == nil {
		if y, err = parseNumber(parts[1]); err == nil {
			var n int
			if n, err = parseNumber(parts[2]); err == nil && (n < 1 || n > 3) {
				err = fmt.Errorf("field must be 1 (own), 2 (opponent) or 3 (winning line), got %d", n)
			}
			f = field(n)
		}
	}
	if err != nil {
		return 0, 0, 0, fmt.Errorf("%w: BOARD line %q: %w", errMalformed, line, err)
	}
	return x, y, f, nil
}
