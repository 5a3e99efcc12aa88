package dense

import (
	"fmt"
	"slices"
	"sync"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/renju"
)

// RulesOf gives the line rules of each player's patterns (player 0 moves
// first). Under renju black's patterns are judged by the exact rule, a
// five being exactly five, and white's by the freestyle rule over as many
// cells, so that both players' patterns have the same width.
//
// Under renju the outermost cell of a pattern, K away from its centre,
// counts only in black's patterns and only when it holds a black stone
// (board.go's fresh and spread): a white stone or the edge there changes
// no black shape (a black stone turns a five into an overline, but no
// shape needs that cell empty), and white's freestyle shapes do not see
// it at all. So a white mark updates the patterns of K−1 cells each way,
// as under freestyle, and only a black one K; and white's patterns, whose
// outermost digits stay 0, use a corner of its table as small as
// freestyle's.
func RulesOf(cfg engine.Config) [2]lineRules {
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

// renjuTabs are the tables of black's patterns under renju (K = 5 under
// the exact rule: ten cells, the same digits as renju's line keys in
// another order): renju's [renju.LineKey] of each pattern, and whether it
// makes an overline, as bits (small in the cache).
type renjuTabs struct {
	key  []renju.LineKey
	over []uint64
}

// overline is 1 when black's pattern p makes an overline, else 0.
func (t *renjuTabs) overline(p uint32) uint8 { return uint8(t.over[p>>6] >> (p & 63) & 1) }

// renjuTables builds the tables once.
var renjuTables = sync.OnceValue(func() *renjuTabs {
	const side = 5
	n := 1
	for range 2 * side {
		n *= 3
	}
	t := &renjuTabs{key: make([]renju.LineKey, n), over: make([]uint64, (n+63)/64)}
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
		t.key[idx] = k
		if run > side {
			t.over[idx>>6] |= 1 << (idx & 63)
		}
	}
	return t
})

// overOf is the axes on which black's patterns make an overline.
func (t *renjuTabs) overOf(pat *[4]uint32) uint8 {
	var m uint8
	for a := range 4 {
		m |= t.overline(pat[a]) << a
	}
	return m
}

// overEnds updates the overline bits on axis a after a black mark at i
// came or went: only the empty cells at the two ends of the black row
// through i can change (a white mark never changes an overline, as it
// cannot stand in a black row), and whether they are doubtful.
func (b *Board) overEnds(i, a int) {
	st := b.Step[a]
	for _, dir := range [2]int{-st, st} {
		j := i + dir
		for range b.Side - 1 {
			if b.Stone[j] != 1 {
				break
			}
			j += dir
		}
		if b.Stone[j] != 0 {
			continue
		}
		cs := &b.Cell[j]
		if over := cs.over&^(1<<a) | b.rt.overline(cs.Pat[0][a])<<a; over != cs.over {
			cs.over = over
			b.track(j, doubtful(cs))
		}
	}
}

// foulTrack keeps, under renju, the empty cells where black may be
// forbidden (doubtful ones), updated with the shapes; and, per number of
// marks, the forbidden ones among them for the position last asked
// about, computed when first needed.
type foulTrack struct {
	// at[i] is cell i's place in cells plus one, 0 when it is not there.
	at    []int32
	cells []int32
	memo  []foulMemo
}

// foulMemo is the forbidden cells of the position with the given key.
type foulMemo struct {
	key   uint64
	known bool
	cells []int32
}

// doubtful reports whether black's shapes at a cell allow a foul: an
// overline, two lines with a three or a four, or one line whose "open
// four" may be two fours on it. Other cells are never forbidden.
func doubtful(cs *cellState) bool { return cs.over != 0 || SmallEval.judged[cs.Key[0]].risky }

// track puts empty cell i in the doubtful cells or takes it out.
func (b *Board) track(i int, in bool) {
	if in != b.Cell[i].doubt {
		b.retrack(i, in)
	}
}

// retrack is track when the cell changes sides; kept out of line so that
// track's test inlines.
//
//go:noinline
func (b *Board) retrack(i int, in bool) {
	f := &b.foul
	at := f.at[i]
	b.Cell[i].doubt = in
	switch {
	case in:
		f.cells = append(f.cells, int32(i))
		f.at[i] = int32(len(f.cells))
	default:
		last := f.cells[len(f.cells)-1]
		f.cells[at-1] = last
		f.at[last] = at
		f.cells = f.cells[:len(f.cells)-1]
		f.at[i] = 0
	}
}

// forbidden returns black's forbidden cells in the current position, in
// no particular order; the slice is the board's, valid until the next
// place or undo.
func (b *Board) forbidden() []int32 {
	f := &b.foul
	if len(f.cells) == 0 {
		return nil
	}
	n := len(b.Moves)
	for len(f.memo) <= n {
		f.memo = append(f.memo, foulMemo{})
	}
	m := &f.memo[n]
	if m.known && m.key == b.Hash {
		return m.cells
	}
	m.cells = m.cells[:0]
	for _, i := range f.cells {
		if b.judgeFoul(int(i)) {
			m.cells = append(m.cells, i)
		}
	}
	m.key, m.known = b.Hash, true
	return m.cells
}

// risky reports whether black's four line shapes can hide a foul: two
// lines with a three or a four, or one line whose "open four" may be two
// fours on it (●·●●●·●). Overlines are kept per cell. The answer is kept
// with each combination's judgement, read with the cell's class.
func risky(s [4]LineShape) bool {
	threats := 0
	for _, x := range s {
		switch x {
		case lineFlex4:
			return true
		case LineFlex3, LineBlock4:
			threats++
		}
	}
	return threats >= 2
}

// Playable reports whether player q may mark empty array cell i: always,
// but for black under renju only when the cell is not forbidden.
func (b *Board) Playable(i, q int) bool {
	return q != 0 || !b.Renju || !b.Banned(i)
}

// Banned reports whether renju forbids black the empty cell i.
func (b *Board) Banned(i int) bool {
	return b.Cell[i].doubt && slices.Contains(b.forbidden(), int32(i))
}

// judgeFoul reports whether renju forbids black the empty doubtful cell
// i, by [renju.CheckKeys] from keys converted from the cell's patterns,
// reading the board only to verify threes.
func (b *Board) judgeFoul(i int) bool {
	p := &b.Cell[i].Pat[0]
	t := b.rt
	// The board's axes (across, down, down-right, down-left) are renju's
	// directions, in the same order.
	keys := [4]renju.LineKey{t.key[p[0]], t.key[p[1]], t.key[p[2]], t.key[p[3]]}
	c := b.CellAt(i)
	return renju.CheckKeys(renjuView{b}, c.Row, c.Col, keys) != renju.None
}

// renjuWorth corrects the static evaluation for q, to move, for black's
// forbidden cells: black cannot mark them, so what black's shapes there
// are worth is taken off (a three whose four-point is forbidden is worth
// only its other cells, a double-three point nothing); and black cannot
// block there, so white's shapes there count once more (a white three
// whose four-point is forbidden to black cannot be answered on it).
func (b *Board) renjuWorth(q int) int64 {
	if !b.Renju || len(b.foul.cells) == 0 {
		return 0
	}
	var v int64
	for _, i := range b.forbidden() {
		cs := &b.Cell[i]
		black, white := &b.Judged[cs.Key[0]].worth, &b.Judged[cs.Key[1]].worth
		if q == 0 {
			v -= int64(black[ToMove]) + int64(white[Waiting])
		} else {
			v += int64(black[Waiting]) + int64(white[ToMove])
		}
	}
	return v
}

// renjuView shows the window to the renju detector; cells outside it are
// empty when on the board (the window covers every mark) and walls
// otherwise.
type renjuView struct{ b *Board }

func (v renjuView) At(row, col int) renju.Stone {
	if i, ok := v.b.Index(row, col); ok {
		return renju.Stone(v.b.Stone[i])
	}
	if CellOnBoard(v.b.Cfg, row, col) {
		return renju.Empty
	}
	return renju.Wall
}

// Has reports whether q has a cell of class c it may mark.
func (b *Board) Has(q int, c CellClass) bool {
	n := b.Counts[q][c]
	if n == 0 || q != 0 || !b.Renju || len(b.foul.cells) == 0 {
		return n > 0
	}
	for _, i := range b.forbidden() {
		if b.Cell[i].Class[0] == c {
			n--
		}
	}
	return n > 0
}

// Blockable reports whether q may mark a cell where o would make five.
func (b *Board) Blockable(o, q int) bool {
	i := b.Find(o, ClassFive)
	return i >= 0 && b.Playable(i, q)
}

// verifyFoul checks the doubtful cells against a recomputation from each
// empty cell's shapes, and the forbidden ones against judging every
// empty cell afresh.
func (b *Board) verifyFoul() error {
	if !b.Renju {
		return nil
	}
	f := &b.foul
	n := 0
	for i := range b.Stone {
		in := b.Stone[i] == 0 && doubtful(&b.Cell[i])
		switch {
		case in != b.Cell[i].doubt || in != (f.at[i] != 0):
			return fmt.Errorf("dense: %v doubtful %v, recomputed %v", b.CellAt(i), f.at[i] != 0, in)
		case in && f.cells[f.at[i]-1] != int32(i):
			return fmt.Errorf("dense: %v misplaced in the doubtful cells", b.CellAt(i))
		case in:
			n++
		}
	}
	if n != len(f.cells) {
		return fmt.Errorf("dense: %d doubtful cells kept, %d recomputed", len(f.cells), n)
	}
	for i := range b.Stone {
		if b.Stone[i] != 0 {
			continue
		}
		c := b.CellAt(i)
		want := renju.Check(renjuView{b}, c.Row, c.Col) != renju.None
		if got := b.Banned(i); got != want {
			return fmt.Errorf("dense: %v forbidden %v, the detector says %v", c, got, want)
		}
	}
	return nil
}
