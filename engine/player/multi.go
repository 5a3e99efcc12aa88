package player

import (
	"fmt"
	"slices"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
)

// MultiSearch names the look-ahead a [Search] runs for three or more
// players.
type MultiSearch uint8

const (
	// MaxN has every player maximise its own value, each in turn; it
	// prunes nothing.
	MaxN MultiSearch = iota
	// Paranoid is alpha-beta with every opponent minimising the
	// searcher's value, each opponent in turn.
	Paranoid
	// BestReply is best-reply search with the other opponents playing
	// their best-ordered move (BRS+): between two moves of the searcher,
	// one opponent's reply is searched while every other opponent plays
	// the move it must (a win, a block) or its best move by the ordering.
	BestReply
	// Planned, the default, searches only the searcher's moves, every
	// other player answering with the move a model of a player who looks
	// one move ahead predicts (its win, its block of the first player
	// after it who could win, else the cell best by the runs it joins and
	// cuts): first for a line that wins, then for the line that ends best
	// by the evaluation. Against bots that pursue their own lines it won
	// the most games, and the soonest (see the README).
	Planned
	multiSearchCount
)

// String is the name [ParseMultiSearch] reads.
func (m MultiSearch) String() string {
	switch m {
	case MaxN:
		return "max-n"
	case Paranoid:
		return "paranoid"
	case BestReply:
		return "best-reply"
	case Planned:
		return "planned"
	}
	return fmt.Sprintf("MultiSearch(%d)", uint8(m))
}

// ParseMultiSearch reads the name of a [MultiSearch].
func ParseMultiSearch(s string) (MultiSearch, error) {
	for m := range multiSearchCount {
		if m.String() == s {
			return m, nil
		}
	}
	return 0, fmt.Errorf("%w: multi-player search %q (want planned, max-n, paranoid or best-reply)", ErrUnknown, s)
}

// WithMultiSearch chooses the look-ahead for three or more players
// ([Planned] by default).
func WithMultiSearch(m MultiSearch) SearchOption { return func(s *Search) { s.multi = m } }

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

// multiBest finds the root's move for three or more players: a win; the
// block that no later player would make; a forcing win (every move
// leaving more winning cells than the opponents moving before the
// attacker again can block, or exactly as many, so that each of them must
// block and none moves freely); a line of fours against every plausible
// reply of the players left free; else the chosen look-ahead over the
// best candidates.
func (r *run) multiBest() (uint64, bool) {
	t, me := r.t, r.root
	if len(t.fours[me]) > 0 {
		r.stats.Reason = core.ReasonWin
		r.stats.Score = core.WinValue
		return sortedCells(t.fours[me])[0], true
	}
	moves, winner := r.threats(me)
	r.resetForcing()
	if len(moves) == 0 && r.vcf {
		if c, ok := r.phase(4, core.ReasonVCF, func() (uint64, bool) { return r.forcingWin(me, forcingDepth) }); ok {
			return c, true
		}
	}
	if len(moves) == 0 && r.vct && !r.stopped {
		if c, ok := r.phase(3, core.ReasonVCT, func() (uint64, bool) {
			r.plausible, r.vcfLeft = plausibleReplies, vcfNodeLimit
			defer func() { r.plausible = 0 }()
			return r.forcingWin(me, plausibleDepth)
		}); ok {
			return c, true
		}
	}
	if len(moves) == 0 {
		moves = slices.Clone(r.candidates(me, 0))
		moves = moves[:min(len(moves), multiRootWidth)]
	}
	if len(moves) == 0 {
		return 0, false
	}
	if len(moves) == 1 || winner != 0 {
		r.stats.Reason = core.ReasonOnlyMove
		return moves[0], true
	}
	if r.multi == Planned {
		r.model = newRunModel(r.t)
		defer func() { r.model = nil }()
		if !r.stopped {
			if c, ok := r.phase(2, core.ReasonPlan, func() (uint64, bool) { return r.planWin(moves) }); ok {
				return c, true
			}
		}
		r.stats.Reason = core.ReasonSearch
		return r.planBest(moves), true
	}
	r.stats.Reason = core.ReasonSearch
	switch r.multi {
	case BestReply:
		return r.deepen(moves, r.brsRoot), true
	case Paranoid:
		return r.deepen(moves, r.paranoidRoot), true
	}
	return r.deepen(moves, r.maxnRoot), true
}

// phase runs find, a search for a won line, until 1/share of the budget;
// the move it finds is the root's, found for reason.
func (r *run) phase(share int, reason core.Reason, find func() (uint64, bool)) (uint64, bool) {
	r.limit = r.phaseEnd(share)
	defer func() { r.limit = r.deadline }()
	c, ok := find()
	if !ok {
		r.stopped = r.ctx.Err() != nil
		return 0, false
	}
	r.stats.Reason, r.stats.Score = reason, core.WinValue
	return c, true
}

// resetForcing empties the table of refuted forcing positions.
func (r *run) resetForcing() {
	if r.Search.vcfFailed == nil {
		r.Search.vcfFailed = make(map[uint64]int)
	}
	clear(r.Search.vcfFailed)
	r.vcfLeft = vcfNodeLimit
}

// forcingCands lists the cells where a's mark would leave at least need
// winning cells, best first: a cell can leave no more winning cells than
// the windows one mark short of a four that pass through it.
func (r *run) forcingCands(a, need int) []uint64 {
	var out []scored
	for key, n := range r.t.threes[a] {
		if int(n) >= need {
			out = append(out, scored{key, int64(n)<<32 + r.t.moveScore(key, a)>>8})
		}
	}
	slices.SortFunc(out, byScore)
	keys := make([]uint64, len(out))
	for i, c := range out {
		keys[i] = c.key
	}
	return keys
}

// plausibleWidth bounds the attacker's moves at each step of a forcing
// search that lets free players move (see blockersLose).
const plausibleWidth = 8

// forcingWin looks for a forcing win of attacker a, who is to move: a
// line of a's moves, each leaving so many winning cells that every
// opponent moving before a again must block one (or one of another
// player's, as rational players and [Greedy] do: the first player after
// them in turn order who has some), ending when more cells remain than
// can be blocked. Every choice of the blockers is tried. It returns a's
// first move, within depth moves of a.
func (r *run) forcingWin(a, depth int) (uint64, bool) {
	r.tick()
	r.vcfLeft--
	t := r.t
	if r.stopped || r.vcfLeft < 0 {
		return 0, false
	}
	if len(t.fours[a]) > 0 {
		return sortedCells(t.fours[a])[0], true
	}
	if depth == 0 {
		return 0, false
	}
	if cells, _ := r.threats(a); len(cells) > 0 {
		return 0, false // a must block, or has lost
	}
	key := t.hash ^ uint64(a)*0x9e3779b97f4a7c15 ^ uint64(r.plausible)*0xc2b2ae3d27d4eb4f
	if d, ok := r.vcfFailed[key]; ok && d >= depth {
		return 0, false
	}
	need, cands := t.n-1, r.forcingCands(a, t.n-1)
	if r.plausible > 0 {
		need, cands = 1, r.forcingCands(a, 1)
		cands = cands[:min(len(cands), plausibleWidth)]
	}
	for _, mv := range cands {
		out := r.play(mv, a)
		won := out == wonOutcome ||
			(out == engine.Ongoing && len(t.fours[a]) >= need && r.blockersLose(a, r.next(a), depth-1))
		t.undo()
		if won {
			return mv, true
		}
		if r.stopped || r.vcfLeft < 0 {
			return 0, false
		}
	}
	r.vcfFailed[key] = depth
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
	t := r.t
	if len(t.fours[p]) > 0 {
		return false
	}
	cells, winner := r.threats(p)
	switch {
	case winner == a:
		return true
	case winner != 0:
		return false
	case len(cells) == 0 && r.plausible == 0:
		return false
	case len(cells) == 0:
		for _, c := range t.candidates(p, r.plausible, nil) {
			cells = append(cells, c.key)
		}
	}
	for _, c := range cells {
		ok := r.play(c, p) == engine.Ongoing && r.blockersLose(a, r.next(p), depth)
		t.undo()
		if !ok || r.stopped {
			return false
		}
	}
	return true
}

// threatsMany is threats for three or more players, where blockers can be
// busy: each player, until mover moves again, blocks the winning cells of
// the first player after it in turn order who still has some, and wins if
// it has some itself. Mover must block the first player who would win
// were it to pass; that player is the winner if it wins all the same.
// Cells are counted per player: one cell winning for two players is taken
// to need two blocks, which errs on the side of blocking.
func (r *run) threatsMany(mover int) (cells []uint64, winner int) {
	q := r.passWinner(mover, 0)
	if q == 0 {
		return nil, 0
	}
	return sortedCells(r.t.fours[q]), r.passWinner(mover, q)
}

// passWinner plays out the blocks of the players after mover, mover having
// blocked one cell of target (0: none), and returns the first of them who
// still has a winning cell at its turn, or 0.
func (r *run) passWinner(mover, target int) int {
	t := r.t
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
