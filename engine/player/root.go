package player

import (
	"slices"
	"time"

	"github.com/gomoku-engine/gomoku/engine/internal/cellkey"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
)

// best finds the root's move: a win, a VCF or VCT, or the alpha-beta's
// choice among the moves that stop the opponent's VCF.
func (r *run) best() (uint64, bool) {
	t, me := r.t, r.root
	if len(t.fours[me]) > 0 {
		r.stats.Reason = core.ReasonWin
		r.stats.Score = core.WinValue
		return sortedCells(t.fours[me])[0], true
	}
	if r.vcf && t.n == 2 && len(t.fours[r.next(me)]) == 0 {
		r.limit = r.phaseEnd(4)
		if line := r.vcfRoot(me); len(line) > 0 {
			r.stats.Reason = core.ReasonVCF
			r.stats.Score = core.WinValue
			return line[0], true
		}
		r.stopped = r.ctx.Err() != nil
	}
	if r.vct && t.n == 2 && len(t.fours[r.next(me)]) == 0 && !r.stopped {
		r.limit = r.phaseEnd(3)
		if c, ok := r.vctRoot(me); ok {
			r.stats.Reason = core.ReasonVCT
			r.stats.Score = core.WinValue
			return c, true
		}
		r.stopped = r.ctx.Err() != nil
	}
	r.limit = r.deadline
	moves, winner := r.threats(me)
	if len(moves) == 0 {
		moves = slices.Clone(r.candidates(me, 0))
		if r.vcf && t.n == 2 && !r.stopped {
			r.limit = r.phaseEnd(2)
			moves = r.refuteVCF(moves)
			r.stopped = r.ctx.Err() != nil
		}
	}
	r.limit = r.deadline
	if len(moves) == 0 {
		return 0, false
	}
	if len(moves) == 1 || winner != 0 {
		r.stats.Reason = core.ReasonOnlyMove
		return moves[0], true
	}
	return r.deepen(moves, r.paranoidRoot), true
}

// paranoidRoot is the paranoid alpha-beta's value of the root move mv.
func (r *run) paranoidRoot(mv uint64, depth int, alpha int64) int64 {
	return r.tryMove(mv, r.root, depth, alpha, 2*core.WinValue, 0)
}

// phaseEnd is the deadline of a phase that may use 1/share of the budget.
func (r *run) phaseEnd(share int) time.Time {
	if r.deadline.IsZero() {
		return time.Time{}
	}
	return r.start.Add(r.deadline.Sub(r.start) / time.Duration(share))
}

// refuteDepth is how many of the best root moves refuteVCF tries.
const refuteDepth = 24

// refuteVCF keeps, when the opponent would have a VCF if the root passed,
// only the root moves after which it has none (in their order), since the
// alpha-beta is too shallow to see a long sequence of fours coming. It
// returns moves unchanged when the opponent has no VCF, or when no move
// tried refutes it (the game is lost against best play; the alpha-beta
// then picks the stubbornest move).
func (r *run) refuteVCF(moves []uint64) []uint64 {
	opp := r.next(r.root)
	if len(r.vcfRoot(opp)) == 0 || r.stopped {
		return moves
	}
	var keep []uint64
	for _, mv := range moves[:min(len(moves), refuteDepth)] {
		row, col := cellkey.Unpack(mv)
		if _, err := r.t.place(row, col, r.root); err != nil {
			continue
		}
		refuted := len(r.vcfRoot(opp)) == 0
		r.t.undo()
		if r.stopped {
			return moves
		}
		if refuted {
			keep = append(keep, mv)
		}
	}
	if len(keep) == 0 {
		return moves
	}
	r.stats.Reason = core.ReasonRefute
	return keep
}

// deepen runs iterative deepening over the root moves and returns the best
// move of the deepest completed iteration; try is the value of a root move
// searched to depth plies, alpha the best so far.
func (r *run) deepen(moves []uint64, try func(mv uint64, depth int, alpha int64) int64) uint64 {
	if r.Search.tt == nil {
		r.Search.tt = make(map[uint64]ttEntry)
	}
	clear(r.tt)
	if r.stats.Reason == core.ReasonNone {
		r.stats.Reason = core.ReasonSearch
	}
	best := moves[0]
	values := make([]int64, len(moves))
	for depth := 1; depth <= r.maxDepth; depth++ {
		iterStart := time.Now()
		alpha := -2 * core.WinValue
		iterBest := moves[0]
		for i, mv := range moves {
			v := try(mv, depth, alpha)
			if r.stopped {
				break
			}
			values[i] = v
			if v > alpha {
				alpha, iterBest = v, mv
			}
		}
		if r.stopped {
			break
		}
		best, r.stats.Depth, r.stats.Score = iterBest, depth, alpha
		moves, values = core.ByValueDesc(moves, values)
		if alpha >= core.WinValue-int64(core.MaxDepth) || alpha <= -core.WinValue+int64(core.MaxDepth) {
			break // a forced result: deeper will not change it
		}
		// The next iteration costs several times this one: do not start
		// what the remaining time cannot finish.
		if !r.deadline.IsZero() && time.Until(r.deadline) < 3*time.Since(iterStart) {
			break
		}
	}
	return best
}
