package duel

import (
	"slices"

	"github.com/gomoku-engine/gomoku/engine/player/internal/dense"
)

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
	class dense.CellClass
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
	if !threatened && b.Has(o, dense.ClassFourThree) {
		keep = b.FourThreeDefences(q, d.defences[:0])
		d.defences = keep
	}
	var ex cellSet
	if ply == 0 {
		ex = d.excluded()
	}
	hist := &d.s.chist[q]
	counter := counterMove{cell: -1}
	if last := b.LastOf(o); last >= 0 {
		counter = d.s.counter[o][last]
	}
	b.Cands(func(i int) bool {
		c := &b.Cell[i]
		four := c.Class[q].MakesFour()
		switch {
		case threatened && c.Class[o] < dense.ClassFour && !four,
			len(keep) > 0 && !four && !slices.Contains(keep, int32(i)),
			2*c.Val[q]+c.Val[o] <= 0,
			!b.Playable(i, q),
			ex.has(i):
			return true
		}
		s := (c.Val[q] + c.Val[o]) * 8
		if i == ttMove {
			s += 1 << 24
		}
		if c.Class[q] >= dense.ClassFlex3 {
			s += hist[attack][i] / 128 * 8
		} else {
			s += hist[quietMove][i] / 256 * 8
		}
		if int(counter.cell) == i && counter.class <= c.Class[q] {
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
	if b.Cell[best].Class[q] >= dense.ClassFlex3 {
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
	if last := b.LastOf(1 - q); last >= 0 && !blocking {
		d.s.counter[1-q][last] = counterMove{int32(best), b.Cell[best].Class[q]}
	}
}
