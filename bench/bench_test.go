package bench

import (
	"runtime"
	"testing"
	"time"

	"github.com/gomoku-engine/gomoku/bench/cputime"
)

// The Go benchmarks run the full suite's cases through testing.B, so they
// compare with benchstat:
//
//	go test -run '^$' -bench . -count 6 ./bench > new.txt
//
// Each b.Loop iteration plays a whole workload; ns/move (wall),
// cpu-ns/move (process CPU time) and bytes/mark (live heap after play and
// a GC, over marks) are reported beside the per-workload ns/op.

var cached struct {
	key string
	wl  *Workload
}

func workloadOf(b *testing.B, c Case) *Workload {
	if cached.key != c.workloadKey {
		cached.wl, cached.key = nil, ""
		runtime.GC()
		w, err := c.workload()
		if err != nil {
			b.Fatal(err)
		}
		cached.wl, cached.key = w, c.workloadKey
	}
	return cached.wl
}

func benchGroup(b *testing.B, group string) {
	cases, err := Cases(Options{})
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range cases {
		if c.Group != group {
			continue
		}
		b.Run(c.Sub, func(b *testing.B) {
			w := workloadOf(b, c)
			bytes, _, err := memoryPerMark(c.play, w, memoryMarks, time.Second)
			if err != nil {
				b.Fatal(err)
			}
			cpu0, _ := cputime.Process()
			for b.Loop() {
				if _, err := c.play(w); err != nil {
					b.Fatal(err)
				}
			}
			cpu1, ok := cputime.Process()
			moves := float64(b.N) * float64(len(w.Moves))
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/moves, "ns/move")
			if ok {
				// CPU time is steadier than wall time on a shared machine.
				b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/moves, "cpu-ns/move")
			}
			b.ReportMetric(bytes, "bytes/mark")
		})
	}
}

func BenchmarkClustered(b *testing.B) { benchGroup(b, "Clustered") }
func BenchmarkIslands(b *testing.B)   { benchGroup(b, "Islands") }
func BenchmarkScattered(b *testing.B) { benchGroup(b, "Scattered") }
func BenchmarkRuns(b *testing.B)      { benchGroup(b, "Runs") }
func BenchmarkFill(b *testing.B)      { benchGroup(b, "Fill") }
