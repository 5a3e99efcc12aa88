package bench

import (
	"bytes"
	"fmt"
	"html"
	"math"
	"os"
	"path/filepath"
)

// Chart is a line chart of one series: categories along x (evenly
// spaced), ns per move along y, one line per store or checker.
type Chart struct {
	// File is the base name WriteCharts gives it, e.g. "marks.svg".
	File   string
	Title  string
	XLabel string
	YLabel string
	// LogY draws y on a logarithmic scale; otherwise y starts at 0, which
	// shows flatness honestly.
	LogY  bool
	X     []string
	Lines []Line
}

// Line is one curve: Y[i] belongs to X[i]; NaN leaves a gap.
type Line struct {
	Name string
	Y    []float64
}

// Charts builds the report's charts: ns per move against marks, against
// extent, against K, and per checker against board size.
func (r *Report) Charts() []Chart {
	specs := []struct {
		s      Series
		file   string
		xlabel string
		logY   bool
	}{
		{SeriesMarks, "marks.svg", "marks on the board", true},
		{SeriesExtent, "extent.svg", "extent the islands are spread over", false},
		{SeriesK, "k.svg", "K (run length to win)", true},
		{SeriesCheckers, "checkers.svg", "board (K = n)", true},
	}
	var out []Chart
	for _, sp := range specs {
		g := r.grid(sp.s)
		if len(g.rows) == 0 {
			continue
		}
		c := Chart{File: sp.file, Title: sp.s.Title(), XLabel: sp.xlabel, YLabel: "CPU ns per move", LogY: sp.logY}
		for _, col := range g.cols {
			c.X = append(c.X, g.labels[col])
		}
		for _, row := range g.sortedRows() {
			l := Line{Name: row}
			for _, col := range g.cols {
				y := math.NaN()
				if res, ok := g.results[row][col]; ok {
					y = res.NsPerMove
				}
				l.Y = append(l.Y, y)
			}
			c.Lines = append(c.Lines, l)
		}
		out = append(out, c)
	}
	return out
}

// WriteCharts writes every chart of the report into dir (created if
// missing), each atomically through a temporary file, and returns the
// paths written.
func (r *Report) WriteCharts(dir string) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("bench: %w", err)
	}
	var paths []string
	for _, c := range r.Charts() {
		p := filepath.Join(dir, c.File)
		if err := writeAtomic(p, c.SVG()); err != nil {
			return paths, err
		}
		paths = append(paths, p)
	}
	return paths, nil
}

func writeAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	_, werr := f.Write(data)
	cerr := f.Close()
	if err := cmpErr(werr, cerr); err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("bench: writing %s: %w", path, err)
	}
	if err := os.Rename(f.Name(), path); err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("bench: %w", err)
	}
	return nil
}

func cmpErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// palette is colour-blind safe (Okabe–Ito).
var palette = []string{"#000000", "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442"}

const (
	svgW, svgH                     = 760, 420
	padL, padR, padT, padB float64 = 72, 170, 44, 56
)

// SVG renders the chart as a standalone SVG document.
func (c Chart) SVG() []byte {
	var b bytes.Buffer
	pw, ph := svgW-padL-padR, svgH-padT-padB
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n", svgW, svgH, svgW, svgH)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="#ffffff"/>`+"\n")
	fmt.Fprintf(&b, `<text x="%g" y="24" font-size="15" font-weight="bold">%s</text>`+"\n", padL, esc(c.Title))

	lo, hi := c.yRange()
	ticks := yTicks(lo, hi, c.LogY)
	if len(ticks) > 0 {
		lo, hi = math.Min(lo, ticks[0]), math.Max(hi, ticks[len(ticks)-1])
	}
	yPos := func(v float64) float64 {
		if c.LogY {
			return padT + ph*(1-(math.Log10(v)-math.Log10(lo))/(math.Log10(hi)-math.Log10(lo)))
		}
		return padT + ph*(1-(v-lo)/(hi-lo))
	}
	xPos := func(i int) float64 {
		if len(c.X) == 1 {
			return padL + pw/2
		}
		return padL + pw*float64(i)/float64(len(c.X)-1)
	}
	for _, t := range ticks {
		y := yPos(t)
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#dddddd"/>`+"\n", padL, y, padL+pw, y)
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="end">%s</text>`+"\n", padL-6, y+4, formatTick(t))
	}
	for i, x := range c.X {
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#eeeeee"/>`+"\n", xPos(i), padT, xPos(i), padT+ph)
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle">%s</text>`+"\n", xPos(i), padT+ph+18, esc(x))
	}
	fmt.Fprintf(&b, `<rect x="%g" y="%g" width="%g" height="%g" fill="none" stroke="#333333"/>`+"\n", padL, padT, pw, ph)
	fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle">%s</text>`+"\n", padL+pw/2, svgH-12.0, esc(c.XLabel))
	fmt.Fprintf(&b, `<text transform="translate(18 %.1f) rotate(-90)" text-anchor="middle">%s</text>`+"\n", padT+ph/2, esc(c.YLabel+scaleNote(c.LogY)))

	for li, l := range c.Lines {
		col := palette[li%len(palette)]
		var pts bytes.Buffer
		flush := func() {
			if pts.Len() > 0 {
				fmt.Fprintf(&b, `<polyline fill="none" stroke="%s" stroke-width="2" points="%s"/>`+"\n", col, pts.String())
				pts.Reset()
			}
		}
		for i, y := range l.Y {
			if math.IsNaN(y) || (c.LogY && y <= 0) {
				flush()
				continue
			}
			fmt.Fprintf(&pts, "%.1f,%.1f ", xPos(i), yPos(y))
		}
		flush()
		for i, y := range l.Y {
			if math.IsNaN(y) || (c.LogY && y <= 0) {
				continue
			}
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="3.5" fill="%s"><title>%s, %s: %s ns</title></circle>`+"\n",
				xPos(i), yPos(y), col, esc(l.Name), esc(c.X[i]), formatNs(y))
		}
		ly := padT + 14 + 20*float64(li)
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="3"/>`+"\n", padL+pw+14, ly-4, padL+pw+38, ly-4, col)
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f">%s</text>`+"\n", padL+pw+44, ly, esc(l.Name))
	}
	b.WriteString("</svg>\n")
	return b.Bytes()
}

func scaleNote(logY bool) string {
	if logY {
		return " (log scale)"
	}
	return ""
}

func esc(s string) string { return html.EscapeString(s) }

// yRange is the span of the data, with a sane default when empty.
func (c Chart) yRange() (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, l := range c.Lines {
		for _, y := range l.Y {
			if math.IsNaN(y) || (c.LogY && y <= 0) {
				continue
			}
			lo, hi = math.Min(lo, y), math.Max(hi, y)
		}
	}
	if math.IsInf(lo, 1) {
		return 1, 10
	}
	if !c.LogY {
		lo = 0
	}
	if hi <= lo {
		hi = lo + 1
	}
	return lo, hi
}

// yTicks covers [lo, hi] with round values: 1-2-5 steps per decade on a
// log scale, a 1-2-5 step giving about five ticks on a linear one.
func yTicks(lo, hi float64, logY bool) []float64 {
	var out []float64
	if logY {
		d0, d1 := math.Floor(math.Log10(lo)), math.Ceil(math.Log10(hi))
		steps := []float64{1, 2, 5}
		if d1-d0 > 3 {
			steps = []float64{1}
		}
		for d := d0; d <= d1; d++ {
			for _, s := range steps {
				out = append(out, s*math.Pow(10, d))
			}
		}
		// Keep the ticks from the last at or below lo to the first at or
		// above hi.
		i, j := 0, len(out)-1
		for i+1 < len(out) && out[i+1] <= lo {
			i++
		}
		for j > i && out[j-1] >= hi {
			j--
		}
		return out[i : j+1]
	}
	raw := (hi - lo) / 5
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := mag
	for _, m := range []float64{1, 2, 5, 10} {
		if m*mag >= raw {
			step = m * mag
			break
		}
	}
	for v := math.Floor(lo/step) * step; v <= hi+step*0.999; v += step {
		out = append(out, v)
	}
	return out
}

// formatTick writes round axis values without decimals: 50, 2000, 1e+06.
func formatTick(v float64) string {
	if v >= 1e6 {
		return fmt.Sprintf("%.0e", v)
	}
	return fmt.Sprintf("%g", v)
}
