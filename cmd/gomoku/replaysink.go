package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"strconv"

	"github.com/gomoku-engine/gomoku/cmd/internal/gamecli"
	"github.com/gomoku-engine/gomoku/engine"
)

// replaySink receives a replay's results as they happen.
type replaySink interface {
	// result reports what a move by player led to.
	result(out engine.Outcome, player int) error
	// finish reports the end of the replay; runErr is why it stopped
	// early, or nil.
	finish(rp *replayer, runErr error) error
}

// textSink prints one line per move: 0, the winner's number, or "draw".
type textSink struct{ w *bufio.Writer }

func (s textSink) result(out engine.Outcome, player int) error {
	var err error
	switch out {
	case engine.Won:
		_, err = s.w.WriteString(strconv.Itoa(player) + "\n")
	case engine.Drawn:
		_, err = s.w.WriteString("draw\n")
	default:
		_, err = s.w.WriteString("0\n")
	}
	return err
}

func (textSink) finish(*replayer, error) error { return nil }

// jsonSink streams one JSON document: the configuration, then each result
// as it comes, then the summary. Memory stays constant however long the
// game.
type jsonSink struct {
	w   *bufio.Writer
	n   int
	buf []byte
	err error // the first write error
}

// jsonSummary closes the document.
type jsonSummary struct {
	Moves     int        `json:"moves"`
	Status    string     `json:"status"`
	Winner    int        `json:"winner"`
	DecidedAt *int       `json:"decided_at"`
	Error     *lineError `json:"error"`
}

func newJSONSink(w *bufio.Writer, g *engine.Game) *jsonSink {
	conf, _ := json.Marshal(gamecli.NewJSONConfig(g.Config(), g.Checker()))
	s := &jsonSink{w: w}
	s.write(append(append([]byte(`{"config":`), conf...), `,"results":[`...))
	return s
}

func (s *jsonSink) write(b []byte) {
	if s.err == nil {
		_, s.err = s.w.Write(b)
	}
}

func (s *jsonSink) result(out engine.Outcome, player int) error {
	s.buf = s.buf[:0]
	if s.n > 0 {
		s.buf = append(s.buf, ',')
	}
	s.n++
	v := 0
	if out == engine.Won {
		v = player
	}
	s.buf = strconv.AppendInt(s.buf, int64(v), 10)
	s.write(s.buf)
	return s.err
}

func (s *jsonSink) finish(rp *replayer, runErr error) error {
	g := rp.game
	sum := jsonSummary{Moves: g.Len(), Status: g.Status().String(), Winner: g.Winner()}
	if rp.decidedAt > 0 {
		sum.DecidedAt = &rp.decidedAt
	}
	var le *lineError
	if errors.As(runErr, &le) {
		sum.Error = le
	} else if runErr != nil {
		sum.Error = &lineError{Msg: runErr.Error()}
	}
	tail, err := json.Marshal(sum)
	if err != nil {
		return err
	}
	tail[0] = ',' // splice the summary's fields into the open document
	s.write([]byte("]"))
	s.write(append(tail, '\n'))
	return s.err
}
