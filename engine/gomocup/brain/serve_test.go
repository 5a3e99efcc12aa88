package brain

import (
	"context"
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/sparse"
)

const aboutLine = `name="gomoku", version="dev", author="gomoku-engine authors", country="unspecified"`

// TestDialogues drives the brain with scripted manager dialogues. Each
// wanted answer is a regular expression matched against the whole line.
func TestDialogues(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  []string
	}{
		{"a short game, CR LF, lines after END ignored",
			"START 20\r\nBEGIN\r\nTURN 10,10\r\nABOUT\r\nEND\r\nBEGIN\r\n",
			[]string{"OK", "0,0", "1,0", regexp.QuoteMeta(aboutLine)}},
		{"LF and lone CR line ends, blank lines, lower case",
			"start 15\n\n\rbegin\rturn 1,1\n",
			[]string{"OK", "0,0", "1,0"}},
		{"START sizes",
			"START 4\nSTART 1025\nSTART 5\nSTART 1024\nSTART 20\n",
			[]string{"ERROR unsupported board size 4x4: each side must be 5..1024", "ERROR unsupported board size 1025x1025.*", "OK", "OK", "OK"}},
		{"malformed START and RECTSTART",
			"START\nSTART x\nSTART -3\nSTART 99999999999999999999\nRECTSTART 20\nRECTSTART 20,\nSTART 20 20\n",
			[]string{"ERROR .*START wants a board size.*missing number", "ERROR .*START wants.*not a non-negative whole number", "ERROR .*START wants.*", "ERROR .*too large", "ERROR .*RECTSTART wants width,height.*", "ERROR .*RECTSTART.*missing number", "ERROR .*START wants.*"}},
		{"RECTSTART: x is the column (width), y the row (height)",
			"RECTSTART 30,20\nTURN 19,29\nTURN 29,19\n",
			[]string{"OK", "ERROR TURN 19,29 refused: 19,29 is off the 30x20 board.*", "0,0"}},
		{"moves before START",
			"BEGIN\nTURN 1,1\nTAKEBACK 1,1\nRESTART\nPLAY 1,1\nBOARD\n1,1,1\nDONE\n",
			[]string{"ERROR no board: send START first", "ERROR no board: send START first", "ERROR TAKEBACK before START: no board",
				"ERROR RESTART before START: no board to restart", "ERROR PLAY before START: no board", "ERROR BOARD before START.*"}},
		{"TURN refused changes nothing",
			"START 20\nTURN 0,0\nTURN 0,0\nTURN 1,0\nTURN 20,3\nTURN 3,4\n",
			[]string{"OK", "1,0", "ERROR TURN 0,0 refused: 0,0 is occupied", "ERROR TURN 1,0 refused: 1,0 is occupied", "ERROR TURN 20,3 refused: 20,3 is off the 20x20 board.*", "2,0"}},
		{"malformed TURN",
			"START 20\nTURN\nTURN 1\nTURN a,b\nTURN 1,2,3\n",
			[]string{"OK", "ERROR .*TURN wants x,y.*", "ERROR .*TURN wants x,y.*", "ERROR .*TURN wants x,y.*", "ERROR .*TURN wants x,y.*"}},
		{"BEGIN on a board with stones",
			"START 20\nTURN 5,5\nBEGIN\n",
			[]string{"OK", "0,0", "ERROR BEGIN needs an empty board.*"}},
		{"BOARD in any order with fields 1, 2 and 3",
			"START 20\r\nBOARD\r\n1,0,2\r\n0,0,1\r\n3,0,3\r\n2,0,2\r\nDONE\r\n",
			[]string{"OK", "4,0"}},
		{"BOARD replaces the position",
			"START 20\nTURN 0,0\nBOARD\n5,5,2\nDONE\n",
			[]string{"OK", "1,0", "0,0"}},
		{"BOARD errors leave the position unchanged",
			"START 20\nTURN 0,0\nBOARD\n5,5,2\n5,x,1\n6,6,1\nDONE\nBOARD\n3,3,1\n3,3,2\nDONE\nBOARD\n3,3,4\nDONE\nBOARD\n20,0,1\nDONE\nBOARD\nhello\nDONE\nTURN 2,0\n",
			[]string{"OK", "1,0",
				`ERROR BOARD stone 2 refused: gomocup: malformed command: BOARD line "5,x,1".*; position unchanged`,
				"ERROR BOARD stone 2 refused: 3,3 is occupied; position unchanged",
				"ERROR BOARD stone 1 refused: .*field must be 1 .own., 2 .opponent. or 3.*",
				"ERROR BOARD stone 1 refused: 20,0 is off the 20x20 board.*",
				"ERROR BOARD stone 1 refused: .*x,y,field.*",
				"3,0"}},
		{"a command inside BOARD interrupts it",
			"START 20\nBOARD\n1,1,1\nSTART 15\nBOARD\n2,2,1\nEND\n",
			[]string{"OK", `ERROR BOARD interrupted by "START" before DONE; position unchanged`, "OK"}},
		{"DONE without BOARD, empty BOARD",
			"START 20\nDONE\nBOARD\nDONE\n",
			[]string{"OK", "ERROR DONE without BOARD", "0,0"}},
		{"TAKEBACK",
			"START 20\nTURN 5,5\nTAKEBACK 0,0\nTAKEBACK 0,0\nTAKEBACK 25,25\nTAKEBACK 5,5\nBEGIN\n",
			[]string{"OK", "0,0", "OK", "ERROR TAKEBACK 0,0 refused: no stone there", "ERROR TAKEBACK 25,25 refused: no stone there", "OK", "0,0"}},
		{"PLAY imposes the brain's move",
			"START 20\nPLAY 7,7\nPLAY 7,7\nPLAY 30,1\nTURN 0,0\n",
			[]string{"OK", "7,7", "ERROR PLAY 7,7 refused: 7,7 is occupied", "ERROR PLAY 30,1 refused: .*off the.*", "1,0"}},
		{"RESTART keeps the size and clears the board",
			"RECTSTART 25,10\nTURN 0,0\nRESTART\nTURN 24,9\nRESTART\nTURN 25,9\n",
			[]string{"OK", "1,0", "OK", "0,0", "OK", "ERROR TURN 25,9 refused: 25,9 is off the 25x10 board.*"}},
		{"unknown commands and arguments to argument-less ones",
			"FOO\nSUGGEST 1,1\nSTART 20\nBEGIN now\nABOUT me\n",
			[]string{`UNKNOWN command "FOO" is not supported`, `UNKNOWN command "SUGGEST" is not supported`, "OK",
				`ERROR .*BEGIN takes no arguments, got "now"`, `ERROR .*ABOUT takes no arguments.*`}},
		{"SWAP2BOARD case 1: the brain proposes three stones",
			"START 15\r\nSWAP2BOARD\r\nDONE\r\n",
			[]string{"OK", "7,7 8,8 6,8"}},
		{"SWAP2BOARD case 2: the brain stays white and plays the fourth stone",
			"START 15\nSWAP2BOARD\n7,7\n8,7\n9,9\nDONE\nTURN 1,1\n",
			[]string{"OK", "0,0", "1,0"}},
		{"SWAP2BOARD case 3: the brain stays white and plays the sixth stone",
			"START 15\nSWAP2BOARD\n7,7\n8,7\n9,9\n8,8\n8,6\nDONE\n",
			[]string{"OK", "0,0"}},
		{"SWAP2BOARD errors",
			"SWAP2BOARD\nDONE\nSTART 15\nSWAP2BOARD\n7,7\n8,7\nDONE\nSWAP2BOARD\n7,7,1\nDONE\nSWAP2BOARD\n7,7\n7,7\n1,1\nDONE\nSWAP2BOARD\n15,0\nDONE\n",
			[]string{"ERROR SWAP2BOARD before START.*", "OK",
				"ERROR SWAP2BOARD with 2 stones: swap2 sends 0, 3 or 5",
				`ERROR SWAP2BOARD stone 1 refused: a SWAP2BOARD line is x,y, got "7,7,1"; position unchanged`,
				"ERROR SWAP2BOARD stone 2 refused: 7,7 is occupied; position unchanged",
				"ERROR SWAP2BOARD stone 1 refused: 15,0 is off the 15x15 board.*"}},
		{"a line too long",
			"START 20\n" + strings.Repeat("X", 5000) + "\nBEGIN\n",
			[]string{"OK", "ERROR line longer than 4096 bytes ignored", "0,0"}},
		{"INFO problems are reported with the next answer, not at INFO",
			"INFO timeout_turn soon\nINFO max_memory lots\nINFO\nINFO folder C:\\tmp\nINFO game_type 1\nINFO evaluate 3,3\nINFO whatever 7\nSTART 20\n",
			[]string{`MESSAGE ignored INFO timeout_turn soon: .*`, `MESSAGE ignored INFO max_memory lots: .*`, `MESSAGE ignored INFO: .*INFO wants a key and a value`, "OK"}},
		{"caro, renju with exactly five and unknown bits are refused at the move request",
			"INFO rule 5\nSTART 15\nBEGIN\nTURN 7,7\nINFO rule 9\nBOARD\n1,1,1\nDONE\nINFO rule 16\nBEGIN\nINFO rule 1\nBEGIN\n",
			[]string{"OK",
				`ERROR rule 5 is not supported: renju \(4\) with exactly five \(1\); this brain plays freestyle \(0\), exactly five \(1\), renju \(4\) and continuous games \(2\)`,
				`ERROR rule 5 is not supported.*`,
				`ERROR rule 9 is not supported: caro \(8\);.*`,
				`ERROR rule 16 is not supported: unknown bits \(16\);.*`,
				"0,0"}}, // the refused TURN and BOARD left the board empty
		{"freestyle, exact five and continuous are played",
			"INFO rule 0\nSTART 15\nBEGIN\nINFO rule 1\nRESTART\nBEGIN\nINFO rule 3\nRESTART\nBEGIN\n",
			[]string{"OK", "0,0", "OK", "0,0", "OK", "0,0"}},
		{"a thread_num that is no number is ignored; one too large is bounded",
			"INFO thread_num many\nINFO thread_num 100000\nSTART 20\n",
			[]string{`MESSAGE ignored INFO thread_num many: .*`, "MESSAGE INFO thread_num 100000: using 256 threads, the most this brain runs", "OK"}},
		{"an unachievable max_memory is reported at the move, and can be lifted",
			"START 20\nINFO max_memory 1000\nBEGIN\nINFO max_memory 0\nBEGIN\nINFO max_memory 83886080\nTURN 5,5\n",
			[]string{"OK", "ERROR max_memory 1000 bytes is below the 16777216 bytes this brain needs", "0,0", "1,0"}},
		{"a full board",
			"START 5\nBOARD\n" + fullBoard(5, 0) + "DONE\nTURN 0,0\n",
			[]string{"OK", "ERROR the board is full: no move left", "ERROR TURN 0,0 refused: 0,0 is occupied"}},
		{"the last free cell",
			"START 5\nBOARD\n" + fullBoard(5, 1) + "DONE\n",
			[]string{"OK", "4,4"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := converse(t, Options{}, tt.input)
			require.Len(t, got, len(tt.want), "answers: %q", got)
			for i, w := range tt.want {
				assert.Regexp(t, "^"+w+"$", got[i], "answer %d", i+1)
			}
		})
	}
}

// fullBoard lists BOARD lines covering an n×n board without a five (the
// colours alternate along rows and in pairs of rows), except the last
// `holes` cells of the last row.
func fullBoard(n, holes int) string {
	var sb strings.Builder
	for y := range n {
		for x := range n {
			if y == n-1 && x >= n-holes {
				continue
			}
			fmt.Fprintf(&sb, "%d,%d,%d\n", x, y, 1+(x+y/2)%2)
		}
	}
	return sb.String()
}

// TestSwap2Colours: after SWAP2BOARD with three stones the strategy plays
// white, player 2, facing the two black stones.
func TestSwap2Colours(t *testing.T) {
	rec := &recorder{}
	converse(t, Options{NewStrategy: rec.factory}, "START 15\nSWAP2BOARD\n7,7\n8,7\n9,9\nDONE\n")
	require.Len(t, rec.thinks, 1)
	assert.Equal(t, 2, rec.thinks[0].Player)
	assert.Equal(t, 3, rec.thinks[0].Stones)
}

func TestServeNeedsAStrategy(t *testing.T) {
	err := Serve(context.Background(), strings.NewReader("START 20\n"), io.Discard, Options{})
	require.ErrorIs(t, err, ErrNoStrategy)
}

func TestServeStopsWithContext(t *testing.T) {
	in, w := io.Pipe()
	defer w.Close()
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() { errc <- Serve(ctx, in, io.Discard, Options{NewStrategy: Fixed(firstFree{})}) }()
	cancel()
	require.ErrorIs(t, <-errc, context.Canceled)
}

func TestServeReportsWriteErrors(t *testing.T) {
	r, w := io.Pipe()
	r.Close() // writing fails at once
	err := Serve(context.Background(), strings.NewReader("START 20\nBEGIN\n"), w, Options{NewStrategy: Fixed(firstFree{})})
	require.ErrorIs(t, err, io.ErrClosedPipe)
}

// TestAnswersAreFlushed plays the manager's side over pipes, reading each
// answer before sending the next command, as a real manager does: a brain
// that buffered its output would deadlock here.
func TestAnswersAreFlushed(t *testing.T) {
	m := startManager(t, Options{NewStrategy: Fixed(firstFree{})})
	assert.Equal(t, "OK", m.ask("START 20"))
	assert.Equal(t, "0,0", m.ask("BEGIN"))
	assert.Equal(t, "2,0", m.ask("TURN 1,0"))
	m.send("INFO time_left 100000") // no answer expected
	assert.Equal(t, "3,0", m.ask("TURN 19,19"))
	assert.Equal(t, aboutLine, m.ask("ABOUT"))
	m.send("END")
	require.NoError(t, m.wait())
}

// TestRulesReachTheStrategy checks what the strategy is told per move.
func TestRulesReachTheStrategy(t *testing.T) {
	rec := &recorder{}
	converse(t, Options{NewStrategy: rec.factory},
		"INFO rule 1\nRECTSTART 30,20\nBEGIN\nTURN 5,5\nINFO rule 0\nINFO max_memory 83886080\nINFO thread_num 3\nBOARD\n1,1,2\nDONE\n")
	require.Len(t, rec.thinks, 3)
	for i, th := range rec.thinks[:2] {
		assert.Equal(t, engine.Exact, th.Config.Rule, "move %d", i+1)
		assert.Equal(t, 5, th.Config.K)
		assert.Equal(t, [2]int{20, 30}, [2]int{th.Config.Rows, th.Config.Cols}, "rows = height, cols = width")
		assert.Equal(t, 1, th.Player, "the brain began, so it is player 1")
	}
	assert.Equal(t, engine.Freestyle, rec.thinks[2].Config.Rule)
	assert.Equal(t, 2, rec.thinks[2].Player, "opponent has one stone more: the brain is player 2")
	assert.Equal(t, int64(83886080), rec.thinks[2].MaxMemory)
	assert.Zero(t, rec.thinks[1].Threads, "no thread_num yet")
	assert.Equal(t, 3, rec.thinks[2].Threads)
}

// TestStrategyIsNeverTrusted: whatever the strategy does, the answer is a
// legal cell (checkMoves asserts it) and a DEBUG line says why it was not
// the strategy's.
func TestStrategyIsNeverTrusted(t *testing.T) {
	for mode, why := range []string{"chose an illegal cell: .* is occupied", "chose an illegal cell: 3,-1 is off the", "chose an illegal cell: 1099511627776,3 is off the", "failed: no idea", "failed: strategy panicked: liar gives up"} {
		t.Run(why, func(t *testing.T) {
			got := converse(t, Options{NewStrategy: Fixed(liar{mode}), Debug: true}, "START 20\nTURN 10,10\nTURN 11,11\n")
			require.Len(t, got, 7, "%q", got)
			assert.Regexp(t, "^DEBUG fallback move [0-9]+,[0-9]+: liar "+why, got[1])
			assert.Regexp(t, "^DEBUG budget 5s, answered after", got[2])
			parseMove(t, got[3])
		})
	}
}

// TestOverrunningStrategyGetsFallback: a strategy that ignores its deadline
// does not make the brain miss the turn: it answers its fallback at the hard
// deadline. The brain is given 200 ms; the strategy would take a minute.
func TestOverrunningStrategyGetsFallback(t *testing.T) {
	start := time.Now()
	got := converse(t, Options{NewStrategy: Fixed(runaway{time.Minute}), Debug: true},
		"INFO timeout_turn 200\nSTART 20\nBOARD\n9,9,1\n9,10,1\n9,11,1\n9,12,1\n3,3,2\n4,4,2\n5,5,2\n6,6,2\nDONE\n")
	require.Len(t, got, 4, "%q", got)
	assert.Equal(t, "DEBUG fallback move 9,8: runaway overran its 200ms budget", got[1])
	assert.Equal(t, "9,8", got[3], "the fallback takes the win")
	assert.Less(t, time.Since(start), 30*time.Second, "did not wait for the strategy")
}

// TestOverrunningStrategyGetsItsBestSoFar: a strategy that can tell its
// best move so far has it played at the hard deadline, when it is legal;
// an occupied one gives way to the fallback.
func TestOverrunningStrategyGetsItsBestSoFar(t *testing.T) {
	const board = "INFO timeout_turn 200\nSTART 20\nBOARD\n9,9,1\n9,10,1\n3,3,2\n4,4,2\nDONE\n"
	got := converse(t, Options{NewStrategy: Fixed(ponderer{runaway{time.Minute}, sparse.Cell{Row: 12, Col: 2}}), Debug: true}, board)
	require.Len(t, got, 4, "%q", got)
	assert.Equal(t, "DEBUG fallback move 2,12: ponderer overran its 200ms budget; its best move so far", got[1])
	assert.Equal(t, "2,12", got[3], "x is the column, y the row")

	got = converse(t, Options{NewStrategy: Fixed(ponderer{runaway{time.Minute}, sparse.Cell{Row: 4, Col: 4}}), Debug: true}, board)
	require.Len(t, got, 4, "%q", got)
	assert.Equal(t, "DEBUG fallback move 10,10: ponderer overran its 200ms budget", got[1], "4,4 is taken")
}

// TestEndWhileThinking: END interrupts thinking; the brain answers nothing
// more and returns.
func TestEndWhileThinking(t *testing.T) {
	m := startManager(t, Options{NewStrategy: Fixed(waiter{})})
	assert.Equal(t, "OK", m.ask("START 20"))
	m.send("INFO timeout_turn 600000")
	m.send("BEGIN")
	m.send("END")
	require.NoError(t, m.wait())
	assert.Empty(t, m.rest(), "no answer after END")
}

// TestCommandsWhileThinking: INFO applies at once, other commands wait for
// the answer and are then handled in order.
func TestCommandsWhileThinking(t *testing.T) {
	m := startManager(t, Options{NewStrategy: Fixed(waiter{}), Debug: true})
	// answer reads one move's lines: the budget line and the move. On a
	// loaded machine the waiter may miss its grace period, adding a
	// fallback line and changing the move, so neither is pinned down.
	answer := func() (budget, move string) {
		t.Helper()
		l := m.read()
		if strings.HasPrefix(l, "DEBUG fallback move") {
			l = m.read()
		}
		move = m.read()
		assert.Regexp(t, "^[0-9]+,[0-9]+$", move)
		return l, move
	}
	assert.Equal(t, "OK", m.ask("START 20"))
	m.send("INFO timeout_turn 300")
	m.send("BEGIN")
	m.send("INFO timeout_turn 100") // while thinking
	m.send("ABOUT")                 // while thinking
	budget, _ := answer()
	assert.Regexp(t, "^DEBUG budget 300ms, answered after", budget)
	assert.Equal(t, aboutLine, m.read(), "ABOUT waited for the answer")
	m.send("TURN 5,5")
	budget, _ = answer()
	assert.Regexp(t, "^DEBUG budget 100ms, answered after", budget, "the new timeout applies to the next move")
	m.send("END")
	require.NoError(t, m.wait())
}

// TestBudgetCountsFromBoard: the turn's time starts when BOARD arrives, as
// the spec counts it; a BOARD that took the whole budget to arrive is
// answered at once with the fallback.
func TestBudgetCountsFromBoard(t *testing.T) {
	m := startManager(t, Options{NewStrategy: Fixed(waiter{}), Debug: true})
	m.send("INFO timeout_turn 0") // 10 ms
	assert.Equal(t, "OK", m.ask("START 20"))
	m.send("BOARD")
	m.send("5,5,2")
	time.Sleep(50 * time.Millisecond)
	m.send("DONE")
	assert.Equal(t, "DEBUG fallback move 6,6: the 10ms budget ran out before the move request was complete", m.read())
	assert.Regexp(t, "^DEBUG budget 10ms, answered after", m.read())
	assert.Equal(t, "6,6", m.read(), "the fallback, not the strategy's 0,0")
	m.send("END")
	require.NoError(t, m.wait())
}
