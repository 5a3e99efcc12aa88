package gamecli

import (
	"errors"
	"fmt"
)

// Errors from ParseMoveLine; the replay command reports them with the line
// number.
var (
	errMalformed = errors.New("malformed line")
	ErrHuge      = errors.New("number too large")
)

// ParseMoveLine reads one line of a move list: "ROW COL", or "ROW COL
// PLAYER" when withPlayer, with fields separated by spaces, tabs or one
// comma (with optional spaces around it). skip is true for blank lines and
// lines whose first non-blank character is '#'. It does not allocate: the
// replay command calls it a million times a second.
func ParseMoveLine(line []byte, withPlayer bool) (nums [3]int, skip bool, err error) {
	want := 2
	if withPlayer {
		want = 3
	}
	i := skipBlanks(line, 0)
	if i == len(line) || line[i] == '#' {
		return nums, true, nil
	}
	n := 0
	for {
		if n == 3 {
			return nums, false, fieldCountError(line, want)
		}
		v, next, err := parseInt(line, i)
		if err != nil {
			return nums, false, err
		}
		nums[n] = v
		n++
		i = skipBlanks(line, next)
		if i == len(line) {
			break
		}
		if line[i] == ',' {
			i = skipBlanks(line, i+1)
			if i == len(line) {
				return nums, false, fmt.Errorf("%w: nothing after the comma", errMalformed)
			}
		} else if i == next {
			// A number must be followed by a separator, e.g. not "3x".
			return nums, false, fmt.Errorf("%w: unexpected %q", errMalformed, line[i])
		}
	}
	if n != want {
		return nums, false, fieldCountError(line, want)
	}
	return nums, false, nil
}

func fieldCountError(line []byte, want int) error {
	if want == 2 {
		return fmt.Errorf("%w: want ROW COL (moves that name their player, ROW COL PLAYER, need --free-order)", errMalformed)
	}
	return fmt.Errorf("%w: want ROW COL PLAYER (with --free-order every move names its player)", errMalformed)
}

// skipBlanks returns the index of the first byte at or after i that is not
// a space, a tab or a carriage return (for files with CRLF line ends).
func skipBlanks(line []byte, i int) int {
	for i < len(line) && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r') {
		i++
	}
	return i
}

// maxLiteral bounds the numbers parseInt accepts; anything this large is
// out of range for the engine anyway, which reports it precisely.
const maxLiteral = 1 << 53

// parseInt reads an optionally signed decimal integer starting at i and
// returns it with the index after it.
func parseInt(line []byte, i int) (int, int, error) {
	start := i
	neg := false
	if i < len(line) && (line[i] == '-' || line[i] == '+') {
		neg = line[i] == '-'
		i++
	}
	digits := i
	v := 0
	for i < len(line) && line[i] >= '0' && line[i] <= '9' {
		v = v*10 + int(line[i]-'0')
		if v > maxLiteral {
			end := i
			for end < len(line) && line[end] >= '0' && line[end] <= '9' {
				end++
			}
			return 0, 0, fmt.Errorf("%w: %s", ErrHuge, line[start:end])
		}
		i++
	}
	if i == digits {
		if i < len(line) && i == start {
			return 0, 0, fmt.Errorf("%w: want a number, got %q", errMalformed, line[i])
		}
		return 0, 0, fmt.Errorf("%w: a sign without a number", errMalformed)
	}
	if neg {
		v = -v
	}
	return v, i, nil
}
