package duel

import (
	"time"

	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
)

// staticOnly is the bound of a table entry that holds no search, only
// that the classic search has seen the node: its depth is below any
// search's, so no cutoff reads it, and the next visit knows the node is
// not new.
const staticOnly int8 = 9

// pvFlag marks in an entry's bound that its node is or was on a
// principal variation.
const pvFlag int8 = 16

// pvBit is pvFlag when the node at ply is or was on a principal
// variation.
func (d *run) pvBit(ply int) int8 {
	if d.cl.ttpv[ply] {
		return pvFlag
	}
	return 0
}

// storeClassic is the classic search's store: an entry of the same
// position is kept unless the new bound is exact or its depth is within
// 2 plies of the old one's, and a new entry without a move keeps the old
// one's move.
func (d *run) storeClassic(key uint64, depth int, value int32, bound int8, best int, ply int) {
	s := &d.s.tt[key&uint64(len(d.s.tt)-1)]
	old := s.load()
	if old.key == key && bound&^pvFlag != core.ExactBound && depth+2 < int(old.depth) {
		return
	}
	if old.key == key && best < 0 {
		best = int(old.best)
	}
	d.put(s, key, depth, value, bound, best, ply)
}

// classicDeepen is the classic search's iterative deepening for q: from
// 2 plies (or the depth limit, when lower), the root a node like the
// others, the table's move the answer, kept from an unfinished iteration
// when that iteration found it. moves are the root's moves, best first.
// A helper thread skips depths as the screened search's helpers do.
func (d *run) classicDeepen(q int, moves []scoredCell) int {
	b := d.b
	d.s.classicTables(len(b.Stone))
	ex := d.excluded()
	best := int(moves[0].i)
	d.cl.ev[0] = d.evaluate(q)
	clock := newPace(d.lim, time.Now())
	var v int32
	key := b.Hash ^ sideKey[q]
	for depth := min(2, d.lim.MaxDepth); depth <= d.lim.MaxDepth && depth < maxPly; depth++ {
		if depth < d.lim.MaxDepth && skipDepth(d.helper, depth, len(b.Moves)) {
			continue
		}
		prevBest := best
		v = d.aspire(depth, v, q)
		if e, ok := d.probe(key); ok && e.best >= 0 && b.Stone[e.best] == 0 && !ex.has(int(e.best)) {
			best = int(e.best)
		}
		if d.Stopped {
			d.st.Halt = core.HaltStopped
			break
		}
		d.st.Depth, d.st.Score = depth, statsScore(v)
		d.publish(best)
		if proven(v, depth) {
			d.st.Halt = core.HaltSettled
			break
		}
		if !clock.iteration(time.Now(), v, best != prevBest, false) {
			d.st.Halt = clock.halt
			break
		}
		d.st.Halt = core.HaltDepth
	}
	return best
}

// aspire is one root iteration of depth plies for q: from 5 plies within
// a window around prev, the previous iteration's value, widened on each
// fail, and a failing high iteration retried a little shallower.
func (d *run) aspire(depth int, prev int32, q int) int32 {
	if depth < 5 {
		d.cl.rootAlpha = -infScore
		return d.pvs(depth*onePly, -infScore, infScore, 0, q, false)
	}
	delta := int32(16)
	alpha, beta := max(prev-5*delta, -infScore), min(prev+5*delta, infScore)
	highs := 0
	for {
		d.cl.rootAlpha = alpha
		v := d.pvs(max(onePly, depth*onePly-(highs/3)*onePly), alpha, beta, 0, q, false)
		if d.Stopped {
			return v
		}
		switch {
		case v <= alpha:
			beta = (alpha + beta) / 2
			alpha = max(v-5*delta, -infScore)
			highs = 0
		case v >= beta:
			beta = min(v+5*delta, infScore)
			highs++
		default:
			return v
		}
		delta = delta*(3+min(max(v/5, -v/5), 30000)/1024)/4 + 6
		if alpha <= -mateScore {
			alpha = -infScore
		}
		if beta >= mateScore {
			beta = infScore
		}
	}
}

// SetClassic has the games the classic search plays (two players, five
// in a row, freestyle or exact) searched by it rather than by the
// threat-screening search, from the next Choose.
func (ds *State) SetClassic(on bool) { ds.classic = on }
