package duel

import (
	"encoding/binary"
	"math"
	"sync"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/internal/cellkey"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
	"github.com/gomoku-engine/gomoku/sparse"
)

// board is the two-player search's working position: a dense array
// over a window of the board (the marks' bounding box plus a margin, or
// the whole of a small bounded board), framed by side cells that count as
// off the board. Every cell keeps, for each player and axis, the base-3
// pattern of the cells around it, updated on place and undo for the 8K
// cells a mark can affect, and from it the line shapes, the cell's class
// and its value, so that threats, move ordering and evaluation are array
// reads. The sparse game stays the source of truth: the window is rebuilt
// when play leaves it.
type board struct {
	cfg engine.Config
	// solvers[q] judges player q's patterns: one solver for both but under
	// renju, where black's five is exactly five and white's five or more.
	solvers [2]*lineSolver
	// renju has black's forbidden cells checked (renju.go), with rt its
	// tables and foul what it keeps of black's cells that may be forbidden.
	renju bool
	rt    *renjuTabs
	foul  foulTrack
	side  int
	// Window: real cell (r0+y, c0+x) is array cell (y+side)*w + x+side for
	// 0 ≤ y < rows, 0 ≤ x < cols; w = cols + 2·side.
	r0, c0     int
	rows, cols int
	w          int
	step       [4]int
	// pos[a][d+side] is the pattern digit's weight (3^digit) of the cell
	// d steps along axis a, seen from the cell at the other end.
	weight [2*maxSide + 1]uint32

	stone []uint8 // 0 empty, 1 or 2 a player's mark, offCell outside
	// near counts the marks within distance 2 (Chebyshev), plus taken
	// for a cell that holds a mark or is off the board: a cell is a
	// candidate move when its count is from 1 to taken−1, one test.
	near []uint8
	cell []cellState
	zob  [][2]uint64

	// judged and tempo are the evaluation's (evaluationFor the board's
	// configuration, whatever the window): the judgement of every
	// combination key and the worth of having the move.
	judged []judgement
	tempo  int64
	counts [2][classCount]int32
	// worth[p][r] sums p's cells' evaluation weights in role r (toMove or
	// waiting), plus base[p][r]: the static evaluation reads it.
	worth [2][2]int64
	// base makes an empty window's sums those of an empty board of the
	// size the weights were fitted on. An empty cell far from the marks
	// is worth a little more to the side to move than to the side that
	// waits (about 4 thousandths of a logit, and 16 on an edge), so
	// without it the evaluation would favour the side to move by an
	// amount that grows with the window: on an empty 20×20 board 940 more
	// than on 15×15, a tempo bonus the fit never saw, which distorts every
	// comparison of a static value with a searched one (futility, the
	// leaves of reduced searches). With it, a position far from the edges
	// scores the same on any board.
	base [2][2]int64
	hash uint64
	// moves holds the marks in play order; box[i] is the bounding box of
	// the marks before moves[i] (array rows and columns).
	moves []int32
	boxes []box
	box   box
	// saves holds, for each look-ahead mark (see lookahead) outside
	// renju, the tallies and the states of the cells it changed as they
	// were before it, so that undo restores them instead of judging the
	// cells again: a mark changes some forty cells, and judging them again on
	// undo was a third of a search node's instructions. Marks of the game
	// are undone the slow way.
	saves     []markSave
	cellSaves []cellSave
	snapFrom  int
	// grades[q] grades player q's patterns for the pair evaluation
	// (pair.go), nil when the rules have none; pairSum is then the sum of
	// the empty cells' pair values, the first player's less the second's,
	// and pairPast its value before each mark.
	grades   [2]*gradeTable
	pairSum  int64
	pairPast []int64
}

// markSave is what undo restores of the board before mark number n:
// the tallies, and the cell states from cellSaves[from] on.
type markSave struct {
	n       int
	from    int
	counts  [2][classCount]int32
	worth   [2][2]int64
	pairSum int64
}

// cellSave is the state of array cell i before a mark changed it.
type cellSave struct {
	i  int32
	cs cellState
}

// cellState is what an empty cell knows of its lines, per player (and
// per axis): the patterns, their shapes, the shapes' combination key (the
// four shapes as base-lineShapes digits), the class and value.
type cellState struct {
	pat   [2][4]uint32
	shape [2][4]lineShape
	key   [2]uint16
	class [2]cellClass
	// over has bit a set when black marking the cell would make an
	// overline on axis a, and doubt is whether the cell is among the
	// doubtful ones (renju only, renju.go).
	over  uint8
	doubt bool
	val   [2]int32
	// grade and pair are the shapes graded finely and the cell's pair
	// value, per player, on a board with the pair evaluation.
	grade [2][4]lineGrade
	pair  [2]int32
}

// box is a rectangle of array rows and columns; empty when y0 > y1.
type box struct{ y0, x0, y1, x1 int }

// offCell marks a cell no one can play.
const offCell = 3

// taken is what a marked or off-board cell adds to its neighbour count
// (near): above any count, which is at most 25, so that adding a count
// never reaches it.
const taken = 0x80

// Evaluation and ordering weights of line shapes and classes, for the
// player who would mark the cell.
var (
	lineValue  = [lineShapes]int32{0, 1, 3, 4, 10, 12, 30, 32, 120, 500}
	classValue = [classCount]int32{
		classTwoTwos: 8, classFlex3Plus: 30, classFlex3Block2: 10,
		classDoubleThree: 120, classFourBlock2: 8, classFourPlus: 40,
		classFourThree: 300, classOpenFour: 500, classFive: 2000,
	}
)

// newBoard builds a window of rows×cols real cells whose top-left cell
// is (r0, c0), on a board with cfg's bounds, and plays nothing. Its
// evaluation sums start from those of an empty fitBoard×fitBoard board
// (see base).
func newBoard(cfg engine.Config, r0, c0, rows, cols int) *board {
	return newBoardUnder(cfg, evaluationFor(cfg), r0, c0, rows, cols)
}

// newBoardUnder is newBoard evaluating with ev.
func newBoardUnder(cfg engine.Config, ev *evaluation, r0, c0, rows, cols int) *board {
	b := newWindow(cfg, ev, r0, c0, rows, cols)
	ref := refWorth(cfg, ev)
	for q := range 2 {
		for r := range 2 {
			b.base[q][r] = ref[q][r] - b.worth[q][r]
		}
	}
	b.worth = ref
	return b
}

// fitBoard is the side of the boards the evaluation's weights were
// fitted on.
const fitBoard = 15

// refWorths caches refWorth by rules and evaluation.
var refWorths sync.Map // refKey → [2][2]int64

type refKey struct {
	lr [2]lineRules
	ev *evaluation
}

// refWorth is the evaluation sums of an empty fitBoard×fitBoard board
// under cfg's rules and ev's weights.
func refWorth(cfg engine.Config, ev *evaluation) [2][2]int64 {
	key := refKey{rulesOf(cfg), ev}
	if w, ok := refWorths.Load(key); ok {
		return w.([2][2]int64)
	}
	ref := cfg
	ref.Rows, ref.Cols, ref.Torus = fitBoard, fitBoard, false
	w := newWindow(ref, ev, 0, 0, fitBoard, fitBoard).worth
	refWorths.Store(key, w)
	return w
}

// newWindow is newBoard with the evaluation sums of the window's own empty
// cells, under ev.
func newWindow(cfg engine.Config, ev *evaluation, r0, c0, rows, cols int) *board {
	lr := rulesOf(cfg)
	b := &board{cfg: cfg, judged: ev.judged, tempo: ev.tempo, solvers: [2]*lineSolver{solverFor(lr[0]), solverFor(lr[1])}, renju: cfg.Rule == engine.Renju,
		side: lr[0].side(), r0: r0, c0: c0, rows: rows, cols: cols}
	if b.renju {
		b.rt = renjuTables()
	}
	if pairRules(cfg) {
		b.grades = [2]*gradeTable{gradeTableFor(lr[0]), gradeTableFor(lr[1])}
	}
	side := b.side
	s0 := b.solvers[0]
	b.w = cols + 2*side
	h := rows + 2*side
	n := b.w * h
	b.step = [4]int{1, b.w, b.w + 1, b.w - 1}
	for d := -side; d <= side; d++ {
		if d != 0 {
			// The cell d steps away sees this one at −d.
			b.weight[d+side] = s0.pow[s0.pos(-d)]
		}
	}
	b.stone = make([]uint8, n)
	b.near = make([]uint8, n)
	b.cell = make([]cellState, n)
	if b.renju {
		b.foul.at = make([]int32, n)
	}
	b.zob = make([][2]uint64, n)
	for i := range n {
		y, x := i/b.w-side, i%b.w-side
		r, c := r0+y, c0+x
		if y < 0 || y >= rows || x < 0 || x >= cols || !cellOnBoard(cfg, r, c) {
			b.stone[i] = offCell
			b.near[i] = taken
			continue
		}
		key := cellkey.Pack(r, c)
		b.zob[i] = [2]uint64{core.Zobrist(key, 1), core.Zobrist(key, 2)}
	}
	// Cells farther than side from the frame all start alike: copy the
	// first one's state instead of reading every cell's lines.
	var tmpl int = -1
	for i := range n {
		if b.stone[i] == offCell {
			continue
		}
		y, x := i/b.w-side, i%b.w-side
		if y < side || y >= rows-side || x < side || x >= cols-side {
			b.refresh(i)
			continue
		}
		if tmpl < 0 {
			tmpl = i
			b.refresh(i)
			continue
		}
		b.cell[i] = b.cell[tmpl]
	}
	for i := range n {
		if b.stone[i] == 0 {
			b.count(i, 1)
		}
	}
	b.box = box{y0: h, x0: b.w, y1: -1, x1: -1}
	b.snapFrom = math.MaxInt
	return b
}

// lookahead makes the marks from now on look-ahead ones, which undo
// takes back by restoring saved states (see saves); the marks already on
// the board are the game's.
func (b *board) lookahead() { b.snapFrom = len(b.moves) }

// cellOnBoard reports whether (r, c) is a cell of cfg's board.
func cellOnBoard(cfg engine.Config, r, c int) bool {
	return sparse.InRange(r, c) && (!cfg.Bounded() || (r >= 0 && r < cfg.Rows && c >= 0 && c < cfg.Cols))
}

// index is the array cell of a real cell, and false outside the window.
func (b *board) index(r, c int) (int, bool) {
	y, x := r-b.r0, c-b.c0
	if y < 0 || y >= b.rows || x < 0 || x >= b.cols {
		return 0, false
	}
	return (y+b.side)*b.w + x + b.side, true
}

// cellAt is the real cell of an array cell.
func (b *board) cellAt(i int) sparse.Cell {
	return sparse.Cell{Row: b.r0 + i/b.w - b.side, Col: b.c0 + i%b.w - b.side}
}

// digit is what a cell's content is for player q's patterns.
func digit(stone uint8, q int) uint32 {
	switch {
	case stone == 0:
		return 0
	case int(stone) == q+1:
		return 1
	}
	return 2
}

// refresh recomputes cell i's state from its neighbours (no tallies
// touched).
func (b *board) refresh(i int) { b.cell[i] = b.fresh(i) }

// fresh computes cell i's patterns from its neighbours, and its shapes,
// class and value from them: the from-scratch reference the incremental
// updates must agree with.
func (b *board) fresh(i int) cellState {
	var cs cellState
	for a := range 4 {
		for d := -b.side; d <= b.side; d++ {
			if d == 0 {
				continue
			}
			j := i + d*b.step[a]
			st := uint8(offCell)
			if j >= 0 && j < len(b.stone) {
				st = b.stone[j]
			}
			wt := b.solvers[0].pow[b.solvers[0].pos(d)]
			if b.renju && (d == b.side || d == -b.side) {
				if st == 1 {
					cs.pat[0][a] += wt // see rulesOf
				}
				continue
			}
			cs.pat[0][a] += digit(st, 0) * wt
			cs.pat[1][a] += digit(st, 1) * wt
		}
	}
	for q := range 2 {
		for a := range 4 {
			cs.shape[q][a] = b.solvers[q].shape(cs.pat[q][a])
			cs.key[q] += uint16(cs.shape[q][a]) * shapeDigit[a]
		}
		j := b.judged[cs.key[q]]
		cs.class[q], cs.val[q] = j.class, j.val
	}
	if b.renju {
		cs.over = b.rt.overOf(&cs.pat[0])
	}
	b.regradeAll(&cs)
	return cs
}

// rejudge recomputes cell i's shapes, class and value from its patterns,
// which a mark on the cell itself leaves as they were.
func (b *board) rejudge(i int) {
	cs := &b.cell[i]
	for q := range 2 {
		cs.key[q] = 0
		for a := range 4 {
			cs.shape[q][a] = b.solvers[q].lookup(cs.pat[q][a])
			cs.key[q] += uint16(cs.shape[q][a]) * shapeDigit[a]
		}
		j := b.judged[cs.key[q]]
		cs.class[q], cs.val[q] = j.class, j.val
	}
	if b.renju {
		cs.over = b.rt.overOf(&cs.pat[0])
	}
	b.regradeAll(cs)
}

// shapeDigit is the weight of axis a's shape in a combination key.
var shapeDigit = [4]uint16{1, uint16(lineShapes), uint16(lineShapes) * uint16(lineShapes), uint16(lineShapes) * uint16(lineShapes) * uint16(lineShapes)}

// judgement is what a combination of four line shapes is for the player
// who would mark the cell: its class, its ordering value, and its
// evaluation weight when that player is to move and when waiting.
type judgement struct {
	class cellClass
	risky bool // for black under renju (renju.go)
	val   int32
	worth [2]int32
}

// judge is, for every combination key, the judgement of a cell with
// those four shapes for one player under weights w. Only the worth
// depends on w.
func judge(w Weights) []judgement {
	n := int(lineShapes)
	t := make([]judgement, n*n*n*n)
	for k := range t {
		var s [4]lineShape
		v := 0
		var worth [2]int32
		for a := range 4 {
			s[a] = lineShape(k / int(shapeDigit[a]) % n)
			v += int(lineValue[s[a]])
			for r := range 2 {
				worth[r] += w.Shapes[r][s[a]]
			}
		}
		c := classOf(s)
		for r := range 2 {
			worth[r] += w.Classes[r][c]
			if m := comboOfKey[k]; m >= 0 {
				worth[r] += w.Combos[r][m]
			}
		}
		t[k] = judgement{class: c, risky: risky(s), val: int32(v) + classValue[c], worth: worth}
	}
	return t
}

// count adds (sign +1) or removes (−1) empty cell i from the tallies.
func (b *board) count(i int, sign int32) {
	for q := range 2 {
		b.counts[q][b.cell[i].class[q]] += sign
		w := b.judged[b.cell[i].key[q]].worth
		b.worth[q][toMove] += int64(sign * w[toMove])
		b.worth[q][waiting] += int64(sign * w[waiting])
	}
	b.pairSum += int64(sign * (b.cell[i].pair[0] - b.cell[i].pair[1]))
	if b.renju {
		b.track(i, sign > 0 && doubtful(&b.cell[i]))
	}
}

// reshape looks up empty cell j's shape for player p on axis a and, when
// it changed, its class, value and the tallies; cs is the cell's state.
func (b *board) reshape(cs *cellState, j, p, a int) {
	if sh := b.solvers[p].lookup(cs.pat[p][a]); sh != cs.shape[p][a] {
		b.reshapeTo(cs, j, p, a, sh)
	}
}

// reshapeTo gives empty cell j's axis a the new shape sh for player p,
// and updates its class, value and the tallies.
func (b *board) reshapeTo(cs *cellState, j, p, a int, sh lineShape) {
	old := cs.shape[p][a]
	cs.shape[p][a] = sh
	was := &b.judged[cs.key[p]]
	cs.key[p] += uint16(sh)*shapeDigit[a] - uint16(old)*shapeDigit[a]
	jd := &b.judged[cs.key[p]]
	b.counts[p][was.class]--
	b.counts[p][jd.class]++
	b.worth[p][toMove] += int64(jd.worth[toMove] - was.worth[toMove])
	b.worth[p][waiting] += int64(jd.worth[waiting] - was.worth[waiting])
	cs.class[p], cs.val[p] = jd.class, jd.val
	if p == 0 && b.renju {
		b.track(j, doubtful(cs))
	}
}

// place marks array cell i (empty, in the window) for player q (0 or 1).
func (b *board) place(i, q int) {
	if n := len(b.moves); n >= b.snapFrom && !b.renju {
		b.saves = append(b.saves, markSave{n: n, from: len(b.cellSaves), counts: b.counts, worth: b.worth, pairSum: b.pairSum})
		b.cellSaves = append(b.cellSaves, cellSave{int32(i), b.cell[i]})
	}
	if b.grades[0] != nil {
		b.pairPast = append(b.pairPast, b.pairSum)
	}
	b.count(i, -1)
	b.stone[i] = uint8(q + 1)
	b.near[i] += taken
	b.hash ^= b.zob[i][q]
	b.boxes = append(b.boxes, b.box)
	b.moves = append(b.moves, int32(i))
	y, x := i/b.w, i%b.w
	b.box = box{min(b.box.y0, y), min(b.box.x0, x), max(b.box.y1, y), max(b.box.x1, x)}
	b.spread(i, q, 1)
}

// undo takes back the latest mark.
func (b *board) undo() {
	n := len(b.moves) - 1
	i := int(b.moves[n])
	q := int(b.stone[i]) - 1
	b.moves = b.moves[:n]
	b.box = b.boxes[n]
	b.boxes = b.boxes[:n]
	b.stone[i] = 0
	b.near[i] -= taken
	b.hash ^= b.zob[i][q]
	if b.grades[0] != nil {
		b.pairPast = b.pairPast[:n]
	}
	if k := len(b.saves) - 1; k >= 0 && b.saves[k].n == n {
		m := &b.saves[k]
		// By pointer: ranging by value copied each state twice.
		saved, cell := b.cellSaves[m.from:], b.cell
		for k := range saved {
			c := &saved[k]
			cell[c.i] = c.cs
		}
		b.counts, b.worth, b.pairSum = m.counts, m.worth, m.pairSum
		b.cellSaves = b.cellSaves[:m.from]
		b.saves = b.saves[:k]
		b.moveNear(i, -1)
		return
	}
	b.spread(i, q, -1)
	b.rejudge(i)
	b.count(i, 1)
}

// spread updates the empty cells whose patterns see cell i after player
// q's mark arrived (sign +1) or left (−1).
//
// A marked cell's state is left as it was when the cell was marked: no
// one reads it while the mark stands, and marks come and go last in,
// first out, so when the mark goes every mark placed after it has gone
// too and the cell's patterns are again those of the board around it
// (undo judges it from them, or restores the state saved before it was
// marked). Skipping the marked cells spares about a quarter of the
// cells a mark sees in a middle game, and their saved states.
func (b *board) spread(i, q, sign int) {
	o := 1 - q
	side := b.side
	reach := side
	renju := b.renju
	if renju && q == 1 {
		reach = side - 1 // see rulesOf
	}
	// Pattern digits change by ±weight, in wrapping arithmetic.
	u := uint32(sign)
	stone, cell := b.stone, b.cell
	save := sign > 0 && len(b.saves) > 0 && b.saves[len(b.saves)-1].n == len(b.moves)-1
	// With both players' shapes tabulated, the lookups are inlined and
	// reshapeTo called only when a shape changed, as it does in about a
	// third of them.
	m0, m1 := b.solvers[0].memo, b.solvers[1].memo
	tabulated := m0 != nil && m1 != nil
	graded := b.grades[0] != nil
	for a := range 4 {
		st := b.step[a]
		for d := -reach; d <= reach; d++ {
			if d == 0 {
				continue
			}
			j := i + d*st
			if s := stone[j]; s != 0 {
				if s == offCell && d > 0 {
					break
				}
				continue
			}
			dw := b.weight[d+side] * u
			cs := &cell[j]
			if renju && (d == side || d == -side) {
				// Only a black mark and black's pattern (see rulesOf).
				cs.pat[0][a] += dw
				b.reshape(cs, j, 0, a)
				continue
			}
			if save {
				b.cellSaves = append(b.cellSaves, cellSave{int32(j), *cs})
			}
			cs.pat[q][a] += dw
			cs.pat[o][a] += 2 * dw
			if !tabulated {
				b.reshape(cs, j, 0, a)
				b.reshape(cs, j, 1, a)
				if graded {
					b.regrade(cs, a)
				}
				continue
			}
			if sh := m0[cs.pat[0][a]]; sh != cs.shape[0][a] {
				b.reshapeTo(cs, j, 0, a, sh)
			}
			if sh := m1[cs.pat[1][a]]; sh != cs.shape[1][a] {
				b.reshapeTo(cs, j, 1, a, sh)
			}
			if graded {
				b.regrade(cs, a)
			}
		}
		if renju && q == 0 {
			b.overEnds(i, a)
		}
	}
	b.moveNear(i, sign)
}

// moveNear adds sign to the neighbour counts around array cell i.
//
// Each row of five counts changes as one little-endian word of eight
// bytes whose top three are zero: a count is at most taken + 25, so no
// byte carries into the next (nor borrows, as a count being taken from
// is at least 1).
func (b *board) moveNear(i, sign int) {
	add := uint64(0x01_01_01_01_01)
	if sign < 0 {
		add = -add
	}
	near := b.near
	for dy := -2; dy <= 2; dy++ {
		k := i + dy*b.w - 2
		if k+8 > len(near) {
			// The last rows of a window whose frame is narrower than
			// three cells.
			for x := k; x < k+5; x++ {
				near[x] += uint8(sign)
			}
			continue
		}
		binary.LittleEndian.PutUint64(near[k:], binary.LittleEndian.Uint64(near[k:])+add)
	}
}

// focusArea is the bounding-box area above which move generation looks
// only around the latest focusMoves marks: on a board of thousands of
// marks a node must not scan them all.
const (
	focusArea  = 64 * 64
	focusMoves = 16
)

// cands calls f for every empty cell near a mark, within the marks'
// bounding box grown by 2 (on a crowded board, the box of the latest
// marks grown by 3), until f returns false.
func (b *board) cands(f func(i int) bool) {
	bx, grow := b.candBox()
	b.scan(bx, grow, f)
}

// candBox is the box cands scans and how far it grows it.
func (b *board) candBox() (box, int) {
	bx := b.box
	if (bx.y1-bx.y0+1)*(bx.x1-bx.x0+1) <= focusArea {
		return bx, 2
	}
	bx = box{y0: len(b.stone), x0: b.w, y1: -1, x1: -1}
	for _, m := range b.moves[max(0, len(b.moves)-focusMoves):] {
		y, x := int(m)/b.w, int(m)%b.w
		bx = box{min(bx.y0, y), min(bx.x0, x), max(bx.y1, y), max(bx.x1, x)}
	}
	return bx, 3
}

// within reports whether array cell i lies in bx grown by grow, as scan
// sees it.
func (b *board) within(i int, bx box, grow int) bool {
	y, x := i/b.w, i%b.w
	return y >= bx.y0-grow && y <= bx.y1+grow && x >= bx.x0-grow && x <= bx.x1+grow
}

// scan calls f for the empty cells near a mark in bx grown by grow, until
// f returns false.
func (b *board) scan(bx box, grow int, f func(i int) bool) {
	y0, y1 := max(bx.y0-grow, b.side), min(bx.y1+grow, b.side+b.rows-1)
	x0, x1 := max(bx.x0-grow, b.side), min(bx.x1+grow, b.side+b.cols-1)
	if x0 > x1 {
		return
	}
	// The counts held in a local: f may change the board's cells but
	// never its arrays, and reading them through b reloads them at every
	// cell.
	near, w := b.near, b.w
	for y := y0; y <= y1; y++ {
		from := y*w + x0
		for k, n := range near[from : from+x1-x0+1] {
			if n-1 < taken-1 && !f(from+k) {
				return
			}
		}
	}
}

// find returns an empty cell near the marks, one q may mark, where q's
// class is at least c, looking first along the lines through the latest mark (where a new
// threat appears), then everywhere, and −1 when there is none.
func (b *board) find(q int, c cellClass) int {
	if n := len(b.moves); n > 0 {
		i := int(b.moves[n-1])
		stone, cell, side := b.stone, b.cell, b.side
		for a := range 4 {
			st := b.step[a]
			for d := -side; d <= side; d++ {
				j := i + d*st
				if d != 0 && stone[j] == 0 && cell[j].class[q] >= c && b.playable(j, q) {
					return j
				}
			}
		}
	}
	found := -1
	b.scan(b.box, 2, func(i int) bool {
		if b.cell[i].class[q] >= c && b.playable(i, q) {
			found = i
			return false
		}
		return true
	})
	return found
}
