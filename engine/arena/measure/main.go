// Command measure runs a match between strategies with the arena and
// prints the standings, timing figures and, for search entrants, search
// statistics. It is the reproducible source of the figures in the README:
//
//	go run ./engine/arena/measure -players search,greedy -games 200
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/gomoku-engine/gomoku/bench/cputime"
	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/arena"
	"github.com/gomoku-engine/gomoku/engine/player"
	"github.com/gomoku-engine/gomoku/sparse"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "measure:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("measure", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		players  = fs.String("players", "search,greedy", "comma-separated strategies, one per seat: "+strings.Join(player.Names(), ", "))
		games    = fs.Int("games", 200, "number of games")
		k        = fs.Int("k", 5, "cells in a row that win")
		rows     = fs.Int("rows", 0, "board rows (0 with -cols 0: unbounded)")
		cols     = fs.Int("cols", 0, "board columns")
		rule     = fs.String("rule", "freestyle", "freestyle or exact")
		schedule = fs.String("schedule", "rotate", "seat schedule: rotate, fixed or permute")
		seed     = fs.Uint64("seed", 1, "match seed")
		maxMoves = fs.Int("max-moves", arena.DefaultMaxMoves, "move limit, scored as a draw")
		opening  = fs.Int("opening", 0, "random opening moves per game")
		budget   = fs.Duration("budget", player.DefaultBudget, "search time per move")
		verbose  = fs.Bool("v", false, "print every game")
		multi    = fs.String("multi", player.MaxN.String(), "the search's look-ahead for three or more players: max-n, paranoid or best-reply")
		slow     = fs.Duration("slow", 0, "when positive, print every search move that took longer, with its statistics")
	)
	if err := fs.Parse(args); err != nil {
		return err
	}
	r, err := engine.ParseRule(*rule)
	if err != nil {
		return err
	}
	sched, err := arena.ParseSchedule(*schedule)
	if err != nil {
		return err
	}
	look, err := player.ParseMultiSearch(*multi)
	if err != nil {
		return err
	}
	cfg := engine.DefaultConfig()
	cfg.K, cfg.Rows, cfg.Cols, cfg.Rule = *k, *rows, *cols, r
	names := strings.Split(*players, ",")
	cfg.Players = len(names)
	var stats []moveStats
	entrants := make([]arena.Entrant, len(names))
	for i, name := range names {
		if name == "search" {
			b := *budget
			entrants[i] = arena.Entrant{Name: name, New: func(seed uint64) engine.Strategy {
				return &recorder{Search: player.NewSearch(player.WithSeed(seed), player.WithBudget(b), player.WithMultiSearch(look)), stats: &stats, slow: *slow, out: stdout}
			}}
			continue
		}
		e, err := arena.Named(name)
		if err != nil {
			return err
		}
		entrants[i] = e
	}
	opts := arena.Options{Config: cfg, Games: *games, Seed: *seed, Schedule: sched, MaxMoves: *maxMoves, OpeningMoves: *opening}
	// seatGames[e][p-1] and seatWins[e][p-1]: entrant e playing player p.
	seatGames, seatWins := make([][]int, len(names)), make([][]int, len(names))
	for e := range names {
		seatGames[e], seatWins[e] = make([]int, len(names)), make([]int, len(names))
	}
	start := time.Now()
	sum, err := arena.Run(context.Background(), entrants, opts, func(g arena.GameResult) error {
		for p, e := range g.Seats {
			seatGames[e][p]++
			if g.Winner == p+1 {
				seatWins[e][p]++
			}
		}
		if *verbose {
			w := "draw"
			if g.Winner > 0 {
				w = fmt.Sprintf("player %d (%s)", g.Winner, names[g.WinnerEntrant()])
			}
			fmt.Fprintf(stdout, "game %3d seats %v: %s after %d moves\n", g.Index+1, g.Seats, w, len(g.Moves))
		}
		return nil
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%v; %d games, schedule %v, seed %d, search budget %v; %.1fs\n", cfg, sum.Games, sched, *seed, *budget, time.Since(start).Seconds())
	fmt.Fprintf(stdout, "%-3s %-8s %6s %6s %6s %6s %8s %9s %11s %11s\n", "#", "entrant", "games", "wins", "losses", "draws", "win %", "avg len", "median ms", "max ms")
	for i, s := range sum.Entrants {
		fmt.Fprintf(stdout, "%-3d %-8s %6d %6d %6d %6d %7.1f%% %9.1f %11.2f %11.2f\n", i+1, s.Name, s.Games, s.Wins, s.Losses, s.Draws,
			100*s.WinRate(), s.AvgLength(), ms(s.ThinkMedian), ms(s.ThinkMax))
	}
	fmt.Fprintf(stdout, "draws %d (move limit %d), average length %.1f moves\n", sum.Draws, sum.MoveLimits, sum.AvgLength())
	fmt.Fprintln(stdout, "wins/games by seat (player 1 moves first):")
	for e, name := range names {
		fmt.Fprintf(stdout, "  %d %-8s", e+1, name)
		for p := range names {
			fmt.Fprintf(stdout, "  as %d: %3d/%-3d", p+1, seatWins[e][p], seatGames[e][p])
		}
		fmt.Fprintln(stdout)
	}
	if len(stats) > 0 {
		printSearchStats(stdout, stats, *budget)
	}
	return nil
}

// recorder keeps the statistics of every move of a search.
type recorder struct {
	*player.Search
	stats *[]moveStats
	slow  time.Duration
	out   io.Writer
}

// moveStats is one search move: its statistics and the CPU time the
// process used meanwhile.
type moveStats struct {
	player.Stats
	CPU time.Duration
}

func (r *recorder) Choose(ctx context.Context, g *engine.Game, p int) (sparse.Cell, error) {
	cpu, _ := cputime.Process()
	c, err := r.Search.Choose(ctx, g, p)
	now, _ := cputime.Process()
	st := moveStats{r.LastStats(), now - cpu}
	*r.stats = append(*r.stats, st)
	if r.slow > 0 && st.Elapsed > r.slow {
		fmt.Fprintf(r.out, "slow move %d by player %d: %v, %+v\n", g.Len()+1, p, c, st)
	}
	return c, err
}

func printSearchStats(w io.Writer, stats []moveStats, budget time.Duration) {
	reasons := map[string]int{}
	var (
		times         []time.Duration
		depths        []int
		nodes         int64
		searched      time.Duration
		over, overTen int
		overCPU       int
	)
	for _, s := range stats {
		reasons[s.Reason]++
		times = append(times, s.Elapsed)
		if s.Reason == "search" {
			depths = append(depths, s.Depth)
		}
		nodes += s.Nodes
		searched += s.Elapsed
		if s.Elapsed > budget {
			over++
		}
		if s.Elapsed > budget+budget/10 {
			overTen++
			if s.CPU > budget+budget/10 {
				overCPU++
			}
		}
	}
	slices.Sort(times)
	slices.Sort(depths)
	keys := slices.Sorted(maps.Keys(reasons))
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s %d", k, reasons[k]))
	}
	fmt.Fprintf(w, "search moves %d (%s)\n", len(stats), strings.Join(parts, ", "))
	fmt.Fprintf(w, "search time per move: median %.1f ms, p90 %.1f ms, max %.1f ms (budget %v; over budget %d, over budget+10%% %d)\n",
		ms(times[len(times)/2]), ms(times[len(times)*9/10]), ms(times[len(times)-1]), budget, over, overTen)
	fmt.Fprintf(w, "moves over budget+10%% that also used that much CPU time (the rest waited for a CPU): %d\n", overCPU)
	if len(depths) > 0 {
		fmt.Fprintf(w, "alpha-beta depth reached: median %d, min %d, max %d\n", depths[len(depths)/2], depths[0], depths[len(depths)-1])
	}
	if searched > 0 {
		fmt.Fprintf(w, "nodes %d in %.1fs: %.0f nodes/s\n", nodes, searched.Seconds(), float64(nodes)/searched.Seconds())
	}
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
