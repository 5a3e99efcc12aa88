package bench

import (
	"fmt"
	"io"
	"math"
	"strings"
	"time"
)

// Title is the heading a series gets in tables and charts.
func (s Series) Title() string {
	switch s {
	case SeriesMarks:
		return "Clustered play by number of marks (K = 5, walk)"
	case SeriesExtent:
		return "Islands of clustered play by extent (K = 5, walk)"
	case SeriesScatter:
		return "Marks scattered over 1e9 × 1e9 (K = 5, walk)"
	case SeriesK:
		return "Long runs by K (swiss-tile store)"
	case SeriesCheckers:
		return "Checkers filling an n × n board with K = n (swiss-tile store)"
	case SeriesGame:
		return "Whole games by number of marks (engine.Game, swiss-tile store, automatic checker)"
	}
	return s.String()
}

// Markdown writes the report as Markdown: the machine, the performance
// targets with whether they are met, and one table per series with
// ns/move, the ratio to the series' baseline and bytes/mark in each cell.
func (r *Report) Markdown(w io.Writer) error {
	var b strings.Builder
	m := r.Machine
	mode := "full"
	if r.Options.Quick {
		mode = "quick"
	}
	fmt.Fprintf(&b, "Measured %s by a %s run in %s on %d × %s, %s %s/%s.\n\n",
		r.Started.UTC().Format("2006-01-02 15:04 MST"), mode, r.Elapsed.Round(time.Second), m.NumCPU, m.CPU, m.GoVersion, m.GOOS, m.GOARCH)
	b.WriteString("Each cell: CPU ns per move (one placement plus one win check; median of repetitions), " +
		"the ratio to the row in the ratio column's name measured in the same run, and heap bytes per mark after play and a GC.\n\n")
	if len(r.grid(SeriesGame).rows) > 0 {
		b.WriteString("Whole games are played once each, generating every move included, under GOGC = 20 as gomoku replay runs; " +
			"peak is the most memory the Go runtime held from the system while the game was played, above what it held before, per mark.\n\n")
	}
	if t := r.Targets(); len(t) > 0 {
		b.WriteString("| target | measured | limit | met |\n|---|---|---|---|\n")
		for _, x := range t {
			met := "no"
			if x.Met {
				met = "yes"
			}
			if x.Limit == "" {
				met = "—"
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", x.Name, x.Measured, orDash(x.Limit), met)
		}
		b.WriteString("\n")
	}
	for _, s := range AllSeries() {
		g := r.grid(s)
		if len(g.rows) == 0 {
			continue
		}
		_, ratioName := baseline(s)
		if ratioName != "" {
			ratioName = " (" + ratioName + ")"
		}
		fmt.Fprintf(&b, "#### %s\n\n| %s%s |", s.Title(), rowHeading(s), ratioName)
		for _, c := range g.cols {
			fmt.Fprintf(&b, " %s |", g.labels[c])
		}
		b.WriteString("\n|---|")
		b.WriteString(strings.Repeat("---:|", len(g.cols)))
		b.WriteString("\n")
		for _, row := range g.sortedRows() {
			fmt.Fprintf(&b, "| %s |", row)
			for _, c := range g.cols {
				res, ok := g.results[row][c]
				if !ok {
					b.WriteString(" — |")
					continue
				}
				fmt.Fprintf(&b, " %s |", cell(res, g.ratio(row, c)))
			}
			b.WriteString("\n")
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func rowHeading(s Series) string {
	switch s {
	case SeriesK, SeriesCheckers:
		return "checker"
	case SeriesGame:
		return "game"
	}
	return "store"
}

func cell(res Result, ratio float64) string {
	s := formatNs(res.NsPerMove) + " ns"
	if !math.IsNaN(ratio) {
		s += " (" + formatRatio(ratio) + ")"
	}
	s += ", " + formatBytes(res.BytesPerMark) + " B"
	if res.PeakBytesPerMark > 0 {
		s += ", peak " + formatBytes(res.PeakBytesPerMark) + " B"
	}
	return s
}

func formatNs(ns float64) string {
	switch {
	case ns >= 1e6:
		return fmt.Sprintf("%.3gM", ns/1e6)
	case ns >= 1e4:
		return fmt.Sprintf("%.0fk", ns/1e3)
	case ns >= 100:
		return fmt.Sprintf("%.0f", ns)
	}
	return fmt.Sprintf("%.1f", ns)
}

func formatBytes(v float64) string {
	if v >= 100 {
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%.1f", v)
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

func formatRatio(x float64) string {
	if x >= 10 {
		return fmt.Sprintf("%.0f×", x)
	}
	return fmt.Sprintf("%.2f×", x)
}
