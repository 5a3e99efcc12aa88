package multi

import (
	"time"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/internal/cellkey"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
)

// A planned line is a sequence of the root's moves, each followed by the
// move the run model predicts for every other player in turn, ending when
// the root can complete a line at its turn. Only the root branches: with
// N−1 predicted replies between two of its moves, a line of four of its
// moves costs no more than four plies of a two-player search, and sees
// the constructions that win against players who answer only what they
// see one move ahead (a four to block, a run to extend or cut), which a
// search that lets every opponent reply with its best move refutes as
// soon as one of N−1 replies could spoil them.
const (
	// planWidth is how many of its best-ordered moves the root tries at
	// each of its turns; planDepth bounds its moves in a line.
	planWidth = 10
	planDepth = 6
	// planNodeLimit bounds the root's turns one plan search visits.
	planNodeLimit = 6000
	// planTies is how many equally rated predictions of one player a
	// line must win against.
	planTies = 2
)

// planWin looks for a planned line whose first move is one of moves and
// returns that move; r.model must model the position. It deepens all the
// root's moves together, so the shortest line found is played.
func (r *run) planWin(moves []uint64) (uint64, bool) {
	r.planLeft = planNodeLimit
	moves = moves[:min(len(moves), planWidth)]
	for depth := 1; depth <= planDepth; depth++ {
		for _, mv := range moves {
			if r.planAfter(mv, depth) {
				return mv, true
			}
			if r.Stopped || r.planLeft < 0 {
				return 0, false
			}
		}
	}
	return 0, false
}

// planTurn reports whether the root, to move, wins within depth of its
// moves against the predicted replies.
func (r *run) planTurn(depth int) bool {
	r.Tick()
	r.planLeft--
	if r.Stopped || r.planLeft < 0 {
		return false
	}
	t, me := r.T, r.Root
	if len(t.Fours(me)) > 0 {
		return true
	}
	if depth == 0 {
		return false
	}
	moves, winner := r.Threats(me)
	if winner != 0 {
		return false
	}
	switch {
	case len(moves) > 0:
	case depth == 1:
		// The last move must leave a winning cell: only the cells that
		// make a four can.
		moves = r.T.ForcingCands(me, 1)
	default:
		moves = r.Candidates(me, planDepth-depth+1)
	}
	for _, mv := range moves[:min(len(moves), planWidth)] {
		if r.planAfter(mv, depth) {
			return true
		}
		if r.Stopped || r.planLeft < 0 {
			return false
		}
	}
	return false
}

// planAfter plays the root's mv and the predicted replies and reports
// whether the root then wins within depth−1 further moves.
func (r *run) planAfter(mv uint64, depth int) bool {
	out := r.planPlay(mv, r.Root)
	won := out == engine.Won || (out == engine.Ongoing && r.planReplies(r.Next(r.Root), depth-1))
	r.planUndo()
	return won
}

// planReplies plays the predicted moves of p and the players after it up
// to the root, then the root's turn. When the model rates several cells
// alike for p, the root must win after each of the first planTies.
func (r *run) planReplies(p, depth int) bool {
	if p == r.Root {
		return r.planTurn(depth)
	}
	var likely [planTies]uint64
	moves, won := r.model.predict(p, r.model.scratch[:0])
	r.model.scratch = moves
	n := copy(likely[:], moves)
	if won || n == 0 {
		return false
	}
	for _, key := range likely[:n] {
		out := r.planPlay(key, p)
		ok := out == engine.Ongoing && r.planReplies(r.Next(p), depth)
		r.planUndo()
		if !ok {
			return false
		}
	}
	return true
}

// planPlay plays mv for p on the working position and the model.
func (r *run) planPlay(mv uint64, p int) engine.Outcome {
	out := r.Play(mv, p)
	row, col := cellkey.Unpack(mv)
	r.model.apply(row, col)
	return out
}

// planUndo takes back the latest planPlay.
func (r *run) planUndo() {
	r.model.undo()
	r.T.Undo()
}

// planBest is the root's move among moves (r.model modelling the
// position) whose planned lines, searched to the deepest number of its
// moves that time, the node budget and the depth limit allow, end in the
// best position by the evaluation (a win counting above any, a loss
// below).
func (r *run) planBest(moves []uint64) uint64 {
	r.planLeft = planNodeLimit
	moves = moves[:min(len(moves), planWidth)]
	best := moves[0]
	values := make([]int64, len(moves))
	for depth := 1; depth <= min(planDepth, r.Lim.MaxDepth); depth++ {
		iterStart := time.Now()
		for i, mv := range moves {
			values[i] = r.planValueAfter(mv, depth, 0)
			if r.Stopped || r.planLeft < 0 {
				return best
			}
		}
		moves, values = core.ByValueDesc(moves, values)
		best, r.St.Depth, r.St.Score = moves[0], depth, values[0]
		if values[0] >= core.WinValue-int64(core.MaxDepth) {
			return best
		}
		if !r.Limit.IsZero() && time.Until(r.Limit) < 4*time.Since(iterStart) {
			break
		}
	}
	return best
}

// planValue is the value for the root, to move at ply, of its best
// planned line of depth moves.
func (r *run) planValue(depth, ply int) int64 {
	r.Tick()
	r.planLeft--
	if r.Stopped || r.planLeft < 0 {
		return 0
	}
	t, me := r.T, r.Root
	if len(t.Fours(me)) > 0 {
		return core.WinValue - int64(ply)
	}
	if depth == 0 {
		return r.Evaluate()
	}
	moves, winner := r.Threats(me)
	if winner != 0 {
		return -core.WinValue + int64(ply)
	}
	if len(moves) == 0 {
		moves = r.Candidates(me, planDepth-depth+1)
	}
	best := -2 * core.WinValue
	for _, mv := range moves[:min(len(moves), planWidth)] {
		best = max(best, r.planValueAfter(mv, depth, ply))
		if r.Stopped || r.planLeft < 0 {
			return 0
		}
	}
	return best
}

// planValueAfter plays the root's mv at ply and the predicted replies
// (the first of equally rated ones) and returns the value of the root's
// best line of depth−1 further moves.
func (r *run) planValueAfter(mv uint64, depth, ply int) int64 {
	var v int64
	switch r.planPlay(mv, r.Root) {
	case engine.Won:
		v = core.WinValue - int64(ply)
	case engine.Drawn:
	default:
		v = r.planValueReplies(r.Next(r.Root), depth-1, ply+1)
	}
	r.planUndo()
	return v
}

// planValueReplies plays the predicted move of p and the players after it
// up to the root.
func (r *run) planValueReplies(p, depth, ply int) int64 {
	if p == r.Root {
		return r.planValue(depth, ply)
	}
	moves, won := r.model.predict(p, r.model.scratch[:0])
	r.model.scratch = moves
	switch {
	case won:
		return -core.WinValue + int64(ply)
	case len(moves) == 0:
		return r.Evaluate()
	}
	var v int64
	switch r.planPlay(moves[0], p) {
	case engine.Won:
		v = -core.WinValue + int64(ply)
	case engine.Drawn:
	default:
		v = r.planValueReplies(r.Next(p), depth, ply+1)
	}
	r.planUndo()
	return v
}
