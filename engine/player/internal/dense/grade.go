package dense

import (
	"fmt"
	"sync"
)

// lineGrade is a line shape graded more finely for the pair evaluation
// (pair.go): a two and a three are told apart by how many ways they grow
// (the open-three points of an open two, the open-four points of an open
// three), and a mark that would make an overline under the exact rule is
// its own grade. Grades are judged on the window of cells a pattern
// holds, everything beyond it counting as blocked: marking the centre,
// then each empty cell of the span, and grading what that makes from the
// cell's own window.
type lineGrade uint8

const (
	gradeDead    lineGrade = iota // no five can be made on the line
	gradeOver                     // marking makes an overline (exact rule)
	gradeBlock1                   // one mark from a blocked two
	gradeFlex1                    // one mark from an open two
	gradeBlock2                   // one mark from a blocked three
	gradeFlex2                    // an open two with two open-three points
	gradeFlex2x3                  // an open two with three
	gradeFlex2x4                  // an open two with four or more
	gradeBlock3                   // one mark from a blocked four
	gradeFlex3                    // an open three with one open-four point
	gradeFlex3x2                  // an open three with two
	gradeBlock4                   // a four with one five point
	gradeFlex4                    // a four with two
	gradeFive                     // a five
	lineGrades
)

var gradeNames = [lineGrades]string{
	"dead", "over", "block1", "flex1", "block2", "flex2", "flex2x3", "flex2x4",
	"block3", "flex3", "flex3x2", "block4", "flex4", "five",
}

func (g lineGrade) String() string {
	if g < lineGrades {
		return gradeNames[g]
	}
	return fmt.Sprintf("lineGrade(%d)", uint8(g))
}

// shapeOfGrade is the line shape a grade refines.
var shapeOfGrade = [lineGrades]LineShape{
	gradeDead: lineNone, gradeOver: lineNone,
	gradeBlock1: LineBlock1, gradeFlex1: LineFlex1, gradeBlock2: LineBlock2,
	gradeFlex2: LineFlex2, gradeFlex2x3: LineFlex2, gradeFlex2x4: LineFlex2,
	gradeBlock3: LineBlock3, gradeFlex3: LineFlex3, gradeFlex3x2: LineFlex3,
	gradeBlock4: LineBlock4, gradeFlex4: lineFlex4, gradeFive: lineFive,
}

// gradeTable grades every pattern of a lineSolver's encoding (the
// pattern digits of the board's cells) for one player's rules.
type gradeTable struct {
	k     int
	exact bool
	side  int
	pow   []uint32
	memo  []lineGrade
}

// gradeSides bounds the windows graded: 3^(2·gradeSides) patterns.
const gradeSides = 5

// newGradeTable grades every pattern of side lr.side(), which must be
// at most gradeSides.
func newGradeTable(lr lineRules) *gradeTable {
	t := &gradeTable{k: lr.k, exact: lr.exact, side: lr.Side()}
	t.pow = make([]uint32, 2*t.side)
	p := uint32(1)
	for i := range t.pow {
		t.pow[i] = p
		p *= 3
	}
	t.memo = make([]lineGrade, p)
	for i := range t.memo {
		t.memo[i] = 0xFF
	}
	for i := range t.memo {
		t.grade(uint32(i))
	}
	return t
}

// grade grades pattern idx, whose centre is taken as marked.
func (t *gradeTable) grade(idx uint32) lineGrade {
	if g := t.memo[idx]; g != 0xFF {
		return g
	}
	n := 2*t.side + 1
	c := t.side
	var buf [2*gradeSides + 1]uint8
	line := buf[:n]
	for i := range n {
		if i != c {
			line[i] = uint8(idx / t.pow[patternDigit(i-c)] % 3)
		}
	}
	line[c] = 1
	// run is the marks in a row through the centre, span the cells
	// from start to end that no blocked cell cuts off from it.
	run, span, start, end := 1, 1, c, c
	for dir := -1; dir <= 1; dir += 2 {
		joined := true
		for i := c + dir; i >= 0 && i < n && line[i] != 2; i += dir {
			if line[i] == 1 && joined {
				run++
			} else {
				joined = false
			}
			span++
			start, end = min(start, i), max(end, i)
		}
	}
	var g lineGrade
	switch {
	case t.exact && run > t.k:
		g = gradeOver
	case run >= t.k:
		g = gradeFive
	case span < t.k:
		g = gradeDead
	default:
		var seen [lineGrades]int
		for i := start; i <= end; i++ {
			if line[i] == 0 {
				seen[t.grade(t.shifted(line, i))]++
			}
		}
		g = gradeFrom(&seen)
	}
	t.memo[idx] = g
	return g
}

// gradeFrom grades a line by the grades its empty cells' marks make.
func gradeFrom(seen *[lineGrades]int) lineGrade {
	threes := seen[gradeFlex3] + seen[gradeFlex3x2]
	switch {
	case seen[gradeFive] >= 2:
		return gradeFlex4
	case seen[gradeFive] == 1:
		return gradeBlock4
	case seen[gradeFlex4] >= 2:
		return gradeFlex3x2
	case seen[gradeFlex4] == 1:
		return gradeFlex3
	case seen[gradeBlock4] > 0:
		return gradeBlock3
	case threes >= 4:
		return gradeFlex2x4
	case threes == 3:
		return gradeFlex2x3
	case threes > 0:
		return gradeFlex2
	case seen[gradeBlock3] > 0:
		return gradeBlock2
	case seen[gradeFlex2]+seen[gradeFlex2x3]+seen[gradeFlex2x4] > 0:
		return gradeFlex1
	case seen[gradeBlock2] > 0:
		return gradeBlock1
	}
	return gradeDead
}

// shifted is the pattern of line's cell i, marked or not, seen from its
// own window: the cells of line around it, blocked beyond line's ends.
func (t *gradeTable) shifted(line []uint8, i int) uint32 {
	n := len(line)
	var idx uint32
	for d := -t.side; d <= t.side; d++ {
		if d == 0 {
			continue
		}
		v := uint8(2)
		if j := i + d; j >= 0 && j < n {
			v = line[j]
		}
		idx += uint32(v) * t.pow[patternDigit(d)]
	}
	return idx
}

// gradeTables shares the tables between boards.
var gradeTables struct {
	sync.Mutex
	m map[lineRules]*gradeTable
}

// gradeTableFor returns the shared table of the rules.
func gradeTableFor(lr lineRules) *gradeTable {
	gradeTables.Lock()
	defer gradeTables.Unlock()
	if t, ok := gradeTables.m[lr]; ok {
		return t
	}
	if gradeTables.m == nil {
		gradeTables.m = make(map[lineRules]*gradeTable)
	}
	t := newGradeTable(lr)
	gradeTables.m[lr] = t
	return t
}
