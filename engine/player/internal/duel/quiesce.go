package duel

// The quiescence of the horizon: a node facing the opponent's open three
// is not searched through every defence when it has few plies left; the
// side to move stands pat on its static value (which, with the threat
// term of eval.go, prices the block it will make) or plays one of its
// fours, each answered by the forced block, and takes the best of what
// follows. Only the mover's fours are tried, so a chain stays narrow: the
// fours that also make a three anywhere, and other fours on the lines of
// the mover's latest mark (threatCands), where a chain goes on.

// quiesceNodes bounds the nodes of one quiescence search; past it the
// remaining nodes stand pat.
const quiesceNodes = 64

// qDelta is the margin of delta pruning: a node whose static value is so
// far below alpha that no four short of a win could raise it is not
// searched further.
const qDelta = 10000

// quiesce is the value of the position for q, to move, with alpha and
// beta, by the static value and q's fours (see above).
func (d *run) quiesce(alpha, beta int32, ply, q int) int32 {
	d.vcfLeft = quiesceNodes
	if countTree {
		d.counts().quiesceCalls++
	}
	return d.qsearch(alpha, beta, ply, q)
}

func (d *run) qsearch(alpha, beta int32, ply, q int) int32 {
	d.Tick()
	if d.Stopped {
		return 0
	}
	d.vcfLeft--
	if countTree {
		d.counts().quiesce++
	}
	b := d.b
	o := 1 - q
	if b.counts[q][classFive] > 0 {
		return winScore - int32(ply+1)
	}
	if b.counts[o][classFive] > 1 {
		return -winScore + int32(ply+2)
	}
	if b.counts[o][classFive] == 1 {
		i := b.find(o, classFive)
		if i < 0 || !b.playable(i, q) {
			return -winScore + int32(ply+2)
		}
		if ply >= maxPly-1 {
			return d.evaluate(q)
		}
		b.place(i, q)
		v := -d.qsearch(-beta, -alpha, ply+1, o)
		b.undo()
		return v
	}
	if b.has(q, classOpenFour) {
		return winScore - int32(ply+3)
	}
	if b.fours(o) == 0 && b.has(q, classFourThree) {
		return winScore - int32(ply+5)
	}
	best := d.evaluate(q)
	if best >= beta || b.fours(q) == 0 || ply >= maxPly-2 || d.vcfLeft <= 0 ||
		best+qDelta < alpha && !d.plain {
		return best
	}
	alpha = max(alpha, best)
	var buf [64]scoredCell
	for _, c := range d.threatCands(q, b.lastOf(q), false, buf[:0]) {
		b.place(int(c.i), q)
		v := -d.qsearch(-beta, -alpha, ply+1, o)
		b.undo()
		if d.Stopped {
			return 0
		}
		best = max(best, v)
		if v > alpha {
			alpha = v
			if alpha >= beta {
				break
			}
		}
	}
	return best
}
