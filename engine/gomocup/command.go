package gomocup

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Kind is the word of a manager's command.
type Kind uint8

// The manager's commands. CmdUnknown is any word the protocol does not
// define; the brain answers it with UNKNOWN.
const (
	CmdUnknown Kind = iota
	CmdStart
	CmdRectStart
	CmdRestart
	CmdBegin
	CmdTurn
	CmdBoard
	CmdDone
	CmdInfo
	CmdTakeback
	CmdPlay
	CmdEnd
	CmdAbout
	CmdSwap2Board
	// The Yixin-board extensions renju GUIs send (Yixin, Rapfi).
	CmdYxBoard      // YXBOARD: stones up to DONE, as BOARD, without thinking
	CmdYxShowForbid // YXSHOWFORBID: list black's forbidden cells
	CmdYxHashClear  // YXHASHCLEAR: forget what the search learnt
	CmdYxNBest      // YXNBEST n: think, reporting the n best moves
)

var kindNames = [...]string{
	CmdUnknown: "UNKNOWN", CmdStart: "START", CmdRectStart: "RECTSTART", CmdRestart: "RESTART",
	CmdBegin: "BEGIN", CmdTurn: "TURN", CmdBoard: "BOARD", CmdDone: "DONE", CmdInfo: "INFO",
	CmdTakeback: "TAKEBACK", CmdPlay: "PLAY", CmdEnd: "END", CmdAbout: "ABOUT", CmdSwap2Board: "SWAP2BOARD",
	CmdYxBoard: "YXBOARD", CmdYxShowForbid: "YXSHOWFORBID", CmdYxHashClear: "YXHASHCLEAR", CmdYxNBest: "YXNBEST",
}

// String is the command word as the protocol spells it.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Command is one line the manager sends outside BOARD ... DONE.
type Command struct {
	Kind Kind
	// Word is the command word as sent, for the UNKNOWN answer.
	Word string
	// X and Y are the size of START (both the same), the width and height
	// of RECTSTART, or the cell of TURN, TAKEBACK and PLAY: X the column,
	// Y the row, 0-based. X is the number of moves of YXNBEST.
	X, Y int
	// Key (lower case) and Value are the two halves of INFO.
	Key, Value string
}

// ErrMalformed marks a known command, a BOARD line or a number that does
// not read as the protocol says: the brain answers ERROR.
var ErrMalformed = errors.New("gomocup: malformed command")

// maxCoord bounds every number read, so that arithmetic on coordinates and
// sizes cannot overflow.
const maxCoord = 1 << 30

// IsYixin reports whether word names a Yixin-board extension (YX…), which a
// brain that does not know it answers with ERROR rather than UNKNOWN, as
// Yixin and Rapfi do.
func IsYixin(word string) bool {
	return len(word) >= 2 && strings.EqualFold(word[:2], "YX")
}

// ParseCommand reads one line from the manager. Command words are
// case-insensitive (Piskvork's own example brain compares them so);
// arguments follow one or more spaces. An unknown word gives CmdUnknown
// and no error; a known word with bad arguments gives an error wrapping
// [ErrMalformed], with the Kind set.
func ParseCommand(line string) (Command, error) {
	line = strings.TrimSpace(line)
	word, rest, _ := strings.Cut(line, " ")
	rest = strings.TrimSpace(rest)
	c := Command{Word: word}
	for k, name := range kindNames {
		if k != int(CmdUnknown) && strings.EqualFold(word, name) {
			c.Kind = Kind(k)
			break
		}
	}
	var err error
	switch c.Kind {
	case CmdUnknown:
	case CmdStart:
		c.X, err = parseNumber(rest)
		c.Y = c.X
		if err != nil {
			err = fmt.Errorf("%w: START wants a board size, e.g. START 20: %w", ErrMalformed, err)
		}
	case CmdRectStart:
		c.X, c.Y, err = parsePair(rest)
		if err != nil {
			err = fmt.Errorf("%w: RECTSTART wants width,height, e.g. RECTSTART 30,20: %w", ErrMalformed, err)
		}
	case CmdTurn, CmdTakeback, CmdPlay:
		c.X, c.Y, err = parsePair(rest)
		if err != nil {
			err = fmt.Errorf("%w: %s wants x,y, e.g. %s 10,10: %w", ErrMalformed, c.Kind, c.Kind, err)
		}
	case CmdYxNBest:
		c.X, err = parseNumber(rest)
		if err == nil && c.X < 1 {
			err = errors.New("want at least 1")
		}
		if err != nil {
			err = fmt.Errorf("%w: YXNBEST wants a number of moves, e.g. YXNBEST 3: %w", ErrMalformed, err)
		}
	case CmdInfo:
		key, val, _ := strings.Cut(rest, " ")
		c.Key, c.Value = strings.ToLower(key), strings.TrimSpace(val)
		if c.Key == "" {
			err = fmt.Errorf("%w: INFO wants a key and a value", ErrMalformed)
		}
	default: // RESTART, BEGIN, BOARD, DONE, END, ABOUT, SWAP2BOARD, the other YX commands
		if rest != "" {
			err = fmt.Errorf("%w: %s takes no arguments, got %q", ErrMalformed, c.Kind, rest)
		}
	}
	return c, err
}

// String is the command as the manager sends it: "START 20",
// "RECTSTART 30,20", "TURN 10,10", "INFO rule 1", "BEGIN". A CmdUnknown
// command is its Word.
func (c Command) String() string {
	switch c.Kind {
	case CmdUnknown:
		return c.Word
	case CmdStart:
		return "START " + strconv.Itoa(c.X)
	case CmdYxNBest:
		return "YXNBEST " + strconv.Itoa(c.X)
	case CmdRectStart, CmdTurn, CmdTakeback, CmdPlay:
		return c.Kind.String() + " " + Point(c.X, c.Y)
	case CmdInfo:
		return "INFO " + c.Key + " " + c.Value
	}
	return c.Kind.String()
}

// The INFO keys of the protocol.
const (
	InfoTimeoutTurn  = "timeout_turn"  // milliseconds per move, 0: as fast as possible
	InfoTimeoutMatch = "timeout_match" // milliseconds per game, 0: no limit
	InfoTimeLeft     = "time_left"     // milliseconds left in the game; may be negative
	InfoMaxMemory    = "max_memory"    // bytes, 0: no limit
	InfoGameType     = "game_type"     // 0 human, 1 brain, 2 tournament, 3 network tournament
	InfoRule         = "rule"          // a bit mask of the Rule* bits
	InfoEvaluate     = "evaluate"      // x,y of the cell under the mouse, for debugging
	InfoFolder       = "folder"        // a folder the brain may keep files in
	// InfoMaxNode is Rapfi's extension: stop thinking after this many
	// nodes, so that a reading does not depend on the machine's load.
	InfoMaxNode = "max_node"
	// InfoThreadNum is Yixin-Board's extension, which Rapfi reads too:
	// how many threads the brain may think on.
	InfoThreadNum = "thread_num"
)

// Bits of INFO rule. No bit set is freestyle: five or more in a row win.
const (
	RuleExact      = 1 // exactly five in a row win
	RuleContinuous = 2 // the game goes on after a five
	RuleRenju      = 4
	RuleCaro       = 8
)

// Info is the command INFO key value for a numeric value.
func Info(key string, value int64) Command {
	return Command{Kind: CmdInfo, Key: key, Value: strconv.FormatInt(value, 10)}
}

// ParseInfoValue reads the value of a numeric INFO key as a whole number:
// milliseconds, bytes or the rule mask. Only time_left may be negative (a
// brain that overran its clock).
func ParseInfoValue(key, value string) (int64, error) {
	digits, neg := value, false
	if key == InfoTimeLeft {
		digits, neg = strings.CutPrefix(value, "-")
	}
	n, err := parseNumber(digits)
	if err != nil {
		return 0, err
	}
	if neg {
		n = -n
	}
	return int64(n), nil
}

// parseNumber reads a non-negative decimal number no larger than maxCoord,
// with spaces around it.
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
