package matchcmd_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/cmd/internal/exitcode"
	"github.com/gomoku-engine/gomoku/engine/arena/elo"
)

// baselineArgs is a small paired match of two bots with distinct names
// on three openings, each with colours swapped.
func baselineArgs(t *testing.T) []string {
	t.Helper()
	suite := filepath.Join(t.TempDir(), "suite.txt")
	require.NoError(t, os.WriteFile(suite, []byte("0,0, 1,1\n0,0, 0,1\n0,0, 2,0\n"), 0o644))
	return []string{"--bots", "greedy,greedy", "--name", "new,old", "--rows", "15", "--cols", "15",
		"--openings", suite, "--openings-order", "random", "--seed", "3", "--games", "6"}
}

// savedRun plays baselineArgs with --save-dir and returns the directory.
func savedRun(t *testing.T, extra ...string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "run")
	r := runMatch(t, append(append(baselineArgs(t), "--save-dir", dir), extra...)...)
	require.Equal(t, exitcode.OK, r.code, r.err)
	return dir
}

// pairScores is the referee: bot's score in each game pair of a
// games.txt, read with a regular expression of its own.
func pairScores(t *testing.T, path, bot string) []float64 {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	re := regexp.MustCompile(`\[Game "(\d+)"\] \[Black "(\w+)"\] \[White "(\w+)"\] \[Result "([^"]+)"\]`)
	var games []float64
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		m := re.FindStringSubmatch(line)
		require.NotNil(t, m, line)
		require.Equal(t, fmt.Sprint(len(games)+1), m[1])
		s := map[string]float64{"1-0": 1, "0-1": 0, "1/2-1/2": 0.5}[m[4]]
		if m[2] != bot {
			s = 1 - s
		}
		games = append(games, s)
	}
	var pairs []float64
	for i := 0; i+1 < len(games); i += 2 {
		pairs = append(pairs, (games[i]+games[i+1])/2)
	}
	return pairs
}

// A run compared with a saved run of the same games differs by nothing;
// compared with a baseline whose results were changed, it reports the
// paired difference the referee computes.
func TestMatchBaseline(t *testing.T) {
	dir := savedRun(t)
	r := runMatch(t, append(baselineArgs(t), "--baseline", dir)...)
	require.Equal(t, exitcode.OK, r.code, r.err)
	want := fmt.Sprintf("Against the baseline %s: new +0.0 ± 0.0 Elo (95%%: +0.0 to +0.0), LOS 50.0%%, over 3 game pairs (0 scored differently)",
		filepath.Join(dir, "games.txt"))
	assert.Contains(t, r.out, want)

	// The baseline had two games won by the other side: one pair's first
	// game and another pair's second.
	data, err := os.ReadFile(filepath.Join(dir, "games.txt"))
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	require.Len(t, lines, 6)
	flip := strings.NewReplacer(`[Result "1-0"]`, `[Result "0-1"]`, `[Result "0-1"]`, `[Result "1-0"]`)
	for _, i := range []int{0, 3} {
		lines[i] = flip.Replace(lines[i])
	}
	forged := filepath.Join(t.TempDir(), "games.txt")
	require.NoError(t, os.WriteFile(forged, []byte(strings.Join(lines, "\n")+"\n"), 0o644))

	r = runMatch(t, append(baselineArgs(t), "--baseline", forged, "--json")...)
	require.Equal(t, exitcode.OK, r.code, r.err)
	doc := decodeMatchDoc(t, r.out)
	require.NotNil(t, doc.Baseline)
	b := doc.Baseline
	base, run := pairScores(t, forged, "new"), pairScores(t, filepath.Join(dir, "games.txt"), "new")
	e := elo.Difference(base, run)
	assert.Equal(t, forged, b.Path)
	assert.Equal(t, "new", b.Bot)
	assert.Equal(t, 3, b.Pairs)
	assert.Equal(t, 2, b.Differ)
	require.NotNil(t, b.Score)
	require.NotNil(t, b.BaseScore)
	assert.InDelta(t, e.Score, *b.Score, 1e-12)
	assert.InDelta(t, (base[0]+base[1]+base[2])/3, *b.BaseScore, 1e-12)
	require.NotNil(t, b.Elo)
	require.NotNil(t, b.EloLower)
	require.NotNil(t, b.EloUpper)
	require.NotNil(t, b.LOS)
	assert.InDelta(t, e.Elo, *b.Elo, 1e-9)
	assert.InDelta(t, e.Lower, *b.EloLower, 1e-9)
	assert.InDelta(t, e.Upper, *b.EloUpper, 1e-9)
	assert.InDelta(t, e.LOS, *b.LOS, 1e-9)
	assert.NotZero(t, *b.Elo)

	// Without --baseline the document says so.
	r = runMatch(t, append(baselineArgs(t), "--json")...)
	require.Equal(t, exitcode.OK, r.code, r.err)
	assert.Nil(t, decodeMatchDoc(t, r.out).Baseline)
}

// A baseline that stopped early, or a run that did, compares the pairs
// both finished.
func TestMatchBaselineCommonPairs(t *testing.T) {
	dir := savedRun(t)
	path := filepath.Join(dir, "games.txt")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	short := filepath.Join(t.TempDir(), "games.txt")
	require.NoError(t, os.WriteFile(short, []byte(strings.Join(lines[:3], "\n")+"\n"), 0o644))
	r := runMatch(t, append(baselineArgs(t), "--baseline", short)...)
	require.Equal(t, exitcode.OK, r.code, r.err)
	assert.Contains(t, r.out, "over 1 game pairs (0 scored differently)")

	args := baselineArgs(t)
	args[len(args)-1] = "1"
	r = runMatch(t, append(args, "--baseline", dir)...)
	require.Equal(t, exitcode.OK, r.code, r.err)
	assert.Contains(t, r.out, "Against the baseline "+path+": no game pair finished in both runs.")
}

// A baseline that cannot be compared is refused before any game, with the
// reason; a match whose openings turn out to differ stops at the first
// game that shows it. The baseline is never written to.
func TestMatchBaselineErrors(t *testing.T) {
	dir := savedRun(t)
	path := filepath.Join(dir, "games.txt")
	before, err := os.ReadFile(path)
	require.NoError(t, err)
	write := func(text string) string {
		p := filepath.Join(t.TempDir(), "games.txt")
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		return p
	}
	three := write(`[Game "1"] [Black "new"] [White "old"] [Result "1-0"] h8` + "\n" +
		`[Game "2"] [Black "old"] [White "other"] [Result "1-0"] h8` + "\n")
	tests := []struct {
		name string
		args []string
		msg  string
	}{
		{"malformed tag", []string{"--baseline", write("[Game 1] h8\n")}, `games.txt:1: tag Game: want [Game "VALUE"]`},
		{"no number", []string{"--baseline", write(`[Black "new"] [White "old"] [Result "1-0"]` + "\n")}, `want a [Game "N"] tag with N from 1, got ""`},
		{"bad result", []string{"--baseline", write(`[Game "1"] [Black "new"] [White "old"] [Result "2-0"]` + "\n")}, `game 1: want a result of 1-0, 0-1 or 1/2-1/2, got "2-0"`},
		{"twice", []string{"--baseline", write(`[Game "1"] [Black "new"] [White "old"] [Result "1-0"]` + "\n" + `[Game "1"] [Black "old"] [White "new"] [Result "1-0"]` + "\n")}, "game 1 appears twice"},
		{"three players", []string{"--baseline", write(`[Game "1"] [Seats "a,b,c"] [Result "P1"]` + "\n")}, "game 1 has more than two players"},
		{"three names", []string{"--baseline", three}, "its games have 3 players in all"},
		{"empty", []string{"--baseline", write("\n")}, "holds no games"},
		{"other names", []string{"--name", "a,b", "--baseline", dir}, `has games of "new" and "old", this match plays "a" and "b"`},
		{"fixed seats", []string{"--schedule", "fixed", "--baseline", dir}, "--baseline compares game pairs"},
		{"own save dir", []string{"--baseline", dir, "--save-dir", dir}, "is the games.txt of --save-dir"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			requireUsage(t, runMatch(t, append(baselineArgs(t), tt.args...)...), tt.msg)
		})
	}
	t.Run("three bots", func(t *testing.T) {
		requireUsage(t, runMatch(t, "--bots", "greedy,random,random", "--baseline", dir), "--baseline compares game pairs")
	})
	t.Run("missing", func(t *testing.T) {
		r := runMatch(t, append(baselineArgs(t), "--baseline", filepath.Join(dir, "none"))...)
		require.Equal(t, exitcode.Fail, r.code, r.err)
		assert.Contains(t, r.err, "gomoku match: --baseline: open ")
	})
	t.Run("other openings", func(t *testing.T) {
		args := baselineArgs(t)
		args[len(args)-3] = "4" // --seed
		r := runMatch(t, append(args, "--baseline", dir)...)
		require.Equal(t, exitcode.Fail, r.code, r.err)
		assert.Regexp(t, `--baseline: game \d opened with "suite.txt:\d" here and with "suite.txt:\d" in `, r.err)
	})
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, string(before), string(after))
}

// With --baseline, --sprt tests the difference with the baseline and
// stops the match when it decides: H1 against a baseline where the first
// bot did worse, H0 against one where it did better.
func TestMatchBaselineSPRT(t *testing.T) {
	suite := filepath.Join(t.TempDir(), "suite.txt")
	require.NoError(t, os.WriteFile(suite, []byte("0,0, 1,1\n0,0, 0,1\n0,0, 2,0\n0,0, 1,0\n0,0, 2,2\n0,0, -1,2\n0,0, 2,1\n0,0, -2,1\n"), 0o644))
	args := []string{"--bots", "greedy,greedy", "--name", "new,old", "--rows", "15", "--cols", "15",
		"--openings", suite, "--openings-order", "random", "--seed", "3", "--games", "16"}
	dir := filepath.Join(t.TempDir(), "run")
	r := runMatch(t, append(args, "--save-dir", dir)...)
	require.Equal(t, exitcode.OK, r.code, r.err)
	data, err := os.ReadFile(filepath.Join(dir, "games.txt"))
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")

	// forge gives the baseline's first bot a loss for every win (worse)
	// or a win for every loss (better) in the first game of each pair.
	forge := func(better bool) string {
		out := append([]string{}, lines...)
		for i := 0; i < len(out); i += 2 {
			black := regexp.MustCompile(`\[Black "(\w+)"\]`).FindStringSubmatch(out[i])[1]
			won := `[Result "1-0"]`
			if black != "new" {
				won = `[Result "0-1"]`
			}
			lost := map[string]string{`[Result "1-0"]`: `[Result "0-1"]`, `[Result "0-1"]`: `[Result "1-0"]`}[won]
			if better {
				out[i] = strings.Replace(out[i], lost, won, 1)
			} else {
				out[i] = strings.Replace(out[i], won, lost, 1)
			}
		}
		p := filepath.Join(t.TempDir(), "games.txt")
		require.NoError(t, os.WriteFile(p, []byte(strings.Join(out, "\n")+"\n"), 0o644))
		return p
	}
	for _, tc := range []struct {
		better  bool
		verdict string
	}{{false, "H1 accepted"}, {true, "H0 accepted"}} {
		saved := filepath.Join(t.TempDir(), "run")
		r := runMatch(t, append(args, "--baseline", forge(tc.better), "--sprt", "elo0=0,elo1=150,minpairs=4", "--json", "--save-dir", saved)...)
		require.Equal(t, exitcode.OK, r.code, r.err)
		doc := decodeMatchDoc(t, r.out)
		out, err := os.ReadFile(filepath.Join(saved, "games.txt"))
		require.NoError(t, err)
		assert.Len(t, strings.Split(strings.TrimSpace(string(out)), "\n"), doc.Games, "the game that decided is saved too")
		require.NotNil(t, doc.Baseline)
		require.NotNil(t, doc.Baseline.SPRT)
		assert.Equal(t, tc.verdict, doc.Baseline.SPRT.Verdict)
		assert.Less(t, doc.Games, 16, "the test stopped the match")
		assert.GreaterOrEqual(t, doc.Baseline.Pairs, 4, "not before minpairs")
		assert.Nil(t, doc.HeadToHead.SPRT, "the test is on the difference, not on the score")
	}
	r = runMatch(t, append(args, "--baseline", dir, "--sprt", "elo0=0,elo1=150,minpairs=4")...)
	require.Equal(t, exitcode.OK, r.code, r.err)
	assert.Contains(t, r.out, "SPRT elo0=0,elo1=150,alpha=0.05,beta=0.05,minpairs=4 on the difference: LLR 0.000 [-2.944, 2.944], no decision yet")
	assert.Contains(t, r.out, "16 games of")
}
