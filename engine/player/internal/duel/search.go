package duel

import (
	"context"
	"math"
	"sync/atomic"

	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
	"github.com/gomoku-engine/gomoku/engine/player/internal/dense"
	"github.com/gomoku-engine/gomoku/sparse"
)

// Scores of the two-player search, from the side to move: a win at ply p
// is worth winScore − p, so sooner wins are preferred and later losses.
const (
	winScore int32 = 1 << 28
	infScore int32 = 1 << 29
	// maxPly bounds the search's plies, extensions included.
	maxPly = 96
	// mateScore is the least magnitude of a score that is a forced result.
	mateScore = winScore - 2*maxPly - 64
)

// run is one Choose of the two-player search: the working board, the
// limits of the move and the tables kept from call to call (in s).
type run struct {
	core.Meter
	// ctx is the move's context, which the meter watches.
	ctx context.Context
	s   *State
	b   *dense.Board
	lim core.Limits
	st  *core.Stats
	// provisional receives the best move found so far.
	provisional *atomic.Pointer[sparse.Cell]
	// vcfLeft counts down the node budget of the current threat search.
	vcfLeft int
	scratch [][]scoredCell
	// histLog and open serve the staged move picker (picker.go): the
	// history bonuses given while a node above has yet to generate its
	// moves, and per ply the log's length when the latest node there
	// tried its table's move before generating (−1 when it did not, or
	// has generated since).
	histLog []histNote
	open    []int32
	// scanAll has every node generate all its moves by scanning the
	// board before trying any: the reference the staged picker is tested
	// and measured against.
	scanAll bool
	// plain turns off futility pruning and late-move reductions, noTable
	// the transposition table's cutoffs and moves, and sameDepth the
	// cutoffs by entries searched deeper than asked (which moves that cost
	// no depth make possible when a position is reached by two paths):
	// what is left is the alpha-beta the brute-force referee must agree
	// with exactly.
	plain, noTable, sameDepth bool
	// leaned is set when the current iteration took a cutoff from an
	// earlier search's unproven mate (see ttSlot.carriedClaim).
	leaned bool
	// cuts counts the main search's beta cutoffs by the rank of the move
	// that made them (the last bucket holds every later rank), for
	// measuring move ordering.
	cuts [8]int64
	// cl is the classic search's per-ply state (classic.go), classic
	// whether this run searches with it.
	cl      classicPlies
	classic bool
	// defences is the classic search's list of the cells that stop a
	// four-three (see fourThreeDefences).
	defences []int32
	// tally counts where the nodes go, in a build that counts (countTree).
	tally *treeTally
	// helpers are the states of the threads that search with this one
	// (see State.SetThreads); helper is this thread's number among them,
	// 0 for the calling thread.
	helpers []*State
	helper  int
}

// scoredCell is an array cell with its ordering score.
type scoredCell struct {
	i     int32
	score int32
}

// evaluate is the static value of the position for q, to move.
func (d *run) evaluate(q int) int32 {
	var v int64
	if d.classic {
		v = d.b.PairEval(q)
	} else {
		v = d.b.Eval(q)
	}
	return int32(max(min(v, int64(mateScore-1)), int64(-mateScore+1)))
}

// ttEntry is an entry of the transposition table: the full key it was
// stored under, the node's value and its bound (exact, lower or upper),
// the depth searched, the best move and the search that stored it. Mate
// scores are stored relative to the node (a win in p plies from it), not
// the root, so an entry read at another ply of another search means the
// same thing.
type ttEntry struct {
	key   uint64
	value int32
	best  int32
	depth int8
	bound int8
	// gen is the search that stored the entry (see State.gen).
	gen uint32
}

// ttSlot holds an entry in three words that the threads of a search
// read and write without a lock (see State.SetThreads): check is the key
// xor the other two, so that a slot read while another thread writes
// it, words of two entries, fails the key check and reads as another
// position's. The zero slot holds the zero entry.
type ttSlot struct {
	check, data, meta atomic.Uint64
}

// load reads the slot's entry.
func (s *ttSlot) load() ttEntry {
	data, meta := s.data.Load(), s.meta.Load()
	return ttEntry{
		key:   s.check.Load() ^ data ^ meta,
		value: int32(uint32(data)),
		best:  int32(uint32(data >> 32)),
		depth: int8(uint8(meta)),
		bound: int8(uint8(meta >> 8)),
		gen:   uint32(meta >> 16),
	}
}

// save writes e into the slot.
func (s *ttSlot) save(e ttEntry) {
	data := uint64(uint32(e.value)) | uint64(uint32(e.best))<<32
	meta := uint64(uint8(e.depth)) | uint64(uint8(e.bound))<<8 | uint64(e.gen)<<16
	s.data.Store(data)
	s.meta.Store(meta)
	s.check.Store(e.key ^ data ^ meta)
}

// carriedClaim reports whether the entry is a mate an earlier search than
// gen stored without searching all its plies: one longer than the depth
// it was stored at, resting on that search's horizon (see proven).
func (e *ttEntry) carriedClaim(gen uint32) bool {
	return e.gen != gen && (e.value >= mateScore || e.value <= -mateScore) && !proven(e.value, int(e.depth))
}

// probe is the table's entry for key, and false when it holds none.
func (d *run) probe(key uint64) (ttEntry, bool) {
	if d.noTable {
		return ttEntry{}, false
	}
	e := d.s.tt[key&uint64(len(d.s.tt)-1)].load()
	return e, e.key == key
}

// cut reports the entry's value at ply and whether it settles a search
// of depth plies within (alpha, beta): it was searched as deep or deeper
// and its bound allows it (an exact value, a lower bound at or above
// beta, an upper bound at or below alpha).
func (e *ttEntry) cut(depth int, alpha, beta int32, ply int) (int32, bool) {
	if int(e.depth) < depth {
		return 0, false
	}
	v := e.value
	switch {
	case v >= mateScore:
		v -= int32(ply)
	case v <= -mateScore:
		v += int32(ply)
	}
	switch {
	case e.bound == core.ExactBound,
		e.bound == core.LowerBound && v >= beta,
		e.bound == core.UpperBound && v <= alpha:
		return v, true
	}
	return 0, false
}

// store keeps a node's result in its slot, unless the slot holds the same
// position searched deeper and the new bound is not exact.
func (d *run) store(key uint64, depth int, value int32, bound int8, best int, ply int) {
	s := &d.s.tt[key&uint64(len(d.s.tt)-1)]
	if old := s.load(); old.key == key && int(old.depth) > depth && bound != core.ExactBound {
		return
	}
	d.put(s, key, depth, value, bound, best, ply)
}

// put writes a node's result at ply into slot s, its mate scores made
// relative to the node.
func (d *run) put(s *ttSlot, key uint64, depth int, value int32, bound int8, best int, ply int) {
	d.s.used = true
	switch {
	case value >= mateScore:
		value += int32(ply)
	case value <= -mateScore:
		value -= int32(ply)
	}
	s.save(ttEntry{key: key, value: value, best: int32(best), depth: int8(min(depth, 127)), bound: bound, gen: d.s.gen})
}

// futilityDepth and futilityMargin bound futility pruning: nodes with at
// most futilityDepth plies left, a margin of futilityMargin a ply.
const (
	futilityDepth  = 2
	futilityMargin = 120
)

// lmr is the late-move reduction of the n-th move (from 0) of a node with
// depth plies left (see lmrTable).
var lmr = lmrTable(lmrDivisor)

// lmrTable is the late-move reductions of log(depth)·log(n)/divisor
// rounded, from depth 2 and the third move on, at least a ply, and leaving
// at least a ply from depth 3 (a node with two plies left searches its
// late moves to one).
func lmrTable(divisor float64) (t [maxPly + 1][32]int8) {
	for depth := 2; depth <= maxPly; depth++ {
		for n := 2; n < len(t[depth]); n++ {
			r := int(0.5 + math.Log(float64(depth))*math.Log(float64(n))/divisor)
			t[depth][n] = int8(min(max(r, 1), max(depth-2, 1)))
		}
	}
	return t
}

// lmrDivisor sets how fast reductions grow with depth and move rank: 1.35
// reaches depth 8 in a fifth fewer nodes than 1.75 and was level to a
// little ahead in self-play (see the player README's log).
const lmrDivisor = 1.35

// pvLess is whether principal-variation nodes reduce their late moves a
// ply less (see lateReduction). A test that replays a game recorded
// without it turns it off, so that the search plays the game's moves.
var pvLess = true

// lateReduction is lmr for any depth and move number, a ply less at a
// principal-variation node (pv): the late moves there are where the value
// the root reports may change, and the few such nodes make it cheap.
func lateReduction(depth, n int, pv bool) int {
	r := int(lmr[min(max(depth, 0), maxPly)][min(n, len(lmr[0])-1)])
	if pv && r > 0 {
		r--
	}
	return r
}

// mateDistance turns mate-distance pruning on: a switch so that a test
// can check the search's values against the search without it.
var mateDistance = true

// sideKey distinguishes the side to move in hash keys.
var sideKey = [2]uint64{0x6a09e667f3bcc908, 0xb5ad4eceda1ce2a9}

// moveList is the empty list of moves of a node at ply, on the run's
// scratch space.
func (d *run) moveList(ply int) []scoredCell {
	for len(d.scratch) <= ply {
		d.scratch = append(d.scratch, nil)
	}
	return d.scratch[ply][:0]
}

// visit counts a node at ply and reports whether the search goes on.
func (d *run) visit(ply int) bool {
	d.Tick()
	if d.Stopped {
		return false
	}
	if countTree {
		d.counts().nodes[ply]++
	}
	return true
}

// search is a principal-variation negamax for q to move.
func (d *run) search(depth int, alpha, beta int32, ply, q int) int32 {
	if !d.visit(ply) {
		return 0
	}
	b := d.b
	o := 1 - q
	if b.Counts[q][dense.ClassFive] > 0 {
		return winScore - int32(ply+1)
	}
	if b.Counts[o][dense.ClassFive] > 1 {
		return -winScore + int32(ply+2)
	}
	forced := -1
	if b.Counts[o][dense.ClassFive] == 1 {
		forced = b.Find(o, dense.ClassFive)
		if forced >= 0 && !b.Playable(forced, q) {
			// Renju: black's only block is forbidden.
			return -winScore + int32(ply+2)
		}
	} else if b.Has(q, dense.ClassOpenFour) {
		return winScore - int32(ply+3)
	} else if b.Fours(o) == 0 && b.Has(q, dense.ClassFourThree) {
		return winScore - int32(ply+5)
	}
	if ply >= maxPly-1 {
		return d.evaluate(q)
	}
	// Mate-distance pruning: from here q wins at best with a five at ply+1
	// and loses at worst to one at ply+2, so a window outside those bounds
	// (a shorter mate already in hand above) has nothing left to find.
	if mateDistance {
		alpha, beta = max(alpha, -winScore+int32(ply+2)), min(beta, winScore-int32(ply+1))
		if alpha >= beta {
			return alpha
		}
	}
	// threatened: the opponent could make an open four (or two fours)
	// next move, so q's replies are few; such nodes cost no depth, and a
	// leaf that is one is searched on rather than scored mid-fight.
	threatened := b.Has(o, dense.ClassOpenFour)
	if depth <= 0 && forced < 0 && (!threatened || ply >= maxPly/2) {
		v := d.evaluate(q)
		if countTree {
			d.counts().leaves++
		}
		if d.lim.VCF && v < beta && b.Fours(q) > 0 {
			n0 := d.st.Nodes
			won := d.leafVCF(q)
			if countTree {
				d.counts().leafVCF += d.st.Nodes - n0
				d.counts().leafVCFCalls++
				if won {
					d.counts().leafVCFWins++
				}
			}
			if won {
				return winScore - int32(ply+7)
			}
		}
		if d.s.horizon != nil {
			d.atHorizon(q)
		}
		return v
	}
	if countTree && depth <= 0 {
		d.counts().horizon++
	}
	depth = max(depth, 0)
	key := b.Hash ^ sideKey[q]
	ttMove := -1
	if countTree {
		d.counts().probes++
	}
	if s, ok := d.probe(key); ok {
		ttMove = int(s.best)
		if countTree {
			d.counts().hits++
		}
		if v, ok := s.cut(depth, alpha, beta, ply); ok && (!d.sameDepth || int(s.depth) == depth) {
			d.leaned = d.leaned || s.carriedClaim(d.s.gen)
			if countTree {
				d.counts().cuts++
			}
			return v
		}
	}
	// Futility at frontier nodes of a null-window search: a quiet position
	// whose static value beats beta by a margin per ply left is not
	// searched, unless the opponent has a four or a double three to make.
	if depth <= futilityDepth && beta-alpha == 1 && !d.plain && forced < 0 && !threatened && beta > -mateScore && beta < mateScore &&
		b.Fours(o) == 0 && b.Counts[o][dense.ClassDoubleThree] == 0 {
		if v := d.evaluate(q); v-futilityMargin*int32(depth) >= beta {
			if countTree {
				d.counts().futile++
			}
			if d.s.horizon != nil {
				d.atHorizon(q)
			}
			return v
		}
	}
	mp := d.newPicker(q, ply, forced, ttMove, threatened, depth)
	if mp.none() {
		return d.stuck(q)
	}
	newDepth := depth - 1
	if mp.forcedReply(threatened) {
		newDepth = depth // a forced reply costs no depth
		if countTree && depth > 0 {
			d.counts().free++
		}
	}
	a0 := alpha
	best, bestMove := -infScore, -1
	for n := 0; ; n++ {
		i := d.next(&mp, n)
		if i < 0 && escapeWidth && depth > 0 && best <= -mateScore && d.widen(&mp, n) {
			// Every move the width let in loses: a loss is trusted only
			// once the moves it left out are tried as well.
			i = d.next(&mp, n)
		}
		if i < 0 {
			break
		}
		threat := b.Cell[i].Class[q].MakesFour() || b.Cell[i].Class[o] >= dense.ClassOpenFour
		b.Place(i, q)
		var v int32
		if n == 0 {
			v = -d.search(newDepth, -beta, -alpha, ply+1, o)
		} else {
			r := 0
			if !threat && !d.plain {
				r = lateReduction(depth, n, pvLess && beta-a0 > 1)
			}
			v = -d.search(newDepth-r, -alpha-1, -alpha, ply+1, o)
			if countTree {
				d.counts().scout++
				if r > 0 {
					d.counts().reduced++
				}
			}
			if v > alpha && r > 0 {
				if countTree {
					d.counts().unreduced++
				}
				v = -d.search(newDepth, -alpha-1, -alpha, ply+1, o)
			}
			if v > alpha && v < beta {
				if countTree {
					d.counts().rescout++
				}
				v = -d.search(newDepth, -beta, -alpha, ply+1, o)
			}
		}
		b.Undo()
		if d.Stopped {
			return 0
		}
		if v > best {
			best, bestMove = v, i
		}
		if v > alpha {
			alpha = v
		}
		if countTree {
			d.counts().tried++
		}
		if alpha >= beta {
			if countTree {
				d.counts().cutNodes++
			}
			d.cuts[min(n, len(d.cuts)-1)]++
			if !threat {
				d.reward(q, i, depth)
				k := &d.s.kill[ply]
				if k[0] != int32(i) {
					k[1], k[0] = k[0], int32(i)
				}
			}
			break
		}
	}
	if countTree {
		if depth > 0 {
			d.counts().inner++
		}
		d.counts().interior++
		d.counts().listed += int64(mp.listed())
		if mp.generated {
			d.counts().generating++
		}
	}
	if depth <= 0 && threatened && best <= -mateScore && d.lim.VCF && b.Fours(q) > 0 {
		// The horizon's narrow defence (see moves) tries no bare four, so
		// the loss may be escaped by a victory of one's own by continuous
		// fours that starts with one, anywhere on the board: look for it
		// before trusting the loss.
		d.vcfLeft = leafVCFNodes
		n0 := d.st.Nodes
		if i := d.fourWin(q, vcfDepth, -1); i >= 0 {
			best, bestMove = winScore-int32(ply+7), i
			if countTree {
				d.counts().horizonVCFWins++
			}
		}
		if countTree {
			d.counts().horizonVCF += d.st.Nodes - n0
			d.counts().horizonVCFCalls++
		}
	}
	if d.Stopped {
		return 0 // the look for a VCF may be unfinished
	}
	bound := core.ExactBound
	switch {
	case best <= a0:
		bound = core.UpperBound
	case best >= beta:
		bound = core.LowerBound
	}
	d.store(key, depth, best, bound, bestMove, ply)
	return best
}

// stuck is the value of a node where q has no move to try: a draw when
// no cell near the marks lies on a line either player could still
// complete (a full board, or every line blocked), else the static value
// (renju: black, whose every useful cell is forbidden, plays elsewhere).
func (d *run) stuck(q int) int32 {
	b := d.b
	live := false
	b.Cands(func(i int) bool {
		live = b.Cell[i].Val[0] > 0 || b.Cell[i].Val[1] > 0
		return !live
	})
	if !live {
		return 0
	}
	return d.evaluate(q)
}

// moves lists q's moves at ply, unsorted (see pick), and how many of the
// best of them to try. Which moves are tried is decided by the cell's
// value to q twice plus its value to the opponent, with bonuses for the
// transposition table's move, the killers and the history; the order in
// which they are tried puts the table's move first, then ranks by the
// threats a move makes and stops (threatRank), then by the same score
// with the values weighed the other way, once the value to q and twice
// the value to the opponent: among moves of one rank, the one that spoils
// more of the opponent's shapes cuts sooner (8% fewer nodes to depth 8
// on the depth positions). The moves are: the forced block when the
// opponent has a winning cell; facing a three that would become an open
// four, only q's fours and the cells that spoil the opponent's threats
// (at the horizon, only the fours that also make a three or spoil a
// threat: a bare four there only delays the defence, at the cost of a
// forced block and a second look at the same three);
// otherwise the cells near the marks that make or stop something, below
// the root the best widthAt of them for a node with depth plies left (at
// most 0 is the horizon).
func (d *run) moves(q, ply, forced, ttMove, depth int) ([]scoredCell, int) {
	return d.generate(q, ply, forced, ttMove, -1, depth)
}

// generate is moves leaving out the cell tried (when not −1), tried
// already as the node's first move and counted in the width.
func (d *run) generate(q, ply, forced, ttMove, tried, depth int) ([]scoredCell, int) {
	out := d.moveList(ply)
	if forced >= 0 {
		out = append(out, scoredCell{int32(forced), 0})
		d.scratch[ply] = out
		return out, 1
	}
	b := d.b
	o := 1 - q
	defend := b.Has(o, dense.ClassOpenFour)
	horizon := depth <= 0
	k := d.s.kill[ply]
	visit := func(i int) bool {
		if i == tried {
			return true
		}
		if defend && b.Cell[i].Class[o] < dense.ClassFour &&
			(!b.Cell[i].Class[q].MakesFour() || horizon && b.Cell[i].Class[q] < dense.ClassFourThree) {
			return true
		}
		s := 2*b.Cell[i].Val[q] + b.Cell[i].Val[o]
		if s <= 0 || !b.Playable(i, q) {
			return true
		}
		switch {
		case i == ttMove:
			s += 1 << 24
		case int32(i) == k[0]:
			s += 1 << 12
		case int32(i) == k[1]:
			s += 1 << 11
		}
		s += min(d.s.hist[q][i]/8, 1<<10)
		out = append(out, scoredCell{int32(i), s})
		return true
	}
	b.Cands(visit)
	if countTree {
		d.counts().generated += int64(len(out))
	}
	limit := len(out)
	if ply > 0 && !defend {
		width := widthAt(d.lim.Width, depth)
		if tried >= 0 {
			width--
		}
		limit = min(limit, width)
	}
	if limit < len(out) {
		keepBest(out, limit)
		out = out[:limit]
	}
	for j := range out {
		c := &b.Cell[out[j].i]
		out[j].score += threatRank(c.Class[q], c.Class[o])<<16 - c.Val[q] + c.Val[o]
	}
	d.scratch[ply] = out
	return out, limit
}

// threatRank orders moves by the threats a cell makes for the player to
// move (class cq) and stops for the opponent (class co), the most urgent
// first: a win in two (an open four or two fours), the block of the
// opponent's, a four-three and its block, a double three and its block,
// then any four, and a cell that makes or stops an open three. Within a
// rank the value decides; quiet cells rank 0. Ordering by a weighted sum
// of the values alone put an own double three before the block of the
// opponent's four-three and quiet cells rich in twos before threes.
func threatRank(cq, co dense.CellClass) int32 {
	switch {
	case cq >= dense.ClassOpenFour:
		return 8
	case co >= dense.ClassOpenFour:
		return 7
	case cq == dense.ClassFourThree:
		return 6
	case co == dense.ClassFourThree:
		return 5
	case cq == dense.ClassDoubleThree:
		return 4
	case co == dense.ClassDoubleThree:
		return 3
	case cq.MakesFour():
		return 2
	case cq >= dense.ClassFlex3, co >= dense.ClassFlex3:
		return 1
	}
	return 0
}

// better orders scored cells best first, then by cell for determinism.
func better(a, b scoredCell) bool { return a.score > b.score || (a.score == b.score && a.i < b.i) }

// byBetter is better as a comparison for sorting.
func byBetter(a, b scoredCell) int {
	switch {
	case better(a, b):
		return -1
	case better(b, a):
		return 1
	}
	return 0
}

// keepBest reorders ms so that ms[:k] holds its k best cells (by better,
// in no particular order), in time linear on average: a quickselect, the
// pivot the median of the first, middle and last cells.
func keepBest(ms []scoredCell, k int) {
	lo, hi := 0, len(ms)-1
	for lo < hi {
		mid := lo + (hi-lo)/2
		if better(ms[mid], ms[lo]) {
			ms[mid], ms[lo] = ms[lo], ms[mid]
		}
		if better(ms[hi], ms[lo]) {
			ms[hi], ms[lo] = ms[lo], ms[hi]
		}
		if better(ms[hi], ms[mid]) {
			ms[hi], ms[mid] = ms[mid], ms[hi]
		}
		// ms[lo] ≥ ms[mid] ≥ ms[hi]: partition around ms[mid], parked at hi.
		ms[mid], ms[hi] = ms[hi], ms[mid]
		p := ms[hi]
		j := lo
		for i := lo; i < hi; i++ {
			if better(ms[i], p) {
				ms[i], ms[j] = ms[j], ms[i]
				j++
			}
		}
		ms[j], ms[hi] = ms[hi], ms[j]
		switch {
		case j == k || j == k-1:
			return
		case j < k:
			lo = j + 1
		default:
			hi = j - 1
		}
	}
}

// pick moves the best of ms[n:] to ms[n]: a node that cuts off after a
// few moves never sorts the rest.
func pick(ms []scoredCell, n int) {
	best := n
	for j := n + 1; j < len(ms); j++ {
		if better(ms[j], ms[best]) {
			best = j
		}
	}
	ms[n], ms[best] = ms[best], ms[n]
}
