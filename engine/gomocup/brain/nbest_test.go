package brain

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/gomocup"
	"github.com/gomoku-engine/gomoku/engine/player"
)

// pvLine is a YXNBEST MESSAGE as Rapfi writes them after YXSHOWINFO:
// "(i) eval | depth[-seldepth] | moves", a move being a column letter
// from A and a row from 1. This brain writes no selective depth and one
// move.
var pvLine = regexp.MustCompile(`^MESSAGE \((\d+)\) ([+-]M(?:\d+|\*)|-?\d+) \| (\d+)(?:-\d+)? \| ([A-Z])(\d+)\b`)

// ranking is what a YXNBEST answer says: the moves in the order listed
// (x, y), their evaluations, and the move answered.
type ranking struct {
	moves  [][2]int
	evals  []string
	answer [2]int
	// listed holds every move listed, at any depth.
	listed map[[2]int]bool
}

// readRanking reads a YXNBEST answer: the MESSAGE lines of the last
// complete group (Rapfi lists its lines again at every depth, closing each
// depth, also one cut short by the clock, with a "MESSAGE Depth" line;
// this brain lists them once), then the move line. Other lines are
// skipped.
func readRanking(t testing.TB, lines []string) ranking {
	t.Helper()
	var cur, done ranking
	listed := map[[2]int]bool{}
	for _, l := range lines {
		if strings.HasPrefix(l, "MESSAGE Depth ") {
			if len(cur.moves) >= len(done.moves) {
				done = cur
			}
			cur = ranking{}
			continue
		}
		if m := pvLine.FindStringSubmatch(l); m != nil {
			i, _ := strconv.Atoi(m[1])
			y, _ := strconv.Atoi(m[5])
			for len(cur.moves) < i {
				cur.moves = append(cur.moves, [2]int{})
				cur.evals = append(cur.evals, "")
			}
			cur.moves[i-1] = [2]int{int(m[4][0] - 'A'), y - 1}
			listed[cur.moves[i-1]] = true
			cur.evals[i-1] = m[2]
			continue
		}
		if a := gomocup.ParseAnswer(l); a.Kind == gomocup.AnswerMove {
			r := cur
			if len(done.moves) >= len(cur.moves) {
				r = done // the last depth was cut short
			}
			r.answer, r.listed = [2]int{a.X, a.Y}, listed
			return r
		}
	}
	t.Fatalf("no move in %q", lines)
	return ranking{}
}

// yxGame is the engine game of a YXBOARD body (x,y,field lines), the
// brain's stones first.
func yxGame(t testing.TB, rule engine.Rule, size int, body string) *engine.Game {
	t.Helper()
	p := newPosition(size, size)
	for _, l := range strings.Fields(body) {
		st, err := gomocup.ParseStone(l)
		require.NoError(t, err)
		p.place(st.X, st.Y, st.Field)
	}
	g, _ := p.seenBy(p.toMove()).game(k, rule)
	require.NotNil(t, g)
	return g
}

// checkRanking asserts that r lists n distinct cells the side to move in
// g may play, and answers the first, or with first false one of the
// moves listed at some depth (Rapfi's answer is its best line after the
// last depth, which the clock may have cut short).
func checkRanking(t testing.TB, g *engine.Game, r ranking, n int, first bool) {
	t.Helper()
	require.Len(t, r.moves, n, "%v", r)
	seen := map[[2]int]bool{}
	for i, m := range r.moves {
		assert.False(t, seen[m], "move %d, %v, listed twice", i+1, m)
		seen[m] = true
		assert.NoError(t, g.CanPlace(m[1], m[0]), "move %d, %v", i+1, m)
		assert.Zero(t, g.Forbidden(m[1], m[0]), "move %d, %v, is forbidden to black", i+1, m)
	}
	if first {
		assert.Equal(t, r.moves[0], r.answer, "the answer is the best move")
	} else {
		assert.True(t, r.listed[r.answer], "the answer %v was listed", r.answer)
	}
}

func searchFactory(t testing.TB, opts ...player.SearchOption) StrategyFactory {
	t.Helper()
	f, err := ByName("search", 1, opts...)
	require.NoError(t, err)
	return f
}

// TestYXNBest: under each rule, YXNBEST 5 lists five distinct cells the
// side to move may play (under renju never one forbidden to black),
// answers the first and plays it on the board for the side to move, as
// Rapfi does. A node limit, not the clock, ends each search, so that all
// five fit in the time whatever the machine's load; the clock's part is
// TestYXNBestWithinTheTurn.
func TestYXNBest(t *testing.T) {
	f := searchFactory(t, player.WithMaxNodes(5000))
	for _, tt := range yxCases {
		t.Run(tt.name, func(t *testing.T) {
			g := yxGame(t, tt.game, 15, tt.body)
			m := startManager(t, Options{NewStrategy: f})
			m.send(fmt.Sprintf("INFO rule %d", tt.rule))
			m.send("INFO timeout_turn 60000")
			require.Equal(t, "OK", m.ask("START 15"))
			m.send("YXBOARD\n" + tt.body + "DONE")
			m.send("YXNBEST 5")
			r := readRanking(t, readAnswer(m))
			checkRanking(t, g, r, 5, true)
			// The move is on the board now: a stone of the side that was to move.
			x, y := r.answer[0], r.answer[1]
			assert.Regexp(t, "^ERROR TURN .* is occupied", m.ask(fmt.Sprintf("TURN %d,%d", x, y)))
			m.send("END")
			require.NoError(t, m.wait())
		})
	}
}

// TestYXNBestWithinTheTurn: under the clock alone, YXNBEST 5 answers
// within timeout_turn with the moves ranked by then (all five on an idle
// machine, fewer when the clock runs out first), the answer the first of
// them.
func TestYXNBestWithinTheTurn(t *testing.T) {
	for _, tt := range yxCases {
		t.Run(tt.name, func(t *testing.T) {
			g := yxGame(t, tt.game, 15, tt.body)
			m := startManager(t, Options{NewStrategy: searchFactory(t)})
			m.send(fmt.Sprintf("INFO rule %d", tt.rule))
			m.send("INFO timeout_turn 1000")
			require.Equal(t, "OK", m.ask("START 15"))
			m.send("YXBOARD\n" + tt.body + "DONE")
			start := time.Now()
			m.send("YXNBEST 5")
			lines := readAnswer(m)
			assert.Less(t, time.Since(start), time.Second, "within timeout_turn")
			r := readRanking(t, lines)
			require.NotEmpty(t, r.moves, "%q", lines)
			checkRanking(t, g, r, len(r.moves), true)
			m.send("END")
			require.NoError(t, m.wait())
		})
	}
}

// yxCases are the positions of the YXNBEST tests: a YXBOARD body, and
// the rule it is played under as the Gomocup numbers it and as the
// engine names it.
var yxCases = []struct {
	name string
	rule int
	game engine.Rule
	body string
}{
	{"freestyle, the brain to move", 0, engine.Freestyle, "7,7,1\n8,8,2\n8,7,1\n6,6,2\n"},
	{"exact five, the opponent to move", 1, engine.Exact, "7,7,1\n8,8,2\n8,7,1\n6,6,2\n9,7,1\n"},
	{"renju, black to move beside a double three", 4, engine.Renju, doubleThree},
}

// readAnswer reads the manager's lines up to and including a move.
func readAnswer(m *manager) []string {
	var lines []string
	for len(lines) == 0 || gomocup.ParseAnswer(lines[len(lines)-1]).Kind != gomocup.AnswerMove {
		lines = append(lines, m.read())
	}
	return lines
}

// TestYXNBestPlaysForTheSideToMove: after YXNBEST, which played for the
// side to move, the next YXNBEST ranks the other side's moves, as Rapfi's
// do; the stones say whose turn it is.
func TestYXNBestPlaysForTheSideToMove(t *testing.T) {
	f := searchFactory(t)
	s, out := serve(t, Options{NewStrategy: f}, "INFO timeout_turn 300\nSTART 15\nYXBOARD\n7,7,1\nDONE\nYXNBEST 2\n")
	require.Len(t, s.pos.stones, 2)
	assert.Equal(t, gomocup.FieldOpponent, s.pos.stones[1].f, "white's move, the opponent's: %q", out)
	_, out = serveMore(t, s, "YXNBEST 2\n")
	require.Len(t, s.pos.stones, 3, "%q", out)
	assert.Equal(t, gomocup.FieldOwn, s.pos.stones[2].f, "black's move, the brain's")
}

// TestYXNBestFirstIsTheSearchsChoice: on positions with a forced win, the
// first move listed, and answered, is the move the search plays for BOARD.
// A node limit ends the searches, as in TestYXNBest.
func TestYXNBestFirstIsTheSearchsChoice(t *testing.T) {
	f := searchFactory(t, player.WithMaxNodes(5000))
	for _, body := range []string{
		// A four, blocked at one end: one winning cell.
		"7,7,1\n7,6,2\n7,8,1\n0,0,2\n7,9,1\n0,2,2\n7,10,1\n0,4,2\n",
		// An open three and a split three crossing: a VCF.
		"5,5,1\n0,0,2\n6,6,1\n0,2,2\n7,7,1\n14,0,2\n9,5,1\n14,2,2\n9,6,1\n14,4,2\n",
	} {
		board := converse(t, Options{NewStrategy: f}, "INFO timeout_turn 60000\nSTART 15\nBOARD\n"+body+"DONE\n")
		require.Len(t, board, 2)
		x, y := parseMove(t, board[1])
		lines := converse(t, Options{NewStrategy: f}, "INFO timeout_turn 60000\nSTART 15\nYXBOARD\n"+body+"DONE\nYXNBEST 3\n")
		r := readRanking(t, lines)
		checkRanking(t, yxGame(t, engine.Freestyle, 15, body), r, 3, true)
		assert.Equal(t, [2]int{x, y}, r.answer, "%q", lines)
		assert.Regexp(t, `^\+M`, r.evals[0], "a forced win")
	}
}

// TestYXNBestListsEveryAllowedCell: asked for as many moves as black may
// play on a small renju board, the brain lists each of them once, and
// none of the cells renju forbids.
func TestYXNBestListsEveryAllowedCell(t *testing.T) {
	// 7 × 7; black (the brain) to move, with double-three points.
	const body = "1,3,1\n0,0,2\n2,3,1\n6,0,2\n3,1,1\n0,6,2\n3,2,1\n6,6,2\n5,5,1\n6,3,2\n"
	g := yxGame(t, engine.Renju, 7, body)
	var allowed [][2]int
	for y := range 7 {
		for x := range 7 {
			if g.CanPlace(y, x) == nil && g.Forbidden(y, x) == 0 {
				allowed = append(allowed, [2]int{x, y})
			}
		}
	}
	require.Less(t, len(allowed), 49-10, "the position has forbidden cells")
	// A node limit, not the clock, ends each search, so that all of them
	// fit in the time whatever the machine's load.
	f := searchFactory(t, player.WithMaxNodes(3000))
	lines := converse(t, Options{NewStrategy: f},
		fmt.Sprintf("INFO rule 4\nINFO timeout_turn 60000\nSTART 7\nYXBOARD\n%sDONE\nYXNBEST %d\n", body, len(allowed)))
	r := readRanking(t, lines)
	checkRanking(t, g, r, len(allowed), true)
	got := slices.Clone(r.moves)
	slices.SortFunc(got, func(a, b [2]int) int { return (a[1]*7 + a[0]) - (b[1]*7 + b[0]) })
	assert.Equal(t, allowed, got)
}

// serve runs a dialogue on a new server and returns it with its answers.
func serve(t testing.TB, opts Options, input string) (*server, []string) {
	t.Helper()
	return serveMore(t, newServer(nil, opts), input)
}

// serveMore goes on with the dialogue of s.
func serveMore(t testing.TB, s *server, input string) (*server, []string) {
	t.Helper()
	var out strings.Builder
	s.out = &out
	s.onMove = checkMoves(t, s)
	require.NoError(t, s.run(context.Background(), strings.NewReader(input)))
	return s, strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
}

// TestYXNBestRefusalsChangeNothing: a count that is not a whole number
// from 1 to the number of cells the side to move may play, a strategy that
// cannot rank, a finished game or no board: one ERROR line, and the
// position, the rule and what the brain learnt stay as they were.
func TestYXNBestRefusalsChangeNothing(t *testing.T) {
	const three = "INFO timeout_turn 300\nSTART 15\nYXBOARD\n7,7,1\n8,8,2\n8,7,1\nDONE\n"
	g := yxGame(t, engine.Renju, 15, doubleThree)
	forbidden := 0
	for range g.ForbiddenCells() {
		forbidden++
	}
	require.Positive(t, forbidden)
	for _, tt := range []struct {
		name, setup, cmd, want string
		opts                   Options
	}{
		{"no count", three, "YXNBEST", "ERROR .*YXNBEST wants a number of moves", Options{}},
		{"zero", three, "YXNBEST 0", "ERROR .*want at least 1", Options{}},
		{"negative", three, "YXNBEST -3", "ERROR .*YXNBEST wants a number of moves", Options{}},
		{"junk", three, "YXNBEST three", "ERROR .*YXNBEST wants a number of moves", Options{}},
		{"two counts", three, "YXNBEST 3 4", "ERROR .*YXNBEST wants a number of moves", Options{}},
		{"huge", three, "YXNBEST 99999999999999999999999", "ERROR .*YXNBEST wants a number of moves", Options{}},
		{"more than the free cells", three, "YXNBEST 223", `ERROR YXNBEST 223: only 222 cells can be played$`, Options{}},
		{"more than black may play", "INFO rule 4\n" + strings.Replace(three, "7,7,1\n8,8,2\n8,7,1\n", doubleThree, 1),
			fmt.Sprintf("YXNBEST %d", 225-8-forbidden+1),
			fmt.Sprintf(`ERROR YXNBEST %d: only %d cells can be played \(%d more are forbidden to black\)$`, 225-8-forbidden+1, 225-8-forbidden, forbidden), Options{}},
		{"a strategy that cannot rank", three, "YXNBEST 3", "ERROR YXNBEST: strategy first-free ranks only its best move; use the search", Options{NewStrategy: Fixed(firstFree{})}},
		{"a finished game", "START 15\nYXBOARD\n1,1,1\n2,1,1\n3,1,1\n4,1,1\n5,1,1\n0,5,2\nDONE\n", "YXNBEST 1", "ERROR YXNBEST: the position holds a finished game", Options{}},
		{"no board", "", "YXNBEST 2", "ERROR YXNBEST before START: no board", Options{}},
		{"a refused rule", "INFO rule 8\n" + three, "YXNBEST 2", "ERROR rule 8 is not supported", Options{}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.opts.NewStrategy == nil {
				tt.opts.NewStrategy = searchFactory(t)
			}
			s, _ := serve(t, tt.opts, tt.setup)
			var stones []stone
			if s.pos != nil {
				stones = slices.Clone(s.pos.stones)
			}
			rule, fixed, strat := s.gameRule, s.ruleFixed, s.strategy
			_, out := serveMore(t, s, tt.cmd+"\n")
			require.Len(t, out, 1, "%q", out)
			assert.Regexp(t, tt.want, out[0])
			if s.pos != nil {
				assert.Equal(t, stones, s.pos.stones, "the position is unchanged")
			}
			assert.Equal(t, rule, s.gameRule)
			assert.Equal(t, fixed, s.ruleFixed)
			assert.Equal(t, strat, s.strategy)
		})
	}
}

// TestYXNBestEndWhileThinking: END stops YXNBEST at once, with no answer.
func TestYXNBestEndWhileThinking(t *testing.T) {
	m := startManager(t, Options{NewStrategy: searchFactory(t)})
	m.send("INFO timeout_turn 600000")
	require.Equal(t, "OK", m.ask("START 15"))
	m.send("YXBOARD\n7,7,1\n8,8,2\nDONE")
	m.send("YXNBEST 3")
	time.Sleep(50 * time.Millisecond)
	m.send("END")
	require.NoError(t, m.wait())
	for _, l := range m.rest() {
		assert.NotEqual(t, gomocup.AnswerMove, gomocup.ParseAnswer(l).Kind, "no move after END: %q", l)
	}
}
