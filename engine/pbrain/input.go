package pbrain

import (
	"bufio"
	"io"
	"time"
)

// maxLine is the longest line kept; the rest of a longer line is dropped and
// the line answered with ERROR. The spec lets managers cut long lines too;
// no valid command comes near this.
const maxLine = 4096

// inputLine is one line from the manager and when it arrived.
type inputLine struct {
	text    string
	at      time.Time
	tooLong bool
}

// readLines sends the manager's non-empty lines to out until the input ends
// or done closes, then closes out. A line ends at LF, CR or CR LF. The
// returned error is the read error other than io.EOF, valid after out is
// closed.
func readLines(in io.Reader, out chan<- inputLine, done <-chan struct{}, errp *error) {
	defer close(out)
	r := bufio.NewReader(in)
	buf := make([]byte, 0, 128)
	tooLong := false
	emit := func() bool {
		if len(buf) == 0 && !tooLong {
			return true
		}
		l := inputLine{text: string(buf), at: time.Now(), tooLong: tooLong}
		buf, tooLong = buf[:0], false
		select {
		case out <- l:
			return true
		case <-done:
			return false
		}
	}
	for {
		b, err := r.ReadByte()
		if err != nil {
			if err != io.EOF {
				*errp = err
			}
			emit()
			return
		}
		switch {
		case b == '\n' || b == '\r':
			if !emit() {
				return
			}
		case len(buf) < maxLine:
			buf = append(buf, b)
		default:
			tooLong = true
		}
	}
}
