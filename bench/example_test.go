package bench_test

import (
	"fmt"
	"os"
	"time"

	"github.com/gomoku-engine/gomoku/bench"
)

// A report renders as Markdown; here one built by hand, where Run would
// measure it.
func ExampleReport_Markdown() {
	at := func(store string, marks int, ns, bytes float64) bench.Result {
		return bench.Result{
			Case:      bench.Case{Series: bench.SeriesMarks, Store: store, Checker: "walk", Marks: marks, K: 5},
			Moves:     marks,
			NsPerMove: ns, BytesPerMark: bytes,
		}
	}
	rep := &bench.Report{
		Machine: bench.Machine{CPU: "Example CPU", NumCPU: 2, GOOS: "linux", GOARCH: "amd64", GoVersion: "go1.26.8"},
		Started: time.Date(2026, 11, 29, 14, 0, 0, 0, time.UTC),
		Elapsed: 3 * time.Minute,
		Results: []bench.Result{
			at(bench.Dense, 1000, 50, 4.9), at("swiss-tile", 1000, 95, 8),
			at(bench.Dense, 100000, 80, 1.6), at("swiss-tile", 100000, 120, 2.9),
		},
	}
	if err := rep.Markdown(os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// Measured 2026-11-29 14:00 UTC by a full run in 3m0s on 2 × Example CPU, go1.26.8 linux/amd64.
	//
	// Each cell: CPU ns per move (one placement plus one win check; median of repetitions), the ratio to the row in the ratio column's name measured in the same run, and heap bytes per mark after play and a GC.
	//
	// | target | measured | limit | met |
	// |---|---|---|---|
	// | clustered play, swiss-tile ÷ dense | 1.90× at 1e3, 1.50× at 1e5 | ≤ 2× | yes |
	// | memory, clustered play | 8.0 at 1e3, 2.9 at 1e5 | ≤ 4 B/mark | no |
	//
	// #### Clustered play by number of marks (K = 5, walk)
	//
	// | store (× dense) | 1e3 | 1e5 |
	// |---|---:|---:|
	// | dense | 50.0 ns (1.00×), 4.9 B | 80.0 ns (1.00×), 1.6 B |
	// | swiss-tile | 95.0 ns (1.90×), 8.0 B | 120 ns (1.50×), 2.9 B |
}

// Cases lists what a run measures, named like the Go benchmarks.
func ExampleCases() {
	cases, _ := bench.Cases(bench.Options{Quick: true, Series: []bench.Series{bench.SeriesK}})
	for _, c := range cases[:4] {
		fmt.Println(c.Name())
	}
	// Output:
	// Runs/checker=walk/k=10
	// Runs/checker=runs/k=10
	// Runs/checker=walk/k=20
	// Runs/checker=runs/k=20
}
