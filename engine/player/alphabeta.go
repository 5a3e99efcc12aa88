package player

import (
	"context"
	"slices"
	"time"

	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
)

// ttLimit bounds the transposition table of one Choose.
const ttLimit = 1 << 18

// run is the state of one Choose: the working position, the limits and
// the counters.
type run struct {
	*Search
	t        *tracker
	root     int
	ctx      context.Context
	deadline time.Time
	start    time.Time
	stopped  bool
	// limit is the deadline of the current phase (the VCF gets a share).
	limit time.Time
	// vcfLeft counts down the VCF's node budget.
	vcfLeft int
	// plausible, when positive, lets the multi-player forcing search
	// answer a free player's move with its plausible best moves.
	plausible int
	// model predicts the other players' moves in a planned line, and
	// planLeft counts down the plan search's node budget.
	model    *runModel
	planLeft int
}

type ttEntry struct {
	depth int8
	bound int8 // exact, lower or upper
	value int64
	best  uint64
}

// next is the player after p in rotation.
func (r *run) next(p int) int { return p%r.t.n + 1 }

// tick counts a node and, every 16 nodes, checks the limits: a node
// costs microseconds, a clock read tens of nanoseconds.
func (r *run) tick() {
	r.stats.Nodes++
	if r.stats.Nodes&15 != 0 || r.stopped {
		return
	}
	if r.maxNodes > 0 && r.stats.Nodes >= r.maxNodes {
		r.stopped = true
	}
	if !r.limit.IsZero() && time.Now().After(r.limit) {
		r.stopped = true
	}
	if r.ctx.Err() != nil {
		r.stopped = true
	}
}

// winFor is the value, for the root, of player p winning at ply.
func (r *run) winFor(p, ply int) int64 {
	if p == r.root {
		return core.WinValue - int64(ply)
	}
	return -core.WinValue + int64(ply)
}

// tryMove plays mv for mover and returns the value of the result for the
// root, searching depth-1 plies below it.
func (r *run) tryMove(mv uint64, mover, depth int, alpha, beta int64, ply int) int64 {
	return r.after(mv, mover, ply, func() int64 { return r.alphaBeta(depth-1, alpha, beta, r.next(mover), ply+1) })
}

// alphaBeta is a paranoid alpha-beta: the root maximises, every other
// player minimises the root's value.
func (r *run) alphaBeta(depth int, alpha, beta int64, mover, ply int) int64 {
	r.tick()
	if r.stopped {
		return 0
	}
	t := r.t
	winner, at, threats := r.settled(mover, ply)
	if winner != 0 {
		return r.winFor(winner, at)
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
			return r.evaluate()
		}
	case depth <= 0:
		return r.horizon(mover, ply)
	default:
		moves = r.candidates(mover, ply)
		if len(moves) == 0 {
			return r.evaluate()
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
	maximise := mover == r.root
	a0, b0 := alpha, beta
	best := -2 * core.WinValue
	if !maximise {
		best = 2 * core.WinValue
	}
	var bestMove uint64
	for _, mv := range moves {
		v := r.tryMove(mv, mover, depth, alpha, beta, ply)
		if r.stopped {
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

// settled looks at a node before its moves: mover wins at once, or a
// player wins whatever mover does, having more winning cells than can be
// blocked before it moves (winner, winning at ply at); otherwise blocks
// are the cells mover must choose from, if any.
func (r *run) settled(mover, ply int) (winner, at int, blocks []uint64) {
	t := r.t
	if len(t.fours[mover]) > 0 {
		return mover, ply + 1, nil
	}
	blocks, winner = r.threats(mover)
	if winner != 0 {
		return winner, ply + (winner-mover+t.n)%t.n + 1, nil
	}
	return 0, 0, blocks
}

// threats lists the cells mover must block. They belong to the first
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
func (r *run) threats(mover int) (cells []uint64, winner int) {
	t := r.t
	if t.n >= 3 {
		return r.threatsMany(mover)
	}
	for between := 0; between < t.n-1; between++ {
		q := (mover+between)%t.n + 1
		if len(t.fours[q]) == 0 {
			continue
		}
		cells = sortedCells(t.fours[q])
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

// candidates lists mover's best moves, all of them at the root and the
// best width below it. The slice is scratch space of its ply, valid until
// the next call for the same ply.
func (r *run) candidates(mover, ply int) []uint64 {
	for len(r.scratch) <= ply {
		r.scratch = append(r.scratch, plyScratch{})
	}
	buf := &r.scratch[ply]
	limit := r.width
	if ply == 0 {
		limit = 0 // the root tries every candidate
	}
	cands := r.t.candidates(mover, limit, buf.scored[:0])
	buf.scored = cands
	if ply == 0 {
		r.shuffleTies(cands)
	}
	moves := buf.moves[:0]
	for _, c := range cands {
		moves = append(moves, c.key)
	}
	buf.moves = moves
	return moves
}

// plyScratch is the reusable candidate storage of one ply.
type plyScratch struct {
	scored []scored
	moves  []uint64
}

// shuffleTies reorders runs of equally scored candidates with the seeded
// source, so that the seed, not the cell's position, breaks ties.
func (r *run) shuffleTies(cands []scored) {
	for i := 0; i < len(cands); {
		j := i + 1
		for j < len(cands) && cands[j].score == cands[i].score {
			j++
		}
		r.rng.Shuffle(j-i, func(a, b int) { cands[i+a], cands[i+b] = cands[i+b], cands[i+a] })
		i = j
	}
}

// evaluate is the static value of the position for the root: its live
// windows' worth against its opponents', once against each of them. With
// two players that is the mover's total minus the opponent's; with more,
// the root's own chances count N−1 times, as much as all the opponents'
// together: each opponent's threats are also the other opponents' to
// block, while the root's are its own to make.
func (r *run) evaluate() int64 {
	v := int64(r.t.n-1) * r.t.score[r.root]
	for p := 1; p <= r.t.n; p++ {
		if p != r.root {
			v -= r.t.score[p]
		}
	}
	return v
}
