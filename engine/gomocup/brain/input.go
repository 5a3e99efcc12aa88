package brain

import (
	"errors"
	"io"
	"time"

	"github.com/gomoku-engine/gomoku/engine/gomocup"
)

// maxLine is the longest line kept; a longer line is answered with ERROR.
// The spec lets managers cut long lines too; no valid command comes near
// this.
const maxLine = 4096

// inputLine is one line from the manager and when it arrived.
type inputLine struct {
	text    string
	at      time.Time
	tooLong bool
}

// readLines sends the manager's lines to out until the input ends or done
// closes, then closes out. The returned error is the read error other than
// io.EOF, valid after out is closed.
func readLines(in io.Reader, out chan<- inputLine, done <-chan struct{}, errp *error) {
	defer close(out)
	r := gomocup.NewReader(in, maxLine)
	for {
		text, err := r.ReadLine()
		tooLong := errors.Is(err, gomocup.ErrLineTooLong)
		if err != nil && !tooLong {
			if err != io.EOF {
				*errp = err
			}
			return
		}
		select {
		case out <- inputLine{text: text, at: time.Now(), tooLong: tooLong}:
		case <-done:
			return
		}
	}
}
