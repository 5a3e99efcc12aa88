package gomocup

import (
	"fmt"
	"strings"
)

// AnswerKind tells what a line from the brain is.
type AnswerKind uint8

// The lines a brain writes.
const (
	// AnswerOther is anything else: garbage where a move or OK is due, or
	// an answer this package does not read, such as the three cells of
	// SWAP2BOARD or the fields of ABOUT.
	AnswerOther   AnswerKind = iota
	AnswerOK                 // "OK", to START, RECTSTART, RESTART and TAKEBACK
	AnswerMove               // "x,y"
	AnswerError              // "ERROR text": the command cannot be obeyed
	AnswerUnknown            // "UNKNOWN text": the command is not supported
	AnswerMessage            // "MESSAGE text", shown to the user, to be skipped
	AnswerDebug              // "DEBUG text", for the brain's author, to be skipped
)

var answerWords = [...]string{
	AnswerOther: "", AnswerOK: "OK", AnswerMove: "", AnswerError: "ERROR", AnswerUnknown: "UNKNOWN",
	AnswerMessage: "MESSAGE", AnswerDebug: "DEBUG",
}

func (k AnswerKind) String() string {
	switch k {
	case AnswerOther:
		return "other"
	case AnswerMove:
		return "move"
	}
	if int(k) < len(answerWords) {
		return answerWords[k]
	}
	return fmt.Sprintf("AnswerKind(%d)", uint8(k))
}

// Answer is one line the brain writes.
type Answer struct {
	Kind AnswerKind
	// X and Y are the cell of AnswerMove. The numbers may be negative or
	// off the board: the manager judges the move.
	X, Y int
	// Text is what follows the word of ERROR, UNKNOWN, MESSAGE and DEBUG;
	// the whole line for AnswerOther.
	Text string
}

// ParseAnswer classifies a line from the brain. Words are case-insensitive.
func ParseAnswer(line string) Answer {
	s := strings.TrimSpace(line)
	word, rest, _ := strings.Cut(s, " ")
	for k, w := range answerWords {
		if w != "" && strings.EqualFold(word, w) {
			return Answer{Kind: AnswerKind(k), Text: strings.TrimSpace(rest)}
		}
	}
	if a, b, ok := strings.Cut(s, ","); ok {
		x, errX := parseSigned(a)
		y, errY := parseSigned(b)
		if errX == nil && errY == nil {
			return Answer{Kind: AnswerMove, X: x, Y: y}
		}
	}
	return Answer{Kind: AnswerOther, Text: line}
}

// String is the line the brain writes. Line breaks inside Text are turned
// into spaces, so that an answer is always one line.
func (a Answer) String() string {
	switch a.Kind {
	case AnswerMove:
		return Point(a.X, a.Y)
	case AnswerOther:
		return oneLine(a.Text)
	case AnswerOK:
		if a.Text == "" {
			return "OK"
		}
	}
	return a.Kind.String() + " " + oneLine(a.Text)
}

// parseSigned reads a decimal number with an optional minus sign, no
// further from 0 than maxCoord.
func parseSigned(s string) (int, error) {
	digits, neg := strings.CutPrefix(strings.TrimSpace(s), "-")
	n, err := parseNumber(digits)
	if neg {
		n = -n
	}
	return n, err
}

// Forbid is the answer to YXSHOWFORBID: "FORBID ", then each cell as its
// x and its y, each in two digits at least, then ".": "FORBID 0707." for
// the cell 7,7, "FORBID ." for none. Cells are (x, y) pairs.
func Forbid(cells [][2]int) string {
	var b strings.Builder
	b.WriteString("FORBID ")
	for _, c := range cells {
		fmt.Fprintf(&b, "%02d%02d", c[0], c[1])
	}
	b.WriteByte('.')
	return b.String()
}

// ParseForbid reads an answer to YXSHOWFORBID on a board of at most 100
// cells a side (two digits per number). Errors wrap [ErrMalformed].
func ParseForbid(line string) ([][2]int, error) {
	body, ok := strings.CutPrefix(strings.TrimSpace(line), "FORBID")
	body = strings.TrimSpace(body)
	if !ok || !strings.HasSuffix(body, ".") {
		return nil, fmt.Errorf("%w: a FORBID answer is FORBID xxyy... ending in '.', got %q", ErrMalformed, line)
	}
	body = strings.TrimSuffix(body, ".")
	if len(body)%4 != 0 {
		return nil, fmt.Errorf("%w: FORBID cells are four digits each, got %q", ErrMalformed, line)
	}
	cells := make([][2]int, 0, len(body)/4)
	for i := 0; i < len(body); i += 4 {
		x, errX := parseNumber(body[i : i+2])
		y, errY := parseNumber(body[i+2 : i+4])
		if errX != nil || errY != nil {
			return nil, fmt.Errorf("%w: FORBID cell %q is not four digits", ErrMalformed, body[i:i+4])
		}
		cells = append(cells, [2]int{x, y})
	}
	return cells, nil
}
