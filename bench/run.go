package bench

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/gomoku-engine/gomoku/bench/cputime"
)

// Errors of the harness.
var (
	ErrBadOptions = errors.New("bench: bad options")
	// errNoDense is a workload too spread out for the dense reference.
	errNoDense = errors.New("bench: bounding box too large for a dense array")
)

// Options configures [Run]. The zero value runs the full suite.
type Options struct {
	// Quick runs smaller sizes and shorter measurements: under a minute,
	// for smoke runs in CI.
	Quick bool
	// Seed makes workloads reproducible; 0 means 1.
	Seed uint64
	// MinTime is how long each case is repeated for at least (its median
	// repetition is reported); 0 means 2s, or 100ms with Quick.
	MinTime time.Duration
	// Series restricts the run to some series; empty means
	// [DefaultSeries].
	Series []Series

	// sizes replaces the suite's sizes, so unit tests can run it in
	// milliseconds.
	sizes *sizes
}

func (o Options) validate() error {
	if o.MinTime < 0 {
		return fmt.Errorf("%w: negative MinTime %v", ErrBadOptions, o.MinTime)
	}
	for _, s := range o.Series {
		if int(s) >= len(seriesNames) {
			return fmt.Errorf("%w: unknown series %v", ErrBadOptions, s)
		}
	}
	return nil
}

func (o Options) seed() uint64 { return max(o.Seed, 1) }

func (o Options) minTime() time.Duration {
	switch {
	case o.MinTime > 0:
		return o.MinTime
	case o.Quick:
		return 100 * time.Millisecond
	}
	return 2 * time.Second
}

func (o Options) series() []Series {
	if len(o.Series) == 0 {
		return DefaultSeries()
	}
	return o.Series
}

// Progress is reported once when the run starts (Done 0, Case empty) and
// then each time a case is finished (Done cases finished so far, Case the
// one just finished, Elapsed since the start).
type Progress struct {
	Done, Total int
	Case        string
	Elapsed     time.Duration
}

// Result is the measurement of one case.
type Result struct {
	Case
	// Moves is the number of moves actually played (Islands on a small
	// extent may fall a little short of Case.Marks).
	Moves int
	// NsPerMove is the median over repetitions of the CPU time a
	// repetition took divided by its moves (one placement plus one win
	// check each). CPU time rather than wall time, because on a shared
	// machine wall time mostly measures the neighbours; where the process
	// CPU clock is unavailable it is wall time.
	NsPerMove float64
	// WallNsPerMove is the same median in wall-clock time.
	WallNsPerMove float64
	// BytesPerMark is the live heap the store holds after play and a GC,
	// divided by Moves (small workloads are played onto several boards at
	// once and the heap divided by all their marks).
	BytesPerMark float64
	// PeakBytesPerMark, for a game case, is the most memory the Go
	// runtime held from the operating system while the game was played,
	// above what it held before, divided by Moves.
	PeakBytesPerMark float64
	// Reps is how many times the workload was played.
	Reps int
}

// Machine describes where a report was measured.
type Machine struct {
	CPU       string // the model name from /proc/cpuinfo, when there is one
	NumCPU    int
	GOOS      string
	GOARCH    string
	GoVersion string
}

// Report is the outcome of [Run].
type Report struct {
	Options Options
	Machine Machine
	Started time.Time
	Elapsed time.Duration
	Results []Result
}

// Run measures every case of the suite that opts selects, calling
// progress (which may be nil) as it goes. The cases that share a workload
// (the stores compared at one size, say), and all the cases of the extent
// series, are measured side by side: their repetitions are interleaved,
// so that a neighbour's burst of load on a shared machine falls on all of
// them alike. On cancellation Run returns
// the results finished so far together with the context's error.
func Run(ctx context.Context, opts Options, progress func(Progress)) (*Report, error) {
	cases, err := Cases(opts)
	if err != nil {
		return nil, err
	}
	rep := &Report{Options: opts, Machine: ThisMachine(), Started: time.Now()}
	report := func(name string) {
		if progress != nil {
			progress(Progress{Done: len(rep.Results), Total: len(cases), Case: name, Elapsed: time.Since(rep.Started)})
		}
	}
	report("")
	for start := 0; start < len(cases); {
		end := start + 1
		for end < len(cases) && cases[end].group() == cases[start].group() {
			end++
		}
		memMarks := memoryMarks
		if opts.sizes != nil {
			memMarks = opts.sizes.memMarks
		}
		done := func(r Result) {
			rep.Results = append(rep.Results, r)
			report(r.Name())
		}
		var err error
		if cases[start].Series == SeriesGame {
			err = measureGames(ctx, cases[start:end], opts.seed(), done)
		} else {
			err = measureGroup(ctx, cases[start:end], opts.minTime(), memMarks, done)
		}
		if err != nil {
			rep.Elapsed = time.Since(rep.Started)
			if ctx.Err() != nil {
				return rep, err
			}
			return rep, fmt.Errorf("bench: %w", err)
		}
		start = end
	}
	rep.Elapsed = time.Since(rep.Started)
	return rep, nil
}

// measureGroup builds the cases' workloads, measures each case's
// memory in one play, then plays the cases in rounds, one repetition of
// each per round, until each has run at least three times and for at
// least minTime (or three times minTime, for long repetitions), and at
// most 15 times. A repetition is as many plays of the workload as last
// about minTime/20. done receives each result as its case finishes.
func measureGroup(ctx context.Context, cases []Case, minTime time.Duration, memMarks int, done func(Result)) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	runtime.GC()
	workloads := map[string]*Workload{}
	wl := make([]*Workload, len(cases))
	for i, c := range cases {
		if workloads[c.workloadKey] == nil {
			w, err := c.workload()
			if err != nil {
				return fmt.Errorf("%s: %w", c.Name(), err)
			}
			workloads[c.workloadKey] = w
		}
		wl[i] = workloads[c.workloadKey]
		if len(wl[i].Moves) == 0 {
			return fmt.Errorf("%w: %s: empty workload", ErrBadOptions, c.Name())
		}
	}
	results := make([]Result, len(cases))
	reps := make([][]rep, len(cases))
	inner := make([]int, len(cases))
	for i, c := range cases {
		w := wl[i]
		results[i] = Result{Case: c, Moves: len(w.Moves)}
		bytes, r, err := memoryPerMark(c.play, w, memMarks, minTime/2)
		if err != nil {
			return fmt.Errorf("%s: %w", c.Name(), err)
		}
		results[i].BytesPerMark = bytes
		// A repetition plays the workload often enough to last a
		// twentieth of minTime, so that small workloads are not timed
		// at the clocks' resolution.
		inner[i] = max(1, int(minTime/20/max(r.wall, time.Microsecond)))
		if r.wall >= 3*minTime {
			// One play is a long enough sample; playing a 10^7-mark
			// workload on a per-cell store again would cost a minute.
			reps[i] = append(reps[i], r)
		}
	}
	finished := func(i int) bool {
		var total time.Duration
		for _, r := range reps[i] {
			total += r.wall
		}
		n := len(reps[i])
		return n >= 15 || (total >= minTime && n >= 3) || total >= 3*minTime
	}
	left := len(cases)
	closed := make([]bool, len(cases))
	for left > 0 {
		for i, c := range cases {
			if closed[i] {
				continue
			}
			if finished(i) {
				closed[i], left = true, left-1
				moves := float64(len(wl[i].Moves) * inner[i])
				results[i].Reps = len(reps[i]) * inner[i]
				results[i].NsPerMove = float64(median(reps[i], func(r rep) time.Duration { return r.cpu })) / moves
				results[i].WallNsPerMove = float64(median(reps[i], func(r rep) time.Duration { return r.wall })) / moves
				done(results[i])
				continue
			}
			if err := ctx.Err(); err != nil {
				return err
			}
			r, err := timedBatch(c.play, wl[i], inner[i])
			if err != nil {
				return fmt.Errorf("%s: %w", c.Name(), err)
			}
			reps[i] = append(reps[i], r)
		}
	}
	return nil
}

type rep struct{ wall, cpu time.Duration }

// memoryMarks is how many marks the memory measurement holds at once at
// least: small workloads are played onto several boards kept alive
// together, so that a few stray kilobytes of heap do not show as bytes
// per mark.
const memoryMarks = 200_000

// memoryPerMark measures the live heap that plays of w leave behind, per
// mark, holding at least minMarks marks at once unless that would take
// longer than budget (the naive checker's boards are slow to fill), and
// how long the first play took.
func memoryPerMark(play subject, w *Workload, minMarks int, budget time.Duration) (float64, rep, error) {
	boards := max(1, (minMarks+len(w.Moves)-1)/len(w.Moves))
	keep := make([]any, 0, boards)
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	before := ms.HeapAlloc
	var first rep
	var spent time.Duration
	for len(keep) < boards && (len(keep) == 0 || spent < budget) {
		r, k, err := timed(play, w)
		if err != nil {
			return 0, rep{}, err
		}
		if len(keep) == 0 {
			first = r
		}
		spent += r.wall
		keep = append(keep, k)
	}
	runtime.GC()
	runtime.ReadMemStats(&ms)
	runtime.KeepAlive(keep)
	grown := math.Max(0, float64(int64(ms.HeapAlloc)-int64(before)))
	return grown / float64(len(keep)*len(w.Moves)), first, nil
}

// timed plays w once and measures it on both clocks; cpu is the wall time
// where no CPU clock exists.
func timed(play subject, w *Workload) (rep, any, error) {
	c0, cpuOK := cputime.Process()
	start := time.Now()
	keep, err := play(w)
	r := rep{wall: time.Since(start)}
	r.cpu = r.wall
	if c1, ok := cputime.Process(); ok && cpuOK {
		r.cpu = c1 - c0
	}
	return r, keep, err
}

// timedBatch plays w n times in a row and measures the whole.
func timedBatch(play subject, w *Workload, n int) (rep, error) {
	var total rep
	c0, cpuOK := cputime.Process()
	start := time.Now()
	for range n {
		if _, err := play(w); err != nil {
			return total, err
		}
	}
	total.wall = time.Since(start)
	total.cpu = total.wall
	if c1, ok := cputime.Process(); ok && cpuOK {
		total.cpu = c1 - c0
	}
	return total, nil
}

func median(reps []rep, f func(rep) time.Duration) time.Duration {
	v := make([]time.Duration, len(reps))
	for i, r := range reps {
		v[i] = f(r)
	}
	slices.Sort(v)
	return v[len(v)/2]
}

// ThisMachine describes the running machine.
func ThisMachine() Machine {
	return Machine{CPU: cpuModel(), NumCPU: runtime.NumCPU(), GOOS: runtime.GOOS, GOARCH: runtime.GOARCH, GoVersion: runtime.Version()}
}

func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return "unknown"
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown"
}
