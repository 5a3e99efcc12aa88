package brain

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/gomocup"
	"github.com/gomoku-engine/gomoku/engine/gomocup/manager/braintest"
	"github.com/gomoku-engine/gomoku/engine/renju"
)

// TestShowForbidAgreesWithRapfi sends the same random renju positions to
// this brain and to Rapfi (the pbrain binary named by GOMOKU_RAPFI; the
// test is skipped without it) with YXBOARD and compares the answers to
// YXSHOWFORBID, which must be identical.
func TestShowForbidAgreesWithRapfi(t *testing.T) {
	rapfi := startRapfi(t)
	rapfi.until("INFO rule 4\nSTART 15\nYXSHOWFORBID\n", "FORBID")

	positions := 300
	if testing.Short() {
		positions = 30
	}
	rng := rand.New(rand.NewPCG(7, 11))
	forbidden := 0
	for n := 0; n < positions; {
		g, err := engine.New(engine.WithRule(engine.Renju), engine.WithBounds(15, 15))
		require.NoError(t, err)
		moves := 20 + rng.IntN(50)
		for tries := 0; g.Len() < moves && tries < 5000; tries++ {
			r, c := 3+rng.IntN(9), 3+rng.IntN(9)
			if g.Turn() == 2 && rng.IntN(2) == 0 {
				r, c = rng.IntN(15), rng.IntN(15)
			}
			if g.CanPlace(r, c) != nil || g.Forbidden(r, c) != renju.None {
				continue
			}
			if won, _ := g.WouldWin(r, c, g.Turn()); won {
				continue
			}
			_, err := g.Play(r, c)
			require.NoError(t, err)
		}
		if g.Turn() != 1 {
			continue
		}
		n++
		var body strings.Builder
		for _, m := range g.History() {
			fmt.Fprintf(&body, "%d,%d,%d\n", m.Col, m.Row, m.Player)
		}
		script := "YXBOARD\n" + body.String() + "DONE\nYXSHOWFORBID\n"
		ours := converse(t, Options{}, "INFO rule 4\nSTART 15\n"+script)
		require.Len(t, ours, 2)
		require.Equal(t, rapfi.until(script, "FORBID"), ours[1], "position\n%v", g)
		forbidden += (len(ours[1]) - len("FORBID .")) / 4
	}
	t.Logf("%d positions, %d forbidden cells, identical answers", positions, forbidden)
}

// rapfiBrain is a Rapfi process (the pbrain binary named by GOMOKU_RAPFI;
// the test is skipped without it).
type rapfiBrain struct {
	t  testing.TB
	in io.Writer
	rd *bufio.Scanner
}

func startRapfi(t testing.TB) *rapfiBrain {
	t.Helper()
	in, rd := braintest.Rapfi(t)
	return &rapfiBrain{t: t, in: in, rd: rd}
}

// until sends lines and returns Rapfi's answers up to and including the
// first that starts with prefix ("" for a move "x,y").
func (r *rapfiBrain) until(lines, prefix string) string {
	all := r.upTo(lines, prefix)
	return all[len(all)-1]
}

func (r *rapfiBrain) upTo(lines, prefix string) []string {
	r.t.Helper()
	_, err := fmt.Fprint(r.in, lines)
	require.NoError(r.t, err)
	var got []string
	for r.rd.Scan() {
		l := strings.TrimSpace(r.rd.Text())
		got = append(got, l)
		if prefix == "" && gomocup.ParseAnswer(l).Kind == gomocup.AnswerMove || prefix != "" && strings.HasPrefix(l, prefix) {
			return got
		}
	}
	r.t.Fatalf("Rapfi ended: %v", r.rd.Err())
	return nil
}

// TestYXNBestAnswersAsRapfi asks this brain and Rapfi (after YXSHOWINFO,
// which makes Rapfi list its best lines) for YXNBEST 3 on the same
// positions: both list three distinct moves the side to move may play,
// in lines of the same form, answer one of them (this brain the first),
// and play it on the board for the side to move, as their YXSHOWFORBID
// answers then show.
func TestYXNBestAnswersAsRapfi(t *testing.T) {
	rapfi := startRapfi(t)
	rapfi.upTo("YXSHOWINFO\nINFO timeout_turn 500\nSTART 15\nYXSHOWFORBID\n", "FORBID")
	for _, tt := range []struct {
		name string
		rule int
		body string
	}{
		{"freestyle, white to move", 0, "7,7,1\n8,8,2\n8,7,1\n"},
		{"renju, black to move beside a double three", 4, doubleThree},
		// White moves; then black's double-three point at 7,7 is listed,
		// unless white took it.
		{"renju, white to move", 4, strings.ReplaceAll(doubleThree, "14,14,2\n", "")},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rule := engine.Freestyle
			if tt.rule == 4 {
				rule = engine.Renju
			}
			g := yxGame(t, rule, 15, tt.body)
			script := fmt.Sprintf("INFO rule %d\nRESTART\nYXBOARD\n%sDONE\nYXNBEST 3\n", tt.rule, tt.body)
			theirs := readRanking(t, rapfi.upTo(script, ""))
			theirForbid := rapfi.until("YXSHOWFORBID\n", "FORBID")
			lines := converse(t, Options{NewStrategy: searchFactory(t)}, "INFO timeout_turn 500\nSTART 15\n"+script+"YXSHOWFORBID\n")
			ours, ourForbid := readRanking(t, lines), lines[len(lines)-1]
			// Rapfi lists a depth's lines before sorting them: its answer
			// is one of them, not always the first.
			checkRanking(t, g, theirs, 3, false)
			checkRanking(t, g, ours, 3, true)
			// What YXSHOWFORBID says with each answer on the board, a
			// stone of the side that was to move.
			p := newPosition(15, 15)
			for _, l := range strings.Fields(tt.body) {
				st, err := gomocup.ParseStone(l)
				require.NoError(t, err)
				p.place(st.X, st.Y, st.Field)
			}
			forbid := func(answer [2]int) string {
				body := fmt.Sprintf("%s%d,%d,%d\n", tt.body, answer[0], answer[1], p.toMove())
				want := converse(t, Options{}, fmt.Sprintf("INFO rule %d\nSTART 15\nYXBOARD\n%sDONE\nYXSHOWFORBID\n", tt.rule, body))
				require.Len(t, want, 2)
				return want[1]
			}
			require.Equal(t, forbid(theirs.answer), theirForbid, "Rapfi played %v", theirs.answer)
			require.Equal(t, forbid(ours.answer), ourForbid, "this brain played %v", ours.answer)
			t.Logf("Rapfi %v %v, this brain %v %v", theirs.moves, theirs.evals, ours.moves, ours.evals)
		})
	}
}
