package arena_test

import (
	"context"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/arena"
	"github.com/gomoku-engine/gomoku/engine/arena/elo"
	"github.com/gomoku-engine/gomoku/engine/gomocup"
	"github.com/gomoku-engine/gomoku/engine/gomocup/manager"
	"github.com/gomoku-engine/gomoku/engine/gomocup/manager/braintest"
	"github.com/gomoku-engine/gomoku/engine/player"
	"github.com/gomoku-engine/gomoku/engine/record"
	"github.com/gomoku-engine/gomoku/sparse"
)

var board15 = engine.Config{K: 5, Players: 2, Rows: 15, Cols: 15}

func fake(t *testing.T, bin, name string, args ...string) arena.Entrant {
	t.Helper()
	c, err := manager.ParseProgram(bin + ":" + strings.Join(args, " "))
	require.NoError(t, err)
	return arena.External(c, name)
}

// Every fault is scored for the opponent, reported with its reason and
// the record, and the match goes on to the end with nothing left running.
func TestExternalFaults(t *testing.T) {
	bin, pids := braintest.Build(t)
	tests := []struct {
		mode   string
		fault  arena.Fault
		reason string
	}{
		{"crash", arena.Crash, "deliberate crash"},
		{"hang", arena.TimeLoss, "killed"},
		{"slow", arena.TimeLoss, "did not answer in time"},
		{"garbage", arena.Garbage, `"the answer is 42"`},
		{"occupied", arena.IllegalMove, "occupied"},
		{"refuse", arena.Refusal, `"ERROR no move today"`},
	}
	for _, tc := range tests {
		t.Run(tc.mode, func(t *testing.T) {
			entrants := []arena.Entrant{fake(t, bin, "good"), fake(t, bin, "bad", "-mode", tc.mode, "-at", "2", "-sleep", "3s")}
			opts := arena.Options{Config: board15, Games: 2, MoveTime: 300 * time.Millisecond, Tolerance: 300 * time.Millisecond, Grace: 200 * time.Millisecond}
			var rs []arena.GameResult
			s, err := run(context.Background(), entrants, opts, func(r arena.GameResult) error {
				rs = append(rs, r)
				return nil
			})
			require.NoError(t, err)
			checkSummary(t, s, rs)
			require.Len(t, rs, 2)
			for _, r := range rs {
				assert.Equal(t, arena.Forfeit, r.Ending)
				assert.Equal(t, tc.fault, r.Fault)
				assert.Equal(t, 0, r.WinnerEntrant(), "the faulty engine loses")
				assert.Equal(t, r.Seats[r.Loser-1], 1)
				assert.Contains(t, r.Reason, tc.reason)
				assert.Contains(t, r.Reason, "bad")
				// Each side moved at most twice: the record stops before the fault.
				assert.LessOrEqual(t, len(r.Moves), 3)
				assert.NotEmpty(t, r.Moves)
			}
			assert.Equal(t, 2, s.Entrants[0].Wins)
			assert.Equal(t, 2, s.Entrants[1].Faults[tc.fault])
			assert.Equal(t, 2, s.Entrants[1].Faults[arena.NoFault])
			assert.Equal(t, 2, s.Forfeits)
			assert.Equal(t, elo.Pentanomial{0, 0, 0, 0, 1}, s.Pairs)
			assert.Empty(t, braintest.Strays(pids, 5*time.Second))
		})
	}
}

// Two correct brains: names from ABOUT, numbered; openings in pairs with
// colours swapped; processes reused with RESTART, or replaced when they
// refuse it; several games at once.
func TestExternalMatch(t *testing.T) {
	bin, pids := braintest.Build(t)
	openings := [][]sparse.Cell{{{Row: 7, Col: 7}, {Row: 0, Col: 0}}, {{Row: 3, Col: 3}}}
	for _, tc := range []struct {
		name        string
		args        []string
		fresh       bool
		concurrency int
		processes   int
	}{
		{"reused", nil, false, 1, 2},
		{"fresh", nil, true, 1, 8},
		{"norestart", []string{"-mode", "norestart"}, false, 1, 5},
		{"concurrent", nil, false, 2, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			entries, _ := os.ReadDir(pids)
			before := len(entries)
			entrants := []arena.Entrant{fake(t, bin, ""), fake(t, bin, "", tc.args...)}
			opts := arena.Options{Config: board15, Games: 4, GameTime: 20 * time.Second, Increment: time.Second,
				Openings: openings, FreshProcess: tc.fresh, Concurrency: tc.concurrency}
			m, err := arena.NewMatch(context.Background(), entrants, opts)
			require.NoError(t, err)
			assert.Equal(t, []string{"fake#1", "fake#2"}, m.Names())
			var rs []arena.GameResult
			s, err := m.Run(context.Background(), func(r arena.GameResult) error {
				rs = append(rs, r)
				return nil
			})
			require.NoError(t, err)
			checkSummary(t, s, rs)
			for i, r := range rs {
				assert.NotEqual(t, arena.Forfeit, r.Ending, r.Reason)
				assert.Equal(t, i/2, r.OpeningIndex, "each opening twice, in order")
				assert.Equal(t, len(openings[i/2]), r.Opening)
				assert.Equal(t, openings[i/2][0], sparse.Cell{Row: r.Moves[0].Row, Col: r.Moves[0].Col})
				if i%2 == 1 {
					assert.Equal(t, []int{1, 0}, r.Seats, "colours swapped")
					assert.Equal(t, rs[i-1].Seats, []int{0, 1})
				}
			}
			assert.True(t, s.Paired)
			assert.Equal(t, 2, s.Pairs.Pairs())
			assert.Empty(t, braintest.Strays(pids, 5*time.Second))
			entries, _ = os.ReadDir(pids)
			if tc.concurrency == 1 {
				assert.Equal(t, tc.processes, len(entries)-before, "processes started")
			} else {
				assert.LessOrEqual(t, len(entries)-before, tc.processes)
			}
		})
	}
}

func TestExternalAgainstBuiltIn(t *testing.T) {
	bin, pids := braintest.Build(t)
	entrants := append([]arena.Entrant{fake(t, bin, "fake")}, named(t, "greedy")...)
	opts := arena.Options{Config: board15, Games: 2, MoveTime: 5 * time.Second}
	s, err := run(context.Background(), entrants, opts, nil)
	require.NoError(t, err)
	assert.Equal(t, 2, s.Entrants[1].Wins, "greedy beats the centre-filler")
	assert.Zero(t, s.Forfeits)
	assert.Empty(t, braintest.Strays(pids, 5*time.Second))
}

func TestExternalRefusedBeforeStart(t *testing.T) {
	bin, pids := braintest.Build(t)
	good := fake(t, bin, "x")
	two := []arena.Entrant{good, good}
	tm := 5 * time.Second
	for _, tc := range []struct {
		name string
		opts arena.Options
		msg  string
	}{
		{"unbounded", arena.Options{Games: 1, MoveTime: tm}, "bounded board"},
		{"k", arena.Options{Games: 1, MoveTime: tm, Config: engine.Config{K: 4, Players: 2, Rows: 9, Cols: 9}}, "not K = 4"},
		{"small", arena.Options{Games: 1, MoveTime: tm, Config: engine.Config{K: 5, Players: 2, Rows: 4, Cols: 9}}, "at least 5×5"},
		{"no clock", arena.Options{Games: 1, Config: board15}, "need a time limit"},
		{"bad opening", arena.Options{Games: 1, MoveTime: tm, Config: board15, Openings: [][]sparse.Cell{{{Row: 20, Col: 0}}}}, "opening 1"},
		{"increment alone", arena.Options{Games: 1, MoveTime: tm, Config: board15, Increment: tm}, "increment needs a game time"},
	} {
		_, err := arena.NewMatch(context.Background(), two, tc.opts)
		require.ErrorIs(t, err, arena.ErrBadOptions, tc.name)
		assert.Contains(t, err.Error(), tc.msg, tc.name)
	}
	_, err := arena.NewMatch(context.Background(), []arena.Entrant{good, good, good},
		arena.Options{Games: 1, MoveTime: tm, Config: engine.Config{K: 5, Players: 3, Rows: 15, Cols: 15}})
	require.ErrorIs(t, err, arena.ErrBadOptions)

	// A brain that exits at once is refused before any game.
	falseCmd, err := manager.ParseProgram("false")
	require.NoError(t, err)
	_, err = arena.NewMatch(context.Background(), []arena.Entrant{good, arena.External(falseCmd, "")}, arena.Options{Games: 1, MoveTime: tm, Config: board15})
	require.ErrorIs(t, err, arena.ErrBrain)
	assert.Contains(t, err.Error(), "ABOUT")
	assert.Empty(t, braintest.Strays(pids, 5*time.Second), "the good engine started first was stopped")
}

func TestSPRTStopsMatch(t *testing.T) {
	test := elo.SPRT{Elo0: 0, Elo1: 200, Alpha: 0.05, Beta: 0.05}
	opts := arena.Options{Config: engine.Config{K: 3, Players: 2, Rows: 3, Cols: 3}, Games: 2000, Seed: 3, SPRT: &test}
	s, err := run(context.Background(), named(t, "random", "random"), opts, nil)
	require.NoError(t, err)
	assert.Equal(t, elo.AcceptH0, s.Verdict, "equal players are not 200 Elo apart")
	assert.Less(t, s.Games, 2000)
	assert.Zero(t, s.Games%2, "the test decides after whole pairs")
	lower, _ := test.Bounds()
	assert.LessOrEqual(t, s.LLR, lower)
	assert.Equal(t, s.Games/2, s.Pairs.Pairs())
	assert.GreaterOrEqual(t, s.Pairs.Pairs(), elo.DefaultMinPairs, "no verdict before the minimum of pairs")
}

// Two random players on a tiny board: with no minimum the test accepts
// H0 after a few pairs; with one it waits, and decides once it may.
func TestSPRTWaitsForMinPairs(t *testing.T) {
	decided := func(minPairs int) int {
		test := elo.SPRT{Elo0: 0, Elo1: 200, Alpha: 0.05, Beta: 0.05, MinPairs: minPairs}
		opts := arena.Options{Config: engine.Config{K: 3, Players: 2, Rows: 3, Cols: 3}, Games: 2000, Seed: 3, SPRT: &test}
		s, err := run(context.Background(), named(t, "random", "random"), opts, nil)
		require.NoError(t, err)
		require.Equal(t, elo.AcceptH0, s.Verdict)
		return s.Pairs.Pairs()
	}
	early := decided(1)
	t.Logf("decided after %d pairs with no minimum", early)
	require.Less(t, early, 30, "the tiny board decides early")
	late := decided(early + 30)
	assert.GreaterOrEqual(t, late, early+30)
}

func TestConcurrentMatchRepeats(t *testing.T) {
	opts := arena.Options{Config: engine.Config{K: 4, Players: 2, Rows: 9, Cols: 9}, Games: 12, Seed: 5, OpeningMoves: 2}
	run := func(n int) []arena.GameResult {
		o := opts
		o.Concurrency = n
		var rs []arena.GameResult
		_, err := run(context.Background(), named(t, "greedy", "random"), o, func(r arena.GameResult) error {
			rs = append(rs, r)
			return nil
		})
		require.NoError(t, err)
		return rs
	}
	one, three := run(1), run(3)
	require.Len(t, three, 12)
	for i := range one {
		assert.Equal(t, one[i].Moves, three[i].Moves, "game %d is the same however many run at once", i)
		if i%2 == 1 {
			assert.Equal(t, one[i-1].Moves[:2], one[i].Moves[:2], "a pair shares its random opening")
		}
	}
}

// blackDoubleThree are black's moves that end on a double three at j8
// (x 9, y 7): the threes h8 i8 j8 and j8 j9 j10. whiteAway keeps white
// far from them, with no four of its own.
const (
	blackDoubleThree = "h8i8j9j10j8"
	whiteAway        = "a1a3a5a7a9a11a13"
)

// scripted plays a move string, then the cells a random bot picks.
func scripted(t *testing.T, name, moves string) arena.Entrant {
	t.Helper()
	rec, err := record.ParseMoveString(moves)
	require.NoError(t, err)
	var cells []sparse.Cell
	for _, m := range rec.Moves {
		cells = append(cells, sparse.Cell{Row: m.Row, Col: m.Col})
	}
	return arena.Entrant{Name: name, New: func(seed uint64) engine.Strategy {
		return &scriptThenRandom{cells: cells, random: player.NewRandom(seed)}
	}}
}

type scriptThenRandom struct {
	cells  []sparse.Cell
	random engine.Strategy
}

func (s *scriptThenRandom) Name() string { return "script" }

func (s *scriptThenRandom) Choose(ctx context.Context, g *engine.Game, p int) (sparse.Cell, error) {
	if len(s.cells) == 0 {
		return s.random.Choose(ctx, g, p)
	}
	c := s.cells[0]
	s.cells = s.cells[1:]
	return c, nil
}

// Under renju a brain is told INFO rule 4, and black's forbidden move,
// an external engine's or a built-in bot's, loses the game with the foul
// as the reason; the same moves under freestyle are an ordinary game.
func TestRenjuForbiddenMoveLoses(t *testing.T) {
	bin, pids := braintest.Build(t)
	renju15 := board15
	renju15.Rule = engine.Renju
	for _, tc := range []struct {
		name         string
		black, white arena.Entrant
	}{
		{"engines", fake(t, bin, "black", "-moves", blackDoubleThree), fake(t, bin, "white", "-moves", whiteAway)},
		{"bots", scripted(t, "black", blackDoubleThree), scripted(t, "white", whiteAway)},
		{"bot against engine", scripted(t, "black", blackDoubleThree), fake(t, bin, "white", "-moves", whiteAway)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var (
				mu   sync.Mutex
				sent []string
			)
			opts := arena.Options{Config: renju15, Games: 2, Schedule: arena.Fixed, MoveTime: 5 * time.Second,
				Log: func(_ int, name string, in bool, line string) {
					mu.Lock()
					defer mu.Unlock()
					if in {
						sent = append(sent, name+" "+line)
					}
				}}
			var rs []arena.GameResult
			s, err := run(context.Background(), []arena.Entrant{tc.black, tc.white}, opts, func(r arena.GameResult) error {
				rs = append(rs, r)
				return nil
			})
			require.NoError(t, err)
			checkSummary(t, s, rs)
			for _, r := range rs {
				assert.Equal(t, arena.Forfeit, r.Ending)
				assert.Equal(t, arena.ForbiddenMove, r.Fault)
				assert.Equal(t, 1, r.Loser, "black forfeits")
				assert.Equal(t, 2, r.Winner)
				assert.Equal(t, "forbidden move: double three at 9,7 by black", r.Reason)
				assert.Len(t, r.Moves, 8, "the forbidden move is not played")
			}
			assert.Equal(t, 2, s.Entrants[0].Faults[arena.ForbiddenMove])
			assert.Equal(t, 2, s.Entrants[1].Wins)
			if tc.white.Brain != nil {
				mu.Lock()
				assert.Contains(t, sent, "white INFO rule 4")
				assert.NotContains(t, sent, "white INFO rule 0")
				mu.Unlock()
			}
			assert.Empty(t, braintest.Strays(pids, 5*time.Second))
		})
	}

	// Freestyle lets black play the same moves; the game goes on.
	opts := arena.Options{Config: board15, Games: 1, Schedule: arena.Fixed, MaxMoves: 12}
	s, err := run(context.Background(), []arena.Entrant{scripted(t, "black", blackDoubleThree), scripted(t, "white", whiteAway)}, opts, nil)
	require.NoError(t, err)
	assert.Zero(t, s.Forfeits)
	assert.Equal(t, 1, s.MoveLimits)
}

// An engine's own INFO commands reach it at the start of every game, the
// reused process's after RESTART as the first's, after the match's own
// INFO so that they may override max_memory.
func TestEngineInfoSentEveryGame(t *testing.T) {
	bin, pids := braintest.Build(t)
	e := fake(t, bin, "capped")
	e.Info = []gomocup.Command{gomocup.Info(gomocup.InfoMaxNode, 5000), gomocup.Info(gomocup.InfoMaxMemory, 64<<20)}
	var (
		mu   sync.Mutex
		sent []string
	)
	opts := arena.Options{Config: board15, Games: 3, MoveTime: 5 * time.Second,
		Log: func(_ int, name string, in bool, line string) {
			mu.Lock()
			defer mu.Unlock()
			setup := strings.HasPrefix(line, "INFO ") && !strings.HasPrefix(line, "INFO time_left") ||
				strings.HasPrefix(line, "START") || strings.HasPrefix(line, "RESTART")
			if in && name == "capped" && setup {
				sent = append(sent, line)
			}
		}}
	_, err := run(context.Background(), append([]arena.Entrant{e}, named(t, "greedy")...), opts, nil)
	require.NoError(t, err)
	mu.Lock()
	defer mu.Unlock()
	game := []string{"INFO timeout_turn 5000", "INFO timeout_match 0", "INFO max_memory 367001600", "INFO rule 0",
		"INFO max_node 5000", "INFO max_memory 67108864"}
	want := append(append([]string{"START 15"}, game...), "RESTART")
	want = append(append(append(want, game...), "RESTART"), game...)
	assert.Equal(t, want, sent)
	assert.Empty(t, braintest.Strays(pids, 5*time.Second))
}

func TestEngineInfoRefused(t *testing.T) {
	bin, _ := braintest.Build(t)
	opts := arena.Options{Games: 1, MoveTime: 5 * time.Second, Config: board15}
	for _, tc := range []struct {
		name string
		info []gomocup.Command
		msg  string
	}{
		{"clock", []gomocup.Command{gomocup.Info(gomocup.InfoTimeLeft, 100)}, "set by the match"},
		{"rule", []gomocup.Command{gomocup.Info(gomocup.InfoRule, 1)}, "set by the match"},
		{"two words", []gomocup.Command{{Kind: gomocup.CmdInfo, Key: "folder", Value: "a b"}}, "one word"},
		{"empty key", []gomocup.Command{{Kind: gomocup.CmdInfo, Value: "1"}}, "one word"},
		{"not info", []gomocup.Command{{Kind: gomocup.CmdBegin}}, "not an INFO command"},
	} {
		e := fake(t, bin, "x")
		e.Info = tc.info
		_, err := arena.NewMatch(context.Background(), []arena.Entrant{e, fake(t, bin, "y")}, opts)
		require.ErrorIs(t, err, arena.ErrBadOptions, tc.name)
		assert.Contains(t, err.Error(), "entrant 1: ", tc.name)
		assert.Contains(t, err.Error(), tc.msg, tc.name)
	}
	bot := named(t, "greedy")[0]
	bot.Info = []gomocup.Command{gomocup.Info(gomocup.InfoMaxNode, 10)}
	_, err := arena.NewMatch(context.Background(), []arena.Entrant{fake(t, bin, "x"), bot}, opts)
	require.ErrorIs(t, err, arena.ErrBadOptions)
	assert.Contains(t, err.Error(), "entrant 2: INFO commands are for external engines")
}
