package duel

import (
	"slices"

	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
	"github.com/gomoku-engine/gomoku/engine/player/internal/dense"
)

// qsFrom is how the quiescence reached a node.
type qsFrom uint8

const (
	// qsEnter: from the main search, at its horizon.
	qsEnter qsFrom = iota
	// qsAfterFour: the opponent has just made a four in the quiescence.
	qsAfterFour
	// qsAfterBlock: the opponent has just blocked a four of q's.
	qsAfterBlock
)

// qsMargin is how far below alpha, in the evaluation's units, a null
// window's static value must be for the quiescence to give up on
// reaching it with fours: less the more fours the line has made.
func qsMargin(fours int) int32 {
	return 5 * max(2086-60*int32(fours), 768)
}

// qs is the classic search's quiescence for q to move: the static value,
// or better through q's fours (fours counts those made so far on the
// line), the opponent answering each with its block. A node reached by a
// four that left the opponent no five to block is scored as it stands,
// and a block may stand on its static value.
func (d *run) qs(alpha, beta int32, ply, q, fours int, from qsFrom) int32 {
	d.Tick()
	if d.Stopped {
		return 0
	}
	if countTree {
		d.counts().horizon++
	}
	b := d.b
	o := 1 - q
	if from == qsAfterFour && b.Counts[o][dense.ClassFive] == 0 {
		return d.evaluate(q)
	}
	v, forced, done := d.settled(ply, q)
	if done {
		return v
	}
	if ply >= maxPly-1 {
		return d.evaluate(q)
	}
	if forced >= 0 && from != qsAfterBlock {
		b.Place(forced, q)
		v := -d.qs(-beta, -alpha, ply+1, o, fours, qsAfterBlock)
		b.Undo()
		return v
	}
	alpha, beta = max(alpha, -winScore+int32(ply+2)), min(beta, winScore-int32(ply+1))
	if alpha >= beta {
		return alpha
	}
	if forced >= 0 {
		// q's four was blocked with a four: q may stand on its value
		// rather than block in turn.
		stand := d.evaluate(q)
		if stand >= beta {
			return stand
		}
		if beta-alpha == 1 && stand+qsMargin(fours) < alpha {
			return alpha
		}
		alpha = max(alpha, stand)
		d.cl.mv[ply] = b.Cell[forced].Class[q]
		b.Place(forced, q)
		v := -d.qs(-beta, -alpha, ply+1, o, fours, qsAfterFour)
		b.Undo()
		return max(stand, v)
	}
	pv := beta-alpha > 1
	key := b.Hash ^ sideKey[q]
	hit, ttMove := false, -1
	depth := -fours
	a0 := alpha
	var ttValue int32
	var ttBound int8
	if e, ok := d.probe(key); ok {
		hit, ttMove, ttValue, ttBound = true, int(e.best), e.value, e.bound&^pvFlag
		switch {
		case ttValue >= mateScore:
			ttValue -= int32(ply)
		case ttValue <= -mateScore:
			ttValue += int32(ply)
		}
		if int(e.depth) >= depth && !pv && ttBound != staticOnly {
			if ttBound != core.UpperBound {
				alpha = max(alpha, ttValue)
			}
			if ttBound != core.LowerBound {
				beta = min(beta, ttValue)
			}
			if alpha >= beta {
				return ttValue
			}
		}
	}
	stand := d.evaluate(q)
	if hit && ttBound != staticOnly && (ttValue > stand && ttBound != core.UpperBound || ttValue < stand && ttBound != core.LowerBound) {
		stand = ttValue
	}
	if stand >= beta {
		if !hit {
			d.storeClassic(key, -3, stand, core.LowerBound, -1, ply)
		}
		return stand
	}
	if beta-alpha == 1 && stand+qsMargin(fours) < alpha {
		if !hit {
			d.storeClassic(key, -3, alpha, core.UpperBound, -1, ply)
		}
		return alpha
	}
	alpha = max(alpha, stand)
	plain := ply >= 4 && d.cl.mv[ply-2] >= dense.ClassFourPlus && d.cl.mv[ply-4] >= dense.ClassFourPlus
	var buf [64]scoredCell
	cands := d.qsFours(q, fours, plain, buf[:0])
	if ttMove >= 0 && b.Stone[ttMove] == 0 && b.Cell[ttMove].Class[q].MakesFour() && b.Playable(ttMove, q) {
		cands = toFront(cands, int32(ttMove))
	}
	best, bestMove := stand, -1
	for _, c := range cands {
		d.cl.mv[ply] = b.Cell[c.i].Class[q]
		b.Place(int(c.i), q)
		v := -d.qs(-beta, -alpha, ply+1, o, fours+1, qsAfterFour)
		b.Undo()
		if d.Stopped {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				alpha, bestMove = v, int(c.i)
				if v >= beta {
					break
				}
			}
		}
	}
	bound := core.UpperBound
	switch {
	case best >= beta:
		bound = core.LowerBound
	case pv && best > a0:
		bound = core.ExactBound
	}
	if pv {
		bound |= pvFlag
	}
	d.storeClassic(key, max(depth, -2), best, bound, bestMove, ply)
	return best
}

// toFront moves cell i to the front of cs, adding it when absent.
func toFront(cs []scoredCell, i int32) []scoredCell {
	if j := slices.IndexFunc(cs, func(c scoredCell) bool { return c.i == i }); j >= 0 {
		copy(cs[1:j+1], cs[:j])
		cs[0].i = i
		return cs
	}
	return slices.Insert(cs, 0, scoredCell{i: i})
}

// qsFours are q's fours near q's latest mark (the four lines to distance
// 4 and the 5×5 square around it), best first: from the line's third
// four on only those that make more than a four, unless q's last two
// moves did (plain).
func (d *run) qsFours(q, fours int, plain bool, out []scoredCell) []scoredCell {
	b := d.b
	o := 1 - q
	least := dense.ClassFour
	if fours >= 2 && !plain {
		least = dense.ClassFourPlus
	}
	add := func(j int) {
		c := b.Cell[j].Class[q]
		if b.Stone[j] != 0 || c < least || !b.Playable(j, q) {
			return
		}
		for _, x := range out {
			if int(x.i) == j {
				return
			}
		}
		out = append(out, scoredCell{int32(j), int32(c)<<16 + b.Cell[j].Val[q] + b.Cell[j].Val[o]})
	}
	if last := b.LastOf(q); last < 0 {
		b.Cands(func(j int) bool { add(j); return true })
	} else {
		b.Star(last, min(4, b.Side), add)
		for dy := -2; dy <= 2; dy++ {
			for dx := -2; dx <= 2; dx++ {
				if j := last + dy*b.W + dx; j >= 0 && j < len(b.Stone) {
					add(j)
				}
			}
		}
	}
	slices.SortFunc(out, func(x, y scoredCell) int { return int(x.i - y.i) })
	slices.SortStableFunc(out, func(x, y scoredCell) int { return int(y.score - x.score) })
	return out
}
