package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/sparse"
)

// requireViewInLimits checks the invariant of a view: its window lies in
// the board (or the coordinate range).
func requireViewInLimits(t *testing.T, v view, cfg engine.Config) {
	t.Helper()
	lo, hiRow, hiCol := sparse.MinCoord, sparse.MaxCoord, sparse.MaxCoord
	if cfg.Bounded() {
		lo, hiRow, hiCol = 0, cfg.Rows-1, cfg.Cols-1
	}
	require.GreaterOrEqual(t, v.top, lo)
	require.GreaterOrEqual(t, v.left, lo)
	require.LessOrEqual(t, v.top+v.rows-1, hiRow)
	require.LessOrEqual(t, v.left+v.cols-1, hiCol)
}

func TestViewFollows(t *testing.T) {
	cfg := engine.DefaultConfig()
	v := newView(9, 9, cfg)
	assert.Equal(t, "rows -4..4, columns -4..4", v.String())
	// Near the middle the view stays still; near the edge it recentres.
	follow := func(moves ...sparse.Cell) {
		t.Helper()
		v.follow(moves, boxOf(moves))
	}
	follow(sparse.Cell{Row: 2, Col: -2})
	assert.Equal(t, "rows -4..4, columns -4..4", v.String(), "a move well inside leaves the view still")
	follow(sparse.Cell{Row: 2, Col: -2}, sparse.Cell{Row: 3, Col: 0})
	assert.Equal(t, "rows -2..6, columns -5..3", v.String(), "both moves in the middle")
	follow(sparse.Cell{Row: -1000000, Col: 1000000})
	assert.True(t, v.contains(-1000000, 1000000))
	// The latest moves too far apart to fit: the last one is centred.
	follow(sparse.Cell{Row: 0, Col: 0}, sparse.Cell{Row: 50, Col: 50})
	assert.Equal(t, "rows 46..54, columns 46..54", v.String())
	for _, c := range []sparse.Cell{{Row: sparse.MinCoord, Col: sparse.MinCoord}, {Row: sparse.MaxCoord, Col: sparse.MaxCoord}, {Row: sparse.MinCoord, Col: sparse.MaxCoord}} {
		follow(c)
		assert.True(t, v.contains(c.Row, c.Col), "%v", c)
		requireViewInLimits(t, v, cfg)
	}
	v.pan(-10, 10)
	requireViewInLimits(t, v, cfg)
}

func TestViewOnBoundedBoards(t *testing.T) {
	small := engine.Config{K: 3, Players: 2, Rows: 3, Cols: 4}
	v := newView(15, 15, small)
	assert.Equal(t, "rows 0..2, columns 0..3", v.String(), "the whole board when it fits")
	v.pan(5, 5)
	assert.Equal(t, "rows 0..2, columns 0..3", v.String())

	big := engine.Config{K: 5, Players: 2, Rows: 100, Cols: 100}
	v = newView(9, 9, big)
	requireViewInLimits(t, v, big)
	for _, c := range []sparse.Cell{{Row: 0, Col: 0}, {Row: 99, Col: 99}, {Row: 0, Col: 99}, {Row: 50, Col: 50}} {
		v.follow([]sparse.Cell{c}, boxOf([]sparse.Cell{c}))
		assert.True(t, v.contains(c.Row, c.Col))
		requireViewInLimits(t, v, big)
	}
}

func TestRenderFarAway(t *testing.T) {
	g, err := engine.New(engine.WithK(3))
	require.NoError(t, err)
	for _, m := range [][2]int{{-1000000, 99999}, {-999999, 100000}} {
		_, err := g.Play(m[0], m[1])
		require.NoError(t, err)
	}
	v := newView(3, 3, g.Config())
	v.centre(-1000000, 100000)
	// Labels widen the columns; symbols stay under the labels' last digit.
	assert.Equal(t, `          99999 100000 100001
-1000001      .      .      .
-1000000      X      .      .
 -999999      .     [O]     .
`, renderBoard(g, &v, style{}))
}

func TestRenderManyPlayers(t *testing.T) {
	g, err := engine.New(engine.WithK(2), engine.WithPlayers(maxPlayPlayers))
	require.NoError(t, err)
	for c := range maxPlayPlayers {
		_, err := g.Play(0, 2*c)
		require.NoError(t, err)
	}
	v := newView(1, 2*maxPlayPlayers, g.Config())
	v.centre(0, maxPlayPlayers)
	row := strings.Split(renderBoard(g, &v, style{}), "\n")[1]
	seen := map[string]bool{}
	for _, f := range strings.Fields(strings.NewReplacer("[", " ", "]", " ").Replace(row))[1:] {
		if f != "." {
			assert.False(t, seen[f], "symbol %q used twice", f)
			seen[f] = true
		}
	}
	assert.Len(t, seen, maxPlayPlayers)
	assert.Equal(t, "X", symbol(1))
	assert.Equal(t, "O", symbol(2))
}
