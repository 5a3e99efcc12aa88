package opening_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/arena/opening"
	"github.com/gomoku-engine/gomoku/sparse"
)

const suite = `# three notations
0,0, 1,0, 0,1
8,-3, 6,-4, 5,-4   # Gomocup offsets

h8i9j10
7 7 7 8
`

func TestParseNotations(t *testing.T) {
	ops, err := opening.Parse(strings.NewReader(suite), "suite.txt")
	require.NoError(t, err)
	require.Len(t, ops, 4)
	want := []struct {
		src   string
		n     opening.Notation
		cells []sparse.Cell
	}{
		{"suite.txt:2", opening.Offset, []sparse.Cell{{Row: 7, Col: 7}, {Row: 7, Col: 8}, {Row: 8, Col: 7}}},
		{"suite.txt:3", opening.Offset, []sparse.Cell{{Row: 4, Col: 15}, {Row: 3, Col: 13}, {Row: 3, Col: 12}}},
		{"suite.txt:5", opening.MoveString, []sparse.Cell{{Row: 7, Col: 7}, {Row: 8, Col: 8}, {Row: 9, Col: 9}}},
		{"suite.txt:6", opening.RowCol, []sparse.Cell{{Row: 7, Col: 7}, {Row: 7, Col: 8}}},
	}
	for i, w := range want {
		assert.Equal(t, w.src, ops[i].Source)
		assert.Equal(t, w.n, ops[i].Notation)
		cells, err := ops[i].Cells(15, 15)
		if i == 1 {
			require.ErrorIs(t, err, opening.ErrPlacement, "column 15 is off a 15×15 board")
			cells, err = ops[i].Cells(20, 20)
			w.cells = []sparse.Cell{{Row: 7, Col: 18}, {Row: 6, Col: 16}, {Row: 6, Col: 15}}
		}
		require.NoError(t, err)
		assert.Equal(t, w.cells, cells, w.src)
	}
	// Offsets on an unbounded board are from (0, 0); a rectangle has its
	// own centre.
	cells, err := ops[0].Cells(0, 0)
	require.NoError(t, err)
	assert.Equal(t, sparse.Cell{Row: 1, Col: 0}, cells[2])
	cells, err = ops[0].Cells(10, 20)
	require.NoError(t, err)
	assert.Equal(t, sparse.Cell{Row: 5, Col: 10}, cells[0])
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ text, msg string }{
		{"0,0, 1", "x,y pairs"},
		{"0,0, x,1", `"x" is not a whole number`},
		{"7 7 8", "pairs"},
		{"h8h8", "already played"},
		{"0,0, 0,0", "move 2 is on the cell of move 1"},
		{"7 7 7 7", "move 2 is on the cell of move 1"},
		{"h", "needs a row number"},
		{"- 1", "not a whole number"},
		{"0,0, 1,99999999999", "out of range"},
	} {
		_, err := opening.Parse(strings.NewReader("\n"+tc.text), "f")
		require.ErrorIs(t, err, opening.ErrSyntax, tc.text)
		assert.Contains(t, err.Error(), "f:2", tc.text)
		assert.Contains(t, err.Error(), tc.msg, tc.text)
	}
	_, err := opening.Parse(strings.NewReader("# nothing\n\n"), "f")
	require.ErrorIs(t, err, opening.ErrEmpty)
	_, err = opening.Parse(strings.NewReader(strings.Repeat("1 ", 40000)), "f")
	require.ErrorIs(t, err, opening.ErrSyntax)
}

func TestCheck(t *testing.T) {
	cfg := engine.Config{K: 5, Players: 2, Rows: 15, Cols: 15}
	ops, err := opening.Parse(strings.NewReader("h8i9\n0,0, 1,1"), "ok")
	require.NoError(t, err)
	require.NoError(t, opening.Check(ops, cfg))

	won, err := opening.Parse(strings.NewReader("a1 b1 a2 b2 a3 b3 a4 b4 a5"), "won")
	require.NoError(t, err)
	err = opening.Check(won, cfg)
	require.ErrorIs(t, err, opening.ErrPlacement)
	assert.Contains(t, err.Error(), "won:1: the game is over")

	off, err := opening.Parse(strings.NewReader("z30"), "off")
	require.NoError(t, err)
	err = opening.Check(off, cfg)
	require.ErrorIs(t, err, opening.ErrPlacement)
	assert.Contains(t, err.Error(), "off:1: move 1 is off the 15×15 board")
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	require.NoError(t, os.WriteFile(a, []byte("h8\n"), 0o644))
	require.NoError(t, os.WriteFile(b, []byte("0,0\n1,1\n"), 0o644))
	ops, err := opening.Load(a, b)
	require.NoError(t, err)
	require.Len(t, ops, 3)
	assert.Equal(t, b+":2", ops[2].Source)
	_, err = opening.Load(filepath.Join(dir, "missing"))
	require.Error(t, err)
	_, err = opening.Load()
	require.ErrorIs(t, err, opening.ErrEmpty)
}

// The suite the README's strength figures use loads, holds sixty distinct
// three-stone positions, and every one is legal on 15×15.
func TestCenterSuite(t *testing.T) {
	ops, err := opening.Load(filepath.Join("..", "..", "..", "bench", "openings", "center60.txt"))
	require.NoError(t, err)
	require.Len(t, ops, 60)
	require.NoError(t, opening.Check(ops, engine.Config{K: 5, Players: 2, Rows: 15, Cols: 15}))
	seen := map[string]bool{}
	for _, op := range ops {
		cells, err := op.Cells(15, 15)
		require.NoError(t, err)
		require.Len(t, cells, 3, op.Source)
		key := fmt.Sprint(cells)
		assert.False(t, seen[key], "%s repeats an opening", op.Source)
		seen[key] = true
	}
}
