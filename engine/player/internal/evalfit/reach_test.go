package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/gomocup/manager/braintest"
	"github.com/gomoku-engine/gomoku/engine/internal/cliexit"
)

// reachFile runs reach on the first n games of testdata with args and
// returns its lines and the number of searches it ran.
func reachFile(t *testing.T, n int, args ...string) ([]string, int) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "g") // the same group names every time
	require.NoError(t, os.Mkdir(dir, 0o755))
	lines, err := os.ReadFile(filepath.Join("testdata", "games.txt"))
	require.NoError(t, err)
	games := filepath.Join(dir, "games.txt")
	require.NoError(t, os.WriteFile(games, []byte(strings.Join(strings.SplitN(string(lines), "\n", n+1)[:n], "\n")+"\n"), 0o644))
	out := filepath.Join(dir, "r-reach.txt")
	code, _, stderr := runApp(append(append([]string{"reach", "--out", out}, args...), games)...)
	require.Equal(t, cliexit.OK, code, stderr)
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	m := regexp.MustCompile(`kept from (\d+) searches of ` + strconv.Itoa(n) + ` games`).FindStringSubmatch(stderr)
	require.NotNil(t, m, stderr)
	searches, _ := strconv.Atoi(m[1])
	return strings.Split(strings.TrimSpace(string(data)), "\n"), searches
}

// Reach keeps positions the searches reached from the games' positions:
// legal, quiet, each once, at most --most a search, the same for a seed
// and another sample for another seed.
func TestReach(t *testing.T) {
	args := []string{"--nodes", "5000", "--rate", "64", "--most", "3"}
	lines, searches := reachFile(t, 6, append(args, "--seed", "3")...)
	games, err := labelGames([]string{filepath.Join("testdata", "games.txt")}, engine.DefaultConfig())
	require.NoError(t, err)
	seen := map[string]bool{}
	for _, line := range lines {
		p, err := parsePosition(line, false)
		require.NoError(t, err, line)
		assert.True(t, quiet(p.cfg, p.moves), "legal and quiet: %s", line)
		k, err := strconv.Atoi(p.group[strings.LastIndex(p.group, "#")+1:])
		require.NoError(t, err, line)
		game := games[k-1].moves
		from := 0
		for from < len(p.moves) && from < len(game) && p.moves[from] == game[from] {
			from++
		}
		assert.GreaterOrEqual(t, from, 3, "a search from a position of its game: %s", line)
		key := mustFormat(t, p.moves)
		assert.False(t, seen[key], "each position once: %s", line)
		seen[key] = true
	}
	assert.Greater(t, len(lines), searches, "more than one a search at one in 64")
	assert.LessOrEqual(t, len(lines), 3*searches, "at most three a search")

	again, _ := reachFile(t, 6, append(args, "--seed", "3")...)
	assert.Equal(t, lines, again, "the same seed, the same positions")
	other, _ := reachFile(t, 6, append(args, "--seed", "4")...)
	assert.NotEqual(t, lines, other, "another seed, another sample")
	one, searches := reachFile(t, 6, "--nodes", "5000", "--rate", "64", "--most", "1", "--seed", "3")
	assert.LessOrEqual(t, len(one), searches, "at most one a search")

	code, _, stderr := runApp("reach", "--rate", "0", "--out", filepath.Join(t.TempDir(), "x-reach.txt"), "testdata")
	assert.Equal(t, cliexit.Usage, code, stderr)
}

// Label labels a reach file's positions as they are, none added, and the
// fit reads them.
func TestLabelReach(t *testing.T) {
	lines, _ := reachFile(t, 5, "--nodes", "3000", "--rate", "64") // the fifth game's positions held out
	dir := t.TempDir()
	in := filepath.Join(dir, "r-reach.txt")
	require.NoError(t, os.WriteFile(in, []byte(strings.Join(lines, "\n")+"\n"), 0o644))
	bin, pids := braintest.Build(t)
	out := filepath.Join(dir, "r-positions.txt")
	code, _, stderr := runApp("label", "--engine", bin+":-mode eval", "--move-time", "20ms", "--out", out, in)
	require.Equal(t, cliexit.OK, code, stderr)
	assert.Empty(t, braintest.Strays(pids, 0), "the engine is closed")
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	labelled := strings.Split(strings.TrimSpace(string(data)), "\n")
	want := 0
	for _, line := range lines {
		p, err := parsePosition(line, false)
		require.NoError(t, err)
		if len(p.moves)%7 != 0 { // the fake brain prints no evaluation then
			want++
		}
	}
	require.Len(t, labelled, want)
	for _, line := range labelled {
		p, err := parsePosition(line, true)
		require.NoError(t, err, line)
		assert.Contains(t, lines, strings.TrimSuffix(line, " "+p.eval))
		assert.Equal(t, strconv.Itoa(10*len(p.moves)), strings.TrimPrefix(p.eval, "+"), line)
	}
	code, _, stderr = runApp("--iters", "50", "--eval-weight", "0.5", "testdata", out)
	require.Equal(t, cliexit.OK, code, stderr)
	assert.Contains(t, stderr, "r-positions.txt (positions); against the engines: fitted ")
}
