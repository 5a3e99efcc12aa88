package sparsesearch

import (
	"context"
	"math/rand/v2"
	"slices"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/internal/cellkey"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
	"github.com/gomoku-engine/gomoku/sparse"
)

// ttLimit bounds the transposition table of one Choose.
const ttLimit = 1 << 18

// State is what the sparse search keeps from one call to the next: the
// working position in step with the game, and storage reused to spare the
// collector (the transposition table, the VCF's refutations and per-ply
// candidate lists). Its zero value is ready; it is not safe for
// concurrent use.
type State struct {
	t       *Tracker
	tt      map[uint64]ttEntry
	failed  map[uint64]int
	scratch []plyScratch
}

// Run is one Choose of the sparse search: the working position, the
// limits of the move, the counters and the tables of its State. The
// multi-player look-ahead (package multi) builds on it.
type Run struct {
	core.Meter
	// T is the working position, in step with the game.
	T *Tracker
	// Root is the player the search chooses for.
	Root int
	// Lim are the move's limits; St receives its figures.
	Lim core.Limits
	St  *core.Stats
	// VCFLeft counts down the node budget of the current threat search.
	VCFLeft int
	// tt is the transposition table; Failed maps positions a threat
	// search refuted to the depth it had left.
	tt     map[uint64]ttEntry
	Failed map[uint64]int
	// Horizon, when set, scores a position at the alpha-beta's horizon
	// with mover to move and no threat to answer; otherwise Evaluate does.
	Horizon func(mover, ply int) int64
	scratch *[]plyScratch
	rng     *rand.Rand
}

// NewRun starts a call of the search for root on the position Sync
// brought in step with the game, within lim, counting into st and
// breaking ties between root moves with rng. The meter has no phase limit
// until a phase sets one.
func (s *State) NewRun(ctx context.Context, root int, lim core.Limits, st *core.Stats, rng *rand.Rand) *Run {
	if s.tt == nil {
		s.tt = make(map[uint64]ttEntry)
	}
	if s.failed == nil {
		s.failed = make(map[uint64]int)
	}
	return &Run{
		Meter: core.NewMeter(ctx, st, lim.MaxNodes, 16), T: s.t, Root: root, Lim: lim, St: st,
		tt: s.tt, Failed: s.failed, scratch: &s.scratch, rng: rng,
	}
}

// Reset drops the working position: the next Sync rebuilds it.
func (s *State) Reset() { s.t = nil }

type ttEntry struct {
	depth int8
	bound int8 // exact, lower or upper
	value int64
	best  uint64
}

// Next is the player after p in rotation.
func (r *Run) Next(p int) int { return p%r.T.n + 1 }

// WinFor is the value, for the root, of player p winning at ply.
func (r *Run) WinFor(p, ply int) int64 {
	if p == r.Root {
		return core.WinValue - int64(ply)
	}
	return -core.WinValue + int64(ply)
}

// tryMove plays mv for mover and returns the value of the result for the
// root, searching depth-1 plies below it.
func (r *Run) tryMove(mv uint64, mover, depth int, alpha, beta int64, ply int) int64 {
	return r.After(mv, mover, ply, func() int64 { return r.alphaBeta(depth-1, alpha, beta, r.Next(mover), ply+1) })
}

// alphaBeta is a paranoid alpha-beta: the root maximises, every other
// player minimises the root's value.
func (r *Run) alphaBeta(depth int, alpha, beta int64, mover, ply int) int64 {
	r.Tick()
	if r.Stopped {
		return 0
	}
	t := r.T
	winner, at, threats := r.Settled(mover, ply)
	if winner != 0 {
		return r.WinFor(winner, at)
	}
	var moves []uint64
	switch {
	case len(threats) > 0:
		// Forced blocks do not branch much: search them beyond the
		// nominal depth (a threat extension), so that a leaf is never
		// scored in the middle of a forcing sequence.
		moves = threats
		depth = max(depth, 1)
		if ply >= core.MaxDepth {
			return r.Evaluate()
		}
	case depth <= 0:
		if r.Horizon != nil {
			return r.Horizon(mover, ply)
		}
		return r.Evaluate()
	default:
		moves = r.Candidates(mover, ply)
		if len(moves) == 0 {
			return r.Evaluate()
		}
	}
	key := t.hash ^ uint64(mover)*0x9e3779b97f4a7c15
	if e, ok := r.tt[key]; ok {
		if int(e.depth) >= depth {
			switch {
			case e.bound == core.ExactBound:
				return e.value
			case e.bound == core.LowerBound && e.value >= beta:
				return e.value
			case e.bound == core.UpperBound && e.value <= alpha:
				return e.value
			}
		}
		if i := slices.Index(moves, e.best); i > 0 {
			moves[0], moves[i] = moves[i], moves[0]
		}
	}
	maximise := mover == r.Root
	a0, b0 := alpha, beta
	best := -2 * core.WinValue
	if !maximise {
		best = 2 * core.WinValue
	}
	var bestMove uint64
	for _, mv := range moves {
		v := r.tryMove(mv, mover, depth, alpha, beta, ply)
		if r.Stopped {
			return 0
		}
		if maximise {
			if v > best {
				best, bestMove = v, mv
			}
			alpha = max(alpha, v)
		} else {
			if v < best {
				best, bestMove = v, mv
			}
			beta = min(beta, v)
		}
		if alpha >= beta {
			break
		}
	}
	if len(r.tt) < ttLimit {
		bound := core.ExactBound
		switch {
		case best <= a0:
			bound = core.UpperBound
		case best >= b0:
			bound = core.LowerBound
		}
		r.tt[key] = ttEntry{depth: int8(depth), bound: bound, value: best, best: bestMove}
	}
	return best
}

// Settled looks at a node before its moves: mover wins at once, or a
// player wins whatever mover does, having more winning cells than can be
// blocked before it moves (winner, winning at ply at); otherwise blocks
// are the cells mover must choose from, if any.
func (r *Run) Settled(mover, ply int) (winner, at int, blocks []uint64) {
	t := r.T
	if len(t.fours[mover]) > 0 {
		return mover, ply + 1, nil
	}
	blocks, winner = r.Threats(mover)
	if winner != 0 {
		return winner, ply + (winner-mover+t.n)%t.n + 1, nil
	}
	return 0, 0, blocks
}

// Threats lists the cells mover must block. They belong to the first
// player q after mover in turn order who has winning cells: every player
// from mover up to q can block one of them, and will, as a rational player
// must (none of them can win at once, or it would be q). So mover must
// block when q has more cells than the players between mover and q can
// block, and q wins (winner) when even mover's block is not enough. With
// two players that is simply "block the opponent's winning cell".
//
// This makes the paranoid search's opponents rational about threats: an
// opponent blocks another opponent's win rather than let it happen, which
// the pure paranoid assumption would deny, having the root block every
// threat on the board itself. With three or more players, threatsMany
// also counts the blockers kept busy by other players' threats.
func (r *Run) Threats(mover int) (cells []uint64, winner int) {
	t := r.T
	if t.n >= 3 {
		return r.threatsMany(mover)
	}
	for between := 0; between < t.n-1; between++ {
		q := (mover+between)%t.n + 1
		if len(t.fours[q]) == 0 {
			continue
		}
		cells = SortedCells(t.fours[q])
		switch {
		case len(cells) > between+1:
			return cells, q
		case len(cells) > between:
			return cells, 0
		}
		return nil, 0
	}
	return nil, 0
}

// Candidates lists mover's best moves, all of them at the root and the
// best width below it. The slice is scratch space of its ply, valid until
// the next call for the same ply.
func (r *Run) Candidates(mover, ply int) []uint64 {
	for len(*r.scratch) <= ply {
		*r.scratch = append(*r.scratch, plyScratch{})
	}
	buf := &(*r.scratch)[ply]
	limit := r.Lim.Width
	if ply == 0 {
		limit = 0 // the root tries every candidate
	}
	cands := r.T.Candidates(mover, limit, buf.scored[:0])
	buf.scored = cands
	if ply == 0 {
		r.shuffleTies(cands)
	}
	moves := buf.moves[:0]
	for _, c := range cands {
		moves = append(moves, c.Key)
	}
	buf.moves = moves
	return moves
}

// plyScratch is the reusable candidate storage of one ply.
type plyScratch struct {
	scored []Scored
	moves  []uint64
}

// shuffleTies reorders runs of equally scored candidates with the seeded
// source, so that the seed, not the cell's position, breaks ties.
func (r *Run) shuffleTies(cands []Scored) {
	for i := 0; i < len(cands); {
		j := i + 1
		for j < len(cands) && cands[j].Score == cands[i].Score {
			j++
		}
		r.rng.Shuffle(j-i, func(a, b int) { cands[i+a], cands[i+b] = cands[i+b], cands[i+a] })
		i = j
	}
}

// Evaluate is the static value of the position for the root: its live
// windows' worth against its opponents', once against each of them. With
// two players that is the mover's total minus the opponent's; with more,
// the root's own chances count N−1 times, as much as all the opponents'
// together: each opponent's threats are also the other opponents' to
// block, while the root's are its own to make.
func (r *Run) Evaluate() int64 {
	v := int64(r.T.n-1) * r.T.score[r.Root]
	for p := 1; p <= r.T.n; p++ {
		if p != r.Root {
			v -= r.T.score[p]
		}
	}
	return v
}

// Play marks mv for p on the working position and returns the outcome;
// the search only tries empty cells it may mark, so an error is a bug.
func (r *Run) Play(mv uint64, p int) engine.Outcome {
	row, col := cellkey.Unpack(mv)
	out, err := r.T.Place(row, col, p)
	if err != nil {
		panic("player: the search tried an illegal cell: " + err.Error())
	}
	return out
}

// After plays mv for p and returns the root's value of the result: a win
// for p, a draw (0), or, when the game goes on, what next finds; then it
// takes the move back.
func (r *Run) After(mv uint64, p, ply int, next func() int64) int64 {
	if r.forbidden(mv, p) {
		// Renju: black may not mark the cell, which is as bad as losing.
		return r.WinFor(r.Next(p), ply+1)
	}
	var v int64
	switch r.Play(mv, p) {
	case engine.Won:
		v = r.WinFor(p, ply+1)
	case engine.Drawn:
	default:
		v = next()
	}
	r.T.Undo()
	return v
}

// threatsMany is threats for three or more players, where blockers can be
// busy: each player, until mover moves again, blocks the winning cells of
// the first player after it in turn order who still has some, and wins if
// it has some itself. Mover must block the first player who would win
// were it to pass; that player is the winner if it wins all the same.
// Cells are counted per player: one cell winning for two players is taken
// to need two blocks, which errs on the side of blocking.
func (r *Run) threatsMany(mover int) (cells []uint64, winner int) {
	q := r.passWinner(mover, 0)
	if q == 0 {
		return nil, 0
	}
	return SortedCells(r.T.fours[q]), r.passWinner(mover, q)
}

// passWinner plays out the blocks of the players after mover, mover having
// blocked one cell of target (0: none), and returns the first of them who
// still has a winning cell at its turn, or 0.
func (r *Run) passWinner(mover, target int) int {
	t := r.T
	var buf [16]int
	left := buf[:0]
	if t.n+1 > len(buf) {
		left = make([]int, 0, t.n+1)
	}
	left = append(left, 0)
	for p := 1; p <= t.n; p++ {
		left = append(left, len(t.fours[p]))
	}
	if target != 0 {
		left[target]--
	}
	for i := 1; i < t.n; i++ {
		x := (mover+i-1)%t.n + 1
		if left[x] > 0 {
			return x
		}
		for j := 1; j < t.n; j++ {
			if y := (x+j-1)%t.n + 1; left[y] > 0 {
				left[y]--
				break
			}
		}
	}
	return 0
}

// forbidden reports whether renju forbids p to mark the empty cell mv.
func (r *Run) forbidden(mv uint64, p int) bool {
	row, col := cellkey.Unpack(mv)
	return core.Forbidden(r.T.Game(), p, sparse.Cell{Row: row, Col: col})
}
