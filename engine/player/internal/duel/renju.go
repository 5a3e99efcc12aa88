package duel

import (
	"sync"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/renju"
)

// rulesOf gives the line rules of each player's patterns (player 0 moves
// first). Under renju black's patterns are judged by the exact rule, a
// five being exactly five, and white's by the freestyle rule over as many
// cells, so that both players' patterns have the same width.
func rulesOf(cfg engine.Config) [2]lineRules {
	switch cfg.Rule {
	case engine.Renju:
		return [2]lineRules{{k: cfg.K, exact: true}, {k: cfg.K, wide: true}}
	case engine.Exact:
		lr := lineRules{k: cfg.K, exact: true}
		return [2]lineRules{lr, lr}
	}
	lr := lineRules{k: cfg.K}
	return [2]lineRules{lr, lr}
}

// renjuTables map black's patterns (K = 5 under the exact rule: ten cells,
// the same digits as renju's line keys but in the opposite order) to
// renju's [renju.LineKey], and tell which patterns make an overline.
var renjuTables = sync.OnceValue(func() (t struct {
	key      []renju.LineKey
	overline []bool
}) {
	const side = 5
	n := 1
	for range 2 * side {
		n *= 3
	}
	t.key = make([]renju.LineKey, n)
	t.overline = make([]bool, n)
	s := solverFor(lineRules{k: 5, exact: true})
	for idx := range n {
		var k renju.LineKey
		run := 1
		for _, dir := range [2]int{-1, 1} {
			for d := dir; d >= -side && d <= side; d += dir {
				if uint32(idx)/s.pow[s.pos(d)]%3 != 1 {
					break
				}
				run++
			}
		}
		for d := -side; d <= side; d++ {
			if d != 0 {
				k += renju.LineKey(uint32(idx)/s.pow[s.pos(d)]%3) * renju.KeyWeight(d)
			}
		}
		t.key[idx], t.overline[idx] = k, run > side
	}
	return t
})

// risky tells the combinations of black's four line shapes that can hide
// a foul: two lines with a three or a four, or one line whose "open four"
// may be two fours on it (●·●●●·●). Overlines are read from the patterns.
var risky = func() []bool {
	n := int(lineShapes)
	t := make([]bool, n*n*n*n)
	for k := range t {
		threats := 0
		for a := range 4 {
			switch lineShape(k / int(shapeDigit[a]) % n) {
			case lineFlex4:
				t[k] = true
			case lineFlex3, lineBlock4:
				threats++
			}
		}
		t[k] = t[k] || threats >= 2
	}
	return t
}()

// playable reports whether player q may mark empty array cell i: always,
// but for black under renju only when the cell is not forbidden.
func (b *board) playable(i, q int) bool {
	return q != 0 || !b.renju || !b.banned(i)
}

// banned reports whether renju forbids black the empty cell i. The cell's
// shapes and patterns rule out most cells; the rest are judged by
// [renju.CheckKeys] from keys converted from the patterns, reading the
// board only to verify threes.
func (b *board) banned(i int) bool {
	cs := &b.cell[i]
	t := renjuTables()
	p := &cs.pat[0]
	if !risky[cs.key[0]] && !t.overline[p[0]] && !t.overline[p[1]] && !t.overline[p[2]] && !t.overline[p[3]] {
		return false
	}
	// The board's axes (across, down, down-right, down-left) are renju's
	// directions, in the same order.
	keys := [4]renju.LineKey{t.key[p[0]], t.key[p[1]], t.key[p[2]], t.key[p[3]]}
	c := b.cellAt(i)
	return renju.CheckKeys(renjuView{b}, c.Row, c.Col, keys) != renju.None
}

// renjuView shows the window to the renju detector; cells outside it are
// empty when on the board (the window covers every mark) and walls
// otherwise.
type renjuView struct{ b *board }

func (v renjuView) At(row, col int) renju.Stone {
	if i, ok := v.b.index(row, col); ok {
		return renju.Stone(v.b.stone[i])
	}
	if cellOnBoard(v.b.cfg, row, col) {
		return renju.Empty
	}
	return renju.Wall
}

// has reports whether q has a cell of class c it may mark.
func (b *board) has(q int, c cellClass) bool {
	if b.counts[q][c] == 0 {
		return false
	}
	return q != 0 || !b.renju || b.find(q, c) >= 0
}

// blockable reports whether q may mark a cell where o would make five.
func (b *board) blockable(o, q int) bool {
	i := b.find(o, classFive)
	return i >= 0 && b.playable(i, q)
}
