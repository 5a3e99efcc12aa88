package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/gomocup/manager/braintest"
	"github.com/gomoku-engine/gomoku/engine/internal/cliexit"
	"github.com/gomoku-engine/gomoku/engine/record"
)

// TestParsePosition reads a positions file's lines back as they were
// written and refuses malformed ones.
func TestParsePosition(t *testing.T) {
	for _, line := range []string{"15 freestyle g#1 h8i9j10 -107", "15 exact x h8i9j10k11 +M29", "20 freestyle y h8i9j10 0"} {
		p, err := parsePosition(line, true)
		require.NoError(t, err, line)
		assert.Equal(t, line, p.String())
	}
	p, err := parsePosition("15 exact g h8i9j10 -M3", true)
	require.NoError(t, err)
	assert.Equal(t, engine.Exact, p.cfg.Rule)
	assert.Equal(t, []record.Move{{Row: 7, Col: 7}, {Row: 8, Col: 8}, {Row: 9, Col: 9}}, p.moves)
	for _, bad := range []string{
		"", "15 freestyle g h8i9 ", "15 freestyle g h8i9 -1 extra", "x freestyle g h8 1", "15 renju g h8 1",
		"15 caro g h8 1", "200 freestyle g h8 1", "15 freestyle g h8h8? 1", "15 freestyle g h8 VAL_NONE", "15 freestyle g h8 M",
	} {
		_, err := parsePosition(bad, true)
		assert.Error(t, err, bad)
	}
}

// TestLabel has the fake brain (which prints ten a stone as its
// evaluation, none on a multiple of seven) label five games' positions
// and a sibling of each, then fits on them with the games (the fifth
// game's positions are held out, numbered after testdata's 40 games).
func TestLabel(t *testing.T) {
	bin, pids := braintest.Build(t)
	dir := t.TempDir()
	lines, err := os.ReadFile(filepath.Join("testdata", "games.txt"))
	require.NoError(t, err)
	games := filepath.Join(dir, "games.txt")
	require.NoError(t, os.WriteFile(games, []byte(strings.Join(strings.SplitN(string(lines), "\n", 6)[:5], "\n")+"\n"), 0o644))
	out := filepath.Join(dir, "fake-positions.txt")

	code, _, stderr := runApp("label", "--engine", bin+":-mode eval", "--move-time", "50ms", "--every", "2", "--siblings", "1", "--out", out, games)
	require.Equal(t, cliexit.OK, code, stderr)
	assert.Contains(t, stderr, "positions labelled from 5 games")
	assert.Empty(t, braintest.Strays(pids, 0), "the engine is closed")

	data, err := os.ReadFile(out)
	require.NoError(t, err)
	played := map[string]bool{}
	for _, line := range strings.Split(string(lines), "\n")[:5] {
		moves, _, ok := parseSummary(line)
		require.True(t, ok)
		for n := range moves {
			s, err := record.FormatMoveString(moves[:n])
			require.NoError(t, err)
			played[s] = true
		}
	}
	var inGames, siblings int
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		p, err := parsePosition(line, true)
		require.NoError(t, err, line)
		n := len(p.moves)
		assert.Regexp(t, `^[^/ ]+/games\.txt#[1-5]$`, p.group)
		assert.NotZero(t, n%7, "no line where the engine printed no evaluation: %s", line)
		assert.Equal(t, strings.TrimPrefix(p.eval, "+"), strconv.Itoa(10*n), line)
		assert.True(t, quiet(p.cfg, p.moves), line)
		s, _ := record.FormatMoveString(p.moves)
		if played[s] {
			inGames++
			assert.Zero(t, (n-3)%2, "every second position from the fourth move: %s", line)
			continue
		}
		siblings++
		require.True(t, played[mustFormat(t, p.moves[:n-1])], "one move away from a game: %s", line)
		last, near := p.moves[n-1], false
		for _, m := range p.moves[:n-1] {
			near = near || max(abs(m.Row-last.Row), abs(m.Col-last.Col)) <= 2
		}
		assert.True(t, near, "within two of a stone: %s", line)
	}
	assert.Positive(t, inGames)
	assert.Positive(t, siblings)

	// The fit takes them beside the games and reports them apart.
	code, _, stderr = runApp("--iters", "50", "--eval-weight", "0.5", "testdata", out)
	require.Equal(t, cliexit.OK, code, stderr)
	assert.Contains(t, stderr, "fake-positions.txt (positions); against the engines: fitted ")

	code, _, stderr = runApp("label", "--engine", bin, "--every", "0", "--out", out, games)
	assert.Equal(t, cliexit.Usage, code, stderr)
}

func mustFormat(t *testing.T, moves []record.Move) string {
	t.Helper()
	s, err := record.FormatMoveString(moves)
	require.NoError(t, err)
	return s
}

func abs(x int) int { return max(x, -x) }
