package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/gomoku-engine/gomoku/bench"
	"github.com/gomoku-engine/gomoku/cmd/internal/exitcode"
	"github.com/gomoku-engine/gomoku/cmd/internal/terminal"
)

func benchCommand() *cli.Command {
	series := make([]string, 0, len(bench.AllSeries()))
	for _, s := range bench.AllSeries() {
		series = append(series, s.String())
	}
	return &cli.Command{
		Name:  "bench",
		Usage: "measure what a move costs on every board store, beside a dense array",
		Description: `Runs the performance suite: clustered play from 10^3 to 10^7 marks, islands of
play spread over extents up to the unbounded plane, marks scattered over
10^9 x 10^9, long runs checked at K = 10..200, and n x n boards filled with
K = n (naive rescan, line counters, walk, run lengths). Every store is measured
side by side with a dense array of the bounding box, the physical reference,
and a whole game beside them; the checkers are measured through whole games.
No game is ever won: each move that would win goes to another of nine players.

--series game plays whole games through the engine instead, history and all:
10^6, 10^7 and 10^8 moves scattered over 10^9 x 10^9 (K = 5) and clustered
(K = 1000, seven players), generated as they are played, and reports their
peak memory. It takes several minutes and a few GB, so it runs only when
asked for.

Prints Markdown tables (ns per move, bytes per mark, ratio to the reference)
and the performance targets met or missed, and writes SVG charts (ns per move
against marks, extent and K) into --charts. Times are CPU-time medians of
repetitions interleaved between the cases compared, so a busy machine distorts
the ratios less. The full suite takes a few minutes on 2 cores; --quick runs
smaller sizes in well under a minute. A progress bar is shown when standard
error is a terminal.

Examples:
   gomoku bench --quick
   gomoku bench --charts bench/charts > perf.md
   gomoku bench --series marks,k --min-time 500ms
   gomoku bench --series game --quick        # games of 10^5 and 10^6 moves
   gomoku bench --moves scattered:1000000 > scattered.txt   # a workload, for gomoku replay`,
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "quick", Usage: "smaller sizes and 100ms per case: a smoke run"},
			&cli.StringFlag{Name: "series", Usage: "comma-separated `LIST` of series to run, of: " + strings.Join(series, ", "), DefaultText: "all but game"},
			&cli.DurationFlag{Name: "min-time", Usage: "repeat each case for at least `DURATION`", DefaultText: "2s, or 100ms with --quick"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "`SEED` of the workloads: the same seed measures the same moves"},
			&cli.StringFlag{Name: "charts", Value: "gomoku-bench", Usage: "write the SVG charts into `DIR` (created if needed); empty for none"},
			&cli.StringFlag{Name: "moves", Usage: "print the moves of a workload, `KIND:N` with KIND clustered or scattered (over 10^9 x 10^9), as ROW COL lines for gomoku replay, instead of measuring"},
		},
		Action: runBench,
	}
}

func runBench(c *cli.Context) error {
	if c.NArg() > 0 {
		return exitcode.UsageError(c, "unexpected argument %q", c.Args().First())
	}
	if spec := c.String("moves"); spec != "" {
		return printWorkload(c, spec)
	}
	opts := bench.Options{Quick: c.Bool("quick"), Seed: c.Uint64("seed"), MinTime: c.Duration("min-time")}
	if opts.MinTime < 0 {
		return exitcode.UsageError(c, "--min-time must not be negative, got %v", opts.MinTime)
	}
	if list := c.String("series"); list != "" {
		for _, name := range strings.Split(list, ",") {
			s, err := bench.ParseSeries(strings.TrimSpace(name))
			if err != nil {
				return exitcode.UsageError(c, "--series: %v", err)
			}
			opts.Series = append(opts.Series, s)
		}
	}
	if _, err := bench.Cases(opts); err != nil {
		return exitcode.UsageError(c, "%v", err)
	}

	var bar *terminal.Progress
	onProgress := func(p bench.Progress) {
		if bar == nil {
			bar = terminal.NewProgress(c.App.ErrWriter, p.Total, "cases", terminal.Is(c.App.ErrWriter))
		}
		bar.Update(p.Done)
	}
	rep, runErr := bench.Run(c.Context, opts, onProgress)
	if bar != nil {
		bar.Done()
	}
	interrupted := runErr != nil && errors.Is(runErr, context.Canceled)
	if runErr != nil && !interrupted {
		return exitcode.Failure(c, "%v", runErr)
	}
	if err := rep.Markdown(c.App.Writer); err != nil {
		return exitcode.Failure(c, "writing output: %v", err)
	}
	if interrupted {
		return cli.Exit("gomoku bench: interrupted; the tables show the cases finished so far", exitcode.Interrupted)
	}
	if dir := c.String("charts"); dir != "" {
		paths, err := rep.WriteCharts(dir)
		if err != nil {
			return exitcode.Failure(c, "writing charts: %v", err)
		}
		fmt.Fprintf(c.App.ErrWriter, "Charts: %s\n", strings.Join(paths, ", "))
	}
	return nil
}

// printWorkload writes the moves of the workload spec names (KIND:N) as
// ROW COL lines, so that gomoku replay can be measured on the benchmarks'
// own workloads.
func printWorkload(c *cli.Context, spec string) error {
	kind, count, _ := strings.Cut(spec, ":")
	n, err := strconv.Atoi(count)
	if err != nil || n < 1 {
		return exitcode.UsageError(c, "--moves: want KIND:N with N a positive number, got %q", spec)
	}
	var w *bench.Workload
	switch kind {
	case "clustered":
		w = bench.Clustered(n, c.Uint64("seed"))
	case "scattered":
		w = bench.Scattered(n, 1_000_000_000, c.Uint64("seed"))
	default:
		return exitcode.UsageError(c, "--moves: unknown workload %q (want clustered or scattered)", kind)
	}
	out := bufio.NewWriterSize(c.App.Writer, 64<<10)
	var line []byte
	for _, m := range w.Moves {
		line = strconv.AppendInt(line[:0], int64(m.Row), 10)
		line = append(line, ' ')
		line = strconv.AppendInt(line, int64(m.Col), 10)
		line = append(line, '\n')
		if _, err := out.Write(line); err != nil {
			return exitcode.Failure(c, "writing output: %v", err)
		}
	}
	if err := out.Flush(); err != nil {
		return exitcode.Failure(c, "writing output: %v", err)
	}
	return nil
}
