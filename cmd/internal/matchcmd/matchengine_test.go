package matchcmd_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/cmd/internal/exitcode"
	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/gomocup/manager/braintest"
	"github.com/gomoku-engine/gomoku/engine/record"
	"github.com/gomoku-engine/gomoku/engine/renju"
)

// An external engine that crashes loses every game; the match finishes,
// reports the fault and the record, saves the games and leaves no process.
func TestMatchExternalEngines(t *testing.T) {
	bin, pids := braintest.Build(t)
	dir := t.TempDir()
	suite := filepath.Join(dir, "openings.txt")
	require.NoError(t, os.WriteFile(suite, []byte("# two openings\n0,0, 1,1\nh8i9j10\n"), 0o644))
	r := runMatch(t, "--json", "--bots", "pbrain:"+bin+",pbrain:"+bin+":-mode crash -at 3", "--name", ",crasher",
		"--rows", "15", "--cols", "15", "--games", "4", "--tc", "20+0.5", "--openings", suite, "--concurrency", "2",
		"--save-dir", filepath.Join(dir, "games"), "--save-format", "psq")
	require.Equal(t, exitcode.OK, r.code, r.err)
	doc := decodeMatchDoc(t, r.out)
	assert.Equal(t, "fake", doc.Bots[0].Name, "the ABOUT name")
	assert.Equal(t, "crasher", doc.Bots[1].Name)
	assert.Equal(t, 4, doc.Bots[0].Wins)
	assert.Equal(t, 4, doc.Bots[1].Faults.Crash)
	assert.Equal(t, 4, doc.Bots[1].Faults.Total)
	assert.Equal(t, int64(20000), doc.GameTimeMS)
	assert.Equal(t, int64(500), doc.IncrementMS)
	assert.Equal(t, 2, doc.Openings)
	require.NotNil(t, doc.HeadToHead)
	assert.Equal(t, "pentanomial", doc.HeadToHead.Model)
	assert.Equal(t, &[5]int{0, 0, 0, 0, 2}, doc.HeadToHead.Pentanomial)
	assert.Nil(t, doc.HeadToHead.Elo, "a 4-0 score is +infinity, written as null")
	require.Len(t, doc.Forfeits, 4)
	for i, f := range doc.Forfeits {
		assert.Equal(t, i+1, f.Game)
		assert.Equal(t, "crasher", f.Bot)
		assert.Equal(t, "crash", f.Fault)
		assert.Contains(t, f.Reason, "deliberate crash")
		assert.True(t, strings.HasPrefix(f.Moves, []string{"h8i9", "h8i9", "h8i9j10", "h8i9j10"}[i]), f.Moves)
	}
	saved, err := filepath.Glob(filepath.Join(dir, "games", "game-*.psq"))
	require.NoError(t, err)
	assert.Len(t, saved, 4)
	lines, err := os.ReadFile(filepath.Join(dir, "games", "games.txt"))
	require.NoError(t, err)
	assert.Contains(t, string(lines), `[Game "2"] [Black "crasher"] [White "fake"] [Result "0-1"] [Termination "player 1 forfeits (crash): `)
	assert.Contains(t, string(lines), `[Opening "`+suite+`:2"]`)
	assert.Empty(t, braintest.Strays(pids, 5*time.Second))

	// The table says the same.
	r = runMatch(t, "--bots", "pbrain:"+bin+",pbrain:"+bin+":-mode garbage -at 2", "--rows", "15", "--cols", "15",
		"--games", "2", "--move-time", "2s", "--sprt", "elo0=0,elo1=10")
	require.Equal(t, exitcode.OK, r.code, r.err)
	assert.Contains(t, r.out, "2 games of 5-in-a-row (freestyle) on a 15×15 board, seats rotate, seed 1, move limit 1000, 2s a move, tolerance 1s.")
	assert.Contains(t, r.out, "Score of fake#1 vs fake#2: 2 - 0 - 0  [1.000] 2 games")
	assert.Contains(t, r.out, "Elo difference: +inf ± n/a")
	assert.Contains(t, r.out, "Pairs by fake#1's points (0, 0.5, 1, 1.5, 2): [0 0 0 0 1]")
	assert.Contains(t, r.out, "SPRT elo0=0,elo1=10,alpha=0.05,beta=0.05,minpairs=20: LLR 0.000 [-2.944, 2.944], no decision yet")
	assert.Contains(t, r.out, "Forfeits: 2.\n  game 1: engine answered garbage: fake#2: TURN 7,6 answered \"the answer is 42\"")
	assert.Empty(t, braintest.Strays(pids, 5*time.Second))
}

func TestMatchEngineUsageErrors(t *testing.T) {
	bin, _ := braintest.Build(t)
	eng := "pbrain:" + bin
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.txt")
	require.NoError(t, os.WriteFile(bad, []byte("0,0, 1\n"), 0o644))
	won := filepath.Join(dir, "won.txt")
	require.NoError(t, os.WriteFile(won, []byte("a1 b1 a2 b2 a3 b3 a4 b4 a5\n"), 0o644))
	b15 := []string{"--rows", "15", "--cols", "15"}
	tests := []struct {
		name string
		args []string
		msg  string
	}{
		{"unbounded", []string{"--bots", eng + ",greedy", "--move-time", "1s"}, "external engines need a bounded board"},
		{"no clock", append([]string{"--bots", eng + ",greedy"}, b15...), "external engines need a time limit"},
		{"torus", append([]string{"--bots", eng + ",greedy", "--move-time", "1s", "--torus"}, b15...), "the protocol cannot say that lines wrap around a torus"},
		{"search on a torus", append([]string{"--bots", eng + ",search", "--move-time", "1s", "--torus"}, b15...), "seat 2 (search)"},
		{"k", append([]string{"--bots", eng + ",greedy", "--k", "4", "--move-time", "1s"}, b15...), "not K = 4"},
		{"three", append([]string{"--bots", eng + ",greedy,greedy", "--move-time", "1s"}, b15...), "two-player games, not 3"},
		{"missing engine", []string{"--bots", "pbrain:/no/such/engine,greedy"}, "--bots: pbrain:/no/such/engine:"},
		{"names", []string{"--bots", "greedy,random", "--name", "a"}, "--name gives 1 names for 2 bots"},
		{"tc", []string{"--tc", "fast"}, "--tc: want a duration"},
		{"tc zero", []string{"--tc", "0+1"}, "the game time must be positive"},
		{"sprt", []string{"--sprt", "elo0=5,elo1=0"}, "--sprt: elo: bad SPRT: elo0 must be below elo1"},
		{"sprt three", []string{"--bots", "greedy,random,random", "--sprt", "elo1=5"}, "an SPRT needs two entrants"},
		{"openings syntax", []string{"--openings", bad}, "bad.txt:1: offsets come in x,y pairs"},
		{"openings won", append([]string{"--openings", won}, b15...), "the game is over after the opening"},
		{"openings order", []string{"--openings-order", "shuffled"}, "--openings-order: want sequential or random"},
		{"concurrency", []string{"--concurrency", "0"}, "--concurrency must be at least 1"},
		{"tolerance", []string{"--tolerance", "0s"}, "--tolerance must be positive"},
		{"info syntax", append([]string{"--bots", eng + ",greedy", "--move-time", "1s", "--info", "1max_node=5"}, b15...), `--info: "1max_node=5": want N:KEY=VALUE`},
		{"info value", append([]string{"--bots", eng + ",greedy", "--move-time", "1s", "--info", "1:max_node"}, b15...), "want N:KEY=VALUE"},
		{"info engine", append([]string{"--bots", eng + ",greedy", "--move-time", "1s", "--info", "3:max_node=5"}, b15...), "no engine 3 among 2 bots"},
		{"info bot", append([]string{"--bots", eng + ",greedy", "--move-time", "1s", "--info", "2:max_node=5"}, b15...), "bot 2 is built in"},
		{"info clock", append([]string{"--bots", eng + ",greedy", "--move-time", "1s", "--info", "1:TIMEOUT_TURN=5"}, b15...), "INFO timeout_turn is set by the match"},
		{"info words", append([]string{"--bots", eng + ",greedy", "--move-time", "1s", "--info", "1:folder=a b"}, b15...), "must each be one word"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			requireUsage(t, runMatch(t, tt.args...), tt.msg)
		})
	}
	r := runMatch(t, "--openings", filepath.Join(dir, "missing.txt"))
	assert.Equal(t, exitcode.Fail, r.code)
	assert.Contains(t, r.err, "missing.txt")
}

// --info reaches its engine at the start of every game, after the match's
// own INFO, and only that engine.
func TestMatchEngineInfo(t *testing.T) {
	bin, pids := braintest.Build(t)
	log := filepath.Join(t.TempDir(), "engines.log")
	r := runMatch(t, "--bots", "pbrain:"+bin+",pbrain:"+bin, "--name", "a,b", "--rows", "15", "--cols", "15",
		"--games", "2", "--move-time", "2s", "--info", "2:max_node=777", "--info", "2:MAX_MEMORY=1048576", "--log", log)
	require.Equal(t, exitcode.OK, r.code, r.err)
	data, err := os.ReadFile(log)
	require.NoError(t, err)
	// Lines are "TIME game N NAME <- LINE"; b's own come after the match's.
	var got []string
	for line := range strings.Lines(string(data)) {
		if _, rest, ok := strings.Cut(strings.TrimSpace(line), " "); ok && strings.Contains(rest, " <- INFO max_") {
			got = append(got, rest)
		}
	}
	var want []string
	for _, g := range []string{"game 1", "game 2"} {
		want = append(want, g+" a <- INFO max_memory 367001600", g+" b <- INFO max_memory 367001600",
			g+" b <- INFO max_node 777", g+" b <- INFO max_memory 1048576")
	}
	assert.ElementsMatch(t, want, got)
	for i := 0; i+1 < len(got); i++ {
		if strings.HasSuffix(got[i+1], "INFO max_node 777") {
			assert.Equal(t, got[i+1][:len("game 1")]+" b <- INFO max_memory 367001600", got[i], "the match's INFO first")
		}
	}
	assert.Empty(t, braintest.Strays(pids, 5*time.Second))
}

// Under renju the engines hear INFO rule 4, black's double three loses the
// game with the foul as the reason, and the SGF records carry the rule,
// the result and the reason.
func TestMatchRenjuForbiddenMove(t *testing.T) {
	bin, pids := braintest.Build(t)
	dir := t.TempDir()
	log := filepath.Join(dir, "engines.log")
	// Black's fifth move, j8, makes the threes h8 i8 j8 and j8 j9 j10.
	black := "pbrain:" + bin + ":-moves h8i8j9j10j8"
	white := "pbrain:" + bin + ":-moves a1a3a5a7a9"
	r := runMatch(t, "--json", "--rule", "renju", "--bots", black+","+white, "--name", "black,white", "--schedule", "fixed",
		"--rows", "15", "--cols", "15", "--games", "2", "--move-time", "5s", "--log", log,
		"--save-dir", filepath.Join(dir, "games"), "--save-format", "sgf")
	require.Equal(t, exitcode.OK, r.code, r.err)
	doc := decodeMatchDoc(t, r.out)
	assert.Equal(t, "renju", doc.Config.Rule)
	assert.Equal(t, 2, doc.Bots[1].Wins)
	assert.Equal(t, 2, doc.Bots[0].Faults.Forbidden)
	assert.Equal(t, 2, doc.Bots[0].Faults.Total)
	require.Len(t, doc.Forfeits, 2)
	for _, f := range doc.Forfeits {
		assert.Equal(t, "black", f.Bot)
		assert.Equal(t, "forbidden move", f.Fault)
		assert.Equal(t, "forbidden move: double three at 9,7 by black", f.Reason)
		assert.Equal(t, "h8a1i8a3j9a5j10a7", f.Moves, "the forbidden move is not played")
	}

	sent, err := os.ReadFile(log)
	require.NoError(t, err)
	assert.Contains(t, string(sent), "black <- INFO rule 4\n")
	assert.Contains(t, string(sent), "white <- INFO rule 4\n")
	assert.NotContains(t, string(sent), "INFO rule 0")

	sgf, err := os.ReadFile(filepath.Join(dir, "games", "game-0002.sgf"))
	require.NoError(t, err)
	rec, err := record.ParseSGF(string(sgf))
	require.NoError(t, err)
	assert.True(t, rec.HasRule)
	assert.Equal(t, engine.Renju, rec.Rule)
	assert.Equal(t, []string{"black", "white"}, rec.Names)
	assert.Len(t, rec.Moves, 8)
	assert.Equal(t, []record.Property{
		{ID: "GN", Values: []string{"2"}},
		{ID: "RE", Values: []string{"W+1"}},
		{ID: "TE", Values: []string{"player 1 forfeits (forbidden move): forbidden move: double three at 9,7 by black"}},
	}, rec.Info)
	g, err := rec.Game()
	require.NoError(t, err)
	assert.Equal(t, renju.DoubleThree, g.Forbidden(7, 9), "the record reopens on the refused move")
	lines, err := os.ReadFile(filepath.Join(dir, "games", "games.txt"))
	require.NoError(t, err)
	assert.Contains(t, string(lines), `[Game "1"] [Black "black"] [White "white"] [Result "0-1"] [Termination "player 1 forfeits (forbidden move): forbidden move: double three at 9,7 by black"]`)
	assert.Empty(t, braintest.Strays(pids, 5*time.Second))

	// SGF needs a bounded board.
	requireUsage(t, runMatch(t, "--rule", "renju", "--bots", "greedy,random", "--save-format", "sgf"), "--save-format: sgf records need a bounded board")
}
