package dense

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gradeLine is the pattern of a line drawn as text around its centre
// '*' (the cell graded): 'x' the player's mark, 'o' a blocked cell, '.'
// an empty one; cells beyond the drawing are blocked.
func gradeLine(t *testing.T, gt *gradeTable, s string) uint32 {
	t.Helper()
	c := -1
	for i, r := range s {
		if r == '*' {
			c = i
		}
	}
	require.GreaterOrEqual(t, c, 0, s)
	var idx uint32
	for d := -gt.side; d <= gt.side; d++ {
		if d == 0 {
			continue
		}
		v := uint32(2)
		if j := c + d; j >= 0 && j < len(s) {
			switch s[j] {
			case '.':
				v = 0
			case 'x':
				v = 1
			}
		}
		idx += v * gt.pow[patternDigit(d)]
	}
	return idx
}

// TestGrades grades drawn lines under both rules.
func TestGrades(t *testing.T) {
	free, exact := gradeTableFor(lineRules{k: 5}), gradeTableFor(lineRules{k: 5, exact: true})
	for _, c := range []struct {
		line        string
		free, exact lineGrade
	}{
		{"....*....", gradeFlex1, gradeFlex1},
		{"o...*o", gradeDead, gradeDead},
		{"o..x*....", gradeFlex2x3, gradeFlex2x3},
		{"ox*....", gradeBlock2, gradeBlock2},
		{"...x*....", gradeFlex2x4, gradeFlex2x4},
		{"..x.*....", gradeFlex2x3, gradeFlex2x3},
		{".x..*....", gradeFlex2, gradeFlex2},
		{"...xx*...", gradeFlex3x2, gradeFlex3x2},
		{"o..xx*...o", gradeFlex3x2, gradeFlex3x2},
		{"o.xx*..o", gradeFlex3, gradeFlex3},
		{"oxx*..o", gradeBlock3, gradeBlock3},
		{"..xxx*...", gradeFlex4, gradeFlex4},
		{"oxxx*..", gradeBlock4, gradeBlock4},
		{"xx.x*.", gradeBlock4, gradeBlock4},
		{"xxxx*", gradeFive, gradeFive},
		{".xxxx*xo", gradeFive, gradeOver},
		{"oxx*xxxo", gradeFive, gradeOver},
		{"ox.x*xxo", gradeBlock4, gradeDead},
	} {
		t.Run(c.line, func(t *testing.T) {
			assert.Equal(t, c.free, free.grade(gradeLine(t, free, c.line)), "freestyle")
			assert.Equal(t, c.exact, exact.grade(gradeLine(t, exact, c.line)), "exact")
		})
	}
}

// TestGradesRefineShapes: every pattern's grade refines its line shape,
// the shape the board's solver gives it, under both rules: the grades
// see the same threats, only more finely.
func TestGradesRefineShapes(t *testing.T) {
	for _, lr := range []lineRules{{k: 5}, {k: 5, exact: true}} {
		t.Run(fmt.Sprintf("exact=%v", lr.exact), func(t *testing.T) {
			gt, s := gradeTableFor(lr), solverFor(lr)
			bad := 0
			for idx := range uint32(len(gt.memo)) {
				g := gt.grade(idx)
				if shapeOfGrade[g] != s.shape(idx) {
					bad++
					if bad <= 5 {
						t.Errorf("pattern %d: grade %v, shape %s", idx, g, ShapeNames[s.shape(idx)])
					}
				}
			}
			assert.Zero(t, bad)
		})
	}
}

// TestExactOuterCellTellsOnlyOverlines: under the exact rule a
// pattern's outermost cells only tell whether a five would be an
// overline, so an opponent's mark there grades (and so shapes) the
// pattern as the empty cell does; the board's update skips the
// opponent's lookups for a mark that far (spread).
func TestExactOuterCellTellsOnlyOverlines(t *testing.T) {
	lr := lineRules{k: 5, exact: true}
	gt := gradeTableFor(lr)
	side := lr.Side()
	differ, seen := 0, 0
	for _, d := range []int{-side, side} {
		p := gt.pow[patternDigit(d)]
		for idx := range uint32(len(gt.memo)) {
			if idx/p%3 != 2 {
				continue
			}
			seen++
			if gt.grade(idx) != gt.grade(idx-2*p) {
				differ++
			}
		}
	}
	assert.Equal(t, 2*len(gt.memo)/3, seen)
	assert.Zero(t, differ)
	// Freestyle's outermost cells are in its fives, so there the mark counts.
	fr := gradeTableFor(lineRules{k: 5})
	assert.Equal(t, gradeBlock4, fr.grade(gradeLine(t, fr, "*xxx.")))
	assert.Equal(t, gradeDead, fr.grade(gradeLine(t, fr, "*xxxo")))
}

// TestPairWorthSymmetric: a pair's value does not depend on the order
// of its axes.
func TestPairWorthSymmetric(t *testing.T) {
	for g := range lineGrades {
		for h := range lineGrades {
			assert.Equal(t, pairWorth[g][h], pairWorth[h][g], "%v %v", g, h)
		}
	}
}
