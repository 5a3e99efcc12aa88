// Package bench measures what a move costs on the engine's board stores
// and checkers, next to a dense array as the physical reference, and
// renders the results as Markdown tables and SVG charts.
//
// The suite has five series (see [Series]): clustered play at 10^3 to
// 10^7 marks with every store and the dense array; islands of play spread
// over extents up to the whole plane; marks scattered over 10^9 × 10^9;
// long runs checked at K = 5 … 200 by the walk and the run-length checker;
// and n × n boards filled with K = n, where the naive full rescan and the
// line counters are compared with the other checkers. Every move is one
// placement plus one win check. A sixth series, run only when asked for,
// plays whole games through an engine.Game, up to 10^8 moves generated as
// they are played, and reports their peak memory too.
//
// [Run] measures the suite and reports progress through a callback; the
// [Report] it returns writes Markdown ([Report.Markdown]), evaluates the
// project's performance targets ([Report.Targets]) and writes SVG
// charts with no dependency ([Report.WriteCharts]). The same cases run as
// Go benchmarks, for benchstat:
//
//	go test -run '^$' -bench . -count 6 ./bench
//
// Times are CPU time medians (the machines this runs on are often
// shared), and the cases compared with each other run side by side, their
// repetitions interleaved.
package bench
