package duel

import "slices"

// Kinds of moves the classic search's history tells apart: those that
// make an open three or better for the mover, and the rest.
const (
	attack = iota
	quietMove
)

// historyLimit bounds the history's entries (see gravity).
const historyLimit = 10692

// counterMove is the move that last refuted a cell, and the class it
// made then: it is tried early again when it makes as much or more.
type counterMove struct {
	cell  int32
	class cellClass
}

// classicTables sizes the classic search's history and counter moves to
// a board of n cells, cleared when the size changes.
func (ds *State) classicTables(n int) {
	if len(ds.chist[0][0]) == n {
		return
	}
	for p := range 2 {
		for k := range 2 {
			ds.chist[p][k] = make([]int32, n)
		}
		ds.counter[p] = make([]counterMove, n)
	}
}

// forgetClassic clears the classic search's history and counter moves.
func (ds *State) forgetClassic() {
	for p := range 2 {
		for k := range 2 {
			clear(ds.chist[p][k])
		}
		clear(ds.counter[p])
	}
}

// gravity adds bonus to a history entry, less the further the entry is
// from 0 in bonus's direction, so that it stays within ±historyLimit.
func gravity(h *int32, bonus int32) {
	bonus = min(max(bonus, -historyLimit), historyLimit)
	a := bonus
	if a < 0 {
		a = -a
	}
	*h += bonus - *h*a/historyLimit
}

// historyBonus is the history's reward for a move that settled a node
// with dp plies left.
func historyBonus(dp float64) int32 {
	return int32(min(25*dp*dp+105*dp-157, 8927))
}

// classicMoves lists q's moves at ply, scored for pick: the forced block
// alone; when the opponent threatens an open four, the defences and q's
// fours; when it has a four-three, the cells that stop one and q's fours;
// else every candidate that is worth something to either player. The
// table's move comes first, then by the cell's value to both players, the
// history of its kind and the counter move to the opponent's last.
func (d *run) classicMoves(q, ply, forced, ttMove int, threatened bool) []scoredCell {
	out := d.moveList(ply)
	if forced >= 0 {
		out = append(out, scoredCell{int32(forced), 0})
		d.scratch[ply] = out
		return out
	}
	b := d.b
	o := 1 - q
	// keep, when the opponent has a four-three, are the cells that stop
	// one.
	var keep []int32
	if !threatened && b.has(o, classFourThree) {
		keep = b.fourThreeDefences(q, d.defences[:0])
		d.defences = keep
	}
	var ex cellSet
	if ply == 0 {
		ex = d.excluded()
	}
	hist := &d.s.chist[q]
	counter := counterMove{cell: -1}
	if last := b.lastOf(o); last >= 0 {
		counter = d.s.counter[o][last]
	}
	b.cands(func(i int) bool {
		c := &b.cell[i]
		four := c.class[q].makesFour()
		switch {
		case threatened && c.class[o] < classFour && !four,
			len(keep) > 0 && !four && !slices.Contains(keep, int32(i)),
			2*c.val[q]+c.val[o] <= 0,
			!b.playable(i, q),
			ex.has(i):
			return true
		}
		s := (c.val[q] + c.val[o]) * 8
		if i == ttMove {
			s += 1 << 24
		}
		if c.class[q] >= classFlex3 {
			s += hist[attack][i] / 128 * 8
		} else {
			s += hist[quietMove][i] / 256 * 8
		}
		if int(counter.cell) == i && counter.class <= c.class[q] {
			s += 21 * 8
		}
		out = append(out, scoredCell{int32(i), s})
		return true
	})
	d.scratch[ply] = out
	return out
}

// rewardQuiet rewards (or, when !good, penalises) the quiet table move
// tm whose entry settled a node at ply with dp plies left.
func (d *run) rewardQuiet(q, ply, tm int, dp float64, good bool) {
	bonus := historyBonus(dp)
	if !good {
		gravity(&d.s.chist[q][quietMove][tm], -bonus)
		return
	}
	gravity(&d.s.chist[q][quietMove][tm], bonus)
	d.killer(ply, tm)
}

// killer makes cell i the first killer move at ply.
func (d *run) killer(ply, i int) {
	if k := d.s.kill[ply]; k[0] != int32(i) {
		d.s.kill[ply] = [2]int32{int32(i), k[0]}
	}
}

// rewardBest updates the tables after q's move best raised alpha at a
// node at ply with dp plies left: its history up and that of the moves
// of its kind tried before it down (failed), the killers for a quiet one
// at a quiet node, and, unless the move blocked a five, best as the
// counter move to the opponent's last.
func (d *run) rewardBest(q, ply, best int, dp float64, blocking, quiet bool, failed *[2][32]int32, nFailed [2]int) {
	b := d.b
	bonus := historyBonus(dp)
	h := &d.s.chist[q]
	if b.cell[best].class[q] >= classFlex3 {
		gravity(&h[attack][best], bonus)
	} else if quiet {
		gravity(&h[quietMove][best], bonus)
		d.killer(ply, best)
		for _, j := range failed[quietMove][:nFailed[quietMove]] {
			gravity(&h[quietMove][j], -bonus)
		}
	}
	for _, j := range failed[attack][:nFailed[attack]] {
		gravity(&h[attack][j], -bonus)
	}
	if last := b.lastOf(1 - q); last >= 0 && !blocking {
		d.s.counter[1-q][last] = counterMove{int32(best), b.cell[best].class[q]}
	}
}

// fourThreeWins reports whether some four-three of q's wins though the
// opponent can make fours: the opponent's only block of its four makes
// no four of the opponent's.
func (b *board) fourThreeWins(q int) bool {
	o := 1 - q
	won := false
	b.scan(b.box, 2, func(i int) bool {
		if b.cell[i].class[q] != classFourThree || !b.playable(i, q) {
			return true
		}
		b.place(i, q)
		f := b.find(q, classFive)
		won = f >= 0 && b.cell[f].class[o] < classFour
		b.undo()
		return !won
	})
	return won
}

// fourThreeDefences are q's cells that stop one of the opponent's
// four-threes (the first eight found), added to out: the cell itself and
// those on its four's and three's lines, to distance 4, after which it
// is a four-three no longer. A mark of q's lowers the opponent's shape
// on its own line only, so each such cell is judged from the four-three
// cell's pattern with the mark added, without placing it.
func (b *board) fourThreeDefences(q int, out []int32) []int32 {
	o := 1 - q
	var ps [8]int
	n := 0
	b.scan(b.box, 2, func(i int) bool {
		if b.cell[i].class[o] == classFourThree && b.playable(i, o) {
			ps[n] = i
			n++
		}
		return n < len(ps)
	})
	add := func(j int) {
		if !slices.Contains(out, int32(j)) {
			out = append(out, int32(j))
		}
	}
	for _, p := range ps[:n] {
		if b.playable(p, q) {
			add(p)
		}
		cs := &b.cell[p]
		for a := range 4 {
			sh := cs.shape[o][a]
			if sh != lineBlock4 && sh != lineFlex3 {
				continue
			}
			for dd := -4; dd <= 4; dd++ {
				j := p + dd*b.step[a]
				if dd == 0 || j < 0 || j >= len(b.stone) || b.stone[j] != 0 || !b.playable(j, q) {
					continue
				}
				// The mark dd steps from p is a blocked digit of p's pattern.
				now := b.solvers[o].lookup(cs.pat[o][a] + 2*b.weight[b.side-dd])
				key := cs.key[o] + uint16(now)*shapeDigit[a] - uint16(sh)*shapeDigit[a]
				if b.judged[key].class < classFourThree {
					add(j)
				}
			}
		}
	}
	return out
}
