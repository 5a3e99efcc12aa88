package player

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/internal/cellkey"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
	"github.com/gomoku-engine/gomoku/engine/player/internal/duel"
	"github.com/gomoku-engine/gomoku/engine/player/internal/multi"
	"github.com/gomoku-engine/gomoku/engine/player/internal/sparsesearch"
	"github.com/gomoku-engine/gomoku/sparse"
)

// DefaultBudget is the search's time per move unless [WithBudget] says
// otherwise. Iterative deepening does not start a depth it is unlikely to
// finish, so the median move takes well under it.
const DefaultBudget = 200 * time.Millisecond

// Search is a Gomoku player that looks ahead. Each move it takes a win,
// blocks the opponent's, looks for a forced win by threats (a victory by
// continuous fours, VCF, then by fours and threes, VCT), and otherwise
// searches with iterative deepening until its budget ([WithBudget]), the
// context's deadline, [WithMaxDepth] or [WithMaxNodes] stops it.
//
// Two players (K from 3 to 11, or 10 under the exact rule, with marks
// within a window of 2^19 cells) are searched on a dense window whose
// cells know the line shapes around them: a principal-variation search
// over the moves after which the opponent has no VCF, with a static
// evaluation fitted to game results. Other games are searched on the
// sparse board, scored by live windows (K cells on a line that only one
// player can still fill). With three or more players a threat counts by
// the players who move before its owner again, every player blocks the
// first threat after it in turn order that the players in between leave,
// and the look-ahead is the one [WithMultiSearch] chooses ([Planned] by
// default). README.md next to the package's files maps the engines; their
// package documentation describes each.
//
// Its working position is kept from call to call, in step with the real
// game's history, so a move costs about the same on move 10 and on move
// 10,000: only checking that the copy's history is still a prefix of the
// game's grows with the game, by some 20 ns a move (0.2 ms at 10,000
// moves). Replaying a long history (a loaded game of thousands of marks) stops at
// half the budget and goes on at the next call; until it is done, Choose
// answers at once with a win or a block found around the latest moves.
// Choose never changes the game it is given.
type Search struct {
	budget   time.Duration
	maxDepth int
	maxNodes int64
	vcf, vct bool
	rng      *rand.Rand
	stats    core.Stats
	elapsed  time.Duration
	// duel is the two-player search's state, tracked the sparse search's
	// (three or more players, or games the dense window cannot hold);
	// forceSparse has two-player games searched by the sparse search too
	// (benchmarks compare the two).
	duel        duel.State
	tracked     sparsesearch.State
	forceSparse bool
	// multi is the look-ahead for three or more players.
	multi MultiSearch
	// provisional is the best move found so far by the Choose under way,
	// for a caller whose deadline passes before it returns.
	provisional atomic.Pointer[sparse.Cell]
}

// Provisional returns the best move the Choose under way has found so far,
// and false when it has none yet or no Choose is under way. It may be
// called from another goroutine while Choose runs: a caller that cannot
// wait any longer answers it rather than a move chosen without search.
// The two-player search has one once it has ordered the root moves that
// survive the threat checks, and updates it after every iteration.
func (s *Search) Provisional() (sparse.Cell, bool) {
	if c := s.provisional.Load(); c != nil {
		return *c, true
	}
	return sparse.Cell{}, false
}

// Stats describes the latest Choose of a [Search].
type Stats struct {
	// Depth is the deepest alpha-beta iteration completed (0 when the move
	// came from a win check, a forced block, the VCF or the VCT); for the
	// planned look-ahead, the number of the root's moves in its lines.
	Depth int
	// Nodes counts positions visited, by alpha-beta and threat searches.
	Nodes int64
	// Elapsed is the wall time of the call.
	Elapsed time.Duration
	// Reason says how the move was found.
	Reason Reason
	// Score is the root's evaluation of the move, from the mover's side.
	Score int64
	// Halt says why the two-player search's iterative deepening
	// stopped; HaltNone when no deepening ran.
	Halt Halt
}

// SearchOption configures a [Search].
type SearchOption func(*Search)

// WithBudget sets the time per move. Zero or less removes the time limit,
// leaving the context's deadline, [WithMaxDepth] and [WithMaxNodes].
func WithBudget(d time.Duration) SearchOption { return func(s *Search) { s.budget = d } }

// optimumKey is the context key of [ContextWithOptimum]'s instant.
type optimumKey struct{}

// ContextWithOptimum returns a copy of ctx that asks a [Search] choosing under it
// to aim to answer by t: past t it starts no deeper iteration unless its
// best move keeps changing or its value falls, and it still stops by the
// context's deadline and its budget. Without it a search aims at half
// its time. A Gomocup brain sets it from the match clock, the deadline
// from the most the move may take.
func ContextWithOptimum(ctx context.Context, t time.Time) context.Context {
	return context.WithValue(ctx, optimumKey{}, t)
}

// WithSeed seeds the source that breaks ties between equally good moves.
func WithSeed(seed uint64) SearchOption {
	return func(s *Search) { s.rng = rand.New(rand.NewPCG(seed, seed^0xbb67ae8584caa73b)) }
}

// WithMaxDepth caps iterative deepening at depth plies (at least 1; for
// the planned look-ahead, depth of the searcher's own moves). A search
// limited by depth or nodes and not by time is deterministic.
func WithMaxDepth(depth int) SearchOption { return func(s *Search) { s.maxDepth = max(depth, 1) } }

// WithMaxNodes stops the search after about n positions (at least 1).
func WithMaxNodes(n int64) SearchOption { return func(s *Search) { s.maxNodes = max(n, 1) } }

// WithTableMemory sizes the two-player search's transposition table to
// the largest power of two of entries that fits in bytes (24 bytes an
// entry); 0 or less keeps the default of 6 MiB (2^18 entries). A Gomocup
// brain gives it a share of the manager's max_memory.
func WithTableMemory(bytes int64) SearchOption {
	return func(s *Search) { s.duel.SetTableMemory(bytes) }
}

// WithThreads sets how many threads the two-player search uses for each
// move, from 1 (the default) to [MaxThreads]: the calling goroutine and
// n−1 helpers that share its transposition table. More threads search
// more positions in the same time; with more than one the search is no
// longer deterministic, even under [WithMaxNodes], whose limit then
// counts every thread's positions. Other games are searched on one
// thread.
func WithThreads(n int) SearchOption {
	return func(s *Search) { s.duel.SetThreads(min(max(n, 1), MaxThreads)) }
}

// MaxThreads is the most threads a search runs: beyond a few hundred a
// search spends its time waiting on memory.
const MaxThreads = 256

// NewSearch returns a searching player.
func NewSearch(opts ...SearchOption) *Search {
	s := &Search{budget: DefaultBudget, maxDepth: core.MaxDepth, vcf: true, vct: true, multi: Planned}
	WithSeed(0)(s)
	WithDuelSearch(Classic)(s)
	for _, o := range opts {
		o(s)
	}
	return s
}

// Name is "search".
func (s *Search) Name() string { return "search" }

// LastStats describes the latest call of Choose.
func (s *Search) LastStats() Stats {
	return Stats{Depth: s.stats.Depth, Nodes: s.stats.Nodes, Elapsed: s.elapsed, Reason: Reason(s.stats.Reason), Score: s.stats.Score, Halt: Halt(s.stats.Halt)}
}

// Choose returns the cell the search prefers for player, who must be the
// player in turn unless the game uses free order.
func (s *Search) Choose(ctx context.Context, g *engine.Game, player int) (sparse.Cell, error) {
	return s.ChooseExcept(ctx, g, player, nil)
}

// ChooseExcept is [Search.Choose] with the cells of except ruled out: the
// best move other than those. Asked again with the answer added to except,
// it gives the next best, which is how an analysis lists the n best moves
// (multi-PV), each with its own [Search.LastStats]. The two-player search
// ranks the remaining moves itself: a win, a block or a threat sequence
// that starts on an excluded cell gives way to the search over the other
// moves, which then scores them against that threat. Other engines (three
// or more players, marks too far apart for the dense window) are not told:
// an excluded answer of theirs, or no answer, is replaced by the allowed
// cell nearest the stones that is not excluded ([ReasonFallback]). It
// fails with [ErrAllExcluded] when every cell player may mark is excluded.
func (s *Search) ChooseExcept(ctx context.Context, g *engine.Game, player int, except []sparse.Cell) (sparse.Cell, error) {
	c, err := s.choose(ctx, g, player, except)
	if err != nil || !slices.Contains(except, c) {
		return c, err
	}
	s.stats.Reason, s.stats.Depth, s.stats.Score = core.ReasonFallback, 0, 0
	return anyAllowedExcept(g, player, except)
}

// choose is ChooseExcept but for replacing an excluded answer.
func (s *Search) choose(ctx context.Context, g *engine.Game, player int, except []sparse.Cell) (sparse.Cell, error) {
	start := time.Now()
	s.stats, s.elapsed = core.Stats{}, 0
	s.provisional.Store(nil)
	defer func() {
		s.elapsed = time.Since(start)
		s.provisional.Store(nil)
	}()
	if err := searchAsk(g, player); err != nil {
		return sparse.Cell{}, err
	}
	cfg := g.Config()
	if cfg.Order == engine.Rotation && player != g.Turn() {
		return sparse.Cell{}, fmt.Errorf("%w: player %d asked, player %d in turn", engine.ErrWrongTurn, player, g.Turn())
	}
	if g.Len() == 0 || cfg.K == 1 {
		s.stats.Reason = core.ReasonOpening
		c, _ := anyCell(g) // K = 1: every empty cell wins
		return c, nil
	}
	deadline := time.Time{}
	if s.budget > 0 {
		// Stop looking at 95% of the budget: unwinding the search and
		// returning take the rest.
		deadline = start.Add(s.budget - s.budget/20)
	}
	if d, ok := ctx.Deadline(); ok && (deadline.IsZero() || d.Before(deadline)) {
		deadline = d
	}
	lim := core.Limits{
		Start: start, Deadline: deadline, MaxDepth: s.maxDepth, MaxNodes: s.maxNodes,
		Width: core.DefaultWidth, VCF: s.vcf, VCT: s.vct, Exclude: except,
	}
	if t, ok := ctx.Value(optimumKey{}).(time.Time); ok {
		lim.Optimum = t
	}
	if duel.Plays(cfg) && !s.forceSparse {
		if fits, warm := s.duel.Sync(g, halfway(start, deadline)); fits {
			if !warm {
				s.stats.Reason = core.ReasonWarmUp
				return quickMove(g, player)
			}
			c, ok := s.duel.Choose(ctx, g, player, lim, &s.stats, &s.provisional)
			if ok && !core.Forbidden(g, player, c) {
				return c, nil
			}
			if !ok && len(except) > 0 {
				// The search has no move left outside except: no other
				// engine would rank the rest better.
				return anyAllowedExcept(g, player, except)
			}
		}
	}
	warm, err := s.tracked.Sync(g, halfway(start, deadline))
	if err != nil {
		return sparse.Cell{}, err
	}
	if !warm {
		s.stats.Reason = core.ReasonWarmUp
		return quickMove(g, player)
	}
	r := s.tracked.NewRun(ctx, player, lim, &s.stats, s.rng)
	var (
		key uint64
		ok  bool
	)
	if cfg.Players >= 3 {
		key, ok = multi.Best(r, multi.Kind(s.multi))
	} else {
		key, ok = r.Best()
	}
	if ok {
		row, col := cellkey.Unpack(key)
		c := sparse.Cell{Row: row, Col: col}
		switch {
		case g.CanPlace(row, col) != nil:
			// A move the game refuses means the working copy is not the
			// game's position: start afresh next time.
			s.tracked.Reset()
		case !core.Forbidden(g, player, c):
			return c, nil
		}
	}
	s.stats.Reason = core.ReasonFallback
	return quickMove(g, player)
}

// halfway is the instant between start and deadline, or zero without a
// deadline.
func halfway(start, deadline time.Time) time.Time {
	if deadline.IsZero() {
		return deadline
	}
	return start.Add(deadline.Sub(start) / 2)
}

// quickMove answers while the working copy is still being built: a cell
// that wins now, else one that blocks the first opponent in turn order who
// could win there, looking around the latest moves only, else a cell next
// to the latest move. It costs O(K²) board reads, not O(marks).
func quickMove(g *engine.Game, player int) (sparse.Cell, error) {
	cfg := g.Config()
	var near []sparse.Cell
	for i := max(0, g.Len()-2*cfg.Players); i < g.Len(); i++ {
		m, _ := g.MoveAt(i)
		for _, a := range core.Axes {
			for d := -(cfg.K - 1); d < cfg.K; d++ {
				c := sparse.Cell{Row: m.Row + d*a.DR, Col: m.Col + d*a.DC}
				if core.Allowed(g, player, c) {
					near = append(near, c)
				}
			}
		}
	}
	for i := range cfg.Players {
		p := (player-1+i)%cfg.Players + 1
		for _, c := range near {
			if won, _ := g.WouldWin(c.Row, c.Col, p); won {
				return c, nil
			}
		}
	}
	if last, ok := g.LastMove(); ok {
		for _, a := range core.Axes {
			for _, d := range [2]int{1, -1} {
				if c := (sparse.Cell{Row: last.Row + d*a.DR, Col: last.Col + d*a.DC}); core.Allowed(g, player, c) {
					return c, nil
				}
			}
		}
	}
	return anyAllowed(g, player)
}
