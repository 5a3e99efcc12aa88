package duel

import (
	"math"

	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
	"github.com/gomoku-engine/gomoku/engine/player/internal/dense"
)

// The classic search is a second two-player search, for five in a row
// under the freestyle and exact rules, of the kind the strongest classical
// Gomoku engines run: a principal-variation search in fractional plies
// (onePly a ply) on the pair evaluation (pair.go), that prunes and reduces
// hard on the static value and settles its leaves in a quiescence over
// fours (classicqs.go).
//
// At each node, after the quick wins: razoring into the quiescence and
// futility pruning on the static value at non-PV nodes; a shallower
// search at PV nodes without a table move, or whose table entry is
// shallow; a move count from ⌊depth^1.32⌋ + 3 halved when the static
// value is not improving; late-move reductions of ln(depth)·ln(n) moved
// by the node's kind (cut, former PV), the move's threat and distance to
// the latest marks, the position's complexity and the move's history,
// re-searched deeper when the reduced search beats alpha by a margin; a
// ply less for the later moves once a PV node raised alpha; a singular
// extension of the table move from 6.65 plies left (singular), else
// fractional extensions of it and of fours near the mover's last mark.
// Nodes where the opponent threatens an open four search only the
// defences and the mover's fours, and those far from both latest marks
// are skipped. The history of quiet and attacking moves and a counter move
// order the moves after the table's (classicorder.go); the root iterates
// from 2 plies with aspiration windows from 5 (classicroot.go).
//
// Its constants come from published engines' practice; it was checked
// against Rapfi's classical search node by node at fixed depth, and
// plays on our own evaluation and our own move order (see the player
// README).

// onePly is a ply in the units of the classic search's depths.
const onePly = 100

// classicPlies is what the classic search keeps per ply of the line it
// is on.
type classicPlies struct {
	// ev is the static value at each ply (the parent's, negated, at a
	// node that must defend), for "improving".
	ev [maxPly + 2]int32
	// mv is the class the move played at each ply made for its player.
	mv [maxPly + 2]dense.CellClass
	// ttpv is whether the node at each ply is or was on a PV.
	ttpv [maxPly + 2]bool
	// skip is the move a singular search at each ply leaves out, plus
	// one (0 at a node searched whole).
	skip [maxPly + 2]int32
	// extra is how much the extensions along the line to each ply
	// exceeded a ply each, summed: it bounds the double singular
	// extensions and the re-searches' extensions.
	extra [maxPly + 2]int32
	// rootAlpha is the root's alpha, rootDelta its window at the start of
	// the iteration.
	rootAlpha, rootDelta int32
}

// lnTab is the natural logarithm of small integers.
var lnTab = func() (t [256]float64) {
	for n := 1; n < len(t); n++ {
		t[n] = math.Log(float64(n))
	}
	return t
}()

// quickWin is q's win without search when q is to move and has one, as
// winScore less its plies, else 0: a five; an open four (or two fours)
// when the opponent has no five; a four-three or a double open three when
// the opponent cannot make a four; a four-three whose four the opponent
// can only block with no four of its own.
func quickWin(b *dense.Board, q, ply int) int32 {
	o := 1 - q
	switch {
	case b.Has(q, dense.ClassOpenFour):
		return winScore - int32(ply+3)
	case b.Fours(o) == 0 && (b.Has(q, dense.ClassFourThree) || b.Has(q, dense.ClassDoubleThree)):
		return winScore - int32(ply+5)
	case b.Counts[q][dense.ClassFourThree] > 0 && b.FourThreeWins(q):
		return winScore - int32(ply+5)
	}
	return 0
}

// settled is the value of a node decided by the marks: q's five, two
// fives of the opponent's or one q cannot block, a quick win. forced is
// the cell that blocks the opponent's only five, −1 when it has none.
func (d *run) settled(ply, q int) (v int32, forced int, done bool) {
	b := d.b
	o := 1 - q
	switch {
	case b.Counts[q][dense.ClassFive] > 0:
		return winScore - int32(ply+1), -1, true
	case b.Counts[o][dense.ClassFive] > 1:
		return -winScore + int32(ply+2), -1, true
	case b.Counts[o][dense.ClassFive] == 1:
		forced = b.Find(o, dense.ClassFive)
		if forced < 0 || !b.Playable(forced, q) {
			return -winScore + int32(ply+2), -1, true
		}
		return 0, forced, false
	}
	if v := quickWin(b, q, ply); v != 0 {
		return v, -1, true
	}
	return 0, -1, false
}

// pvs is the classic search's node: q to move with depth (in onePly
// units) left; cut is whether it is expected to fail high.
func (d *run) pvs(depth int, alpha, beta int32, ply, q int, cut bool) int32 {
	if !d.visit(ply) {
		return 0
	}
	b := d.b
	o := 1 - q
	cl := &d.cl
	v, forced, done := d.settled(ply, q)
	if done {
		return v
	}
	if ply >= maxPly-1 {
		return d.evaluate(q)
	}
	alpha, beta = max(alpha, -winScore+int32(ply+2)), min(beta, winScore-int32(ply+1))
	if alpha >= beta {
		return alpha
	}
	pv := beta-alpha > 1
	// threatened: the opponent can make an open four, so q's moves are
	// its defences and its own fours.
	threatened := forced < 0 && b.Has(o, dense.ClassOpenFour)
	quiet := forced < 0 && !threatened
	if ply == 0 {
		cl.rootDelta = beta - alpha
	}
	// A threatened node near the horizon has few replies, all forced: the
	// quiescence settles it off the PV.
	if depth <= 0 || (!pv && threatened && depth < 260) {
		return d.qs(alpha, beta, ply, q, 0, qsEnter)
	}

	// skip: a singular search of this node's table move, which leaves the
	// move out and reads and writes no entry of its own.
	skip := int(cl.skip[ply]) - 1
	key := b.Hash ^ sideKey[q]
	ttMove, ttDepth := -1, -1
	var ttValue int32
	var ttBound int8
	ttHit, ttPV := false, false
	if e, ok := d.probe(key); ok && skip < 0 {
		ttHit, ttPV = true, e.bound&pvFlag != 0
		e.bound &^= pvFlag
		ttMove, ttDepth, ttValue, ttBound = int(e.best), int(e.depth), e.value, e.bound
		if !pv {
			if v, ok := e.cut((depth+onePly-1)/onePly, alpha, beta, ply); ok {
				if quiet && ttMove >= 0 && b.Stone[ttMove] == 0 && b.Cell[ttMove].Class[q] < dense.ClassFlex3 {
					d.rewardQuiet(q, ply, ttMove, float64(depth)/onePly, v >= beta)
				}
				return v
			}
		}
	}
	if skip < 0 {
		cl.ttpv[ply] = pv || ttHit && ttPV
	}
	cl.ttpv[ply+1] = false

	var eval int32
	switch {
	case quiet || ply == 0:
		eval = d.evaluate(q)
	default:
		eval = -cl.ev[ply-1]
	}
	cl.ev[ply] = eval
	// A node seen before prunes a little less (see the margins below):
	// the entry records the visit.
	if !ttHit && quiet && skip < 0 {
		d.storeClassic(key, -3, 0, staticOnly|d.pvBit(ply), -1, ply)
	}
	// improving: the static value rose since q's previous move; a node
	// that is not prunes and reduces more.
	improving := quiet && (ply < 2 || eval > cl.ev[ply-2])
	if ply == 1 {
		improving = quiet && eval > -cl.ev[0]
	}
	if ttHit && ttBound != staticOnly && quiet {
		if ttValue > eval && ttBound != core.UpperBound || ttValue < eval && ttBound != core.LowerBound {
			eval = ttValue
		}
	}
	imp := 0
	if improving {
		imp = 1
	}
	dp := float64(depth) / onePly
	if !pv && quiet {
		// Razoring: far below alpha near the horizon, only fours can
		// save the node. Futility: far above beta it fails high, unless
		// the line is a run of fours.
		if depth < 260 && (alpha < mateScore || !ttHit) && eval+5*(int32(0.17*dp*dp+14*dp)+19) < alpha {
			return d.qs(alpha, alpha+1, ply, q, 0, qsEnter)
		}
		margin := 63.0
		if cut && !ttHit {
			margin -= 12
		}
		fours := ply >= 4 && cl.mv[ply-2].MakesFour() && cl.mv[ply-4].MakesFour()
		if eval < mateScore && beta > -mateScore && !fours && eval-5*max(int32(margin*(dp-1-float64(imp))), 0) >= beta {
			return eval
		}
	}
	// A PV node without a table move, or whose entry is shallow, is
	// searched a little shallower: its moves are ordered worse.
	if pv && forced < 0 {
		if ttMove < 0 && ply > 0 {
			depth -= 32
		}
		if depth > onePly && ttMove >= 0 {
			depth -= min(max((depth-ttDepth*onePly)*28/100, 0), 360)
		}
		if depth <= 0 {
			return d.qs(alpha, beta, ply, q, 0, qsEnter)
		}
	}
	dp = float64(depth) / onePly
	// failHigh: a cut node whose static value clears beta by a margin
	// growing with depth searches its quiet moves a ply shallower.
	failHigh := cut && !pv && quiet && eval >= beta-45+75*int32(depth/onePly)

	parentExtra := int32(0)
	if ply > 0 {
		parentExtra = cl.extra[ply-1]
	}
	// seExt is the table move's extension when the singular search
	// judged it, in place of the fixed one below.
	seExt, seTried := 0, false
	if d.singularCandidate(depth, ply, skip, forced, ttMove, ttValue, ttDepth, ttBound, q) {
		seTried = true
		var cutoff bool
		seExt, cutoff = d.singular(depth, beta, ply, q, ttMove, ttValue, pv, cut, parentExtra)
		if d.Stopped {
			return 0
		}
		if cutoff {
			return beta
		}
	}

	moves := d.classicMoves(q, ply, forced, ttMove, threatened)
	if len(moves) == 0 {
		return d.stuck(q)
	}
	// A forced block costs no depth; it gains a little, so that a line of
	// fours and blocks is searched to its end.
	newDepth := depth - onePly
	if forced >= 0 {
		newDepth = depth + 30
	}
	limit := len(moves)
	if ply > 0 {
		limit = moveCount(depth, imp)
	}
	if countTree {
		d.counts().interior++
		d.counts().listed += int64(len(moves))
	}
	hist := &d.s.chist[q]
	kill := d.s.kill[ply]
	// The more threats on the board, the more the late moves that make
	// none are reduced.
	complexity := 1
	for c := dense.ClassFlex2; c <= dense.ClassFourPlus; c++ {
		complexity += int(b.Counts[q][c] + b.Counts[o][c])
	}
	logComplexity := lnTab[min(complexity, len(lnTab)-1)]
	if complexity >= len(lnTab) {
		logComplexity = math.Log(float64(complexity))
	}
	lastO, lastQ := -1, -1
	if ply >= 1 {
		lastO = b.LastOf(o)
	}
	if ply >= 2 {
		lastQ = b.LastOf(q)
	}
	// failed holds the attacking and the quiet moves that did not raise
	// alpha, whose history a best move takes from.
	var failed [2][32]int32
	var nFailed [2]int
	a0 := alpha
	best, bestMove := -infScore, -1
	for n := 0; n < len(moves); n++ {
		if n >= limit && best > -mateScore {
			break
		}
		pick(moves, n)
		i := int(moves[n].i)
		if i == skip {
			continue
		}
		cq, co := b.Cell[i].Class[q], b.Cell[i].Class[o]
		distO, distQ := -1, -1
		if lastO >= 0 {
			distO = b.Cheb(i, lastO)
		}
		if lastQ >= 0 {
			distQ = b.Cheb(i, lastQ)
		}
		far := distO > 4 && distQ > 4
		// Near the horizon, a threatened node's moves far from both
		// latest marks that stop no four rarely defend.
		if n > 0 && ply > 0 && best > -mateScore && threatened && depth < 430 && co < dense.ClassFour && far {
			continue
		}
		// The table's move is extended as the singular search judged it,
		// or else by a fraction of a ply, more at a PV node and when it is
		// a four near q's previous mark.
		nd := newDepth
		switch {
		case i == ttMove && seTried:
			nd += seExt
		case i == ttMove && forced < 0:
			nd += 8
			if pv {
				nd += 17
			}
			if cq.MakesFour() {
				// distQ is −1 near the root, where q has not moved yet.
				switch {
				case distQ <= 4:
					nd += 24
				case distQ <= 6:
					nd += 5
				}
			}
		}
		if failHigh {
			switch {
			case !cq.MakesFour():
				nd -= onePly
			case ply >= 2 && cl.mv[ply-2].MakesFour():
				nd += onePly
			}
		}
		cl.extra[ply] = parentExtra + int32(max(nd-(depth-onePly)-onePly, 0))
		cl.mv[ply] = cq
		b.Place(i, q)
		var v int32
		if n == 0 {
			v = -d.pvs(nd, -beta, -alpha, ply+1, o, !pv && !cut)
		} else {
			if depth >= 2*onePly && (ply > 0 || n > 1) {
				r := lnTab[min(depth/onePly, len(lnTab)-1)] * lnTab[min(n+1, len(lnTab)-1)]
				if !pv && !improving && r > 1 {
					r++
				}
				if pv {
					r = max(r-float64(beta-alpha)/float64(cl.rootDelta), 0)
				}
				killer := int32(i) == kill[0] || int32(i) == kill[1]
				if cut && !(!threatened && killer && cq < dense.ClassFlex3) {
					r += 1.8
				}
				r += logComplexity * complexityReduction(cq, co, far)
				if cl.ttpv[ply] {
					r -= 0.97
				}
				if ply&1 == 1 && best >= -cl.rootAlpha {
					r += 0.98
				}
				if threatened && co < dense.ClassFour {
					if distO > 4 {
						r += 1.93
					}
					if distQ > 4 {
						r += 0.96
					}
				}
				if !threatened && ply >= 2 && cl.mv[ply-2] >= dense.ClassFlex3 && (cq >= dense.ClassFlex3 || distQ <= 4 && cq >= dense.ClassTwoTwos) {
					r -= 0.53
				}
				div := 12267.0
				if dp > 5.4 {
					div += 4380
				}
				r -= (float64(hist[attack][i]) + float64(hist[quietMove][i])*780/1024 - 3322) / div
				rd := min(max(nd-int(r*onePly), onePly), nd+onePly)
				v = -d.pvs(rd, -alpha-1, -alpha, ply+1, o, true)
				if v > alpha && rd < nd {
					// A reduced move that beat alpha by much is searched
					// deeper than planned, one that barely did shallower.
					gap := float64(nd-rd) / onePly
					ext := 0
					if float64(v) > float64(alpha)+5*(34+11*gap) {
						ext++
					}
					if float64(v) > float64(alpha)+5*(349+26*gap) {
						ext++
					}
					if float64(v) < float64(best)+5*float64(nd)/onePly {
						ext--
					}
					// Past 5 plies of extensions beyond a ply each on the
					// line, a re-search gains at most a ply.
					if cl.extra[ply] >= 5*onePly {
						ext = min(ext, 1)
					} else {
						cl.extra[ply] += int32(max(ext-1, 0) * onePly)
					}
					nd += ext * onePly
				}
				if v > alpha && rd < nd {
					v = -d.pvs(nd, -alpha-1, -alpha, ply+1, o, !cut)
				}
			} else {
				v = -d.pvs(nd, -alpha-1, -alpha, ply+1, o, !cut)
			}
			if pv && v > alpha && v < beta {
				v = -d.pvs(nd, -beta, -alpha, ply+1, o, false)
			}
		}
		b.Undo()
		if d.Stopped {
			return 0
		}
		if v <= alpha {
			k := quietMove
			if cq >= dense.ClassFlex3 {
				k = attack
			}
			if (k == attack || quiet) && nFailed[k] < len(failed[k]) {
				failed[k][nFailed[k]] = int32(i)
				nFailed[k]++
			}
		}
		if v > best {
			best, bestMove = v, i
		}
		if v <= alpha {
			continue
		}
		alpha = v
		if ply == 0 {
			cl.rootAlpha = alpha
		}
		if alpha >= beta {
			if countTree {
				d.counts().cutNodes++
			}
			d.cuts[min(n, len(d.cuts)-1)]++
			break
		}
		if pv && depth > 2*onePly && depth < 12*onePly && v > -10000 && v < 10000 {
			// The rest of a PV node's moves only need to prove no better.
			depth -= onePly
			newDepth -= onePly
			if ply > 0 {
				limit = moveCount(depth, imp)
			}
			dp = float64(depth) / onePly
		}
	}
	if best > a0 && bestMove >= 0 {
		d.rewardBest(q, ply, bestMove, dp, forced >= 0, quiet, &failed, nFailed)
	}
	if skip >= 0 && best == -infScore {
		// Nothing but the table's move to play: the singular search
		// fails low.
		return alpha
	}
	bound := core.ExactBound
	switch {
	case best <= a0:
		bound = core.UpperBound
		// A node that failed low keeps the move the table had.
		bestMove = ttMove
		cl.ttpv[ply] = cl.ttpv[ply] || ply > 0 && cl.ttpv[ply-1] && depth > 3*onePly
	case depth > 3*onePly:
		cl.ttpv[ply] = cl.ttpv[ply] && cl.ttpv[ply+1]
	}
	if best >= beta {
		bound = core.LowerBound
	}
	if skip < 0 {
		d.storeClassic(key, max(depth, 0)/onePly, best, bound|d.pvBit(ply), bestMove, ply)
	}
	return best
}

// singularCandidate reports whether q's table move at a node with depth
// left is worth a singular search: a node not at the root, not blocking
// a five nor itself a singular search, at least 6.65 plies from the
// horizon, whose entry, no more than about 2 plies shallower, holds a
// lower bound or exact value short of a mate for a move q can play.
func (d *run) singularCandidate(depth, ply, skip, forced, ttMove int, ttValue int32, ttDepth int, ttBound int8, q int) bool {
	return ply > 0 && skip < 0 && forced < 0 && depth >= 665 && ttMove >= 0 &&
		ttValue > -mateScore && ttValue < mateScore &&
		(ttBound == core.LowerBound || ttBound == core.ExactBound) &&
		ttDepth*onePly >= depth-203 && d.b.Stone[ttMove] == 0 && d.b.Playable(ttMove, q)
}

// singular searches q's node at ply with its table move tm left out, to
// about half its depth, against a bound a little below the move's stored
// value: when every other move fails to reach it, tm is singular and
// extended a ply (two off the PV when the others fall far short and the
// line has room); when the others reach beta too, the node cuts
// (multi-cut); when only tm is expected to fail high, it is reduced. ext
// is tm's extension in the search's units; parentExtra is the line's
// extensions beyond a ply each down to the node.
func (d *run) singular(depth int, beta int32, ply, q, tm int, ttValue int32, pv, cut bool, parentExtra int32) (ext int, cutoff bool) {
	cl := &d.cl
	dp := float64(depth) / onePly
	formerPV := 0.0
	if !pv && cl.ttpv[ply] {
		formerPV = 1
	}
	sb := max(ttValue-int32(5*(0.91+formerPV)*dp), -mateScore)
	cl.skip[ply] = int32(tm) + 1
	v := d.pvs(depth-int((0.54*dp-formerPV)*onePly), sb-1, sb, ply, q, cut)
	cl.skip[ply] = 0
	switch {
	case v < sb:
		if !pv && v < sb-5*(29-min(int32(dp*0.6), 9)) && parentExtra < 1080 {
			return 2 * onePly, false
		}
		return onePly, false
	case sb >= beta:
		return 0, true
	case ttValue >= beta:
		return -150, false
	}
	return 0, false
}

// moveCount is how many moves a node with depth left searches, at least
// once one does not lose: from ⌊depth^1.32⌋ + 3 (whole plies), halved
// when the static value is not improving.
func moveCount(depth, improving int) int {
	mc := 0
	if i := depth / onePly; i > 0 {
		mc = 3 + int(math.Pow(float64(i), 1.32))
	}
	return mc/(2-improving) - 1
}

// complexityReduction is the reduction a move gets per unit of the
// logarithm of the position's threats: most for a move that makes
// nothing for either player far from the latest marks, least for one
// that makes an open three or better for either.
func complexityReduction(cq, co dense.CellClass, far bool) float64 {
	trivial := cq == dense.ClassNone && co == dense.ClassNone
	switch {
	case trivial && far:
		return 0.0968
	case trivial:
		return 0.0385
	case cq < dense.ClassTwoTwos && co < dense.ClassFlex3:
		return 0.0222
	}
	return 0.0055
}
