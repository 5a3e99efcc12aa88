package dense

import "sync"

// LineShape is what marking an empty cell makes on one axis for one
// player, judged on the line of cells around it: a five (K in a row, or
// exactly K under the exact rule), a four (one more mark wins: open when
// two cells would, blocked when one would), a three (one more mark makes a
// four, open when it can make an open four), and so on down to a one. The
// numbers count moves to a win, so for any K a "four" is one move short of
// K and a "three" two moves short; they are derived from the rules by
// placing marks, not written out for K = 5.
type LineShape uint8

const (
	lineNone LineShape = iota
	LineBlock1
	LineFlex1
	LineBlock2
	LineFlex2
	LineBlock3
	LineFlex3
	LineBlock4
	lineFlex4
	lineFive
	LineShapes
)

// MaxSide bounds the cells on each side of a line pattern: 3^(2·MaxSide)
// must fit the uint32 the board keeps per cell and axis. It allows K up to
// 11 (freestyle) and 10 (exact).
const MaxSide = 10

// denseSide is the largest side whose shapes are tabulated in full (3^12
// patterns); beyond it shapes are computed on first sight and cached.
const denseSide = 6

// lineRules are the rules a line pattern is judged by.
type lineRules struct {
	k     int
	exact bool
	// wide reads K cells each way under the freestyle rule too: renju's
	// white, whose patterns span as many cells as black's exact ones.
	wide bool
}

// Side is how many cells each way decide a shape: K−1, plus one to see an
// overline under the exact rule (or for a wide pattern).
func (lr lineRules) Side() int {
	if lr.exact || lr.wide {
		return lr.k
	}
	return lr.k - 1
}

// lineSolver classifies line patterns. A pattern is a base-3 number over
// the 2·side cells around an empty centre, nearest first (the cells one
// step left and right are digits 0 and 1, the outermost two the highest):
// 0 empty, 1 the player's mark, 2 a cell the player cannot use (the
// opponent's mark or off the board). So patterns whose outermost cells
// are empty, the only ones renju's white meets (renju.go), are the first
// 3^(2·side−2) of the table, which stays small in the cache. The shape of
// a pattern is found by marking the centre and, recursively, the empty
// cells of its live windows.
type lineSolver struct {
	lineRules
	side int
	pow  []uint32
	// memo holds every pattern when side ≤ denseSide (0xFF: not yet known),
	// else cache holds the patterns met so far.
	memo  []LineShape
	cache map[uint32]LineShape
}

func newLineSolver(lr lineRules) *lineSolver {
	s := &lineSolver{lineRules: lr, side: lr.Side()}
	s.pow = make([]uint32, 2*s.side)
	p := uint32(1)
	for i := range s.pow {
		s.pow[i] = p
		p *= 3
	}
	if s.side <= denseSide {
		s.memo = make([]LineShape, int(p))
		for i := range s.memo {
			s.memo[i] = 0xFF
		}
		for i := range s.memo {
			s.shape(uint32(i))
		}
	} else {
		s.cache = make(map[uint32]LineShape)
	}
	return s
}

// pos is the digit of the cell d steps from the centre (d ≠ 0, |d| ≤ side).
func (s *lineSolver) pos(d int) int { return patternDigit(d) }

// patternDigit is the digit of a pattern that holds the cell d steps from
// the centre: the nearest cells first, left before right.
func patternDigit(d int) int {
	if d < 0 {
		return -2*d - 2
	}
	return 2*d - 1
}

// shape classifies a pattern (memoised).
func (s *lineSolver) shape(idx uint32) LineShape {
	if s.memo != nil {
		if v := s.memo[idx]; v != 0xFF {
			return v
		}
	} else if v, ok := s.cache[idx]; ok {
		return v
	}
	v := s.solve(idx)
	if s.memo != nil {
		s.memo[idx] = v
	} else {
		s.cache[idx] = v
	}
	return v
}

// Lookup is shape for the hot path: a table read when tabulated.
func (s *lineSolver) Lookup(idx uint32) LineShape {
	if s.memo != nil {
		return s.memo[idx]
	}
	return s.shape(idx)
}

// upgrade maps the shape a further mark makes to the shape it proves now.
var upgrade = [LineShapes]LineShape{
	LineBlock2: LineBlock1, LineFlex2: LineFlex1,
	LineBlock3: LineBlock2, LineFlex3: LineFlex2,
	LineBlock4: LineBlock3, lineFlex4: LineFlex3,
}

func (s *lineSolver) solve(idx uint32) LineShape {
	n := 2*s.side + 1
	var buf [2*MaxSide + 1]uint8
	line := buf[:n]
	for i := range n {
		if i == s.side {
			line[i] = 1
			continue
		}
		line[i] = uint8(idx / s.pow[s.pos(i-s.side)] % 3)
	}
	c := s.side
	length := 1
	for i := c - 1; i >= 0 && line[i] == 1; i-- {
		length++
	}
	for i := c + 1; i < n && line[i] == 1; i++ {
		length++
	}
	if length == s.k || (length > s.k && !s.exact) {
		return lineFive
	}
	// Live windows through the centre: K cells with no blocked cell and,
	// under the exact rule, no own mark just outside. Only their empty
	// cells can raise the shape; need is the fewest marks still missing.
	var useful [2*MaxSide + 1]bool
	need := s.k
	for start := c - s.k + 1; start <= c; start++ {
		end := start + s.k - 1
		if start < 0 || end >= n {
			continue
		}
		own, live := 0, true
		for i := start; i <= end && live; i++ {
			switch line[i] {
			case 1:
				own++
			case 2:
				live = false
			}
		}
		if live && s.exact && ((start > 0 && line[start-1] == 1) || (end < n-1 && line[end+1] == 1)) {
			live = false
		}
		if !live {
			continue
		}
		need = min(need, s.k-own)
		for i := start; i <= end; i++ {
			if line[i] == 0 {
				useful[i] = true
			}
		}
	}
	if need > 4 {
		return lineNone
	}
	wins, best := 0, lineNone
	for i := range n {
		if !useful[i] {
			continue
		}
		d := i - c
		sh := s.shape(idx + s.pow[s.pos(d)])
		if sh == lineFive {
			wins++
		} else {
			best = max(best, upgrade[sh])
		}
	}
	switch {
	case wins >= 2:
		return lineFlex4
	case wins == 1:
		return LineBlock4
	}
	return best
}

// solvers shares the tabulated solvers between searches; a solver that
// caches on demand is mutable and belongs to one board.
var solvers struct {
	sync.Mutex
	m map[lineRules]*lineSolver
}

// solverFor returns a solver for the rules: shared when tabulated, fresh
// otherwise.
func solverFor(lr lineRules) *lineSolver {
	if lr.Side() > denseSide {
		return newLineSolver(lr)
	}
	solvers.Lock()
	defer solvers.Unlock()
	if s, ok := solvers.m[lr]; ok {
		return s
	}
	if solvers.m == nil {
		solvers.m = make(map[lineRules]*lineSolver)
	}
	s := newLineSolver(lr)
	solvers.m[lr] = s
	return s
}

// CellClass combines a cell's four line shapes for one player, weakest
// first: the threat marking the cell makes.
type CellClass uint8

const (
	ClassNone        CellClass = iota
	classBlock2                // a blocked two
	ClassFlex2                 // an open two
	classBlock3                // a blocked three
	ClassTwoTwos               // two lines of blocked threes or open twos
	ClassFlex3                 // an open three
	ClassFlex3Block2           // an open three and a blocked two
	ClassFlex3Plus             // an open three and a blocked three or open two
	ClassDoubleThree           // two open threes
	ClassFour                  // a blocked four alone
	ClassFourBlock2            // a four and a blocked two
	ClassFourPlus              // a four and a blocked three or open two
	ClassFourThree             // a four and an open three
	ClassOpenFour              // an open four, or two fours
	ClassFive                  // a win
	ClassCount
)

// classOf combines four line shapes.
func classOf(s [4]LineShape) CellClass {
	var n [LineShapes]int
	for _, x := range s {
		n[x]++
	}
	switch {
	case n[lineFive] > 0:
		return ClassFive
	case n[lineFlex4] > 0 || n[LineBlock4] >= 2:
		return ClassOpenFour
	case n[LineBlock4] > 0 && n[LineFlex3] > 0:
		return ClassFourThree
	case n[LineBlock4] > 0 && n[LineBlock3]+n[LineFlex2] > 0:
		return ClassFourPlus
	case n[LineBlock4] > 0 && n[LineBlock2] > 0:
		return ClassFourBlock2
	case n[LineBlock4] > 0:
		return ClassFour
	case n[LineFlex3] >= 2:
		return ClassDoubleThree
	case n[LineFlex3] > 0 && n[LineBlock3]+n[LineFlex2] > 0:
		return ClassFlex3Plus
	case n[LineFlex3] > 0 && n[LineBlock2] > 0:
		return ClassFlex3Block2
	case n[LineFlex3] > 0:
		return ClassFlex3
	case n[LineBlock3]+n[LineFlex2] >= 2:
		return ClassTwoTwos
	case n[LineBlock3] > 0:
		return classBlock3
	case n[LineFlex2] > 0:
		return ClassFlex2
	case n[LineBlock2] > 0:
		return classBlock2
	}
	return ClassNone
}

// MakesFour reports whether the class is a four or better: marking the
// cell threatens a win on the next move.
func (c CellClass) MakesFour() bool { return c >= ClassFour }

// ShapeNames spell the line shapes in the weights file.
var ShapeNames = [LineShapes]string{"none", "block1", "flex1", "block2", "flex2", "block3", "flex3", "block4", "flex4", "five"}

// ClassNames spell the classes in the weights file.
var ClassNames = [ClassCount]string{
	"none", "block2", "flex2", "block3", "twoTwos", "flex3", "flex3Block2", "flex3Plus",
	"doubleThree", "four", "fourBlock2", "fourPlus", "fourThree", "openFour", "five",
}
