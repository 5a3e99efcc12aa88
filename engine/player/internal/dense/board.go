package dense

import (
	"encoding/binary"
	"math"
	"slices"
	"sync"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/internal/cellkey"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
)

// Board is the two-player search's working position: a dense array
// over a window of the board (the marks' bounding box plus a margin, or
// the whole of a small bounded board), framed by side cells that count as
// off the board. Every cell keeps, for each player and axis, the base-3
// pattern of the cells around it, updated on place and undo for the 8K
// cells a mark can affect, and from it the line shapes, the cell's class
// and its value, so that threats, move ordering and evaluation are array
// reads. The sparse game stays the source of truth: the window is rebuilt
// when play leaves it.
type Board struct {
	Cfg engine.Config
	// Solvers[q] judges player q's patterns: one solver for both but under
	// renju, where black's five is exactly five and white's five or more.
	Solvers [2]*lineSolver
	// Renju has black's forbidden cells checked (renju.go), with rt its
	// tables and foul what it keeps of black's cells that may be forbidden.
	Renju bool
	rt    *renjuTabs
	foul  foulTrack
	Side  int
	// Window: real cell (R0+y, C0+x) is array cell (y+Side)*W + x+Side for
	// 0 ≤ y < Rows, 0 ≤ x < Cols; W = Cols + 2·Side.
	R0, C0     int
	Rows, Cols int
	W          int
	Step       [4]int
	// Weight[d+Side] is the pattern digit's weight (3^digit) of the cell
	// d steps along an axis, seen from the cell at the other end.
	Weight [2*MaxSide + 1]uint32

	Stone []uint8 // 0 empty, 1 or 2 a player's mark, offCell outside
	// Near counts the marks within distance 2 (Chebyshev), plus taken
	// for a cell that holds a mark or is off the board: a cell is a
	// candidate move when its count is from 1 to taken−1, one test.
	Near []uint8
	Cell []cellState
	zob  [][2]uint64

	// Judged and tempo are the evaluation's (EvaluationFor the board's
	// configuration, whatever the window): the judgement of every
	// combination key and the worth of having the move.
	Judged []judgement
	tempo  int64
	Counts [2][ClassCount]int32
	// Worth[p][r] sums p's cells' evaluation weights in role r (ToMove or
	// Waiting), plus Base[p][r]: the static evaluation reads it.
	Worth [2][2]int64
	// Base makes an empty window's sums those of an empty board of the
	// size the weights were fitted on. An empty cell far from the marks
	// is worth a little more to the side to move than to the side that
	// waits (about 4 thousandths of a logit, and 16 on an edge), so
	// without it the evaluation would favour the side to move by an
	// amount that grows with the window: on an empty 20×20 board 940 more
	// than on 15×15, a tempo bonus the fit never saw, which distorts every
	// comparison of a static value with a searched one (futility, the
	// leaves of reduced searches). With it, a position far from the edges
	// scores the same on any board.
	Base [2][2]int64
	Hash uint64
	// Moves holds the marks in play order; boxes[i] is the bounding box
	// of the marks before Moves[i] (array rows and columns), Box that of
	// all of them.
	Moves []int32
	boxes []box
	Box   box
	// Saves holds, for each look-ahead mark (see Lookahead) outside
	// renju, the tallies and the states of the cells it changed as they
	// were before it, so that undo restores them instead of judging the
	// cells again: a mark changes some forty cells, and judging them again on
	// undo was a third of a search node's instructions. Marks of the game
	// are undone the slow way.
	Saves     []markSave
	CellSaves []cellSave
	SnapFrom  int
	// Grades[q] grades player q's patterns for the pair evaluation
	// (pair.go), nil when the rules have none; pairSum is then the sum of
	// the empty cells' pair values, the first player's less the second's,
	// and pairPast its value before each mark.
	Grades   [2]*gradeTable
	pairSum  int64
	pairPast []int64
}

// markSave is what undo restores of the board before mark number n:
// the tallies, and the cell states from CellSaves[from] on.
type markSave struct {
	n       int
	from    int
	counts  [2][ClassCount]int32
	worth   [2][2]int64
	pairSum int64
}

// cellSave is the state of array cell i before a mark changed it.
type cellSave struct {
	i  int32
	cs cellState
}

// saveCell appends cell j's state cs to saves, copied straight into its
// slot. Appending a composite literal builds it on the stack and copies
// it out in 16-byte words that straddle the stores of its two fields,
// which the processor cannot forward, so each save waited on them.
func saveCell(saves []cellSave, j int, cs *cellState) []cellSave {
	n := len(saves)
	saves = slices.Grow(saves, 1)[:n+1]
	saves[n].i = int32(j)
	saves[n].cs = *cs
	return saves
}

// cellState is what an empty cell knows of its lines, per player (and
// per axis): the patterns, their shapes, the shapes' combination key (the
// four shapes as base-LineShapes digits), the class and value.
type cellState struct {
	Pat   [2][4]uint32
	Shape [2][4]LineShape
	Key   [2]uint16
	Class [2]CellClass
	// over has bit a set when black marking the cell would make an
	// overline on axis a, and doubt is whether the cell is among the
	// doubtful ones (renju only, renju.go).
	over  uint8
	doubt bool
	Val   [2]int32
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
	lineValue  = [LineShapes]int32{0, 1, 3, 4, 10, 12, 30, 32, 120, 500}
	classValue = [ClassCount]int32{
		ClassTwoTwos: 8, ClassFlex3Plus: 30, ClassFlex3Block2: 10,
		ClassDoubleThree: 120, ClassFourBlock2: 8, ClassFourPlus: 40,
		ClassFourThree: 300, ClassOpenFour: 500, ClassFive: 2000,
	}
)

// NewBoard builds a window of rows×cols real cells whose top-left cell
// is (r0, c0), on a board with cfg's bounds, and plays nothing. Its
// evaluation sums start from those of an empty FitBoard×FitBoard board
// (see Base).
func NewBoard(cfg engine.Config, r0, c0, rows, cols int) *Board {
	return NewBoardUnder(cfg, EvaluationFor(cfg), r0, c0, rows, cols)
}

// NewBoardUnder is NewBoard evaluating with ev.
func NewBoardUnder(cfg engine.Config, ev *Evaluation, r0, c0, rows, cols int) *Board {
	b := NewWindow(cfg, ev, r0, c0, rows, cols)
	ref := refWorth(cfg, ev)
	for q := range 2 {
		for r := range 2 {
			b.Base[q][r] = ref[q][r] - b.Worth[q][r]
		}
	}
	b.Worth = ref
	return b
}

// FitBoard is the side of the boards the evaluation's weights were
// fitted on.
const FitBoard = 15

// refWorths caches refWorth by rules and evaluation.
var refWorths sync.Map // refKey → [2][2]int64

type refKey struct {
	lr [2]lineRules
	ev *Evaluation
}

// refWorth is the evaluation sums of an empty FitBoard×FitBoard board
// under cfg's rules and ev's weights.
func refWorth(cfg engine.Config, ev *Evaluation) [2][2]int64 {
	key := refKey{RulesOf(cfg), ev}
	if w, ok := refWorths.Load(key); ok {
		return w.([2][2]int64)
	}
	ref := cfg
	ref.Rows, ref.Cols, ref.Torus = FitBoard, FitBoard, false
	w := NewWindow(ref, ev, 0, 0, FitBoard, FitBoard).Worth
	refWorths.Store(key, w)
	return w
}

// NewWindow is NewBoard with the evaluation sums of the window's own empty
// cells, under ev.
func NewWindow(cfg engine.Config, ev *Evaluation, r0, c0, rows, cols int) *Board {
	lr := RulesOf(cfg)
	b := &Board{Cfg: cfg, Judged: ev.judged, tempo: ev.tempo, Solvers: [2]*lineSolver{solverFor(lr[0]), solverFor(lr[1])}, Renju: cfg.Rule == engine.Renju,
		Side: lr[0].Side(), R0: r0, C0: c0, Rows: rows, Cols: cols}
	if b.Renju {
		b.rt = renjuTables()
	}
	if pairRules(cfg) {
		b.Grades = [2]*gradeTable{gradeTableFor(lr[0]), gradeTableFor(lr[1])}
	}
	side := b.Side
	s0 := b.Solvers[0]
	b.W = cols + 2*side
	h := rows + 2*side
	n := b.W * h
	b.Step = [4]int{1, b.W, b.W + 1, b.W - 1}
	for d := -side; d <= side; d++ {
		if d != 0 {
			// The cell d steps away sees this one at −d.
			b.Weight[d+side] = s0.pow[s0.pos(-d)]
		}
	}
	b.Stone = make([]uint8, n)
	b.Near = make([]uint8, n)
	b.Cell = make([]cellState, n)
	if b.Renju {
		b.foul.at = make([]int32, n)
	}
	b.zob = make([][2]uint64, n)
	for i := range n {
		y, x := i/b.W-side, i%b.W-side
		r, c := r0+y, c0+x
		if y < 0 || y >= rows || x < 0 || x >= cols || !CellOnBoard(cfg, r, c) {
			b.Stone[i] = offCell
			b.Near[i] = taken
			continue
		}
		key := cellkey.Pack(r, c)
		b.zob[i] = [2]uint64{core.Zobrist(key, 1), core.Zobrist(key, 2)}
	}
	// Cells farther than side from the frame all start alike: copy the
	// first one's state instead of reading every cell's lines.
	var tmpl int = -1
	for i := range n {
		if b.Stone[i] == offCell {
			continue
		}
		y, x := i/b.W-side, i%b.W-side
		if y < side || y >= rows-side || x < side || x >= cols-side {
			b.refresh(i)
			continue
		}
		if tmpl < 0 {
			tmpl = i
			b.refresh(i)
			continue
		}
		b.Cell[i] = b.Cell[tmpl]
	}
	for i := range n {
		if b.Stone[i] == 0 {
			b.count(i, 1)
		}
	}
	b.Box = box{y0: h, x0: b.W, y1: -1, x1: -1}
	b.SnapFrom = math.MaxInt
	return b
}

// Lookahead makes the marks from now on look-ahead ones, which undo
// takes back by restoring saved states (see Saves); the marks already on
// the board are the game's.
func (b *Board) Lookahead() { b.SnapFrom = len(b.Moves) }

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
func (b *Board) refresh(i int) { b.Cell[i] = b.fresh(i) }

// fresh computes cell i's patterns from its neighbours, and its shapes,
// class and value from them: the from-scratch reference the incremental
// updates must agree with.
func (b *Board) fresh(i int) cellState {
	var cs cellState
	for a := range 4 {
		for d := -b.Side; d <= b.Side; d++ {
			if d == 0 {
				continue
			}
			j := i + d*b.Step[a]
			st := uint8(offCell)
			if j >= 0 && j < len(b.Stone) {
				st = b.Stone[j]
			}
			wt := b.Solvers[0].pow[b.Solvers[0].pos(d)]
			if b.Renju && (d == b.Side || d == -b.Side) {
				if st == 1 {
					cs.Pat[0][a] += wt // see RulesOf
				}
				continue
			}
			cs.Pat[0][a] += digit(st, 0) * wt
			cs.Pat[1][a] += digit(st, 1) * wt
		}
	}
	for q := range 2 {
		for a := range 4 {
			cs.Shape[q][a] = b.Solvers[q].shape(cs.Pat[q][a])
			cs.Key[q] += uint16(cs.Shape[q][a]) * ShapeDigit[a]
		}
		j := b.Judged[cs.Key[q]]
		cs.Class[q], cs.Val[q] = j.Class, j.val
	}
	if b.Renju {
		cs.over = b.rt.overOf(&cs.Pat[0])
	}
	b.regradeAll(&cs)
	return cs
}

// rejudge recomputes cell i's shapes, class and value from its patterns,
// which a mark on the cell itself leaves as they were.
func (b *Board) rejudge(i int) {
	cs := &b.Cell[i]
	for q := range 2 {
		cs.Key[q] = 0
		for a := range 4 {
			cs.Shape[q][a] = b.Solvers[q].Lookup(cs.Pat[q][a])
			cs.Key[q] += uint16(cs.Shape[q][a]) * ShapeDigit[a]
		}
		j := b.Judged[cs.Key[q]]
		cs.Class[q], cs.Val[q] = j.Class, j.val
	}
	if b.Renju {
		cs.over = b.rt.overOf(&cs.Pat[0])
	}
	b.regradeAll(cs)
}

// ShapeDigit is the weight of axis a's shape in a combination key.
var ShapeDigit = [4]uint16{1, uint16(LineShapes), uint16(LineShapes) * uint16(LineShapes), uint16(LineShapes) * uint16(LineShapes) * uint16(LineShapes)}

// judgement is what a combination of four line shapes is for the player
// who would mark the cell: its class, its ordering value, and its
// evaluation weight when that player is to move and when waiting.
type judgement struct {
	Class CellClass
	risky bool // for black under renju (renju.go)
	val   int32
	worth [2]int32
}

// judge is, for every combination key, the judgement of a cell with
// those four shapes for one player under weights w. Only the worth
// depends on w.
func judge(w Weights) []judgement {
	n := int(LineShapes)
	t := make([]judgement, n*n*n*n)
	for k := range t {
		var s [4]LineShape
		v := 0
		var worth [2]int32
		for a := range 4 {
			s[a] = LineShape(k / int(ShapeDigit[a]) % n)
			v += int(lineValue[s[a]])
			for r := range 2 {
				worth[r] += w.Shapes[r][s[a]]
			}
		}
		c := classOf(s)
		for r := range 2 {
			worth[r] += w.Classes[r][c]
			if m := ComboOfKey[k]; m >= 0 {
				worth[r] += w.Combos[r][m]
			}
		}
		t[k] = judgement{Class: c, risky: risky(s), val: int32(v) + classValue[c], worth: worth}
	}
	return t
}

// count adds (sign +1) or removes (−1) empty cell i from the tallies.
func (b *Board) count(i int, sign int32) {
	for q := range 2 {
		b.Counts[q][b.Cell[i].Class[q]] += sign
		w := b.Judged[b.Cell[i].Key[q]].worth
		b.Worth[q][ToMove] += int64(sign * w[ToMove])
		b.Worth[q][Waiting] += int64(sign * w[Waiting])
	}
	b.pairSum += int64(sign * (b.Cell[i].pair[0] - b.Cell[i].pair[1]))
	if b.Renju {
		b.track(i, sign > 0 && doubtful(&b.Cell[i]))
	}
}

// reshape looks up empty cell j's shape for player p on axis a and, when
// it changed, its class, value and the tallies; cs is the cell's state.
func (b *Board) reshape(cs *cellState, j, p, a int) {
	if sh := b.Solvers[p].Lookup(cs.Pat[p][a]); sh != cs.Shape[p][a] {
		b.reshapeTo(cs, j, p, a, sh)
	}
}

// reshapeTo gives empty cell j's axis a the new shape sh for player p,
// and updates its class, value and the tallies.
func (b *Board) reshapeTo(cs *cellState, j, p, a int, sh LineShape) {
	old := cs.Shape[p][a]
	cs.Shape[p][a] = sh
	was := &b.Judged[cs.Key[p]]
	cs.Key[p] += uint16(sh)*ShapeDigit[a] - uint16(old)*ShapeDigit[a]
	jd := &b.Judged[cs.Key[p]]
	b.Counts[p][was.Class]--
	b.Counts[p][jd.Class]++
	b.Worth[p][ToMove] += int64(jd.worth[ToMove] - was.worth[ToMove])
	b.Worth[p][Waiting] += int64(jd.worth[Waiting] - was.worth[Waiting])
	cs.Class[p], cs.Val[p] = jd.Class, jd.val
	if p == 0 && b.Renju {
		b.track(j, doubtful(cs))
	}
}

// Place marks array cell i (empty, in the window) for player q (0 or 1).
func (b *Board) Place(i, q int) {
	if n := len(b.Moves); n >= b.SnapFrom && !b.Renju {
		b.Saves = append(b.Saves, markSave{n: n, from: len(b.CellSaves), counts: b.Counts, worth: b.Worth, pairSum: b.pairSum})
		b.CellSaves = saveCell(b.CellSaves, i, &b.Cell[i])
	}
	if b.Grades[0] != nil {
		b.pairPast = append(b.pairPast, b.pairSum)
	}
	b.count(i, -1)
	b.Stone[i] = uint8(q + 1)
	b.Near[i] += taken
	b.Hash ^= b.zob[i][q]
	b.boxes = append(b.boxes, b.Box)
	b.Moves = append(b.Moves, int32(i))
	y, x := i/b.W, i%b.W
	b.Box = box{min(b.Box.y0, y), min(b.Box.x0, x), max(b.Box.y1, y), max(b.Box.x1, x)}
	b.spread(i, q, 1)
}

// Undo takes back the latest mark.
func (b *Board) Undo() {
	n := len(b.Moves) - 1
	i := int(b.Moves[n])
	q := int(b.Stone[i]) - 1
	b.Moves = b.Moves[:n]
	b.Box = b.boxes[n]
	b.boxes = b.boxes[:n]
	b.Stone[i] = 0
	b.Near[i] -= taken
	b.Hash ^= b.zob[i][q]
	if b.Grades[0] != nil {
		b.pairPast = b.pairPast[:n]
	}
	if k := len(b.Saves) - 1; k >= 0 && b.Saves[k].n == n {
		m := &b.Saves[k]
		// By pointer: ranging by value copied each state twice.
		saved, cell := b.CellSaves[m.from:], b.Cell
		for k := range saved {
			c := &saved[k]
			cell[c.i] = c.cs
		}
		b.Counts, b.Worth, b.pairSum = m.counts, m.worth, m.pairSum
		b.CellSaves = b.CellSaves[:m.from]
		b.Saves = b.Saves[:k]
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
func (b *Board) spread(i, q, sign int) {
	o := 1 - q
	side := b.Side
	reach := side
	renju := b.Renju
	if renju && q == 1 {
		reach = side - 1 // see RulesOf
	}
	// Pattern digits change by ±weight, in wrapping arithmetic.
	u := uint32(sign)
	stone, cell := b.Stone, b.Cell
	save := sign > 0 && len(b.Saves) > 0 && b.Saves[len(b.Saves)-1].n == len(b.Moves)-1
	saves := b.CellSaves
	// With both players' shapes tabulated, the lookups are inlined and
	// reshapeTo called only when a shape changed, as it does in about a
	// third of them.
	m0, m1 := b.Solvers[0].memo, b.Solvers[1].memo
	tabulated := m0 != nil && m1 != nil
	graded := b.Grades[0] != nil
	// A grade refines its shape, so the grades alone tell both.
	var g0, g1, gq []lineGrade
	if graded {
		g0, g1 = b.Grades[0].memo, b.Grades[1].memo
		gq = b.Grades[q].memo
	}
	outer := b.Cfg.Rule == engine.Exact
	for a := range 4 {
		st := b.Step[a]
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
			dw := b.Weight[d+side] * u
			cs := &cell[j]
			if renju && (d == side || d == -side) {
				// Only a black mark and black's pattern (see RulesOf).
				cs.Pat[0][a] += dw
				b.reshape(cs, j, 0, a)
				continue
			}
			if save {
				saves = saveCell(saves, j, cs)
			}
			cs.Pat[q][a] += dw
			cs.Pat[o][a] += 2 * dw
			if !tabulated {
				b.reshape(cs, j, 0, a)
				b.reshape(cs, j, 1, a)
				if graded {
					b.regrade(cs, a)
				}
				continue
			}
			if graded {
				if outer && (d == side || d == -side) {
					// Under the exact rule the outermost cell of a
					// pattern only tells an overline, so a mark there
					// changes only its owner's shape and grade.
					g := gq[cs.Pat[q][a]]
					if sh := shapeOfGrade[g]; sh != cs.Shape[q][a] {
						b.reshapeTo(cs, j, q, a, sh)
					}
					if g != cs.grade[q][a] {
						b.regradeOne(cs, q, a, g)
					}
					continue
				}
				h0, h1 := g0[cs.Pat[0][a]], g1[cs.Pat[1][a]]
				if sh := shapeOfGrade[h0]; sh != cs.Shape[0][a] {
					b.reshapeTo(cs, j, 0, a, sh)
				}
				if sh := shapeOfGrade[h1]; sh != cs.Shape[1][a] {
					b.reshapeTo(cs, j, 1, a, sh)
				}
				// Most updates leave both grades as they were.
				if h0 != cs.grade[0][a] {
					b.regradeOne(cs, 0, a, h0)
				}
				if h1 != cs.grade[1][a] {
					b.regradeOne(cs, 1, a, h1)
				}
				continue
			}
			if sh := m0[cs.Pat[0][a]]; sh != cs.Shape[0][a] {
				b.reshapeTo(cs, j, 0, a, sh)
			}
			if sh := m1[cs.Pat[1][a]]; sh != cs.Shape[1][a] {
				b.reshapeTo(cs, j, 1, a, sh)
			}
		}
		if renju && q == 0 {
			b.overEnds(i, a)
		}
	}
	b.CellSaves = saves
	b.moveNear(i, sign)
}

// moveNear adds sign to the neighbour counts around array cell i.
//
// Each row of five counts changes as one little-endian word of eight
// bytes whose top three are zero: a count is at most taken + 25, so no
// byte carries into the next (nor borrows, as a count being taken from
// is at least 1).
func (b *Board) moveNear(i, sign int) {
	add := uint64(0x01_01_01_01_01)
	if sign < 0 {
		add = -add
	}
	near := b.Near
	for dy := -2; dy <= 2; dy++ {
		k := i + dy*b.W - 2
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
