package renju_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine/renju"
)

// ruleCases illustrate the definitions and clauses of the International
// Rules of Renju (Renju International Federation, 2 May 1996, corrected
// 3 May 1998; section 3, terms and definitions, and section 9, black's
// forbidden moves; text at renju.net/study/rifrules.php, also at
// jatektan.hu/_2018_vissza/2011_ig/uj2001/rifrules1.html). The copies of
// the rules found carry the definitions as text but their figures only as
// images, which could not be read, so no RIF diagram is transcribed here:
// each case is a position built to show one clause, or one of the classic
// nested cases (a three that is false because its straight-four point is
// itself forbidden, by a double three or an overline; a five that wins
// although it makes a forbidden shape), on an unbounded board unless it
// says otherwise; '*' is black's move. TestDiagramsAgreeWithRapfi checks
// every cell of each against Rapfi's YXSHOWFORBID, and they seed FuzzCheck.
var ruleCases = []struct {
	name    string
	diagram string
	bounded bool
	want    renju.Foul
}{
	{name: "five in a row wins", diagram: "XXXX*", want: renju.None},
	{name: "overline: six in an unbroken row", diagram: "XXX*XX", want: renju.Overline},
	{name: "overline: seven", diagram: "XXX*XXX", want: renju.Overline},
	{name: "a split six is no overline but a four", diagram: "XX*X.XX", want: renju.None},
	{
		name: "five wins even when it makes an overline on another line",
		diagram: `
...X
...X
...X
XXXX*
...X
...X`,
		want: renju.None,
	},
	{
		name: "five wins even when it makes a double four",
		diagram: `
....X
....X
....X
.....
XXXX*
....X`,
		want: renju.None,
	},
	{
		name: "double four on two lines",
		diagram: `
....X
....X
....X
.....
XXX.*`,
		want: renju.DoubleFour,
	},
	{
		name: "double four of two closed fours",
		diagram: `
....O
....X
....X
....X
OXXX*.`,
		want: renju.DoubleFour,
	},
	{name: "double four on one line: ●·●●●·●", diagram: "X.X*X.X", want: renju.DoubleFour},
	{name: "double four on one line: ●●·●●·●●", diagram: "XX.*X.XX", want: renju.DoubleFour},
	{name: "double four on one line: ●●●·●·●●●", diagram: "XXX.*.XXX", want: renju.DoubleFour},
	{
		name: "four-three is allowed",
		diagram: `
...X
...X
....
XXX*`,
		want: renju.None,
	},
	{
		name: "double three",
		diagram: `
......
...X..
...X..
.XX*..
......`,
		want: renju.DoubleThree,
	},
	{
		name: "double three with a split three",
		diagram: `
......
....X.
....X.
.X.X*.
......`,
		want: renju.DoubleThree,
	},
	{
		name: "double three on the diagonals",
		diagram: `
.X...X.
..X.X..
...*...`,
		want: renju.DoubleThree,
	},
	{
		name: "three and three with a white stone closing one: no three, allowed",
		diagram: `
......
...X..
...X..
OXX*..
......`,
		want: renju.None,
	},
	{
		name: "a row whose straight four needs two more stones is no three",
		diagram: `
........
....X...
....X...
X..X*...
........`,
		want: renju.None,
	},
	{
		name: "a row that could become a straight four only beside an overline is no three",
		diagram: `
........
.....X..
.....X..
X..XX*.O
........`,
		want: renju.None,
	},
	{
		name: "the same row without the stone that spoils it is a three",
		diagram: `
........
.....X..
.....X..
...XX*.O
........`,
		want: renju.DoubleThree,
	},
	{
		name: "at the edge of a bounded board a row of three cannot open: no three",
		diagram: `
......
..X...
..X...
XX*...
......
......`,
		bounded: true,
		want:    renju.None,
	},
	{
		name: "the same stones in the open are a double three",
		diagram: `
......
..X...
..X...
XX*...
......
......`,
		want: renju.DoubleThree,
	},
	// Classic nested cases: a three is real only if its straight-four
	// point is itself allowed.
	{
		name: "a split three whose only straight-four point is a four-three-three is no three",
		// The row's stones with the move make ●·●●: its one
		// straight-four point, the gap, also makes threes on its column
		// and anti-diagonal, a double three, so the row is no three and
		// the move makes one three, the column below it.
		diagram: `
.......
.......
..X....
..X....
.X.X*..
.X..X..
X...X..
.......`,
		want: renju.None,
	},
	{
		name: "the same without the gap's anti-diagonal is a double three",
		diagram: `
.......
.......
..X....
..X....
.X.X*..
....X..
....X..
.......`,
		want: renju.DoubleThree,
	},
	{
		name: "a split three whose only straight-four point makes an overline is no three",
		// The gap would make six on its column: forbidden, so the row is
		// no three, and the move makes one three, the column below it.
		diagram: `
.......
..X....
..X....
..X....
.X.X*..
..X.X..
..X.X..
.......`,
		want: renju.None,
	},
	{
		name: "a three with two straight-four points, one an overline, is still a three",
		diagram: `
........
.....X..
.....X..
.....X..
..XX*...
....XX..
....XX..
........`,
		want: renju.DoubleThree,
	},
	{
		name: "five wins even when it makes a double three",
		diagram: `
..X.X.
...XX.
XXXX*.
......`,
		want: renju.None,
	},
	{
		name: "a three whose straight-four point is a double four is no three",
		diagram: `
.X..
.X.X
XX*.
....
X...`,
		want: renju.None,
	},
}

func TestRuleCases(t *testing.T) {
	for _, tc := range ruleCases {
		t.Run(tc.name, func(t *testing.T) {
			p, star := diagram(tc.diagram, tc.bounded)
			require.NotEqual(t, [2]int{-1, -1}, star, "the diagram marks no move")
			assert.Equal(t, tc.want, renju.Check(p, star[0], star[1]), "detector")
			assert.Equal(t, tc.want, refCheck(p, star[0], star[1]), "referee")
		})
	}
}

// nestedCases are positions where a three is real or false only because
// of what its straight-four point is, recursively: at depth d the answer
// changes when the referee stops looking d-1 levels down. They were found
// by searching random positions with the referee and pared down to the
// stones that matter.
var nestedCases = []struct {
	diagram string
	depth   int
	want    renju.Foul
}{
	// The anti-diagonal three's only straight-four point makes fours on
	// the anti-diagonal and the column: a double four, so that three is
	// false and the move is one three only.
	{depth: 1, want: renju.None, diagram: `
.X..
.X.X
XX*.
....
X...`},
	{depth: 1, want: renju.None, diagram: `
.X....
XX.*..
...XX.
....XX`},
	{depth: 1, want: renju.None, diagram: `
X......
....X..
.......
...XX..
....*..
.....XX
.......
......X
......X`},
	{depth: 2, want: renju.DoubleThree, diagram: `
.X..
X.X.
...*
XX..
.X.X
X...`},
	{depth: 2, want: renju.DoubleThree, diagram: `
..X....
XXX....
*..X...
.XXX...
..X....
....X.X`},
	{depth: 2, want: renju.DoubleThree, diagram: `
..XX..
..XX..
....XX
.*.X..
X.....
.X....
.X....`},
	{depth: 3, want: renju.None, diagram: `
.X....
XX.X..
....XX
....X.
..*XX.
.X....`},
	{depth: 4, want: renju.DoubleThree, diagram: `
.....X...
.....XX..
......XX.
.........
..XXX.X..
.........
...XX...X
X..*X....`},
	{depth: 3, want: renju.None, diagram: `
...*X
.XX..
...X.
XX.X.
..X..`},
}

func TestNestedCases(t *testing.T) {
	for _, tc := range nestedCases {
		p, star := diagram(tc.diagram, false)
		require.NotEqual(t, [2]int{-1, -1}, star, "the diagram marks no move")
		assert.Equal(t, tc.want, renju.Check(p, star[0], star[1]), "detector on\n%v", tc.diagram)
		assert.Equal(t, tc.want, refCheck(p, star[0], star[1]), "referee on\n%v", tc.diagram)
		_, shallow := refJudge(p, star[0], star[1], tc.depth-1)
		assert.NotEqual(t, tc.want, shallow, "the case is not nested %d deep:\n%v", tc.depth, tc.diagram)
	}
}
