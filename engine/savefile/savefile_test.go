package savefile_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/savefile"
	"github.com/gomoku-engine/gomoku/sparse"
)

// requireSameGame checks that got is an exact replay of want: same
// rules, moves, status and winner.
func requireSameGame(t *testing.T, want, got *engine.Game) {
	t.Helper()
	require.Equal(t, want.Config(), got.Config())
	require.Equal(t, want.History(), got.History())
	require.Equal(t, want.Status(), got.Status())
	require.Equal(t, want.Winner(), got.Winner())
	for c, p := range want.Marks() {
		require.Equal(t, p, got.At(c.Row, c.Col), "cell %v", c)
	}
}

func play(t *testing.T, g *engine.Game, moves ...[2]int) *engine.Game {
	t.Helper()
	for _, m := range moves {
		_, err := g.Play(m[0], m[1])
		require.NoError(t, err)
	}
	return g
}

func newGame(t *testing.T, opts ...engine.Option) *engine.Game {
	t.Helper()
	g, err := engine.New(opts...)
	require.NoError(t, err)
	return g
}

func TestRoundTrip(t *testing.T) {
	tests := []struct {
		name  string
		game  *engine.Game
		seats []string
	}{
		{"empty", newGame(t), nil},
		{"ongoing far away", play(t, newGame(t), [2]int{-2147483648, 2147483647}, [2]int{7, -9}), []string{"human", "greedy"}},
		{"won", play(t, newGame(t, engine.WithK(3), engine.WithBounds(3, 3)),
			[2]int{0, 0}, [2]int{1, 0}, [2]int{0, 1}, [2]int{1, 1}, [2]int{0, 2}), nil},
		{"drawn", play(t, newGame(t, engine.WithK(2), engine.WithBounds(1, 3)),
			[2]int{0, 0}, [2]int{0, 1}, [2]int{0, 2}), nil},
		{"torus won across the edge", play(t, newGame(t, engine.WithK(3), engine.WithBounds(3, 4), engine.WithTorus()),
			[2]int{1, 3}, [2]int{0, 0}, [2]int{1, 0}, [2]int{2, 2}, [2]int{1, 1}), nil},
		{"renju with black to move", play(t, newGame(t, engine.WithRule(engine.Renju), engine.WithBounds(15, 15)),
			[2]int{7, 5}, [2]int{0, 0}, [2]int{7, 6}, [2]int{0, 2}, [2]int{5, 7}, [2]int{0, 4}, [2]int{6, 7}, [2]int{0, 6}), []string{"black", "white"}},
		{"three players exact", play(t, newGame(t, engine.WithPlayers(3), engine.WithRule(engine.Exact)),
			[2]int{0, 0}, [2]int{5, 5}, [2]int{9, 9}), []string{"a \"quoted\", name", "b\\", "c:d"}},
	}
	free := newGame(t, engine.WithFreeOrder())
	_, err := free.PlayAs(3, 3, 2)
	require.NoError(t, err)
	_, err = free.PlayAs(4, 4, 2)
	require.NoError(t, err)
	tests = append(tests, struct {
		name  string
		game  *engine.Game
		seats []string
	}{"free order", free, nil})

	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			require.NoError(t, savefile.Write(&buf, tt.game, tt.seats))
			s, err := savefile.Read(bytes.NewReader(buf.Bytes()))
			require.NoError(t, err, buf.String())
			requireSameGame(t, tt.game, s.Game)
			assert.Equal(t, tt.seats, s.Seats)
			assert.Equal(t, tt.game.History(), s.Moves())
		})
	}
}

func TestTorusField(t *testing.T) {
	var buf bytes.Buffer
	g := play(t, newGame(t, engine.WithK(3), engine.WithBounds(3, 4), engine.WithTorus()), [2]int{1, 3})
	require.NoError(t, savefile.Write(&buf, g, nil))
	assert.Contains(t, buf.String(), `"config": {"k": 3, "players": 2, "rows": 3, "cols": 4, "torus": true, "rule": "freestyle", "order": "rotation"}`)
	s, err := savefile.Read(&buf)
	require.NoError(t, err)
	assert.True(t, s.Game.Config().Torus)

	buf.Reset()
	require.NoError(t, savefile.Write(&buf, play(t, newGame(t, engine.WithK(3), engine.WithBounds(3, 4)), [2]int{1, 3}), nil))
	assert.NotContains(t, buf.String(), "torus", "flat boards' files are as before")

	flat := strings.Replace(valid, `"rows": 3,`, `"rows": 3, "torus": false,`, 1)
	s, err = savefile.Read(strings.NewReader(flat))
	require.NoError(t, err)
	assert.False(t, s.Game.Config().Torus)
}

func TestWriteRefusesWrongSeatCount(t *testing.T) {
	err := savefile.Write(&bytes.Buffer{}, newGame(t), []string{"one"})
	require.ErrorContains(t, err, "1 seat names for 2 players")
}

const valid = `{
  "format": "gomoku-game",
  "version": 1,
  "config": {"k": 3, "players": 2, "rows": 3, "cols": 3, "rule": "freestyle", "order": "rotation"},
  "status": "won",
  "winner": 1,
  "moves": [[0, 0, 1], [1, 0, 2], [0, 1, 1], [1, 1, 2], [0, 2, 1]]
}`

func TestReadRejects(t *testing.T) {
	tests := []struct {
		name, old, new string
		sentinel       error
		msg            string
	}{
		{"not json", valid, "hello", savefile.ErrNotSaved, "line 1"},
		{"empty", valid, "", savefile.ErrNotSaved, "empty or cut short"},
		{"cut short", valid, valid[:60], savefile.ErrNotSaved, "empty or cut short"},
		{"syntax error line", `"winner": 1,`, `"winner": 1,,`, savefile.ErrNotSaved, "line 6"},
		{"trailing data", valid, valid + "{}", savefile.ErrNotSaved, "after the game"},
		{"wrong format", `"gomoku-game"`, `"chess"`, savefile.ErrNotSaved, `"format" field`},
		{"no version", `"version": 1,`, ``, savefile.ErrNotSaved, `no "version"`},
		{"future version", `"version": 1`, `"version": 2`, savefile.ErrVersion, "version 2"},
		{"unknown field", `"winner": 1,`, `"winner": 1, "cheat": true,`, savefile.ErrInvalid, `unknown field "cheat"`},
		{"string for number", `"k": 3`, `"k": "3"`, savefile.ErrInvalid, "config.k"},
		{"fraction", `[0, 0, 1]`, `[0.5, 0, 1]`, savefile.ErrInvalid, "integers"},
		{"short move", `[0, 0, 1]`, `[0, 0]`, savefile.ErrInvalid, "got 2 numbers"},
		{"long move", `[0, 0, 1]`, `[0, 0, 1, 4]`, savefile.ErrInvalid, "got 4 numbers"},
		{"no config", `"config": {"k": 3, "players": 2, "rows": 3, "cols": 3, "rule": "freestyle", "order": "rotation"},`, ``, savefile.ErrInvalid, `no "config"`},
		{"no k", `"k": 3, `, ``, savefile.ErrInvalid, `no "k"`},
		{"no players", `"players": 2, `, ``, savefile.ErrInvalid, `no "players"`},
		{"no rule", `"rule": "freestyle", `, ``, savefile.ErrInvalid, `no "rule"`},
		{"no order", `, "order": "rotation"`, ``, savefile.ErrInvalid, `no "order"`},
		{"bad rule", `"freestyle"`, `"caro"`, savefile.ErrInvalid, "unknown rule"},
		{"renju with K = 3", `"freestyle"`, `"renju"`, savefile.ErrInvalid, "renju is five in a row"},
		{"bad order", `"rotation"`, `"random"`, savefile.ErrInvalid, "unknown turn order"},
		{"half bounded", `"cols": 3`, `"cols": 0`, savefile.ErrInvalid, "both be 0"},
		{"k too big", `"k": 3`, `"k": 4`, savefile.ErrInvalid, "cannot fit"},
		{"one player", `"players": 2`, `"players": 1`, savefile.ErrInvalid, "players must be"},
		{"occupied", `[1, 0, 2]`, `[0, 0, 2]`, savefile.ErrInvalid, "move 2: sparse: cell occupied"},
		{"off board", `[1, 0, 2]`, `[3, 0, 2]`, savefile.ErrInvalid, "move 2: sparse: cell off the board"},
		{"wrong turn", `[1, 0, 2]`, `[1, 0, 1]`, savefile.ErrInvalid, "move 2: engine: not this player's turn"},
		{"bad player", `[1, 0, 2]`, `[1, 0, 7]`, savefile.ErrInvalid, "move 2: engine: player number out of range"},
		{"after the end", `[0, 2, 1]]`, `[0, 2, 1], [2, 2, 2]]`, savefile.ErrInvalid, "move 6: engine: game already over"},
		{"no status", `"status": "won",`, ``, savefile.ErrInvalid, `no "status"`},
		{"wrong status", `"status": "won"`, `"status": "ongoing"`, savefile.ErrInvalid, `status is "ongoing" but the moves leave the game won`},
		{"wrong winner", `"winner": 1`, `"winner": 2`, savefile.ErrInvalid, "winner is 2 but the moves make it 1"},
		{"torus not a bool", `"rows": 3,`, `"rows": 3, "torus": 1,`, savefile.ErrInvalid, "config.torus"},
		{"torus unbounded", `"rows": 3, "cols": 3,`, `"rows": 0, "cols": 0, "torus": true,`, savefile.ErrInvalid, "a torus needs a bounded board"},
		{"torus k beyond the longest cycle", `"k": 3, "players": 2, "rows": 3, "cols": 3,`, `"k": 4, "players": 2, "rows": 3, "cols": 3, "torus": true,`, savefile.ErrInvalid, "longest lines (the diagonals) have 3 cells"},
		{"seat count", `"status"`, `"seats": ["human"], "status"`, savefile.ErrInvalid, "1 seat names for 2 players"},
		{"empty seat", `"status"`, `"seats": ["human", ""], "status"`, savefile.ErrInvalid, "seat 2 has an empty name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.Contains(t, valid, tt.old, "test case does not apply")
			doc := strings.Replace(valid, tt.old, tt.new, 1)
			s, err := savefile.Read(strings.NewReader(doc))
			require.ErrorIs(t, err, tt.sentinel)
			require.ErrorContains(t, err, tt.msg)
			require.Nil(t, s)
		})
	}
	s, err := savefile.Read(strings.NewReader(valid))
	require.NoError(t, err)
	require.Equal(t, 1, s.Game.Winner())
}

func TestSaveAndLoad(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.json")
	g := play(t, newGame(t), [2]int{0, 0}, [2]int{1, 1})
	require.NoError(t, savefile.Save(path, g, []string{"human", "random"}))
	fi, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o644), fi.Mode().Perm())

	s, err := savefile.Load(path)
	require.NoError(t, err)
	requireSameGame(t, g, s.Game)

	// Overwriting keeps the file's mode and leaves no temporary files.
	require.NoError(t, os.Chmod(path, 0o600))
	play(t, g, [2]int{2, 2})
	require.NoError(t, savefile.Save(path, g, nil))
	fi, err = os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
	s, err = savefile.Load(path)
	require.NoError(t, err)
	requireSameGame(t, g, s.Game)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 1)
}

func TestSaveFailureKeepsOldFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.json")
	g := play(t, newGame(t), [2]int{0, 0})
	require.NoError(t, savefile.Save(path, g, nil))
	before, err := os.ReadFile(path)
	require.NoError(t, err)

	// Wrong seat count fails after the temporary file is created.
	play(t, g, [2]int{5, 5})
	require.Error(t, savefile.Save(path, g, []string{"x"}))
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, before, after)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 1, "the temporary file must be removed")

	require.ErrorContains(t, savefile.Save(dir, g, nil), "not a regular file")
	require.Error(t, savefile.Save(filepath.Join(dir, "missing", "g.json"), g, nil))
}

func TestLoadErrorsNameTheFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.json")
	require.NoError(t, os.WriteFile(path, []byte("{}"), 0o644))
	_, err := savefile.Load(path)
	require.ErrorIs(t, err, savefile.ErrNotSaved)
	require.ErrorContains(t, err, path)
	_, err = savefile.Load(filepath.Join(t.TempDir(), "none.json"))
	require.ErrorIs(t, err, os.ErrNotExist)
}

func FuzzRead(f *testing.F) {
	f.Add([]byte(valid))
	f.Add([]byte(`{"format":"gomoku-game","version":1,"config":{"k":5,"players":2,"rule":"exact","order":"free"},"status":"ongoing","moves":[[1,2,2]]}`))
	f.Add([]byte(`{"format":"gomoku-game","version":1,"config":{"k":3,"players":2,"rows":3,"cols":4,"torus":true,"rule":"exact","order":"free"},"status":"ongoing","moves":[[2,3,2]]}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := savefile.Read(bytes.NewReader(data))
		if err != nil {
			require.Nil(t, s)
			return
		}
		// Whatever Read accepts must survive a round trip unchanged.
		var buf bytes.Buffer
		require.NoError(t, savefile.Write(&buf, s.Game, s.Seats))
		again, err := savefile.Read(&buf)
		require.NoError(t, err)
		requireSameGame(t, s.Game, again.Game)
		require.Equal(t, s.Seats, again.Seats)
	})
}

// A saved game keeps the rules only; the reader chooses the tuning, and
// rules given among the options do not override the file's.
func TestReadTakesTuning(t *testing.T) {
	g := play(t, newGame(t, engine.WithK(3), engine.WithBounds(3, 3), engine.WithChecker(engine.LinesChecker)),
		[2]int{0, 0}, [2]int{1, 0}, [2]int{0, 1})
	var buf bytes.Buffer
	require.NoError(t, savefile.Write(&buf, g, nil))
	assert.NotContains(t, buf.String(), "checker")

	plain, err := savefile.Read(bytes.NewReader(buf.Bytes()))
	require.NoError(t, err)
	assert.Equal(t, engine.WalkChecker, plain.Game.Checker())

	tuned, err := savefile.Read(bytes.NewReader(buf.Bytes()),
		engine.WithChecker(engine.RunsChecker), engine.WithLayout(sparse.GoMapCell), engine.WithK(2))
	require.NoError(t, err)
	requireSameGame(t, g, tuned.Game)
	assert.Equal(t, engine.RunsChecker, tuned.Game.Checker())
	assert.Equal(t, sparse.GoMapCell, tuned.Game.Layout())
}

// TestReadRejectsForbiddenMove: a saved renju game whose moves include
// one renju forbids to black is invalid, and the error names the foul.
func TestReadRejectsForbiddenMove(t *testing.T) {
	g := play(t, newGame(t, engine.WithRule(engine.Renju), engine.WithBounds(15, 15)),
		[2]int{7, 5}, [2]int{0, 0}, [2]int{7, 6}, [2]int{0, 2}, [2]int{5, 7}, [2]int{0, 4}, [2]int{6, 7}, [2]int{0, 6})
	var buf bytes.Buffer
	require.NoError(t, savefile.Write(&buf, g, nil))
	text := buf.String()
	require.Contains(t, text, "[0, 6, 2]\n")
	text = strings.Replace(text, "[0, 6, 2]\n", "[0, 6, 2], [7, 7, 1]\n", 1)
	_, err := savefile.Read(strings.NewReader(text))
	require.ErrorIs(t, err, savefile.ErrInvalid)
	require.ErrorIs(t, err, engine.ErrForbidden)
	assert.Contains(t, err.Error(), "move 9")
	assert.Contains(t, err.Error(), "double three")
}
