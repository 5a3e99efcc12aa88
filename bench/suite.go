package bench

import (
	"fmt"
	"math"
	"strconv"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/sparse"
)

// Series groups the cases that one chart and one table compare.
type Series uint8

const (
	// SeriesMarks is clustered play (K = 5, walk) at growing mark counts,
	// every store beside the dense reference.
	SeriesMarks Series = iota
	// SeriesExtent is islands of clustered play spread over growing
	// extents, up to the whole plane.
	SeriesExtent
	// SeriesScatter is marks scattered uniformly over 10^9 × 10^9: the
	// memory worst case.
	SeriesScatter
	// SeriesK is long runs checked by the walk and the run-length checker
	// at growing K, from K = 10: in a game not yet won at K = 5 no run
	// reaches five, the least the run-length checker keeps, so there both
	// checkers walk.
	SeriesK
	// SeriesCheckers fills an n × n board with K = n and compares every
	// checker, the naive full rescan included.
	SeriesCheckers
	// SeriesGame plays whole games through an engine.Game, history and
	// all, up to 10^8 moves generated as they are played, and measures the
	// peak memory too. It takes minutes and gigabytes, so a run includes it
	// only when asked.
	SeriesGame
)

var seriesNames = [...]string{"marks", "extent", "scatter", "k", "checkers", "game"}

func (s Series) String() string {
	if int(s) < len(seriesNames) {
		return seriesNames[s]
	}
	return fmt.Sprintf("Series(%d)", uint8(s))
}

// AllSeries lists every series in the order a report shows them.
func AllSeries() []Series {
	return []Series{SeriesMarks, SeriesExtent, SeriesScatter, SeriesK, SeriesCheckers, SeriesGame}
}

// DefaultSeries lists the series a run measures when none are chosen:
// all but [SeriesGame].
func DefaultSeries() []Series { return AllSeries()[:SeriesGame] }

// ParseSeries is the inverse of [Series.String].
func ParseSeries(s string) (Series, error) {
	for _, x := range AllSeries() {
		if x.String() == s {
			return x, nil
		}
	}
	return 0, fmt.Errorf("%w: unknown series %q (want marks, extent, scatter, k, checkers or game)", ErrBadOptions, s)
}

// Case is one measurement: a workload played by one store and checker.
type Case struct {
	Series Series
	// Group and Sub name the case like a Go benchmark: Group is the
	// benchmark (Clustered, Islands, Scattered, Runs, Fill) and Sub its
	// sub-benchmark, e.g. "store=swiss-tile/marks=1e6".
	Group, Sub string
	Store      string // a sparse layout name, or Dense
	Checker    string // an engine checker name, or Naive
	Marks      int    // the requested number of moves
	Extent     int64  // the side of the square islands or marks spread over; 0 when not applicable
	K          int
	// Spread and Players describe a game case: "scattered" or
	// "clustered", and how many players take turns.
	Spread  string
	Players int

	workloadKey string
	workload    func() (*Workload, error)
	play        subject
}

// group is the set of cases measured side by side, their repetitions
// interleaved: the cases of one workload, or the whole extent or K
// series, whose flatness compares workloads with each other.
func (c Case) group() string {
	switch c.Series {
	case SeriesExtent:
		return "islands"
	case SeriesK:
		return "rows"
	}
	return c.workloadKey
}

// Name is the case's full benchmark-style name, e.g.
// "Clustered/store=swiss-tile/marks=1e6".
func (c Case) Name() string { return c.Group + "/" + c.Sub }

// Count formats a count the way case names do: 1e6 for powers of ten,
// the digits otherwise.
func Count(n int64) string {
	if n == Plane {
		return "plane"
	}
	if n >= 1000 {
		e := math.Log10(float64(n))
		if e == math.Trunc(e) {
			return fmt.Sprintf("1e%d", int(e))
		}
	}
	return strconv.FormatInt(n, 10)
}

// sizes are the parameters of one suite run.
type sizes struct {
	marks         []int
	islandMarks   int
	islandSize    int
	extents       []int64
	scatter       []int
	runMarks      int
	runLen        int
	ks            []int
	fills         []int
	scatterExtent int64
	games         []int // the marks of each game case
	memMarks      int   // see memoryMarks; only tests change it
}

func suiteSizes(quick bool) sizes {
	if quick {
		return sizes{
			marks:       []int{1e3, 1e4, 1e5, 1e6},
			islandMarks: 2e4, islandSize: 1000,
			extents:       []int64{1e3, 1e6, 1e9, Plane},
			scatter:       []int{1e4, 1e5},
			scatterExtent: 1e9,
			runMarks:      2e4, runLen: 1000,
			ks:    []int{10, 20, 200},
			fills: []int{15, 50},
			games: []int{1e5, 1e6},
		}
	}
	return sizes{
		marks:       []int{1e3, 1e4, 1e5, 1e6, 1e7},
		islandMarks: 1e5, islandSize: 1000,
		extents:       []int64{1e3, 1e6, 1e9, Plane},
		scatter:       []int{1e5, 1e6},
		scatterExtent: 1e9,
		runMarks:      1e5, runLen: 1000,
		ks:    []int{10, 20, 50, 100, 200},
		fills: []int{15, 50, 100},
		games: []int{1e6, 1e7, 1e8},
	}
}

// storeLayouts are the sparse layouts every store series compares.
func storeLayouts() []sparse.Layout { return sparse.Layouts() }

// Cases lists the cases of a suite run in the order they run: the cases
// measured side by side are adjacent, so that only their workloads are
// held at once.
func Cases(opts Options) ([]Case, error) {
	if err := opts.validate(); err != nil {
		return nil, err
	}
	sz := suiteSizes(opts.Quick)
	if opts.sizes != nil {
		sz = *opts.sizes
	}
	seed := opts.seed()
	var out []Case
	want := map[Series]bool{}
	for _, s := range opts.series() {
		want[s] = true
	}
	if want[SeriesMarks] {
		for _, n := range sz.marks {
			key := "clustered/" + Count(int64(n))
			wl := func() (*Workload, error) { return withoutWins(Clustered(n, seed), 5, 0) }
			out = append(out, Case{Series: SeriesMarks, Group: "Clustered", Sub: "store=dense/marks=" + Count(int64(n)),
				Store: Dense, Checker: "walk", Marks: n, K: 5, workloadKey: key, workload: wl, play: denseSubject(5)})
			for _, l := range storeLayouts() {
				out = append(out, Case{Series: SeriesMarks, Group: "Clustered", Sub: "store=" + l.String() + "/marks=" + Count(int64(n)),
					Store: l.String(), Checker: "walk", Marks: n, K: 5, workloadKey: key, workload: wl,
					play: storeSubject(l, 5)})
			}
			out = append(out, Case{Series: SeriesMarks, Group: "Clustered", Sub: "store=" + Game + "/marks=" + Count(int64(n)),
				Store: Game, Checker: "walk", Marks: n, K: 5, workloadKey: key, workload: wl,
				play: gameSubject(sparse.SwissTile, engine.WalkChecker, 5, 0)})
		}
	}
	if want[SeriesExtent] {
		for _, e := range sz.extents {
			key := "islands/" + Count(e)
			wl := func() (*Workload, error) { return withoutWins(Islands(sz.islandMarks, sz.islandSize, e, seed), 5, 0) }
			if float64(e)*float64(e) <= maxDenseArea {
				out = append(out, Case{Series: SeriesExtent, Group: "Islands", Sub: "store=dense/extent=" + Count(e),
					Store: Dense, Checker: "walk", Marks: sz.islandMarks, Extent: e, K: 5, workloadKey: key, workload: wl, play: denseSubject(5)})
			}
			for _, l := range []sparse.Layout{sparse.SwissTile, sparse.SwissCell} {
				out = append(out, Case{Series: SeriesExtent, Group: "Islands", Sub: "store=" + l.String() + "/extent=" + Count(e),
					Store: l.String(), Checker: "walk", Marks: sz.islandMarks, Extent: e, K: 5, workloadKey: key, workload: wl,
					play: storeSubject(l, 5)})
			}
		}
	}
	if want[SeriesScatter] {
		for _, n := range sz.scatter {
			key := "scattered/" + Count(int64(n))
			wl := func() (*Workload, error) { return withoutWins(Scattered(n, sz.scatterExtent, seed), 5, 0) }
			for _, l := range storeLayouts() {
				out = append(out, Case{Series: SeriesScatter, Group: "Scattered", Sub: "store=" + l.String() + "/marks=" + Count(int64(n)),
					Store: l.String(), Checker: "walk", Marks: n, Extent: sz.scatterExtent, K: 5, workloadKey: key, workload: wl,
					play: storeSubject(l, 5)})
			}
		}
	}
	if want[SeriesK] {
		for _, k := range sz.ks {
			key := "rows/k=" + strconv.Itoa(k)
			wl := func() (*Workload, error) { return withoutWins(Rows(sz.runMarks, sz.runLen), k, 0) }
			for _, kind := range []engine.CheckerKind{engine.WalkChecker, engine.RunsChecker} {
				out = append(out, Case{Series: SeriesK, Group: "Runs", Sub: "checker=" + kind.String() + "/k=" + strconv.Itoa(k),
					Store: sparse.SwissTile.String(), Checker: kind.String(), Marks: sz.runMarks, K: k, workloadKey: key, workload: wl,
					play: gameSubject(sparse.SwissTile, kind, k, 0)})
			}
		}
	}
	if want[SeriesCheckers] {
		for _, n := range sz.fills {
			key := "fill/" + strconv.Itoa(n)
			wl := func() (*Workload, error) { return withoutWins(Fill(n, seed), n, n) }
			sub := func(chk string) string { return "checker=" + chk + "/n=" + strconv.Itoa(n) }
			out = append(out, Case{Series: SeriesCheckers, Group: "Fill", Sub: sub(Naive), Store: sparse.SwissTile.String(), Checker: Naive,
				Marks: n * n, K: n, workloadKey: key, workload: wl, play: naiveSubject(sparse.SwissTile, n, n)})
			for _, kind := range []engine.CheckerKind{engine.LinesChecker, engine.WalkChecker, engine.RunsChecker} {
				out = append(out, Case{Series: SeriesCheckers, Group: "Fill", Sub: sub(kind.String()), Store: sparse.SwissTile.String(),
					Checker: kind.String(), Marks: n * n, K: n, workloadKey: key, workload: wl, play: gameSubject(sparse.SwissTile, kind, n, n)})
			}
		}
	}
	if want[SeriesGame] {
		for _, gm := range games {
			for _, n := range sz.games {
				out = append(out, Case{Series: SeriesGame, Group: "Game", Sub: gm.sub(n), Store: sparse.SwissTile.String(),
					Checker: engine.AutoChecker.String(), Marks: n, K: gm.k, Spread: gm.spread, Players: gm.players,
					workloadKey: "game/" + gm.sub(n)})
			}
		}
	}
	return out, nil
}
