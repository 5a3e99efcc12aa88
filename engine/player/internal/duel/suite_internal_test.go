package duel

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/record"
	"github.com/gomoku-engine/gomoku/sparse"
	"github.com/stretchr/testify/assert"
)

// suiteLine is one position of a file of testdata: the game so far,
// given as a move string, and the line's key=value fields (the format is
// in testdata/README.md).
type suiteLine struct {
	moves string
	game  *engine.Game
	kv    map[string]string
}

// loadSuite reads the positions of path, one a line, each line's fields
// read by of; blank lines and lines starting with # are skipped. A
// malformed line, or one that of rejects, fails tb with its file and line
// number.
func loadSuite[T any](tb testing.TB, path string, of func(suiteLine) (T, error)) []T {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []T
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		l, err := parseSuiteLine(line)
		if err != nil {
			tb.Fatalf("%s:%d: %v", path, n, err)
		}
		p, err := of(l)
		if err != nil {
			tb.Fatalf("%s:%d: %v", path, n, err)
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// parseSuiteLine reads one line: a move string, then key=value fields,
// among them the board's size and rule, which the game is built with.
func parseSuiteLine(line string) (suiteLine, error) {
	fields := strings.Fields(line)
	l := suiteLine{moves: fields[0], kv: map[string]string{}}
	for _, f := range fields[1:] {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			return l, fmt.Errorf("field %q is not key=value", f)
		}
		l.kv[k] = v
	}
	size, err := strconv.Atoi(l.kv["size"])
	if err != nil {
		return l, fmt.Errorf("size: %w", err)
	}
	rule, err := engine.ParseRule(l.kv["rule"])
	if err != nil {
		return l, err
	}
	r, err := record.ParseMoveString(l.moves)
	if err != nil {
		return l, err
	}
	if l.game, err = r.Game(engine.WithBounds(size, size), engine.WithRule(rule)); err != nil {
		return l, err
	}
	return l, nil
}

// cells reads the comma-separated cells of key, none when it is absent.
func (l suiteLine) cells(key string) ([]sparse.Cell, error) {
	if l.kv[key] == "" {
		return nil, nil
	}
	r, err := record.ParseMoveString(strings.ReplaceAll(l.kv[key], ",", ""))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", key, err)
	}
	var cs []sparse.Cell
	for _, m := range r.Moves {
		cs = append(cs, sparse.Cell{Row: m.Row, Col: m.Col})
	}
	return cs, nil
}

// cell reads the one cell of key.
func (l suiteLine) cell(key string) (sparse.Cell, error) {
	cs, err := l.cells(key)
	if err != nil {
		return sparse.Cell{}, err
	}
	if len(cs) != 1 {
		return sparse.Cell{}, fmt.Errorf("%s: want one cell", key)
	}
	return cs[0], nil
}

// assertOngoingAfter asserts that c is a legal move of g, on a clone,
// that does not end the game at once; msg names the move in a failure.
func assertOngoingAfter(t *testing.T, g *engine.Game, c sparse.Cell, msg string) {
	t.Helper()
	out, err := g.Clone().Play(c.Row, c.Col)
	if assert.NoError(t, err, msg) {
		assert.Equal(t, engine.Ongoing, out, "%s ends the game at once", msg)
	}
}
