package gomocup

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
)

// ErrLineTooLong is returned by [Reader.ReadLine] for a line longer than
// the reader's limit. The line has been read to its end; the next call
// reads the line after it.
var ErrLineTooLong = errors.New("gomocup: line too long")

// Reader reads protocol lines, either side's. A line ends at LF, CR or
// CR LF, as brains and managers on every system write them; empty lines
// are skipped.
type Reader struct {
	r       *bufio.Reader
	max     int
	buf     []byte
	afterCR bool // the last line ended at CR: an LF next ends nothing
}

// NewReader reads lines from r of at most maxLine bytes.
func NewReader(r io.Reader, maxLine int) *Reader {
	return &Reader{r: bufio.NewReader(r), max: maxLine}
}

// ReadLine returns the next non-empty line without its end. It returns as
// soon as the line's end arrives, never waiting for the byte after it. A
// line longer than the limit is read to its end and reported with
// [ErrLineTooLong]. At the end of the input it returns the last line if
// it has no end, then io.EOF; a read error is returned as it is.
func (r *Reader) ReadLine() (string, error) {
	r.buf = r.buf[:0]
	tooLong := false
	for {
		b, err := r.r.ReadByte()
		if err != nil {
			if len(r.buf) > 0 || tooLong {
				return r.done(tooLong)
			}
			return "", err
		}
		afterCR := r.afterCR
		r.afterCR = b == '\r'
		switch {
		case b == '\n' && afterCR:
		case b == '\n' || b == '\r':
			if len(r.buf) > 0 || tooLong {
				return r.done(tooLong)
			}
		case len(r.buf) < r.max:
			r.buf = append(r.buf, b)
		default:
			tooLong = true
		}
	}
}

func (r *Reader) done(tooLong bool) (string, error) {
	if tooLong {
		return "", fmt.Errorf("%w: over %d bytes", ErrLineTooLong, r.max)
	}
	return string(r.buf), nil
}

// WriteLines writes lines to w, each ended by LF, in one write. A line
// break inside a line becomes a space, as the protocol has one command or
// answer a line.
func WriteLines(w io.Writer, lines ...string) error {
	var sb strings.Builder
	for _, l := range lines {
		sb.WriteString(oneLine(l))
		sb.WriteByte('\n')
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

var lineBreaks = strings.NewReplacer("\r\n", " ", "\r", " ", "\n", " ")

// oneLine turns the line breaks in s into spaces.
func oneLine(s string) string { return lineBreaks.Replace(s) }
