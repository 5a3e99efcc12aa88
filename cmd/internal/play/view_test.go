package play

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
func requireViewInLimits(t *testing.T, v View, cfg engine.Config) {
	t.Helper()
	lo, hiRow, hiCol := sparse.MinCoord, sparse.MaxCoord, sparse.MaxCoord
	if cfg.Bounded() {
		lo, hiRow, hiCol = 0, cfg.Rows-1, cfg.Cols-1
	}
	require.GreaterOrEqual(t, v.Top, lo)
	require.GreaterOrEqual(t, v.Left, lo)
	require.LessOrEqual(t, v.Top+v.Rows-1, hiRow)
	require.LessOrEqual(t, v.Left+v.Cols-1, hiCol)
}

func TestViewFollows(t *testing.T) {
	cfg := engine.DefaultConfig()
	v := NewView(9, 9, cfg)
	assert.Equal(t, "rows -4..4, columns -4..4", v.String())
	// Near the middle the view stays still; near the edge it recentres.
	follow := func(moves ...sparse.Cell) {
		t.Helper()
		v.Follow(moves, boxOf(moves))
	}
	follow(sparse.Cell{Row: 2, Col: -2})
	assert.Equal(t, "rows -4..4, columns -4..4", v.String(), "a move well inside leaves the view still")
	follow(sparse.Cell{Row: 2, Col: -2}, sparse.Cell{Row: 3, Col: 0})
	assert.Equal(t, "rows -2..6, columns -5..3", v.String(), "both moves in the middle")
	follow(sparse.Cell{Row: -1000000, Col: 1000000})
	assert.True(t, v.Contains(-1000000, 1000000))
	// The latest moves too far apart to fit: the last one is centred.
	follow(sparse.Cell{Row: 0, Col: 0}, sparse.Cell{Row: 50, Col: 50})
	assert.Equal(t, "rows 46..54, columns 46..54", v.String())
	for _, c := range []sparse.Cell{{Row: sparse.MinCoord, Col: sparse.MinCoord}, {Row: sparse.MaxCoord, Col: sparse.MaxCoord}, {Row: sparse.MinCoord, Col: sparse.MaxCoord}} {
		follow(c)
		assert.True(t, v.Contains(c.Row, c.Col), "%v", c)
		requireViewInLimits(t, v, cfg)
	}
	v.Pan(-10, 10)
	requireViewInLimits(t, v, cfg)
}

func TestViewOnBoundedBoards(t *testing.T) {
	small := engine.Config{K: 3, Players: 2, Rows: 3, Cols: 4}
	v := NewView(15, 15, small)
	assert.Equal(t, "rows 0..2, columns 0..3", v.String(), "the whole board when it fits")
	v.Pan(5, 5)
	assert.Equal(t, "rows 0..2, columns 0..3", v.String())

	big := engine.Config{K: 5, Players: 2, Rows: 100, Cols: 100}
	v = NewView(9, 9, big)
	requireViewInLimits(t, v, big)
	for _, c := range []sparse.Cell{{Row: 0, Col: 0}, {Row: 99, Col: 99}, {Row: 0, Col: 99}, {Row: 50, Col: 50}} {
		v.Follow([]sparse.Cell{c}, boxOf([]sparse.Cell{c}))
		assert.True(t, v.Contains(c.Row, c.Col))
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
	v := NewView(3, 3, g.Config())
	v.Centre(-1000000, 100000)
	// Labels widen the columns; symbols stay under the labels' last digit.
	assert.Equal(t, `          99999 100000 100001
-1000001      .      .      .
-1000000      X      .      .
 -999999      .     [O]     .
`, renderBoard(g, &v, Style{}))
}

func TestRenderManyPlayers(t *testing.T) {
	g, err := engine.New(engine.WithK(2), engine.WithPlayers(MaxPlayers))
	require.NoError(t, err)
	for c := range MaxPlayers {
		_, err := g.Play(0, 2*c)
		require.NoError(t, err)
	}
	v := NewView(1, 2*MaxPlayers, g.Config())
	v.Centre(0, MaxPlayers)
	row := strings.Split(renderBoard(g, &v, Style{}), "\n")[1]
	seen := map[string]bool{}
	for _, f := range strings.Fields(strings.NewReplacer("[", " ", "]", " ").Replace(row))[1:] {
		if f != "." {
			assert.False(t, seen[f], "symbol %q used twice", f)
			seen[f] = true
		}
	}
	assert.Len(t, seen, MaxPlayers)
	assert.Equal(t, "X", Symbol(1))
	assert.Equal(t, "O", Symbol(2))
}

func TestViewOnATorus(t *testing.T) {
	cfg := engine.Config{K: 4, Players: 2, Rows: 5, Cols: 9, Torus: true}
	v := NewView(15, 15, cfg)
	assert.Equal(t, "rows 0..4, columns 0..8", v.String(), "the whole torus, each cell once")
	v.Pan(-1, 12)
	assert.Equal(t, "rows 4..3 across the edge, columns 3..2 across the edge", v.String(), "panning never stops at an edge")
	assert.True(t, v.Contains(4, 3))
	assert.True(t, v.Contains(3, 2))

	small := NewView(3, 3, cfg)
	small.Centre(0, 0)
	assert.Equal(t, "rows 4..1 across the edge, columns 8..1 across the edge", small.String())
	assert.True(t, small.Contains(4, 8))
	assert.False(t, small.Contains(2, 2))

	// The latest moves straddle the corner: framed together around it.
	recent := []sparse.Cell{{Row: 4, Col: 8}, {Row: 0, Col: 0}}
	v = NewView(3, 5, cfg)
	v.Follow(recent, boxOf(recent))
	assert.True(t, v.Contains(4, 8) && v.Contains(0, 0), v.String())
	assert.Equal(t, "rows 3..0 across the edge, columns 6..1 across the edge", v.String())

	g, err := engine.New(engine.WithConfig(cfg), engine.WithFreeOrder())
	require.NoError(t, err)
	for _, m := range recent {
		_, err := g.PlayAs(m.Row, m.Col, 1)
		require.NoError(t, err)
	}
	assert.Equal(t, strings.Join([]string{
		"   6  7  8  0  1",
		"3  .  .  .  .  .",
		"4  .  .  X  .  .",
		"0  .  .  . [X] .",
		""}, "\n"), renderBoard(g, &v, Style{}))
}
