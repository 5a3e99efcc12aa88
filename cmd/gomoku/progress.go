package main

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// progress draws a bar of finished units (games, benchmark cases) on a
// terminal, at most ten times a second; it is silent when off.
type progress struct {
	w      io.Writer
	on     bool
	unit   string
	total  int
	last   time.Time
	drawn  bool
	starts time.Time
}

func newProgress(w io.Writer, total int, unit string, on bool) *progress {
	return &progress{w: w, on: on, unit: unit, total: total, starts: time.Now()}
}

// update shows that n units of the total are finished.
func (p *progress) update(n int) { p.updateNote(n, "") }

// updateNote is update with a note after the bar, such as a running score.
func (p *progress) updateNote(n int, note string) {
	if !p.on || n < p.total && time.Since(p.last) < 100*time.Millisecond {
		return
	}
	p.last = time.Now()
	const width = 30
	filled := width * n / p.total
	if note != "" {
		note = "  " + note
	}
	fmt.Fprintf(p.w, "\r[%s%s] %d/%d %s, %s%s\x1b[K", strings.Repeat("#", filled), strings.Repeat(".", width-filled),
		n, p.total, p.unit, time.Since(p.starts).Round(time.Second/10), note)
	p.drawn = true
}

// done erases the bar so the results start on a clean line.
func (p *progress) done() {
	if p.drawn {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}
