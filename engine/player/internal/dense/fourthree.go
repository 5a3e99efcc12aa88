package dense

import "slices"

// FourThreeWins reports whether some four-three of q's wins though the
// opponent can make fours: the opponent's only block of its four makes
// no four of the opponent's.
func (b *Board) FourThreeWins(q int) bool {
	o := 1 - q
	won := false
	b.Scan(b.Box, 2, func(i int) bool {
		if b.Cell[i].Class[q] != ClassFourThree || !b.Playable(i, q) {
			return true
		}
		b.Place(i, q)
		f := b.Find(q, ClassFive)
		won = f >= 0 && b.Cell[f].Class[o] < ClassFour
		b.Undo()
		return !won
	})
	return won
}

// FourThreeDefences are q's cells that stop one of the opponent's
// four-threes (the first eight found), added to out: the cell itself and
// those on its four's and three's lines, to distance 4, after which it
// is a four-three no longer. A mark of q's lowers the opponent's shape
// on its own line only, so each such cell is judged from the four-three
// cell's pattern with the mark added, without placing it.
func (b *Board) FourThreeDefences(q int, out []int32) []int32 {
	o := 1 - q
	var ps [8]int
	n := 0
	b.Scan(b.Box, 2, func(i int) bool {
		if b.Cell[i].Class[o] == ClassFourThree && b.Playable(i, o) {
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
		if b.Playable(p, q) {
			add(p)
		}
		cs := &b.Cell[p]
		for a := range 4 {
			sh := cs.Shape[o][a]
			if sh != LineBlock4 && sh != LineFlex3 {
				continue
			}
			for dd := -4; dd <= 4; dd++ {
				j := p + dd*b.Step[a]
				if dd == 0 || j < 0 || j >= len(b.Stone) || b.Stone[j] != 0 || !b.Playable(j, q) {
					continue
				}
				// The mark dd steps from p is a blocked digit of p's pattern.
				now := b.Solvers[o].Lookup(cs.Pat[o][a] + 2*b.Weight[b.Side-dd])
				key := cs.Key[o] + uint16(now)*ShapeDigit[a] - uint16(sh)*ShapeDigit[a]
				if b.Judged[key].Class < ClassFourThree {
					add(j)
				}
			}
		}
	}
	return out
}
