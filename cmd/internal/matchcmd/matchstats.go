package matchcmd

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/gomoku-engine/gomoku/bench/cputime"
	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/arena"
	"github.com/gomoku-engine/gomoku/engine/player"
	"github.com/gomoku-engine/gomoku/sparse"
)

// matchStats is what gomoku match --stats adds to the table: every
// entrant's wins in each seat, and the built-in search's statistics for
// every move it chose. Games may run concurrently, so it takes a lock.
type matchStats struct {
	budget time.Duration // the search's time per move, --think

	mu    sync.Mutex
	moves []searchMove
	// seatGames[e][p] and seatWins[e][p]: entrant e playing player p+1.
	seatGames, seatWins [][]int
}

// searchMove is one move of the search: its own statistics and the CPU
// time the whole process used meanwhile, which tells a slow move from one
// that waited for a core.
type searchMove struct {
	player.Stats
	CPU time.Duration
}

func newMatchStats(entrants int, budget time.Duration) *matchStats {
	st := &matchStats{budget: budget, seatGames: make([][]int, entrants), seatWins: make([][]int, entrants)}
	for e := range entrants {
		st.seatGames[e], st.seatWins[e] = make([]int, entrants), make([]int, entrants)
	}
	return st
}

// watch makes every search e plays record its moves in st.
func (st *matchStats) watch(e arena.Entrant) arena.Entrant {
	if e.New == nil {
		return e // an external engine
	}
	build := e.New
	e.New = func(seed uint64) engine.Strategy {
		s := build(seed)
		if search, ok := s.(*player.Search); ok {
			return &searchRecorder{Search: search, stats: st}
		}
		return s
	}
	return e
}

// addGame counts a finished game by seat.
func (st *matchStats) addGame(r arena.GameResult) {
	st.mu.Lock()
	defer st.mu.Unlock()
	for p, e := range r.Seats {
		st.seatGames[e][p]++
		if r.Winner == p+1 {
			st.seatWins[e][p]++
		}
	}
}

// searchRecorder is a search that reports every move to the match's stats.
type searchRecorder struct {
	*player.Search
	stats *matchStats
}

func (r *searchRecorder) Choose(ctx context.Context, g *engine.Game, p int) (sparse.Cell, error) {
	before, _ := cputime.Process()
	c, err := r.Search.Choose(ctx, g, p)
	after, _ := cputime.Process()
	r.stats.mu.Lock()
	r.stats.moves = append(r.stats.moves, searchMove{r.LastStats(), after - before})
	r.stats.mu.Unlock()
	return c, err
}

// write prints the seat table and, when the search played, its figures.
func (st *matchStats) write(w io.Writer, names []string) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	nameW := 0
	for _, n := range names {
		nameW = max(nameW, len(n))
	}
	fmt.Fprintln(w, "\nWins/games by seat (player 1 moves first):")
	for e, name := range names {
		line := fmt.Sprintf("  %-*s", nameW, name)
		for p := range names {
			line += fmt.Sprintf("  as %d: %3d/%-3d", p+1, st.seatWins[e][p], st.seatGames[e][p])
		}
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
	if len(st.moves) == 0 {
		_, err := fmt.Fprintln(w, "\nNo move by the built-in search.")
		return err
	}
	return st.writeSearch(w)
}

// writeSearch prints the search's moves by reason, its time per move
// against its budget, its depth and its speed.
func (st *matchStats) writeSearch(w io.Writer) error {
	budget, slack := st.budget, st.budget+st.budget/10
	reasons := map[string]int{}
	var (
		times, depths          []int64
		nodes                  int64
		searched               time.Duration
		over, overTen, overCPU int
	)
	for _, m := range st.moves {
		reasons[m.Reason.String()]++
		times = append(times, int64(m.Elapsed))
		if m.Reason == player.ReasonSearch {
			depths = append(depths, int64(m.Depth))
		}
		nodes += m.Nodes
		searched += m.Elapsed
		if m.Elapsed > budget {
			over++
		}
		if m.Elapsed > slack {
			overTen++
			if m.CPU > slack {
				overCPU++
			}
		}
	}
	slices.Sort(times)
	slices.Sort(depths)
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(reasons)) {
		parts = append(parts, fmt.Sprintf("%s %d", k, reasons[k]))
	}
	at := func(q float64) time.Duration { return time.Duration(times[int(q*float64(len(times)-1))]) }
	fmt.Fprintf(w, "\nSearch moves: %d (%s).\n", len(st.moves), strings.Join(parts, ", "))
	fmt.Fprintf(w, "Time per move: median %v, p90 %v, max %v (budget %v; over budget %d, over budget+10%% %d, of which %d also used that much CPU time: the rest waited for a core).\n",
		roundDuration(at(0.5)), roundDuration(at(0.9)), roundDuration(at(1)), budget, over, overTen, overCPU)
	if len(depths) > 0 {
		fmt.Fprintf(w, "Alpha-beta depth: median %d, min %d, max %d.\n", depths[len(depths)/2], depths[0], depths[len(depths)-1])
	}
	var err error
	if searched > 0 {
		_, err = fmt.Fprintf(w, "Nodes: %d in %.1fs, %.0f a second.\n", nodes, searched.Seconds(), float64(nodes)/searched.Seconds())
	}
	return err
}
