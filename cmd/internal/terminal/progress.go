package terminal

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// Progress draws a bar of finished units (games, benchmark cases) on a
// terminal, at most ten times a second; it is silent when off.
type Progress struct {
	w      io.Writer
	on     bool
	unit   string
	total  int
	last   time.Time
	drawn  bool
	starts time.Time
}

// NewProgress is a bar of total units named unit (in the plural) on w,
// drawn only when on.
func NewProgress(w io.Writer, total int, unit string, on bool) *Progress {
	return &Progress{w: w, on: on, unit: unit, total: total, starts: time.Now()}
}

// Update shows that n units of the total are finished.
func (p *Progress) Update(n int) { p.UpdateNote(n, "") }

// UpdateNote is Update with a note after the bar, such as a running score.
func (p *Progress) UpdateNote(n int, note string) {
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

// Done erases the bar so the results start on a clean line.
func (p *Progress) Done() {
	if p.drawn {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}
