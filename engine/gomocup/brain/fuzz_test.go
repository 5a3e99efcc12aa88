package brain

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/gomocup"
)

// answerLine is every line form the brain may write.
var answerLine = regexp.MustCompile(`^(OK|[0-9]+,[0-9]+|[0-9]+,[0-9]+ [0-9]+,[0-9]+ [0-9]+,[0-9]+|(ERROR|UNKNOWN|MESSAGE|DEBUG) .*|FORBID ([0-9]{4})*\.|name=".*)$`)

// FuzzServe feeds arbitrary command sequences to the brain, with strategies
// that answer properly or lie. The brain must never panic, never hang,
// answer only well-formed lines and never play an occupied or off-board
// cell (checkMoves runs before every move is placed).
func FuzzServe(f *testing.F) {
	seeds := []string{
		"START 20\nBEGIN\nTURN 10,10\nEND\n",
		"RECTSTART 7,5\nBOARD\n1,1,1\n2,2,2\n3,3,3\nDONE\nTAKEBACK 1,1\nPLAY 0,0\nRESTART\nBEGIN\n",
		"INFO rule 4\nSTART 15\nBEGIN\nINFO rule 1\nBEGIN\nINFO max_memory 5\nTURN 1,1\n",
		"START 5\nBOARD\n0,0,1\n1,0,1\n2,0,1\n3,0,1\nDONE\nTURN 4,0\nTURN 0,1\n",
		"SWAP2BOARD\n1,1\nDONE\nABOUT\nFOO bar\nDONE\n\r\n\rstart 6\rbegin\r",
		"START 7\nSWAP2BOARD\nDONE\nSWAP2BOARD\n3,3\n4,4\n2,4\nDONE\nSWAP2BOARD\n1,1\n2,2\n3,3\n4,4\n5,5\nDONE\nTURN 0,6\n",
		"START 20\nBOARD\n1,1,1\nSTART 5\nTURN 4,4\nTURN 4,4\nTURN 5,5\n",
		"INFO timeout_turn 0\nINFO time_left -5\nSTART 8\nBEGIN\nTURN 1,1\nTURN 2,2\n",
		// Renju and the Yixin-board extensions.
		"INFO rule 4\nSTART 15\nYXBOARD\n5,7,1\n0,0,2\n6,7,1\n14,0,2\n7,5,1\n0,14,2\n7,6,1\n14,14,2\nDONE\nYXSHOWFORBID\nBEGIN\nTURN 8,8\nYXSHOWFORBID\n",
		"YXSHOWFORBID\nYXBOARD\n1,1,1\nDONE\nSTART 10\nYXBOARD\n1,1,1\nBEGIN\nDONE\nYXHASHCLEAR\nYXNBEST 3\nYXNBEST\nYXFOO bar\nyxshowforbid\n",
		"INFO rule 4\nSTART 15\nBOARD\n7,7,2\n7,6,1\n6,7,2\n5,7,2\n8,8,1\nDONE\nYXBOARD\n3,3,3\nDONE\nYXSHOWFORBID\nINFO rule 6\nRESTART\nBEGIN\n",
	}
	for i, s := range seeds {
		f.Add(s, uint8(i))
	}
	f.Fuzz(func(t *testing.T, input string, mode uint8) {
		var strat engine.Strategy = firstFree{}
		if mode%2 == 1 {
			strat = liar{int(mode / 2)}
		}
		var out strings.Builder
		s := newServer(&out, Options{NewStrategy: Fixed(strat), DefaultTurnTime: 20 * time.Millisecond, MaxSide: 64})
		s.onMove = checkMoves(t, s)
		// The strategies here answer at once, so a long wait means the
		// brain itself is stuck.
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		require.NoError(t, s.run(ctx, strings.NewReader(input)))
		for _, l := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
			if l != "" {
				require.Regexp(t, answerLine, l)
			}
		}
		if s.pos != nil {
			checkPosition(t, s.pos)
		}
	})
}

// checkPosition asserts the position's invariants: stones on the board, no
// two on a cell, the index agreeing with the list.
func checkPosition(t testing.TB, p *position) {
	t.Helper()
	require.Len(t, p.at, len(p.stones))
	for _, st := range p.stones {
		require.True(t, p.onBoard(st.x, st.y), "stone %+v off the %dx%d board", st, p.cols, p.rows)
		require.Equal(t, st.f, p.at[[2]int{st.x, st.y}])
		require.Contains(t, []gomocup.Field{gomocup.FieldOwn, gomocup.FieldOpponent, gomocup.FieldDead}, st.f)
	}
}
