package duel

import (
	"context"
	"math"
	"slices"
	"sync/atomic"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
	"github.com/gomoku-engine/gomoku/engine/player/internal/dense"
	"github.com/gomoku-engine/gomoku/engine/player/internal/history"
	"github.com/gomoku-engine/gomoku/sparse"
)

// State is what the two-player search keeps from one call to the
// next: the working board in step with the game, the transposition table,
// the move-ordering tables and the threat searches' refuted positions. Its
// zero value is ready; it is not safe for concurrent use.
type State struct {
	cfg    engine.Config
	b      *dense.Board
	played []engine.Move
	tt     []ttSlot
	// used is set once a search wrote to tt since it was made or
	// cleared: a fresh table is all zeros already, and clearing
	// one of hundreds of megabytes touches every page at once, a
	// stall of a few hundred milliseconds in which the process does not
	// answer (the first move of a brain given a large max_memory).
	used bool
	// tableMemory is the transposition table's budget in bytes, 0 for
	// DefaultTableMemory.
	tableMemory int64
	// gen numbers the searches (Choose calls), so that the table tells
	// an entry of the current search from one carried over.
	gen  uint32
	hist [2][]int32
	kill [][2]int32
	// classic has the games the pair evaluation plays searched by the
	// classic search (classic.go), with chist its history of attacking
	// and quiet moves per player and counter the counter moves to each
	// player's cells.
	classic bool
	chist   [2][2][]int32
	counter [2][]counterMove
	// failed maps positions to the number of threats left when a threat
	// search refuted them.
	failed map[uint64]int
	// horizon, when set, is told of the positions whose static value the
	// search uses (see [Horizon]).
	horizon *Horizon
	// ev, when set, is the evaluation of every board instead of the
	// configuration's (see SetWeights).
	ev *dense.Evaluation
	// threads is how many threads search a move (0 or 1: one), helpers
	// the states of the threads that help the calling one (threads.go).
	threads int
	helpers []*State
}

// Window sizing of the two-player board.
const (
	// windowMargin is how far, beyond a pattern's reach, the window extends
	// past the marks; play within windowRoom of a window edge that is not
	// the board's rebuilds it.
	windowMargin = 12
	windowRoom   = 8
	// wholeArea: bounded boards up to this many cells are windowed
	// whole; maxCells bounds any window (beyond it, the sparse search).
	wholeArea = 128 * 128
	maxCells  = 1 << 19
)

// Plays reports whether the two-player search plays cfg's games.
func Plays(cfg engine.Config) bool {
	return cfg.Players == 2 && cfg.K >= 3 && dense.RulesOf(cfg)[0].Side() <= dense.MaxSide
}

// Sync brings the working board in step with g: a board for another
// configuration or another game is built afresh, and otherwise the moves
// past the longest prefix it shares with g are undone and g's later ones
// played. The tables learnt on the way survive only while the game moves
// forward: a move undone clears them (see Forget). The window is rebuilt
// when a move falls outside it or near an edge that is not the board's.
// fits is false when the marks do not fit a window. Replaying a long
// history stops at deadline (when not zero) with warm false; the next
// call goes on from there.
func (ds *State) Sync(g *engine.Game, deadline time.Time) (fits, warm bool) {
	cfg := g.Config()
	if ds.tt == nil || ds.cfg != cfg || len(ds.tt) != tableEntries(ds.tableMemory) {
		tt := ds.tt
		if len(tt) != tableEntries(ds.tableMemory) {
			tt = make([]ttSlot, tableEntries(ds.tableMemory))
		} else if ds.used {
			clear(tt)
		}
		*ds = State{cfg: cfg, tt: tt, tableMemory: ds.tableMemory, kill: make([][2]int32, maxPly+2), failed: ds.failed, horizon: ds.horizon, ev: ds.ev,
			threads: ds.threads, helpers: ds.helpers, classic: ds.classic}
	}
	for range 2 {
		if ds.b == nil && !ds.build(g) {
			return false, false
		}
		ds.b.SnapFrom = math.MaxInt // the game's marks: see dense.Board.Lookahead
		played, stopped, back := 0, false, false
		held := history.Sync(history.Moves(ds.played), g,
			func() {
				if !ds.build(g) {
					ds.b = nil
				}
			},
			func() {
				ds.b.Undo()
				ds.played = ds.played[:len(ds.played)-1]
				back = true
			},
			func(m engine.Move) bool {
				b := ds.b
				if b == nil {
					return false
				}
				played++
				if played%core.SyncCheck == 0 && !deadline.IsZero() && time.Now().After(deadline) {
					stopped = true
					return false
				}
				idx, ok := b.Index(m.Row, m.Col)
				if !ok || !roomy(b, idx) || b.Stone[idx] != 0 || m.Player < 1 || m.Player > 2 {
					ds.b = nil
					return false
				}
				b.Place(idx, m.Player-1)
				ds.played = append(ds.played, m)
				return true
			})
		if back && ds.b != nil {
			ds.Forget()
		}
		switch {
		case held == g.Len():
			if ds.b != nil {
				ds.b.Lookahead()
			}
			return true, true
		case stopped:
			if ds.b != nil {
				ds.b.Lookahead()
			}
			return true, false
		}
		// A move left the window: build one around all the marks.
	}
	return false, false
}

// build makes a fresh, empty window around g's marks, forgetting
// everything learnt on the previous one, or reports false when the marks
// do not fit one.
func (ds *State) build(g *engine.Game) bool {
	cfg := g.Config()
	box, _ := g.BoundingBox()
	margin := dense.RulesOf(cfg)[0].Side() + windowMargin
	r0, r1 := box.MinRow-margin, box.MaxRow+margin
	c0, c1 := box.MinCol-margin, box.MaxCol+margin
	if cfg.Bounded() {
		if cfg.Rows*cfg.Cols <= wholeArea {
			r0, r1, c0, c1 = 0, cfg.Rows-1, 0, cfg.Cols-1
		}
		r0, r1 = max(r0, 0), min(r1, cfg.Rows-1)
		c0, c1 = max(c0, 0), min(c1, cfg.Cols-1)
	}
	r0, r1 = max(r0, sparse.MinCoord), min(r1, sparse.MaxCoord)
	c0, c1 = max(c0, sparse.MinCoord), min(c1, sparse.MaxCoord)
	if r1-r0 >= maxCells || c1-c0 >= maxCells || (r1-r0+1)*(c1-c0+1) > maxCells {
		return false
	}
	b := dense.NewBoardUnder(cfg, ds.evaluation(), r0, c0, r1-r0+1, c1-c0+1)
	ds.played = ds.played[:0]
	ds.b = b
	ds.hist = [2][]int32{make([]int32, len(b.Stone)), make([]int32, len(b.Stone))}
	ds.Forget()
	return true
}

// evaluation is the evaluation of ds's boards: the one SetWeights gave,
// or its configuration's.
func (ds *State) evaluation() *dense.Evaluation {
	if ds.ev != nil {
		return ds.ev
	}
	return dense.EvaluationFor(ds.cfg)
}

// Forget clears what the two-player search learnt in earlier positions:
// the transposition table, the killer and history tables (array cells of
// the window) and the VCF refutations (which may have read the window's
// frame). Entries are checked against the full key and ordering hints
// only rank empty cells near the marks, so the tables could not make the
// search play an illegal cell; cleared, they cannot make it play
// differently from a fresh search either. The helpers share the table
// and have their ordering tables cleared too. Sync calls it when the game
// goes back; tests call it to compare a kept state with a fresh one.
func (ds *State) Forget() {
	if ds.used {
		clear(ds.tt)
		ds.used = false
	}
	ds.forgetOrdering()
	ds.forgetClassic()
	for _, h := range ds.helpers {
		h.forgetOrdering()
		h.forgetClassic()
	}
}

// forgetOrdering is Forget but for the transposition table: the killer
// and history tables and the VCF refutations.
func (ds *State) forgetOrdering() {
	clear(ds.kill)
	for q := range ds.hist {
		clear(ds.hist[q])
	}
	clear(ds.failed)
}

// fade scales the history down between moves: it carries over from one
// move to the next, fading.
func (ds *State) fade() {
	for q := range ds.hist {
		for i := range ds.hist[q] {
			ds.hist[q][i] /= 4
		}
	}
}

// roomy reports whether array cell i is far enough from every window edge
// that is not an edge of the board.
func roomy(b *dense.Board, i int) bool {
	y, x := i/b.W-b.Side, i%b.W-b.Side
	for _, e := range [4]struct {
		dist int
		r, c int
	}{{y, b.R0 - 1, b.C0 + x}, {b.Rows - 1 - y, b.R0 + b.Rows, b.C0 + x}, {x, b.R0 + y, b.C0 - 1}, {b.Cols - 1 - x, b.R0 + y, b.C0 + b.Cols}} {
		if e.dist < windowRoom && dense.CellOnBoard(b.Cfg, e.r, e.c) {
			return false
		}
	}
	return true
}

// statsScore converts a score to the scale of [core.Stats.Score].
func statsScore(v int32) int64 {
	switch {
	case v >= mateScore:
		return core.WinValue - int64(winScore-v)
	case v <= -mateScore:
		return -core.WinValue + int64(winScore+v)
	}
	return int64(v)
}

// best finds q's move: a win, the block of the opponent's win, a VCF or a
// VCT, else the iterative-deepening search, which sets aside the moves
// after which the opponent has a VCF (or a VCT). Cells of lim.Exclude are
// never the answer: a shortcut that names one gives way to the search over
// the other moves.
func (d *run) best(q int) (int, bool) {
	b := d.b
	o := 1 - q
	ex := d.excluded()
	switch {
	case b.Counts[q][dense.ClassFive] > 0 && ex.find(b, q, dense.ClassFive) >= 0:
		d.st.Reason, d.st.Score = core.ReasonWin, core.WinValue
		return ex.find(b, q, dense.ClassFive), true
	case b.Counts[o][dense.ClassFive] > 0 && b.Blockable(o, q) && !ex.has(b.Find(o, dense.ClassFive)):
		d.st.Reason = core.ReasonOnlyMove
		i := b.Find(o, dense.ClassFive)
		b.Place(i, q)
		if b.Counts[o][dense.ClassFive] > 0 {
			// An open four or two fours: the block only puts the loss
			// off to the opponent's next move.
			d.st.Score = statsScore(-winScore + 2)
		}
		b.Undo()
		return i, true
	}
	if d.lim.VCF {
		d.Limit = d.lim.PhaseEnd(10)
		n0 := d.st.Nodes
		i := d.rootVCF(q, d.phaseNodes(10))
		if countTree {
			d.counts().rootVCF += d.st.Nodes - n0
		}
		d.Limit = d.lim.Deadline
		d.Resume()
		if i >= 0 && !ex.has(i) {
			d.st.Reason, d.st.Score = core.ReasonVCF, core.WinValue
			return i, true
		}
	}
	if d.lim.VCT && !d.classic {
		d.vcfLeft = d.phaseNodes(5)
		d.Limit = d.lim.PhaseEnd(5)
		n0 := d.st.Nodes
		i := d.threatWin(q, vctDepth, b.LastOf(q))
		if countTree {
			d.counts().rootVCT += d.st.Nodes - n0
		}
		d.Limit = d.lim.Deadline
		d.Resume()
		if i >= 0 && !ex.has(i) {
			d.st.Reason, d.st.Score = core.ReasonVCT, core.WinValue
			return i, true
		}
	}
	all, _ := d.moves(q, 0, -1, -1, 1)
	moves := ex.drop(slices.Clone(all))
	slices.SortFunc(moves, byBetter)
	if len(moves) == 0 {
		return -1, false
	}
	if len(moves) == 1 {
		if d.st.Reason == core.ReasonNone {
			d.st.Reason = core.ReasonOnlyMove
		}
		return int(moves[0].i), true
	}
	if d.st.Reason == core.ReasonNone {
		d.st.Reason = core.ReasonSearch
	}
	d.publish(int(moves[0].i))
	return d.together(q, moves), true
}

// phaseNodes is the node budget of a root threat search allowed 1/share
// of the move: rootVCFNodes, or less under a node limit, as PhaseEnd
// shares the time.
func (d *run) phaseNodes(share int) int {
	if d.lim.MaxNodes > 0 {
		return int(min(rootVCFNodes, d.lim.MaxNodes/int64(share)))
	}
	return rootVCFNodes
}

// loses reports whether the opponent, after q's root move m, has a VCF
// or, when VCT is set, a VCT, each within a share of the threat searches'
// node budget. deepen asks it of a root move only when the move is about
// to become the best: most root moves never lead an iteration, and
// screening them all cost more than the search at short controls.
// Under a node limit each screen gets at most a tenth (VCF) and a
// twentieth (VCT) of the move's nodes: at a fixed 20,000 and 10,000 a
// screen could spend a small budget whole and leave the iteration
// unfinished.
func (d *run) loses(q int, m scoredCell, vct bool) bool {
	b := d.b
	o := 1 - q
	last := b.LastOf(o)
	b.Place(int(m.i), q)
	d.vcfLeft = d.screenNodes(10)
	lost := d.fourWin(o, vcfDepth, last) >= 0
	if !lost && vct && !d.Stopped {
		d.vcfLeft = d.screenNodes(20)
		lost = d.threatWin(o, refuteVCTDepth, last) >= 0
	}
	b.Undo()
	return lost
}

// screenNodes is the node budget of a screen's threat search allowed
// 1/share of the move (see loses).
func (d *run) screenNodes(share int) int {
	if !screenFollowsNodes {
		return rootVCFNodes / share
	}
	return min(rootVCFNodes/share, d.phaseNodes(share))
}

// screenFollowsNodes is whether a node limit scales the screens' budgets
// (see loses). A test that replays a game recorded with fixed budgets
// turns it off, so that the search plays the game's moves.
var screenFollowsNodes = true

// rootLateMoves is how many root moves, in the previous iteration's order,
// are searched to full depth before the rest are first tried a ply
// shallower (and searched again in full when they look better).
const rootLateMoves = 8

// deepen runs iterative deepening over the root moves and returns the best
// of the deepest iteration, or of an unfinished one when a move there
// proved better. A move that would lead an iteration is first screened
// (see loses); one after which the opponent wins by threats is set aside
// for the rest of the search, unless every move is, when the search
// picks the stubbornest of them all.
func (d *run) deepen(q int, moves []scoredCell) int {
	if d.classic {
		return d.classicDeepen(q, moves)
	}
	o := 1 - q
	best := int(moves[0].i)
	values := make([]int32, len(moves))
	// screened maps the root moves screened so far to whether they lose.
	screened := make(map[int32]bool, 8)
	screen := d.lim.VCF && len(moves) > 1
	clock := newPace(d.lim, time.Now())
	// held counts the iterations in a row whose value was a win (or a
	// loss), last the previous one's value.
	held, last := 0, int32(0)
	for depth := 1; depth <= d.lim.MaxDepth && depth < maxPly; depth++ {
		if depth < d.lim.MaxDepth && skipDepth(d.helper, depth, len(d.b.Moves)) {
			continue
		}
		alpha, beta := -infScore, infScore
		d.leaned = false
		iterBest := -1
		// raised marks the moves that raised alpha: their values are
		// exact, the others' only bounds (see rootOrder).
		raised := make([]bool, len(moves))
		for n, m := range moves {
			if lost, ok := screened[m.i]; ok && lost && screen {
				values[n] = -winScore
				continue
			}
			c := &d.b.Cell[m.i]
			r := 0
			if depth >= 3 && n >= rootLateMoves && !c.Class[q].MakesFour() && c.Class[o] < dense.ClassOpenFour {
				r = 1
			}
			d.b.Place(int(m.i), q)
			var v int32
			if n == 0 {
				v = -d.search(depth-1, -beta, -alpha, 1, o)
			} else {
				v = -d.search(depth-1-r, -alpha-1, -alpha, 1, o)
				if v > alpha && r > 0 && !d.Stopped {
					v = -d.search(depth-1, -alpha-1, -alpha, 1, o)
				}
				if v > alpha && !d.Stopped {
					v = -d.search(depth-1, -beta, -alpha, 1, o)
				}
			}
			d.b.Undo()
			if d.Stopped {
				break
			}
			if _, ok := screened[m.i]; v > alpha && screen && !ok {
				n0 := d.st.Nodes
				lost := d.loses(q, m, d.lim.VCT)
				if countTree {
					d.counts().screen += d.st.Nodes - n0
				}
				if d.Stopped {
					break
				}
				if screened[m.i] = lost; lost {
					d.st.Reason = core.ReasonRefute
					values[n] = -winScore
					continue
				}
			}
			values[n] = v
			if v > alpha {
				alpha, iterBest = v, n
				raised[n] = true
			}
		}
		if iterBest < 0 && screen && !d.Stopped {
			// Every move loses: search them all again, unscreened.
			screen = false
			depth--
			continue
		}
		changed := false
		if iterBest >= 0 {
			changed = int(moves[iterBest].i) != best
			best = int(moves[iterBest].i)
		}
		if d.Stopped {
			d.st.Halt = core.HaltStopped
			break
		}
		d.st.Depth, d.st.Score = depth, statsScore(alpha)
		if countTree {
			d.counts().iterNodes = append(d.counts().iterNodes, d.st.Nodes)
		}
		d.publish(best)
		if stableRoot {
			moves, values = rootOrder(moves, values, raised)
		} else {
			moves, values = core.ByValueDesc(moves, values)
		}
		switch {
		case alpha < mateScore && alpha > -mateScore, d.leaned:
			// An iteration that read back an earlier search's unproven
			// mate confirms nothing: up to the depth that search stored
			// it at, every iteration would count the one claim again.
			held = 0
		case held > 0 && (alpha > 0) == (last > 0) && (alpha < 0 || !changed):
			held++
		default:
			held = 1
		}
		last = alpha
		if proven(alpha, depth) || held >= mateIterations {
			d.st.Halt = core.HaltSettled
			break
		}
		if !clock.iteration(time.Now(), alpha, changed, alone(values)) {
			d.st.Halt = clock.halt
			break
		}
		d.st.Halt = core.HaltDepth
	}
	return best
}

// stableRoot is whether rootOrder orders the root moves between
// iterations, rather than every value, bounds too. Tests that replay a
// game recorded before it turn it off, so that the search plays the
// game's moves.
var stableRoot = true

// rootOrder is the order in which the next iteration tries the root
// moves: those that raised alpha in this one by their values (exact,
// even when they are losses), the best first; then the others in the
// order this one tried them, those found lost last. A move that failed
// low has only a bound, from a null window and often a reduced depth,
// and the search's fail-soft bounds are loose: ordered by them, a poor
// move whose bound happened to be high climbed past moves whose places
// earlier iterations had earned, into the first rootLateMoves that are
// searched unreduced. Stockfish and Rapfi order their root moves so;
// against Rapfi at fixed nodes it was ahead at each level tried (the
// player README's log). values keeps each move's value.
func rootOrder(moves []scoredCell, values []int32, raised []bool) ([]scoredCell, []int32) {
	const (
		bound = int64(-infScore) // below every value that raised alpha
		lost  = 2 * bound        // below that, a lost move's
	)
	keys := make([]int64, len(moves))
	index := make([]int, len(moves))
	for n, v := range values {
		index[n] = n
		switch {
		case raised[n]:
			keys[n] = int64(v)
		case v <= -mateScore:
			keys[n] = lost + int64(v)
		default:
			keys[n] = bound
		}
	}
	index, _ = core.ByValueDesc(index, keys)
	ordered, orderedValues := make([]scoredCell, len(moves)), make([]int32, len(moves))
	for k, n := range index {
		ordered[k], orderedValues[k] = moves[n], values[n]
	}
	return ordered, orderedValues
}

// alone reports whether exactly one root move is not lost, by the root
// moves' latest values (a mate against the mover, found by a search or
// by the screening): there is nothing left to choose.
func alone(values []int32) bool {
	n := 0
	for _, v := range values {
		if v > -mateScore {
			n++
		}
	}
	return n == 1
}

// mateIterations is how many iterations in a row that find a win (or a
// loss) end deepening even when the mate is longer than they searched in
// full: an unsound mate from the horizon's narrow defence rarely survives
// two more plies, and a sound long one would cost deepening to its length.
// A win counts only while the same move leads: wins that pass from move
// to move are each refuted in turn, the horizon's claims, not one line
// confirmed (losses count whatever the move, as every move loses).
// An iteration counts only when it searched the claim itself: one that
// took a cutoff from an unproven mate a search before this one stored
// (ttSlot.carriedClaim) only repeats that search's verdict.
const mateIterations = 5

// proven reports whether an iteration of depth plies that found the root
// value v has settled the game: v is a win or a loss no longer than the
// plies searched in full. A longer one rests on the horizon, where a
// player facing an open three tries only the replies that spoil it or
// make a four with a three, so a bare four that gains the tempo, or a
// quiet defence past the move limit, was never tried: deepening goes on
// until every ply of the line was searched with all its moves (a win
// claimed at depth 1 was often refuted at depth 2), while a loss that
// deeper search confirms is no worse to play than one found early.
func proven(v int32, depth int) bool {
	if v < mateScore && v > -mateScore {
		return false
	}
	return int(winScore-max(v, -v)) <= depth
}

// publish makes array cell i the provisional answer.
func (d *run) publish(i int) {
	c := d.b.CellAt(i)
	d.provisional.Store(&c)
}

// Choose runs the two-player search for player on the board Sync brought
// in step with g, within lim, filling in st and publishing its best move
// so far in provisional. It reports false when it found no legal move it
// trusts, for another search to decide instead; the state then rebuilds
// at the next Sync.
func (ds *State) Choose(ctx context.Context, g *engine.Game, player int, lim core.Limits, st *core.Stats, provisional *atomic.Pointer[sparse.Cell]) (sparse.Cell, bool) {
	if ds.failed == nil {
		ds.failed = make(map[uint64]int)
	}
	ds.gen++
	ds.fade()
	d := &run{Meter: core.NewMeter(ctx, st, lim.MaxNodes, 64), ctx: ctx, s: ds, b: ds.b, lim: lim, st: st, provisional: provisional,
		helpers: ds.helping(), classic: ds.classic && ds.b.Grades[0] != nil}
	d.Limit = lim.Deadline
	if countTree {
		d.tally = &treeTally{}
	}
	if i, ok := d.best(player - 1); ok && i >= 0 {
		c := d.b.CellAt(i)
		if g.CanPlace(c.Row, c.Col) == nil {
			return c, true
		}
		ds.tt = nil // out of step with the game: rebuild next time
	}
	return sparse.Cell{}, false
}
