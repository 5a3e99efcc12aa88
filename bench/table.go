package bench

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/sparse"
)

// A series' results form a grid: one row per store or checker, one column
// per value of the parameter the series varies.

// param is the value a series varies, for ordering columns and x axes.
func (c Case) param() int64 {
	switch c.Series {
	case SeriesExtent:
		return c.Extent
	case SeriesK:
		return int64(c.K)
	case SeriesCheckers:
		return int64(math.Sqrt(float64(c.Marks)))
	}
	return int64(c.Marks)
}

// paramLabel formats param for a column heading.
func (c Case) paramLabel() string {
	switch c.Series {
	case SeriesK:
		return "K=" + strconv.Itoa(c.K)
	case SeriesCheckers:
		n := c.param()
		return fmt.Sprintf("%d×%d", n, n)
	}
	return Count(c.param())
}

// rowLabel is what distinguishes the rows of a series.
func (c Case) rowLabel() string {
	switch c.Series {
	case SeriesK, SeriesCheckers:
		return c.Checker
	case SeriesGame:
		return game{c.Spread, c.K, c.Players}.label()
	}
	return c.Store
}

// baseline is the row each series' ratios are taken against, and what the
// ratio column is called.
func baseline(s Series) (row, label string) {
	switch s {
	case SeriesMarks, SeriesExtent:
		return Dense, "× dense"
	case SeriesScatter:
		return sparse.SwissCell.String(), "× " + sparse.SwissCell.String()
	case SeriesCheckers:
		return "lines", "× lines"
	case SeriesGame:
		return "", ""
	}
	return "", "× least K"
}

// grid arranges a series' results.
type grid struct {
	series  Series
	rows    []string
	cols    []int64
	labels  map[int64]string
	results map[string]map[int64]Result
}

func (r *Report) grid(s Series) *grid {
	g := &grid{series: s, labels: map[int64]string{}, results: map[string]map[int64]Result{}}
	for _, res := range r.Results {
		if res.Series != s {
			continue
		}
		row, col := res.rowLabel(), res.param()
		if g.results[row] == nil {
			g.results[row] = map[int64]Result{}
			g.rows = append(g.rows, row)
		}
		if _, seen := g.labels[col]; !seen {
			g.labels[col] = res.paramLabel()
			g.cols = append(g.cols, col)
		}
		g.results[row][col] = res
	}
	slices.Sort(g.cols)
	return g
}

// ratio is a result's ns/move over its baseline's, or NaN without one.
// The K series compares each checker with itself at the smallest K.
func (g *grid) ratio(row string, col int64) float64 {
	res, ok := g.results[row][col]
	if !ok {
		return math.NaN()
	}
	base, _ := baseline(g.series)
	var ref Result
	if g.series == SeriesK {
		ref, ok = g.results[row][g.cols[0]]
	} else {
		ref, ok = g.results[base][col]
	}
	if !ok || ref.NsPerMove <= 0 {
		return math.NaN()
	}
	return res.NsPerMove / ref.NsPerMove
}

// sortedRows orders rows with the baseline first, then by name.
func (g *grid) sortedRows() []string {
	base, _ := baseline(g.series)
	rows := slices.Clone(g.rows)
	slices.SortStableFunc(rows, func(a, b string) int {
		return cmp.Or(-cmp.Compare(boolInt(a == base), boolInt(b == base)), cmp.Compare(rowRank(a), rowRank(b)), cmp.Compare(a, b))
	})
	return rows
}

// rowRank puts the stores and checkers in the order a reader compares
// them: the reference, then the default, then the alternatives.
func rowRank(s string) int {
	order := []string{Dense, sparse.SwissTile.String(), sparse.SwissCell.String(), sparse.GoMapCell.String(), Game,
		engine.LinesChecker.String(), engine.RunsChecker.String(), engine.WalkChecker.String(), Naive}
	if i := slices.Index(order, s); i >= 0 {
		return i
	}
	return len(order)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
