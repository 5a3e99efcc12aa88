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
	// repetition is reported); 0 means 1s, or 100ms with Quick.
	MinTime time.Duration
	// Series restricts the run to some series; empty means all.
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
	return time.Second
}

func (o Options) series() []Series {
	if len(o.Series) == 0 {
		return AllSeries()
	}
	return o.Series
}

// Progress is reported before each case starts (Done cases finished so
// far, Case the one starting) and once when the run ends (Done == Total,
// Case empty).
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
	// divided by Moves.
	BytesPerMark float64
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
// progress (which may be nil) as it goes. On cancellation it returns the
// results measured so far together with the context's error.
func Run(ctx context.Context, opts Options, progress func(Progress)) (*Report, error) {
	cases, err := Cases(opts)
	if err != nil {
		return nil, err
	}
	rep := &Report{Options: opts, Machine: ThisMachine(), Started: time.Now()}
	report := func(done int, name string) {
		if progress != nil {
			progress(Progress{Done: done, Total: len(cases), Case: name, Elapsed: time.Since(rep.Started)})
		}
	}
	var (
		wl    *Workload
		wlKey string
	)
	for i, c := range cases {
		report(i, c.Name())
		if err := ctx.Err(); err != nil {
			rep.Elapsed = time.Since(rep.Started)
			return rep, err
		}
		if c.workloadKey != wlKey {
			wl, wlKey = nil, "" // let the old one go before building the next
			runtime.GC()
			wl, wlKey = c.workload(), c.workloadKey
		}
		res, err := measure(ctx, c, wl, opts.minTime())
		if err != nil {
			rep.Elapsed = time.Since(rep.Started)
			return rep, fmt.Errorf("bench: %s: %w", c.Name(), err)
		}
		rep.Results = append(rep.Results, res)
	}
	rep.Elapsed = time.Since(rep.Started)
	report(len(cases), "")
	return rep, nil
}

// measure plays the workload at least three times and for at least
// minTime (a single repetition longer than three times minTime is enough),
// and at most 15 times. The first repetition also measures memory.
func measure(ctx context.Context, c Case, w *Workload, minTime time.Duration) (Result, error) {
	res := Result{Case: c, Moves: len(w.Moves)}
	if len(w.Moves) == 0 {
		return res, fmt.Errorf("%w: empty workload", ErrBadOptions)
	}
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	before := ms.HeapAlloc
	first, keep, err := timed(c.play, w)
	if err != nil {
		return res, err
	}
	runtime.GC()
	runtime.ReadMemStats(&ms)
	runtime.KeepAlive(keep)
	res.BytesPerMark = math.Max(0, float64(int64(ms.HeapAlloc)-int64(before))) / float64(len(w.Moves))
	keep = nil

	reps := []rep{first}
	total := first.wall
	for len(reps) < 15 && (total < minTime || len(reps) < 3) && total < 3*minTime {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		r, _, err := timed(c.play, w)
		if err != nil {
			return res, err
		}
		reps = append(reps, r)
		total += r.wall
	}
	res.Reps = len(reps)
	moves := float64(len(w.Moves))
	res.NsPerMove = float64(median(reps, func(r rep) time.Duration { return r.cpu })) / moves
	res.WallNsPerMove = float64(median(reps, func(r rep) time.Duration { return r.wall })) / moves
	return res, nil
}

type rep struct{ wall, cpu time.Duration }

// timed plays w once and measures it on both clocks; cpu is the wall time
// where no CPU clock exists.
func timed(play subject, w *Workload) (rep, any, error) {
	c0, cpuOK := cpuClock()
	start := time.Now()
	keep, err := play(w)
	r := rep{wall: time.Since(start)}
	r.cpu = r.wall
	if c1, ok := cpuClock(); ok && cpuOK {
		r.cpu = c1 - c0
	}
	return r, keep, err
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
