package brain

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/gomocup"
	"github.com/gomoku-engine/gomoku/sparse"
)

// doubleThree is a YXBOARD body (x,y,field) where the brain has black,
// its two open twos meeting at 7,7, a double three, and white's stones are
// in the corners; black is to move.
const doubleThree = "5,7,1\n0,0,2\n6,7,1\n14,0,2\n7,5,1\n0,14,2\n7,6,1\n14,14,2\n"

func TestRenjuIsPlayedFromTheNextGame(t *testing.T) {
	rec := &recorder{}
	lines := converse(t, Options{NewStrategy: rec.factory},
		"INFO rule 4\nSTART 15\nBEGIN\nINFO rule 0\nTURN 5,5\nINFO rule 4\nRESTART\nBEGIN\nINFO rule 6\nRESTART\nBEGIN\n")
	assert.Equal(t, []string{"OK", "0,0", "1,0", "OK", "0,0", "OK", "0,0"}, lines)
	var got []engine.Rule
	for _, th := range rec.thinks {
		got = append(got, th.Config.Rule)
	}
	r := engine.Renju
	assert.Equal(t, []engine.Rule{r, r, r, r}, got, "rule 0 sent mid-game waits; 6 is renju in a continuous game")
}

func TestYXBoardSetsThePositionWithoutThinking(t *testing.T) {
	rec := &recorder{}
	lines := converse(t, Options{NewStrategy: rec.factory},
		"START 15\nYXBOARD\n7,7,1\n8,8,2\nDONE\nYXBOARD\n7,7,2\n3,3,1\n3,3,2\nDONE\nTURN 9,9\n")
	require.Equal(t, []string{"OK", "ERROR YXBOARD stone 3 refused: 3,3 is occupied; position unchanged", "0,0"}, lines)
	require.Len(t, rec.thinks, 1, "YXBOARD does not think")
	assert.Equal(t, 3, rec.thinks[0].Stones, "the first YXBOARD's two stones and TURN's")

	lines = converse(t, Options{}, "YXBOARD\n1,1,1\nDONE\n")
	assert.Equal(t, []string{"ERROR YXBOARD before START: no board; send START first"}, lines)
}

func TestYXShowForbid(t *testing.T) {
	// The engine's list, as the answer should spell it.
	g, err := engine.New(engine.WithRule(engine.Renju), engine.WithBounds(15, 15))
	require.NoError(t, err)
	for _, l := range strings.Fields(doubleThree) {
		st, err := gomocup.ParseStone(l)
		require.NoError(t, err)
		_, err = g.Play(st.Y, st.X)
		require.NoError(t, err)
	}
	var want [][2]int
	for c := range g.ForbiddenCells() {
		want = append(want, [2]int{c.Col, c.Row})
	}
	require.Contains(t, want, [2]int{7, 7})

	for _, tt := range []struct {
		name, input string
		want        []string
	}{
		{"black to move under renju", "INFO rule 4\nSTART 15\nYXBOARD\n" + doubleThree + "DONE\nYXSHOWFORBID\n",
			[]string{"OK", gomocup.Forbid(want)}},
		{"the same stones under freestyle", "START 15\nYXBOARD\n" + doubleThree + "DONE\nYXSHOWFORBID\n",
			[]string{"OK", "FORBID ."}},
		{"white to move", "INFO rule 4\nSTART 15\nYXBOARD\n" + strings.ReplaceAll(doubleThree, "14,14,2\n", "") + "DONE\nyxshowforbid\n",
			[]string{"OK", "FORBID ."}},
		{"an empty board", "INFO rule 4\nSTART 15\nYXSHOWFORBID\n", []string{"OK", "FORBID ."}},
		{"no board", "YXSHOWFORBID\n", []string{"ERROR YXSHOWFORBID before START: no board"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, converse(t, Options{}, tt.input))
		})
	}
	assert.Equal(t, "FORBID 0707.", gomocup.Forbid([][2]int{{7, 7}}))
}

// fixed always answers the same cell.
type fixed struct{ c sparse.Cell }

func (fixed) Name() string { return "fixed" }

func (f fixed) Choose(context.Context, *engine.Game, int) (sparse.Cell, error) { return f.c, nil }

func TestRenjuBrainNeverAnswersAForbiddenCell(t *testing.T) {
	// The strategy insists on the double three: the brain answers its
	// fallback instead, which renju allows.
	lines := converse(t, Options{NewStrategy: Fixed(fixed{sparse.Cell{Row: 7, Col: 7}}), Debug: true},
		"INFO rule 4\nSTART 15\nBOARD\n"+doubleThree+"DONE\n")
	require.NotEmpty(t, lines)
	assert.Contains(t, strings.Join(lines, "\n"), "renju forbids: double three")
	x, y := parseMove(t, lines[len(lines)-1])
	assert.NotEqual(t, [2]int{7, 7}, [2]int{x, y})
	// checkMoves has checked the answer against the engine's detector.

	// Under freestyle the same cell is played.
	lines = converse(t, Options{NewStrategy: Fixed(fixed{sparse.Cell{Row: 7, Col: 7}})}, "START 15\nBOARD\n"+doubleThree+"DONE\n")
	assert.Equal(t, []string{"OK", "7,7"}, lines)
}

func TestYXHashClearGivesTheSearchAFreshStart(t *testing.T) {
	factory := searchFactory(t)
	strat, err := factory(Think{})
	require.NoError(t, err)
	kept := strat.(*keptSearch)
	before := kept.s
	lines := converse(t, Options{NewStrategy: factory}, "INFO timeout_turn 300\nSTART 15\nBEGIN\nYXHASHCLEAR\nTURN 8,8\n")
	require.Len(t, lines, 4)
	assert.Equal(t, "MESSAGE hash cleared", lines[2])
	assert.NotSame(t, before, kept.s)

	// Before any move, with no strategy yet, it is answered all the same.
	assert.Equal(t, []string{"MESSAGE hash cleared"}, converse(t, Options{}, "YXHASHCLEAR\n"))
}

func TestUnknownYixinCommandsAreErrors(t *testing.T) {
	for _, cmd := range []string{"YXFOO", "yxblock 1,1", "YXNBEST", "YXNBEST 0", "YXBALANCEONE 10"} {
		t.Run(cmd, func(t *testing.T) {
			lines := converse(t, Options{}, fmt.Sprintf("START 15\n%s\nBEGIN\n", cmd))
			require.Len(t, lines, 3, "one answer each, no hang")
			assert.True(t, strings.HasPrefix(lines[1], "ERROR "), lines[1])
			assert.Equal(t, "0,0", lines[2])
		})
	}
	assert.Equal(t, []string{"UNKNOWN command \"FOO\" is not supported"}, converse(t, Options{}, "FOO\n"))
}
