package matchcmd_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urfave/cli/v2"

	"github.com/gomoku-engine/gomoku/cmd/internal/exitcode"
	"github.com/gomoku-engine/gomoku/cmd/internal/matchcmd"
)

func TestMatchTable(t *testing.T) {
	r := runMatch(t, "--bots", "greedy,random", "--games", "6")
	require.Equal(t, exitcode.OK, r.code, r.err)
	assert.Empty(t, r.err, "no progress bar when standard error is not a terminal")
	lines := strings.Split(r.out, "\n")
	assert.Equal(t, "6 games of 5-in-a-row (freestyle) on an infinite board, seats rotate, seed 1, move limit 1000.", lines[0])
	assert.Regexp(t, `^\s+bot\s+games\s+wins\s+losses\s+draws\s+win %\s+first\s+won 1st\s+avg len\s+think med\s+think max$`, lines[2])
	assert.Regexp(t, `^\s+greedy\s+6\s+6\s+0\s+0\s+100\.0\s+3\s+3\s`, lines[3])
	assert.Regexp(t, `^\s+random\s+6\s+0\s+6\s+0\s+0\.0\s+3\s+0\s`, lines[4])
	assert.Regexp(t, `^Draws: 0 \(0 at the move limit\)\. Average game: \d+\.\d moves\.$`, lines[6])

	// The same seed gives the same games.
	again := runMatch(t, "--bots", "greedy,random", "--games", "6")
	assert.Equal(t, avgLine(r.out), avgLine(again.out))
}

// More games than twice the openings warn that deterministic bots replay
// games, unless random moves follow the openings; the match still runs.
func TestMatchWarnsOfRepeatedOpenings(t *testing.T) {
	suite := filepath.Join(t.TempDir(), "openings.txt")
	require.NoError(t, os.WriteFile(suite, []byte("0,0, 1,1\n"), 0o644))
	for _, tc := range []struct {
		name string
		args []string
		warn bool
	}{
		{"twice each", []string{"--games", "2"}, false},
		{"three times", []string{"--games", "3"}, true},
		{"random moves after them", []string{"--games", "3", "--opening", "2"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"--bots", "greedy,random", "--rows", "15", "--cols", "15", "--openings", suite}, tc.args...)
			r := runMatch(t, args...)
			require.Equal(t, exitcode.OK, r.code, r.err)
			if tc.warn {
				assert.Contains(t, r.err, "warning: 3 games from 1 openings play each more than twice")
			} else {
				assert.Empty(t, r.err)
			}
		})
	}
}

// --stats adds every bot's wins by seat and the search's figures, and
// --think is the search's time per move (here with the paranoid look-ahead).
func TestMatchStats(t *testing.T) {
	r := runMatch(t, "--bots", "search,greedy,random", "--k", "4", "--games", "6", "--schedule", "permute", "--think", "10ms", "--concurrency", "2", "--look-ahead", "paranoid", "--stats")
	require.Equal(t, exitcode.OK, r.code, r.err)
	out := r.out[strings.Index(r.out, "Wins/games by seat"):]
	assert.Regexp(t, `\n  search  as 1: +\d/2  +as 2: +\d/2  +as 3: +\d/2\n`, out, "all six seat orders")
	assert.Regexp(t, `\n  random  as 1: +\d/2  +as 2: +\d/2  +as 3: +\d/2\n`, out)
	assert.Regexp(t, `\nSearch moves: \d+ \(.*\)\.\n`, out)
	assert.Contains(t, out, "(budget 10ms; over budget ")
	assert.Regexp(t, `\nNodes: \d+ in \d+\.\ds, \d+ a second\.\n`, out)

	r = runMatch(t, "--bots", "greedy,random", "--games", "2", "--stats")
	require.Equal(t, exitcode.OK, r.code, r.err)
	assert.Contains(t, r.out, "No move by the built-in search.")
}

func avgLine(out string) string { return out[strings.Index(out, "Draws:"):] }

// decodeMatchDoc reads the document "match --json" printed, refusing
// fields the test does not know.
func decodeMatchDoc(t *testing.T, out string) matchDoc {
	t.Helper()
	var doc matchDoc
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	require.NoError(t, dec.Decode(&doc))
	return doc
}

// matchDoc is the document "match --json" prints.
type matchDoc struct {
	Config struct {
		K, Players, Rows, Cols int
		Rule, Order, Checker   string
	}
	Games          int
	GamesRequested int `json:"games_requested"`
	Interrupted    bool
	Seed           uint64
	Schedule       string
	MaxMoves       int `json:"max_moves"`
	OpeningMoves   int `json:"opening_moves"`
	Draws          int
	MoveLimits     int     `json:"move_limits"`
	AvgLength      float64 `json:"avg_length"`
	Bots           []struct {
		Name                string
		Games, Wins, Losses int
		Draws               int
		WinRate             float64 `json:"win_rate"`
		FirstGames          int     `json:"first_games"`
		FirstWins           int     `json:"first_wins"`
		AvgLength           float64 `json:"avg_length"`
		Moves               int
		ThinkMedianNS       int64 `json:"think_median_ns"`
		ThinkMaxNS          int64 `json:"think_max_ns"`
		ThinkTotalNS        int64 `json:"think_total_ns"`
		Faults              struct {
			Total, Time, Crash, Garbage, Refusal int
			Illegal                              int `json:"illegal_move"`
			Forbidden                            int `json:"forbidden_move"`
		}
	}
	MoveTimeMS  int64 `json:"move_time_ms"`
	GameTimeMS  int64 `json:"game_time_ms"`
	IncrementMS int64 `json:"increment_ms"`
	ToleranceMS int64 `json:"tolerance_ms"`
	Openings    int
	Concurrency int
	HeadToHead  *struct {
		Wins, Losses, Draws int
		Score               float64
		Model               string
		Pentanomial         *[5]int
		eloDoc
		SPRT *sprtDoc
	} `json:"head_to_head"`
	Baseline *struct {
		Path, Bot string
		Pairs     int
		Differ    int      `json:"pairs_differing"`
		Score     *float64 `json:"score"`
		BaseScore *float64 `json:"baseline_score"`
		eloDoc
		SPRT *sprtDoc
	}
	Forfeits []struct {
		Game                      int
		Bot, Fault, Reason, Moves string
	}
}

// eloDoc is an estimate of the --json document.
type eloDoc struct {
	Elo       *float64
	EloLower  *float64 `json:"elo_lower"`
	EloUpper  *float64 `json:"elo_upper"`
	EloMargin *float64 `json:"elo_margin"`
	LOS       *float64
}

// sprtDoc is an SPRT of the --json document.
type sprtDoc struct {
	Elo0, Elo1, Alpha, Beta, LLR, Lower, Upper float64
	MinPairs                                   int `json:"min_pairs"`
	Verdict                                    string
}

func TestMatchJSON(t *testing.T) {
	r := runMatch(t, "--json", "--bots", "random,random,greedy", "--k", "4", "--rows", "9", "--cols", "9",
		"--games", "6", "--seed", "5", "--schedule", "permute", "--opening", "1")
	require.Equal(t, exitcode.OK, r.code, r.err)
	doc := decodeMatchDoc(t, r.out)
	assert.Equal(t, 6, doc.Games)
	assert.Equal(t, 6, doc.GamesRequested)
	assert.False(t, doc.Interrupted)
	assert.Equal(t, uint64(5), doc.Seed)
	assert.Equal(t, "permute", doc.Schedule)
	assert.Equal(t, 1, doc.OpeningMoves)
	assert.Equal(t, 3, doc.Config.Players)
	assert.Equal(t, 9, doc.Config.Rows)
	require.Len(t, doc.Bots, 3)
	names := []string{doc.Bots[0].Name, doc.Bots[1].Name, doc.Bots[2].Name}
	assert.Equal(t, []string{"random#1", "random#2", "greedy"}, names)
	wins := doc.Draws
	for _, b := range doc.Bots {
		assert.Equal(t, 6, b.Games)
		assert.Equal(t, 2, b.FirstGames, "permute seats every bot first equally often")
		assert.Equal(t, b.Games, b.Wins+b.Losses+b.Draws)
		wins += b.Wins
	}
	assert.Equal(t, 6, wins, "every game has one winner or is a draw")
}

func TestMatchInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := runMatchContext(ctx, "--bots", "greedy,random", "--games", "5")
	assert.Equal(t, exitcode.Interrupted, r.code)
	assert.Contains(t, r.out, "0 of 5 games (interrupted)")
	assert.Equal(t, "gomoku match: interrupted after 0 of 5 games\n", r.err)
}

func TestMatchUsageErrors(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	tests := []struct {
		name string
		args []string
		msg  string
	}{
		{"one bot", []string{"--bots", "greedy"}, "a match needs at least 2 bots"},
		{"unknown bot", []string{"--bots", "greedy,deep-blue"}, `--bots: player: unknown strategy "deep-blue"`},
		{"players disagree", []string{"--bots", "greedy,random", "--players", "3"}, "--players is 3 but --bots names 2 bots"},
		{"no games", []string{"--games", "0"}, "--games must be at least 1"},
		{"no moves", []string{"--max-moves", "0"}, "--max-moves must be at least 1"},
		{"long opening", []string{"--opening", "1000"}, "--opening must be 0 or more and below --max-moves"},
		{"negative move time", []string{"--move-time", "-1s"}, "--move-time must not be negative"},
		{"bad schedule", []string{"--schedule", "shuffle"}, "--schedule:"},
		{"bad bounds", []string{"--rows", "9"}, "--rows and --cols go together"},
		{"argument", []string{"greedy"}, `unexpected argument "greedy" (name the bots with --bots)`},
		{"no think time", []string{"--think", "0s"}, "--think must be positive"},
		{"too many threads", []string{"--threads", "257"}, "--threads must be from 1 to 256, got 257"},
		{"stats in JSON", []string{"--stats", "--json"}, "--stats adds to the table"},
		{"unknown look-ahead", []string{"--look-ahead", "minimax"}, `--look-ahead: player: unknown strategy: multi-player search "minimax"`},
		{"unknown two-player search", []string{"--duel-search", "minimax"}, `--duel-search: player: unknown strategy: two-player search "minimax"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			requireUsage(t, runMatch(t, tt.args...), tt.msg)
		})
	}
	r := runMatch(t, "--save-dir", filepath.Join(file, "sub"))
	require.Equal(t, exitcode.Fail, r.code)
	assert.Contains(t, r.err, "gomoku match: --save-dir:")
}

type result struct {
	out, err string
	code     int
}

// runMatch runs "gomoku match args..." in-process.
func runMatch(t *testing.T, args ...string) result {
	t.Helper()
	return runMatchContext(context.Background(), args...)
}

func runMatchContext(ctx context.Context, args ...string) result {
	var out, errOut bytes.Buffer
	app := &cli.App{
		Name: "gomoku", Reader: strings.NewReader(""), Writer: &out, ErrWriter: &errOut,
		ExitErrHandler: func(*cli.Context, error) {},
		Commands:       []*cli.Command{matchcmd.Command()},
	}
	code := exitcode.Of(app.RunContext(ctx, append([]string{"gomoku", "match"}, args...)), "gomoku", &errOut)
	return result{out.String(), errOut.String(), code}
}

// requireUsage checks a run that failed on its command line: exit status 2,
// a message naming the problem and the command's usage on standard error,
// nothing on standard output.
func requireUsage(t *testing.T, r result, msg string) {
	t.Helper()
	require.Equal(t, exitcode.Usage, r.code, "stderr: %s", r.err)
	require.Contains(t, r.err, msg)
	require.Contains(t, r.err, "USAGE:")
	require.Empty(t, r.out)
}

// --duel-search picks the search bot's two-player search: both play a
// game of five in a row to its end.
func TestMatchDuelSearch(t *testing.T) {
	for _, name := range []string{"classic", "screened"} {
		t.Run(name, func(t *testing.T) {
			r := runMatch(t, "--bots", "search,greedy", "--rows", "15", "--cols", "15", "--games", "2", "--think", "20ms", "--duel-search", name, "--stats")
			require.Equal(t, exitcode.OK, r.code, r.err)
			assert.Regexp(t, `\nNodes: \d+ in \d+\.\ds, \d+ a second\.\n`, r.out)
		})
	}
}
