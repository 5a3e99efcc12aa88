package renju_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine/gomocup/manager/braintest"
	"github.com/gomoku-engine/gomoku/engine/renju"
)

// rapfiSide is the board the diagrams are set on for Rapfi, and
// rapfiOffset where an unbounded diagram's top-left cell goes.
const (
	rapfiSide   = 15
	rapfiOffset = 3
)

// onRapfiBoard places a test diagram on a 15 × 15 board as Rapfi will see
// it: an unbounded diagram at (3, 3), a bounded one in the top-left
// corner (so that its left and top edges are the board's), then filler
// stones on the board's edge, far from the diagram, so that black and
// white have as many stones and black is to move. It returns the board
// and the diagram's '*' cell on it.
func onRapfiBoard(t testing.TB, text string, bounded bool) (*position, [2]int) {
	t.Helper()
	d, star := diagram(text, bounded)
	off := rapfiOffset
	if bounded {
		off = 0
	}
	p := &position{stones: map[[2]int]renju.Stone{}, rows: rapfiSide, cols: rapfiSide}
	count := map[renju.Stone]int{}
	for k, s := range d.stones {
		require.Less(t, max(k[0], k[1])+off, rapfiSide, "the diagram does not fit")
		p.set(k[0]+off, k[1]+off, s)
		count[s]++
	}
	need, filler := count[renju.Black]-count[renju.White], renju.White
	if need < 0 {
		need, filler = -need, renju.Black
	}
	// Fillers go five cells or more from the diagram's stones, black ones
	// also from each other, so that they make no shape with them, from
	// the bottom row up.
	var placed [][2]int
	far := func(r, c int) bool {
		near := func(k [2]int) bool { return max(k[0]-r, r-k[0], k[1]-c, c-k[1]) < 5 }
		for k := range d.stones {
			if near([2]int{k[0] + off, k[1] + off}) {
				return false
			}
		}
		return filler == renju.White || !slices.ContainsFunc(placed, near)
	}
	for r := rapfiSide - 1; r >= 0 && need > 0; r-- {
		for c := 0; c < rapfiSide && need > 0; c++ {
			if far(r, c) {
				p.set(r, c, filler)
				placed = append(placed, [2]int{r, c})
				need--
			}
		}
	}
	require.Zero(t, need, "no room for the filler stones")
	return p, [2]int{star[0] + off, star[1] + off}
}

// yxBoard is the YXBOARD body of p, black's and white's stones alternating
// from black's (field 1, the first mover), in row-major order.
func yxBoard(p *position) string {
	var black, white [][2]int
	for r := range p.rows {
		for c := range p.cols {
			switch p.At(r, c) {
			case renju.Black:
				black = append(black, [2]int{r, c})
			case renju.White:
				white = append(white, [2]int{r, c})
			}
		}
	}
	var b strings.Builder
	for i := range black {
		fmt.Fprintf(&b, "%d,%d,1\n", black[i][1], black[i][0])
		if i < len(white) {
			fmt.Fprintf(&b, "%d,%d,2\n", white[i][1], white[i][0])
		}
	}
	return b.String()
}

// forbidAnswer is YXSHOWFORBID's answer for p as the detector sees it.
func forbidAnswer(p *position) (string, int) {
	var b strings.Builder
	n := 0
	b.WriteString("FORBID ")
	for r := range p.rows {
		for c := range p.cols {
			if renju.Check(p, r, c) != renju.None {
				fmt.Fprintf(&b, "%02d%02d", c, r)
				n++
			}
		}
	}
	b.WriteString(".")
	return b.String(), n
}

// TestDiagramsAgreeWithRapfi sets every rule and nested case on Rapfi's
// board (see braintest.Rapfi) and
// compares its YXSHOWFORBID answer, every cell of the board, with the
// detector's. On the 15 × 15 board the move of each diagram must also be
// judged as the table says.
func TestDiagramsAgreeWithRapfi(t *testing.T) {
	in, rd := braintest.Rapfi(t)
	rapfi := func(lines string) string {
		_, err := fmt.Fprint(in, lines)
		require.NoError(t, err)
		for rd.Scan() {
			if l := strings.TrimSpace(rd.Text()); strings.HasPrefix(l, "FORBID") {
				return l
			}
		}
		t.Fatalf("Rapfi ended: %v", rd.Err())
		return ""
	}
	rapfi(fmt.Sprintf("INFO rule 4\nSTART %d\nYXSHOWFORBID\n", rapfiSide))

	type diagramCase struct {
		name, text string
		bounded    bool
		want       renju.Foul
	}
	var cases []diagramCase
	for _, tc := range ruleCases {
		cases = append(cases, diagramCase{tc.name, tc.diagram, tc.bounded, tc.want})
	}
	for i, tc := range nestedCases {
		cases = append(cases, diagramCase{fmt.Sprintf("nested case %d", i+1), tc.diagram, false, tc.want})
	}
	cells, forbidden := 0, 0
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, star := onRapfiBoard(t, tc.text, tc.bounded)
			assert.Equal(t, tc.want, renju.Check(p, star[0], star[1]), "the move on the 15 × 15 board, on\n%v", p)
			want, n := forbidAnswer(p)
			got := rapfi("YXBOARD\n" + yxBoard(p) + "DONE\nYXSHOWFORBID\n")
			assert.Equal(t, want, got, "Rapfi's answer, on\n%v", p)
			cells += rapfiSide*rapfiSide - len(p.stones)
			forbidden += n
		})
	}
	t.Logf("%d diagrams, %d empty cells, %d forbidden", len(cases), cells, forbidden)
}
