package sparsesearch

import (
	"slices"
	"time"

	"github.com/gomoku-engine/gomoku/engine/internal/cellkey"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
)

// Best finds the root's move with two players: a win, a VCF or VCT, or
// the alpha-beta's choice among the moves that stop the opponent's VCF. It
// reports false when the root has no move.
func (r *Run) Best() (uint64, bool) {
	t, me := r.T, r.Root
	if len(t.fours[me]) > 0 {
		r.St.Reason = core.ReasonWin
		r.St.Score = core.WinValue
		return SortedCells(t.fours[me])[0], true
	}
	if r.Lim.VCF && t.n == 2 && len(t.fours[r.Next(me)]) == 0 {
		r.Limit = r.Lim.PhaseEnd(4)
		if line := r.vcfRoot(me); len(line) > 0 {
			r.St.Reason = core.ReasonVCF
			r.St.Score = core.WinValue
			return line[0], true
		}
		r.Resume()
	}
	if r.Lim.VCT && t.n == 2 && len(t.fours[r.Next(me)]) == 0 && !r.Stopped {
		r.Limit = r.Lim.PhaseEnd(3)
		if c, ok := r.vctRoot(me); ok {
			r.St.Reason = core.ReasonVCT
			r.St.Score = core.WinValue
			return c, true
		}
		r.Resume()
	}
	r.Limit = r.Lim.Deadline
	moves, winner := r.Threats(me)
	if len(moves) == 0 {
		moves = slices.Clone(r.Candidates(me, 0))
		if r.Lim.VCF && t.n == 2 && !r.Stopped {
			r.Limit = r.Lim.PhaseEnd(2)
			moves = r.refuteVCF(moves)
			r.Resume()
		}
	}
	r.Limit = r.Lim.Deadline
	if len(moves) == 0 {
		return 0, false
	}
	if len(moves) == 1 || winner != 0 {
		r.St.Reason = core.ReasonOnlyMove
		return moves[0], true
	}
	return r.Deepen(moves, r.ParanoidRoot), true
}

// ParanoidRoot is the paranoid alpha-beta's value of the root move mv.
func (r *Run) ParanoidRoot(mv uint64, depth int, alpha int64) int64 {
	return r.tryMove(mv, r.Root, depth, alpha, 2*core.WinValue, 0)
}

// refuteDepth is how many of the best root moves refuteVCF tries.
const refuteDepth = 24

// refuteVCF keeps, when the opponent would have a VCF if the root passed,
// only the root moves after which it has none (in their order), since the
// alpha-beta is too shallow to see a long sequence of fours coming. It
// returns moves unchanged when the opponent has no VCF, or when no move
// tried refutes it (the game is lost against best play; the alpha-beta
// then picks the stubbornest move).
func (r *Run) refuteVCF(moves []uint64) []uint64 {
	opp := r.Next(r.Root)
	if len(r.vcfRoot(opp)) == 0 || r.Stopped {
		return moves
	}
	var keep []uint64
	for _, mv := range moves[:min(len(moves), refuteDepth)] {
		row, col := cellkey.Unpack(mv)
		if _, err := r.T.Place(row, col, r.Root); err != nil {
			continue
		}
		refuted := len(r.vcfRoot(opp)) == 0
		r.T.Undo()
		if r.Stopped {
			return moves
		}
		if refuted {
			keep = append(keep, mv)
		}
	}
	if len(keep) == 0 {
		return moves
	}
	r.St.Reason = core.ReasonRefute
	return keep
}

// Deepen runs iterative deepening over the root moves and returns the best
// move of the deepest completed iteration; try is the value of a root move
// searched to depth plies, alpha the best so far.
func (r *Run) Deepen(moves []uint64, try func(mv uint64, depth int, alpha int64) int64) uint64 {
	clear(r.tt)
	if r.St.Reason == core.ReasonNone {
		r.St.Reason = core.ReasonSearch
	}
	best := moves[0]
	values := make([]int64, len(moves))
	for depth := 1; depth <= r.Lim.MaxDepth; depth++ {
		iterStart := time.Now()
		alpha := -2 * core.WinValue
		iterBest := moves[0]
		for i, mv := range moves {
			v := try(mv, depth, alpha)
			if r.Stopped {
				break
			}
			values[i] = v
			if v > alpha {
				alpha, iterBest = v, mv
			}
		}
		if r.Stopped {
			break
		}
		best, r.St.Depth, r.St.Score = iterBest, depth, alpha
		moves, values = core.ByValueDesc(moves, values)
		if alpha >= core.WinValue-int64(core.MaxDepth) || alpha <= -core.WinValue+int64(core.MaxDepth) {
			break // a forced result: deeper will not change it
		}
		// The next iteration costs several times this one: do not start
		// what the remaining time cannot finish.
		if !r.Lim.Deadline.IsZero() && time.Until(r.Lim.Deadline) < 3*time.Since(iterStart) {
			break
		}
	}
	return best
}
