package bench

import (
	"fmt"
	"math"
	"strings"

	"github.com/gomoku-engine/gomoku/sparse"
)

// Target is one of the performance targets evaluated on a report.
// Informational rows (comparisons shown beside them) have an empty Limit.
type Target struct {
	Name     string
	Measured string
	Limit    string
	Met      bool
}

// defaultStore is the layout the targets are about: the default, which
// [sparse.Layouts] lists first.
var defaultStore = sparse.Layouts()[0].String()

// Targets evaluates the targets that the report's results cover.
func (r *Report) Targets() []Target {
	var out []Target
	if g := r.grid(SeriesMarks); g.has(Dense) {
		for _, row := range []string{defaultStore, Game} {
			if !g.has(row) {
				continue
			}
			var parts []string
			worst := 0.0
			for _, c := range g.cols {
				if x := g.ratio(row, c); !math.IsNaN(x) {
					parts = append(parts, fmt.Sprintf("%.2f× at %s", x, g.labels[c]))
					worst = math.Max(worst, x)
				}
			}
			t := Target{Name: "clustered play, " + row + " ÷ dense", Measured: strings.Join(parts, ", ")}
			if row == defaultStore {
				t.Limit, t.Met = "≤ 2×", len(parts) > 0 && worst <= 2
			}
			out = append(out, t)
		}
	}
	if g := r.grid(SeriesExtent); g.has(defaultStore) {
		lo, hi := math.Inf(1), 0.0
		for _, res := range g.results[defaultStore] {
			lo, hi = math.Min(lo, res.NsPerMove), math.Max(hi, res.NsPerMove)
		}
		out = append(out, Target{Name: "flat in extent, slowest ÷ fastest (" + defaultStore + ")",
			Measured: fmt.Sprintf("%.2f (%s..%s ns)", hi/lo, formatNs(lo), formatNs(hi)), Limit: "≤ 1.2", Met: hi/lo <= 1.2})
	}
	if g := r.grid(SeriesScatter); g.has(defaultStore) {
		worst, parts := g.bytes(defaultStore, liveBytes)
		out = append(out, Target{Name: "memory, scattered over 1e9 × 1e9", Measured: parts, Limit: "≤ 24 B/mark", Met: worst <= 24})
	}
	if g := r.grid(SeriesMarks); g.has(defaultStore) {
		worst, parts := g.bytes(defaultStore, liveBytes)
		out = append(out, Target{Name: "memory, clustered play", Measured: parts, Limit: "≤ 4 B/mark", Met: worst <= 4})
	}
	if g := r.grid(SeriesGame); len(g.rows) > 0 {
		for _, row := range g.sortedRows() {
			worst, parts := g.bytes(row, func(r Result) float64 { return r.PeakBytesPerMark })
			limit := 48.0
			if strings.HasPrefix(row, "clustered") {
				limit = 12
			}
			out = append(out, Target{Name: "peak memory of a whole game, " + row, Measured: parts,
				Limit: fmt.Sprintf("≤ %.0f B/mark", limit), Met: worst <= limit})
		}
	}
	if g := r.grid(SeriesK); len(g.cols) > 1 {
		last := g.cols[len(g.cols)-1]
		for _, chk := range []string{"runs", "walk"} {
			if !g.has(chk) {
				continue
			}
			x := g.ratio(chk, last)
			t := Target{Name: fmt.Sprintf("flat in K, %s checker: K=%d ÷ K=%d", chk, last, g.cols[0]), Measured: fmt.Sprintf("%.2f×", x)}
			if chk == "runs" {
				t.Limit, t.Met = "≤ 1.5×", x <= 1.5
			}
			out = append(out, t)
		}
	}
	if g := r.grid(SeriesCheckers); len(g.cols) > 0 && g.has("walk") {
		last := g.cols[len(g.cols)-1]
		walk := g.results["walk"][last].NsPerMove
		for _, chk := range []string{Naive, "lines", "runs"} {
			if res, ok := g.results[chk][last]; ok && walk > 0 {
				out = append(out, Target{Name: fmt.Sprintf("%s ÷ walk on %s, K = n", chk, g.labels[last]),
					Measured: fmt.Sprintf("%s (%s vs %s ns)", formatRatio(res.NsPerMove/walk), formatNs(res.NsPerMove), formatNs(walk))})
			}
		}
	}
	return out
}

func (g *grid) has(row string) bool { return len(g.results[row]) > 0 }

// bytes is the worst of a row's bytes per mark, as perMark reads them
// from a result, and every value, described.
func (g *grid) bytes(row string, perMark func(Result) float64) (float64, string) {
	worst := 0.0
	var parts []string
	for _, c := range g.cols {
		if res, ok := g.results[row][c]; ok {
			worst = math.Max(worst, perMark(res))
			parts = append(parts, fmt.Sprintf("%s at %s", formatBytes(perMark(res)), g.labels[c]))
		}
	}
	return worst, strings.Join(parts, ", ")
}

func liveBytes(r Result) float64 { return r.BytesPerMark }
