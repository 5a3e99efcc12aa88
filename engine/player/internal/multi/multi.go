package multi

import (
	"fmt"
	"slices"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
	"github.com/gomoku-engine/gomoku/engine/player/internal/sparsesearch"
)

// Kind names a look-ahead for three or more players; engine/player
// exports it as MultiSearch, with the documentation of each.
type Kind uint8

// The look-aheads.
const (
	MaxN Kind = iota
	Paranoid
	BestReply
	Planned
)

// String is the look-ahead's name: "max-n", "paranoid", "best-reply" or
// "planned".
func (k Kind) String() string {
	switch k {
	case MaxN:
		return "max-n"
	case Paranoid:
		return "paranoid"
	case BestReply:
		return "best-reply"
	case Planned:
		return "planned"
	}
	return fmt.Sprintf("MultiSearch(%d)", uint8(k))
}

// run is one Choose for three or more players: the sparse search's call,
// which it extends with the forcing searches, the run model and the
// look-aheads.
type run struct {
	*sparsesearch.Run
	kind Kind
	// plausible, when positive, lets the forcing search answer a free
	// player's move with its plausible best moves.
	plausible int
	// model predicts the other players' moves in a planned line, and
	// planLeft counts down the plan search's node budget.
	model    *runModel
	planLeft int
	// scratch is the reusable storage of best-reply's ordered moves.
	scratch []sparsesearch.Scored
}

// Best finds the root's move for three or more players, looking ahead as
// kind says, on the call sr of the sparse search. It reports false when
// the root has no move.
func Best(sr *sparsesearch.Run, kind Kind) (uint64, bool) {
	r := &run{Run: sr, kind: kind}
	sr.Horizon = r.horizon
	return r.best()
}

// forcingNodeLimit bounds the positions one forcing search visits.
const forcingNodeLimit = 20000

// forcingDepth bounds the number of the attacker's moves in a forcing
// line at the root; leafForcingDepth inside the search.
const (
	forcingDepth     = 8
	leafForcingDepth = 2
	// plausibleDepth bounds the root's second forcing search, in which a
	// player not forced to block tries its plausibleReplies best-ordered
	// moves.
	plausibleDepth   = 5
	plausibleReplies = 3
)

// multiRootWidth is how many of the best-ordered candidates the
// look-ahead tries at the root for three or more players: with N−1
// opponents' moves between two of the root's, depth is worth more than
// breadth.
const multiRootWidth = 24

// best finds the root's move for three or more players: a win; the
// block that no later player would make; a forcing win (every move
// leaving more winning cells than the opponents moving before the
// attacker again can block, or exactly as many, so that each of them must
// block and none moves freely); a line of fours against every plausible
// reply of the players left free; else the chosen look-ahead over the
// best candidates.
func (r *run) best() (uint64, bool) {
	t, me := r.T, r.Root
	if len(t.Fours(me)) > 0 {
		r.St.Reason = core.ReasonWin
		r.St.Score = core.WinValue
		return sparsesearch.SortedCells(t.Fours(me))[0], true
	}
	moves, winner := r.Threats(me)
	r.resetForcing()
	if len(moves) == 0 && r.Lim.VCF {
		if c, ok := r.phase(4, core.ReasonVCF, func() (uint64, bool) { return r.forcingWin(me, forcingDepth) }); ok {
			return c, true
		}
	}
	if len(moves) == 0 && r.Lim.VCT && !r.Stopped {
		if c, ok := r.phase(3, core.ReasonVCT, func() (uint64, bool) {
			r.plausible, r.VCFLeft = plausibleReplies, forcingNodeLimit
			defer func() { r.plausible = 0 }()
			return r.forcingWin(me, plausibleDepth)
		}); ok {
			return c, true
		}
	}
	if len(moves) == 0 {
		moves = slices.Clone(r.Candidates(me, 0))
		moves = moves[:min(len(moves), multiRootWidth)]
	}
	if len(moves) == 0 {
		return 0, false
	}
	if len(moves) == 1 || winner != 0 {
		r.St.Reason = core.ReasonOnlyMove
		return moves[0], true
	}
	if r.kind == Planned {
		r.model = newRunModel(r.T)
		defer func() { r.model = nil }()
		if !r.Stopped {
			if c, ok := r.phase(2, core.ReasonPlan, func() (uint64, bool) { return r.planWin(moves) }); ok {
				return c, true
			}
		}
		r.St.Reason = core.ReasonSearch
		return r.planBest(moves), true
	}
	r.St.Reason = core.ReasonSearch
	switch r.kind {
	case BestReply:
		return r.Deepen(moves, r.brsRoot), true
	case Paranoid:
		return r.Deepen(moves, r.ParanoidRoot), true
	}
	return r.Deepen(moves, r.maxnRoot), true
}

// phase runs find, a search for a won line, until 1/share of the budget;
// the move it finds is the root's, found for reason.
func (r *run) phase(share int, reason core.Reason, find func() (uint64, bool)) (uint64, bool) {
	r.Limit = r.Lim.PhaseEnd(share)
	defer func() { r.Limit = r.Lim.Deadline }()
	c, ok := find()
	if !ok {
		r.Resume()
		return 0, false
	}
	r.St.Reason, r.St.Score = reason, core.WinValue
	return c, true
}

// resetForcing empties the table of refuted forcing positions.
func (r *run) resetForcing() {
	clear(r.Failed)
	r.VCFLeft = forcingNodeLimit
}

// plausibleWidth bounds the attacker's moves at each step of a forcing
// search that lets free players move (see blockersLose).
const plausibleWidth = 8

// forcingWin looks for a forcing win of attacker a, who is to move: a
// line of a's moves, each leaving so many winning cells that every
// opponent moving before a again must block one (or one of another
// player's, as rational players and Greedy do: the first player after
// them in turn order who has some), ending when more cells remain than
// can be blocked. Every choice of the blockers is tried. It returns a's
// first move, within depth moves of a.
func (r *run) forcingWin(a, depth int) (uint64, bool) {
	r.Tick()
	r.VCFLeft--
	t := r.T
	if r.Stopped || r.VCFLeft < 0 {
		return 0, false
	}
	if len(t.Fours(a)) > 0 {
		return sparsesearch.SortedCells(t.Fours(a))[0], true
	}
	if depth == 0 {
		return 0, false
	}
	if cells, _ := r.Threats(a); len(cells) > 0 {
		return 0, false // a must block, or has lost
	}
	key := t.Hash() ^ uint64(a)*0x9e3779b97f4a7c15 ^ uint64(r.plausible)*0xc2b2ae3d27d4eb4f
	if d, ok := r.Failed[key]; ok && d >= depth {
		return 0, false
	}
	need, cands := t.Players()-1, r.T.ForcingCands(a, t.Players()-1)
	if r.plausible > 0 {
		need, cands = 1, r.T.ForcingCands(a, 1)
		cands = cands[:min(len(cands), plausibleWidth)]
	}
	for _, mv := range cands {
		out := r.Play(mv, a)
		won := out == engine.Won ||
			(out == engine.Ongoing && len(t.Fours(a)) >= need && r.blockersLose(a, r.Next(a), depth-1))
		t.Undo()
		if won {
			return mv, true
		}
		if r.Stopped || r.VCFLeft < 0 {
			return 0, false
		}
	}
	r.Failed[key] = depth
	return 0, false
}

// blockersLose reports whether a wins whatever the players from p up to a
// do, each of them having to block (see forcingWin); one of them winning
// first refutes the line, and so does a free move, unless r.plausible is
// positive: then a free player tries its r.plausible best-ordered moves
// and a must win against each.
func (r *run) blockersLose(a, p, depth int) bool {
	if p == a {
		_, ok := r.forcingWin(a, depth)
		return ok
	}
	t := r.T
	if len(t.Fours(p)) > 0 {
		return false
	}
	cells, winner := r.Threats(p)
	switch {
	case winner == a:
		return true
	case winner != 0:
		return false
	case len(cells) == 0 && r.plausible == 0:
		return false
	case len(cells) == 0:
		for _, c := range t.Candidates(p, r.plausible, nil) {
			cells = append(cells, c.Key)
		}
	}
	for _, c := range cells {
		ok := r.Play(c, p) == engine.Ongoing && r.blockersLose(a, r.Next(p), depth)
		t.Undo()
		if !ok || r.Stopped {
			return false
		}
	}
	return true
}
