package player

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync/atomic"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/internal/cellkey"
	"github.com/gomoku-engine/gomoku/engine/player/internal/history"
	"github.com/gomoku-engine/gomoku/sparse"
)

// DefaultBudget is the search's time per move unless [WithBudget] says
// otherwise. Iterative deepening does not start a depth it is unlikely to
// finish, so the median move takes well under it.
const DefaultBudget = 200 * time.Millisecond

// Search is a Gomoku player that looks ahead.
//
// Two players (K from 3 to 11, or 10 under the exact rule) play on a dense
// working window: an array over the marks' bounding box plus a margin, or
// the whole of a bounded board up to 128×128, rebuilt when play leaves it.
// Every empty cell keeps, per player and axis, the pattern of the cells
// within K−1 (K under the exact rule) of it, updated on place and undo for
// the cells a mark can see; a table derived from the rules for that K maps
// a pattern to the shape marking the cell would make (five, open or
// blocked four, three, two, one), and the four shapes to a class (a four
// and an open three, two open threes, …) and a value. Class counts find
// threats at once and values order moves; the static evaluation sums
// weights of the same shapes and classes that differ for the side to move
// and the side that waits, fitted to game results.
// Each move: a win; the block of the opponent's win; a victory by
// continuous fours (VCF) or by fours and threes (VCT); else a
// principal-variation search with iterative deepening, a transposition
// table, killer and history ordering, late-move reductions and futility
// pruning over the moves after which the opponent has no VCF (nor, as far
// as time allows, a VCT). Inside the search a player facing a four has one move, one
// facing a three only its fours and the cells that spoil the three, and
// neither costs depth; leaves try a short VCF.
//
// Otherwise (three or more players, longer lines, or marks too spread for
// a window of 2^19 cells) it runs the sparse search. For every move it
// first takes a win, then (two players) looks for a victory by continuous
// fours and then by continuous threats, and otherwise runs an alpha-beta
// search with iterative deepening until its time budget or the context's
// deadline, whichever is sooner. When the opponent would have a VCF were
// it to move, the alpha-beta only considers the moves that leave it none.
// The alpha-beta considers the empty cells within distance 2 of a mark (1
// for K ≤ 3), best first by their one-move gain, and only the best dozen
// of them below the root; when the player to move faces a cell that wins
// for an opponent, its only moves are the cells that block it. Leaves are
// scored by live windows: K consecutive cells on an axis holding marks of
// one player only, none off the board and, under the exact rule, not
// flanked by that player's mark (filling it would make an overline). A
// live window with c marks is worth 8^(c-1) to its owner, so a run open on
// both sides, lying in more live windows, outweighs one closed on a side,
// for any K; the value is the mover's total minus the others' (with three
// or more players the mover's counts once against each opponent's).
//
// With three or more players every player, root or not, blocks the
// winning cells of the first player after it in turn order who has some,
// unless the players moving in between can block them all (as rational
// players would, and as [Greedy] does), which leaves the root free to
// attack while an opponent's threat is another opponent's to block. A
// threat counts by the players who move before its owner again: N−1
// opponents block N−1 cells, so a move leaving N winning cells wins and one
// leaving N−1 forces every opponent's reply. Each move: a win; the block
// nobody else will make; a forcing win (every move of the line forcing all
// N−1 replies, every choice of the blockers tried); a forcing win in which
// the players not forced to block try their three best moves; else the
// look-ahead chosen by [WithMultiSearch]. By default ([Planned]) that is a
// search of the root's moves alone, every other player answering as a
// model of a player who looks one move ahead predicts: a line that wins
// within six of the root's moves is played, else the move whose lines
// end best by the evaluation. The others (max-n, paranoid, best-reply)
// search the best 24 candidates with every player moving, scoring the
// root's live windows once against each opponent's; their horizon counts
// a short forcing win of the player to move as a win and, with an
// opponent to move, the cells from which the root would have one, as
// many of them as there are players being more than the opponents can
// spoil.
//
// Both keep their working position from call to call, in step with the
// real game's history, so a move costs about the same on move 10 and on
// move 10,000: only checking that the copy's history is still a prefix of
// the game's grows with the game, by some 20 ns a move (0.2 ms at 10,000
// moves). Replaying a long history (a loaded game of thousands of marks)
// stops at half the budget and goes on at the next call; until it is
// done, Choose answers at once with a win or a block found around the
// latest moves. Choose never changes the game it is given.
type Search struct {
	budget   time.Duration
	maxDepth int
	maxNodes int64
	width    int
	vcf, vct bool
	rng      *rand.Rand
	t        *tracker
	stats    Stats
	// Storage reused from one Choose to the next, to spare the collector:
	// the transposition table, the VCF's refutations (positions mapped to
	// the number of fours left when refuted) and per-ply candidate lists.
	tt        map[uint64]ttEntry
	vcfFailed map[uint64]int
	scratch   []plyScratch
	// ds is the two-player search's state; sparse forces the sparse
	// search for two players too (benchmarks compare the two).
	ds     *duelState
	sparse bool
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
	// Reason says how the move was found: "opening", "win", "vcf", "vct",
	// "plan" (a line that wins against the predicted replies, three or
	// more players), "search", "refute" (the search over the only moves
	// that stop the opponent's VCF), "only move", "warm-up" (the working
	// copy is still being built) or "fallback".
	Reason string
	// Score is the root's evaluation of the move, from the mover's side.
	Score int64
}

// SearchOption configures a [Search].
type SearchOption func(*Search)

// WithBudget sets the time per move. Zero or less removes the time limit,
// leaving the context's deadline, [WithMaxDepth] and [WithMaxNodes].
func WithBudget(d time.Duration) SearchOption { return func(s *Search) { s.budget = d } }

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

// WithWidth sets how many candidate cells the alpha-beta tries below the
// root (at least 2; the default is 12). The root tries them all.
func WithWidth(n int) SearchOption { return func(s *Search) { s.width = max(n, 2) } }

// WithVCF turns the search for a victory by continuous fours on or off
// (on by default); off, it also turns off the refutation of the
// opponent's fours at the root and the short VCF at the search's leaves.
func WithVCF(on bool) SearchOption { return func(s *Search) { s.vcf = on } }

// WithVCT turns the search for a victory by continuous threats (fours and
// threes) on or off (on by default). It runs after the VCF, until a fifth
// (two players on the dense window) or a third (the sparse search) of the
// budget; the dense search also uses it to drop root moves after which
// the opponent has one.
func WithVCT(on bool) SearchOption { return func(s *Search) { s.vct = on } }

// maxSearchDepth bounds iterative deepening when nothing else does.
const maxSearchDepth = 64

// NewSearch returns a searching player.
func NewSearch(opts ...SearchOption) *Search {
	s := &Search{budget: DefaultBudget, maxDepth: maxSearchDepth, width: 12, vcf: true, vct: true, multi: Planned}
	WithSeed(0)(s)
	for _, o := range opts {
		o(s)
	}
	return s
}

// Name is "search".
func (s *Search) Name() string { return "search" }

// LastStats describes the latest call of Choose.
func (s *Search) LastStats() Stats { return s.stats }

// errStop unwinds a search whose time or node budget ran out.
var errStop = errors.New("player: search stopped")

// Choose returns the cell the search prefers for player, who must be the
// player in turn unless the game uses free order.
func (s *Search) Choose(ctx context.Context, g *engine.Game, player int) (sparse.Cell, error) {
	start := time.Now()
	s.stats = Stats{}
	s.provisional.Store(nil)
	defer func() {
		s.stats.Elapsed = time.Since(start)
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
		s.stats.Reason = "opening"
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
	if duelable(cfg) && !s.sparse {
		if fits, warm := s.duelSync(g, halfway(start, deadline)); fits {
			if !warm {
				s.stats.Reason = "warm-up"
				return quickMove(g, player), nil
			}
			if c, ok := s.duelChoose(ctx, g, player, start, deadline); ok {
				return c, nil
			}
		}
	}
	warm, err := s.sync(g, halfway(start, deadline))
	if err != nil {
		return sparse.Cell{}, err
	}
	if !warm {
		s.stats.Reason = "warm-up"
		return quickMove(g, player), nil
	}
	r := &run{Search: s, t: s.t, root: player, ctx: ctx, deadline: deadline, start: start}
	var (
		key uint64
		ok  bool
	)
	if s.t.n >= 3 {
		key, ok = r.multiBest()
	} else {
		key, ok = r.best()
	}
	if ok {
		row, col := cellkey.Unpack(key)
		if g.CanPlace(row, col) == nil {
			return sparse.Cell{Row: row, Col: col}, nil
		}
		// A move the game refuses means the working copy is not the
		// game's position: start afresh next time.
		s.t = nil
	}
	s.stats.Reason = "fallback"
	return quickMove(g, player), nil
}

// syncCheck is how many moves sync replays between looks at the clock.
const syncCheck = 64

// sync brings the working copy in step with g: it rebuilds it for another
// configuration or another game and otherwise undoes the moves past the
// longest prefix it shares with g and plays g's later ones. Replaying a
// long history (a game loaded with thousands of marks) can take longer
// than a move's budget, so sync stops at deadline (when not zero) and
// reports false; the copy then holds a prefix of g's history, and the next
// call goes on from there.
func (s *Search) sync(g *engine.Game, deadline time.Time) (bool, error) {
	cfg := g.Config()
	if s.t == nil || s.t.cfg != cfg {
		t, err := newTracker(cfg)
		if err != nil {
			return false, err
		}
		s.t = t
	}
	var err error
	played := 0
	held := history.Sync(s.t.g, g,
		func() { s.t, err = newTracker(cfg) },
		func() { s.t.undo() },
		func(m engine.Move) bool {
			if err != nil {
				return false
			}
			played++
			if played%syncCheck == 0 && !deadline.IsZero() && time.Now().After(deadline) {
				return false
			}
			_, err = s.t.place(m.Row, m.Col, m.Player)
			return err == nil
		})
	if err != nil {
		s.t = nil
		return false, fmt.Errorf("player: replaying the game: %w", err)
	}
	return held == g.Len(), nil
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
func quickMove(g *engine.Game, player int) sparse.Cell {
	cfg := g.Config()
	var near []sparse.Cell
	for i := max(0, g.Len()-2*cfg.Players); i < g.Len(); i++ {
		m, _ := g.MoveAt(i)
		for _, a := range axes {
			for d := -(cfg.K - 1); d < cfg.K; d++ {
				r, c := m.Row+d*a.dr, m.Col+d*a.dc
				if g.CanPlace(r, c) == nil {
					near = append(near, sparse.Cell{Row: r, Col: c})
				}
			}
		}
	}
	for i := range cfg.Players {
		p := (player-1+i)%cfg.Players + 1
		for _, c := range near {
			if won, _ := g.WouldWin(c.Row, c.Col, p); won {
				return c
			}
		}
	}
	if last, ok := g.LastMove(); ok {
		for _, a := range axes {
			for _, d := range [2]int{1, -1} {
				if r, c := last.Row+d*a.dr, last.Col+d*a.dc; g.CanPlace(r, c) == nil {
					return sparse.Cell{Row: r, Col: c}
				}
			}
		}
	}
	c, _ := anyCell(g)
	return c
}
