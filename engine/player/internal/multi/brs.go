package multi

import (
	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
)

// brsRoot is the best-reply value of the root move mv, searching depth
// layers (the opponents together make one layer, the root another).
func (r *run) brsRoot(mv uint64, depth int, alpha int64) int64 {
	return r.After(mv, r.Root, 0, func() int64 { return r.brsMin(depth-1, alpha, 2*core.WinValue, 1) })
}

// brsMin is the opponents' layer: each opponent in turn is the one whose
// reply is searched, the others playing their forced or best-ordered
// moves in turn order around it, and the layer takes the reply that
// leaves the root the least.
func (r *run) brsMin(depth int, alpha, beta int64, ply int) int64 {
	if depth <= 0 {
		return r.quiet(r.Next(r.Root), ply)
	}
	best := 2 * core.WinValue
	for i := 0; i < r.T.Players()-1; i++ {
		v := r.brsSeq(i, 0, depth, alpha, beta, ply)
		if r.Stopped {
			return 0
		}
		best = min(best, v)
		beta = min(beta, v)
		if alpha >= beta {
			break
		}
	}
	return best
}

// brsSeq plays the opponents from the j-th after the root on, searching
// the moves of the i-th and playing one move for each of the others.
func (r *run) brsSeq(i, j, depth int, alpha, beta int64, ply int) int64 {
	t := r.T
	if j == t.Players()-1 {
		return r.brsMax(depth-1, alpha, beta, ply)
	}
	r.Tick()
	if r.Stopped {
		return 0
	}
	p := (r.Root+j)%t.Players() + 1
	winner, at, cells := r.Settled(p, ply)
	if winner != 0 {
		return r.WinFor(winner, at)
	}
	moves := cells
	switch {
	case j != i:
		mv, ok := r.ordered(p, cells, ply)
		if !ok {
			return r.Evaluate()
		}
		moves = []uint64{mv}
	case len(moves) == 0:
		moves = r.Candidates(p, ply)
		if len(moves) == 0 {
			return r.Evaluate()
		}
	}
	best := 2 * core.WinValue
	for _, mv := range moves {
		v := r.After(mv, p, ply, func() int64 { return r.brsSeq(i, j+1, depth, alpha, beta, ply+1) })
		if r.Stopped {
			return 0
		}
		best = min(best, v)
		beta = min(beta, v)
		if alpha >= beta {
			break
		}
	}
	return best
}

// ordered is the move p plays when its reply is not the one searched: the
// best of the cells it must block by the move ordering, or its best
// candidate.
func (r *run) ordered(p int, cells []uint64, ply int) (uint64, bool) {
	if len(cells) > 0 {
		best, bestScore := cells[0], r.T.MoveScore(cells[0], p)
		for _, c := range cells[1:] {
			if s := r.T.MoveScore(c, p); s > bestScore {
				best, bestScore = c, s
			}
		}
		return best, true
	}
	r.scratch = r.T.Candidates(p, 1, r.scratch[:0])
	if len(r.scratch) == 0 {
		return 0, false
	}
	return r.scratch[0].Key, true
}

// brsMax is the root's layer.
func (r *run) brsMax(depth int, alpha, beta int64, ply int) int64 {
	r.Tick()
	if r.Stopped {
		return 0
	}
	me := r.Root
	winner, at, moves := r.Settled(me, ply)
	if winner != 0 {
		return r.WinFor(winner, at)
	}
	if ply >= core.MaxDepth {
		return r.Evaluate()
	}
	if len(moves) == 0 {
		if depth <= 0 {
			return r.leaf(ply)
		}
		moves = r.Candidates(me, ply)
		if len(moves) == 0 {
			return r.Evaluate()
		}
	}
	depth = max(depth, 1)
	best := -2 * core.WinValue
	for _, mv := range moves {
		v := r.After(mv, me, ply, func() int64 { return r.brsMin(depth-1, alpha, beta, ply+1) })
		if r.Stopped {
			return 0
		}
		best = max(best, v)
		alpha = max(alpha, v)
		if alpha >= beta {
			break
		}
	}
	return best
}

// quiet scores a position at the search's horizon with p to move: a win
// that the players in turn can no longer stop, else the horizon's value.
func (r *run) quiet(p, ply int) int64 {
	if winner, at, _ := r.Settled(p, ply); winner != 0 {
		return r.WinFor(winner, at)
	}
	return r.horizon(p, ply)
}

// leafForcingNodes bounds the positions of one forcing search at a leaf.
const leafForcingNodes = 48

// threatWorth is the value of one cell from which the root has a forcing
// win, seen with an opponent to move: several of them are more than the
// opponents' free moves can spoil.
const threatWorth = 1 << 14

// horizon scores a position at the horizon with p to move and no threat
// to answer. A short forcing win for p counts as a win for p. With an
// opponent to move, every cell from which the root would have a forcing
// win adds threatWorth, and as many of them as there are players (more
// than the opponents can spoil, one move each) count as a win: so the
// search builds double threats on purpose.
func (r *run) horizon(p, ply int) int64 {
	if !r.Lim.VCF || r.T.Players() < 3 {
		return r.Evaluate()
	}
	saved := r.VCFLeft
	defer func() { r.VCFLeft = saved }()
	if p == r.Root {
		r.VCFLeft = leafForcingNodes
		if _, ok := r.forcingWin(r.Root, leafForcingDepth); ok {
			return r.WinFor(r.Root, ply+2*r.T.Players())
		}
		return r.Evaluate()
	}
	r.VCFLeft = leafForcingNodes
	if _, ok := r.forcingWin(p, 1); ok {
		return r.WinFor(p, ply+2*r.T.Players())
	}
	starts := r.forcingStarts(r.Root, r.T.Players())
	if starts >= r.T.Players() {
		return r.WinFor(r.Root, ply+3*r.T.Players())
	}
	return r.Evaluate() + int64(starts)*threatWorth
}

// forcingStarts counts, up to limit, the cells where a's move would start
// a forcing win of at most two of a's moves, were it a's turn.
func (r *run) forcingStarts(a, limit int) int {
	t := r.T
	n := 0
	for _, mv := range r.T.ForcingCands(a, t.Players()-1) {
		r.VCFLeft = leafForcingNodes
		out := r.Play(mv, a)
		won := out == engine.Won || (out == engine.Ongoing && len(t.Fours(a)) >= t.Players()-1 && r.blockersLose(a, r.Next(a), 1))
		t.Undo()
		if r.Stopped {
			return n
		}
		if won {
			if n++; n >= limit {
				return n
			}
		}
	}
	return n
}

// leaf scores a position at the horizon with the root to move.
func (r *run) leaf(ply int) int64 { return r.horizon(r.Root, ply) }

// maxnRoot is the root's share of the max-n value of its move mv,
// searching depth plies.
func (r *run) maxnRoot(mv uint64, depth int, _ int64) int64 {
	vec := r.afterVector(mv, r.Root, 0, depth)
	if vec == nil {
		return 0
	}
	return vec[r.Root]
}

// afterVector plays mv for p and returns the max-n value of the result,
// searching depth-1 plies below it, nil when the search stopped; then it
// takes the move back.
func (r *run) afterVector(mv uint64, p, ply, depth int) []int64 {
	var vec []int64
	switch r.Play(mv, p) {
	case engine.Won:
		vec = r.winVector(p, ply+1)
	case engine.Drawn:
		vec = make([]int64, r.T.Players()+1)
	default:
		vec = r.maxn(depth-1, r.Next(p), ply+1)
	}
	r.T.Undo()
	return vec
}

// maxn returns the value of the position for every player (index 1..N),
// mover choosing the move best for itself; nil when the search stopped.
func (r *run) maxn(depth, mover, ply int) []int64 {
	r.Tick()
	if r.Stopped {
		return nil
	}
	t := r.T
	winner, at, moves := r.Settled(mover, ply)
	if winner != 0 {
		return r.winVector(winner, at)
	}
	if ply >= core.MaxDepth {
		return r.evalVector()
	}
	if len(moves) == 0 {
		if depth <= 0 {
			if mover == r.Root && r.leaf(ply) >= core.WinValue-int64(core.MaxDepth)-int64(2*t.Players()) {
				return r.winVector(mover, ply+2*t.Players())
			}
			return r.evalVector()
		}
		moves = r.Candidates(mover, ply)
		if len(moves) == 0 {
			return r.evalVector()
		}
	}
	depth = max(depth, 1)
	var best []int64
	for _, mv := range moves {
		vec := r.afterVector(mv, mover, ply, depth)
		if r.Stopped {
			return nil
		}
		if best == nil || vec[mover] > best[mover] {
			best = vec
		}
	}
	return best
}

// winVector is the max-n value of w winning at ply.
func (r *run) winVector(w, ply int) []int64 {
	v := make([]int64, r.T.Players()+1)
	for p := 1; p <= r.T.Players(); p++ {
		v[p] = -core.WinValue + int64(ply)
	}
	v[w] = core.WinValue - int64(ply)
	return v
}

// evalVector is every player's value as evaluate gives the root's.
func (r *run) evalVector() []int64 {
	t := r.T
	var total int64
	for p := 1; p <= t.Players(); p++ {
		total += t.Score(p)
	}
	v := make([]int64, t.Players()+1)
	for p := 1; p <= t.Players(); p++ {
		v[p] = int64(t.Players())*t.Score(p) - total
	}
	return v
}
