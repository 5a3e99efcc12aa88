// Package bench measures what a move costs on the engine's board stores
// and checkers, next to a dense array as the physical reference, and
// renders the results as Markdown tables and SVG charts.
//
// The suite has five series (see [Series]): clustered play at 10^3 to
// 10^7 marks with every store, a whole engine.Game and the dense array;
// islands of play spread over extents up to the whole plane; marks
// scattered over 10^9 × 10^9; runs checked at K = 10 … 200 by the walk and
// the run-length checker; and n × n boards filled with K = n, where the
// naive full rescan and the line counters are compared with the other
// checkers. Every move is one placement plus one win check: on a bare
// board with the engine's walk (one Board.AxisRuns call) for the stores,
// and through an engine.Game, its history included, for the checkers.
// A game refuses moves once won, so every workload is played by nine
// players in free order with each move that would win handed to another
// player: no run ever reaches K, and every move is measured. A sixth
// series, run only when asked for, plays whole games through an
// engine.Game, up to 10^8 moves generated as they are played, and
// reports their peak memory too.
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
