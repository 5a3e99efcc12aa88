package brain

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/gomocup"
	"github.com/gomoku-engine/gomoku/engine/player"
)

// searchBrain is the brain of the pbrain command: one kept search.
func searchBrain(t testing.TB) Options {
	t.Helper()
	return Options{NewStrategy: searchFactory(t)}
}

// TestNewGameSharingAStoneAtTheSameIndex is a manager's dialogue: a game
// the brain wins, then a new game in which it must block a four. The new
// game's sixth move is the old game's sixth move (14,0 by the second
// player), which must not make the brain keep the old game's stones.
func TestNewGameSharingAStoneAtTheSameIndex(t *testing.T) {
	first := []string{"3,7,1", "0,0,2", "4,7,1", "0,14,2", "5,7,1", "14,0,2", "6,7,1", "14,14,2"}
	second := []string{"3,3,2", "3,2,1", "3,4,2", "0,14,1", "3,5,2", "14,0,1", "3,6,2"}
	// board sends a position and waits for the answer, as a manager does
	// before its next command.
	board := func(m *manager, stones []string) string {
		m.send("BOARD")
		for _, l := range stones {
			m.send(l)
		}
		return m.ask("DONE")
	}
	for _, between := range []string{"RESTART", "START 15", ""} {
		name := strings.Fields(between + " BOARD")[0]
		t.Run(name, func(t *testing.T) {
			m := startManager(t, searchBrain(t))
			require.Equal(t, "OK", m.ask("START 15"))
			m.send("INFO timeout_turn 1000")
			m.send("INFO rule 0")
			// The open four wins at either end.
			assert.Contains(t, []string{"2,7", "7,7"}, board(m, first), "the brain wins the first game")
			if between != "" {
				require.Equal(t, "OK", m.ask(between))
			}
			assert.Equal(t, "3,7", board(m, second), "the brain must block the four of the second game")
			m.send("END")
			require.NoError(t, m.wait())
		})
	}
}

// lossStones returns a 15×15 position in which the brain is to move, the
// opponent has exactly one cell that wins at once and the brain none, as
// BOARD lines in the order sent, and that cell. Every position has as
// many stones of each colour and ends with the same filler stones in the
// same order, so that the histories of two positions coincide at their
// last indexes while their first moves differ.
func lossStones(t *testing.T, rng *rand.Rand) (lines []string, x, y int) {
	t.Helper()
	ownFill := [][2]int{{0, 14}, {14, 14}, {7, 0}}
	oppFill := [][2]int{{0, 0}, {14, 0}, {0, 7}}
	axes := [][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}}
	for {
		p := newPosition(15, 15)
		for _, c := range append(slices.Clone(ownFill), oppFill...) {
			p.at[c] = gomocup.FieldOwn // reserved, placed last
		}
		a := axes[rng.IntN(4)]
		sx, sy := 2+rng.IntN(11), 2+rng.IntN(11)
		gap := rng.IntN(5)
		var opp, own [][2]int
		ok := true
		for i := range 5 {
			c := [2]int{sx + i*a[0], sy + i*a[1]}
			if p.free(c[0], c[1]) != nil {
				ok = false
				break
			}
			if i == gap {
				x, y = c[0], c[1]
				continue
			}
			opp = append(opp, c)
		}
		if !ok {
			continue
		}
		for _, c := range opp {
			p.at[c] = gomocup.FieldOpponent
		}
		p.at[[2]int{x, y}] = gomocup.FieldOwn // keep the gap free
		if gap == 0 || gap == 4 {
			// A four with the gap at an end: block the other end, or it
			// would be open.
			end := [2]int{sx + 5*a[0], sy + 5*a[1]}
			if gap == 4 {
				end = [2]int{sx - a[0], sy - a[1]}
			}
			if p.free(end[0], end[1]) == nil {
				own = append(own, end)
				p.at[end] = gomocup.FieldOwn
			}
		}
		random := func(n int) [][2]int {
			var out [][2]int
			for len(out) < n {
				c := [2]int{1 + rng.IntN(13), 1 + rng.IntN(13)}
				if p.free(c[0], c[1]) == nil {
					out = append(out, c)
					p.at[c] = gomocup.FieldOwn
				}
			}
			return out
		}
		opp = append(opp, random(2)...)
		brainBegan := rng.IntN(2) == 0
		nOwn := len(opp) // 6, then the fillers: 9 each
		if !brainBegan {
			nOwn--
		}
		own = append(own, random(nOwn-len(own))...)
		own, opp = append(own, ownFill...), append(opp, oppFill...)

		// Interleave as a game would have been played.
		pos := newPosition(15, 15)
		first, second, ff, sf := own, opp, gomocup.FieldOwn, gomocup.FieldOpponent
		if !brainBegan {
			first, second, ff, sf = opp, own, gomocup.FieldOpponent, gomocup.FieldOwn
		}
		lines = lines[:0]
		for i := range first {
			pos.place(first[i][0], first[i][1], ff)
			lines = append(lines, fmt.Sprintf("%d,%d,%d", first[i][0], first[i][1], ff))
			if i < len(second) {
				pos.place(second[i][0], second[i][1], sf)
				lines = append(lines, fmt.Sprintf("%d,%d,%d", second[i][0], second[i][1], sf))
			}
		}
		g, me := pos.game(k, engine.Freestyle)
		if g == nil {
			continue
		}
		var mine, theirs []string
		for r := range 15 {
			for c := range 15 {
				if won, _ := g.WouldWin(r, c, me); won {
					mine = append(mine, fmt.Sprint(c, r))
				}
				if won, _ := g.WouldWin(r, c, 3-me); won {
					theirs = append(theirs, fmt.Sprint(c, r))
				}
			}
		}
		if len(mine) == 0 && len(theirs) == 1 && theirs[0] == fmt.Sprint(x, y) {
			return lines, x, y
		}
	}
}

// TestOneProcessBlocksEveryOneMoveLoss sends 50 random positions, each
// with a single cell the brain must take or lose, through one brain, as a
// new game (RESTART, START), a new position (BOARD) or by taking back and
// replaying a stone of the four, and checks every answer.
func TestOneProcessBlocksEveryOneMoveLoss(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 50))
	m := startManager(t, searchBrain(t))
	require.Equal(t, "OK", m.ask("START 15"))
	m.send("INFO timeout_turn 300")
	m.send("INFO rule 0")
	var lines []string
	for i := range 50 {
		how := []string{"RESTART", "START", "BOARD", "TAKEBACK"}[i%4]
		if how == "TAKEBACK" && lines != nil {
			// Take back the brain's block and one of the opponent's
			// stones of the four, then play that stone again: the same
			// position, reached with the stones in another order.
			x, y, _ := parseLine(t, lines[len(lines)-1])
			require.Equal(t, "OK", m.ask(fmt.Sprintf("TAKEBACK %d,%d", x, y)), "position %d", i)
			var ox, oy int
			for _, l := range lines { // the first is one of the four
				if lx, ly, f := parseLine(t, l); f == gomocup.FieldOpponent {
					ox, oy = lx, ly
					break
				}
			}
			require.Equal(t, "OK", m.ask(fmt.Sprintf("TAKEBACK %d,%d", ox, oy)), "position %d", i)
			got := m.ask(fmt.Sprintf("TURN %d,%d", ox, oy))
			assert.Equal(t, fmt.Sprintf("%d,%d", x, y), got, "position %d after TAKEBACK", i)
			continue
		}
		var x, y int
		lines, x, y = lossStones(t, rng)
		switch how {
		case "RESTART":
			require.Equal(t, "OK", m.ask("RESTART"))
		case "START":
			require.Equal(t, "OK", m.ask("START 15"))
			m.send("INFO timeout_turn 300")
		}
		m.send("BOARD")
		for _, l := range lines {
			m.send(l)
		}
		got := m.ask("DONE")
		want := fmt.Sprintf("%d,%d", x, y)
		assert.Equal(t, want, got, "position %d (%s):\n%s", i, how, strings.Join(lines, "\n"))
		lines = append(lines, fmt.Sprintf("%s,%d", got, gomocup.FieldOwn))
	}
	m.send("END")
	require.NoError(t, m.wait())
}

// parseLine reads a BOARD line the test wrote.
func parseLine(t *testing.T, l string) (x, y int, f gomocup.Field) {
	t.Helper()
	st, err := gomocup.ParseStone(l)
	require.NoError(t, err)
	return st.X, st.Y, st.Field
}

// TestCommandsLeaveTheBrainAsAFreshOne checks that after START, RESTART,
// BOARD and TAKEBACK a brain that has played before answers as a fresh
// one given the same stones: with a search limited by nodes rather than
// time both are deterministic, and nothing the kept one learnt in earlier
// games or lines may change its answer.
func TestCommandsLeaveTheBrainAsAFreshOne(t *testing.T) {
	brain := func() *manager {
		s := player.NewSearch(player.WithBudget(0), player.WithMaxNodes(3000), player.WithSeed(1))
		m := startManager(t, Options{NewStrategy: Fixed(s)})
		require.Equal(t, "OK", m.ask("START 15"))
		m.send("INFO timeout_turn 60000")
		return m
	}
	rng := rand.New(rand.NewPCG(22, 51))
	kept := brain()
	// stones mirrors the kept brain's position, in the order sent.
	var stones []string
	taken := func(x, y int) bool {
		return slices.ContainsFunc(stones, func(l string) bool { return strings.HasPrefix(l, fmt.Sprintf("%d,%d,", x, y)) })
	}
	free := func(lo, n int) (int, int) {
		for {
			if x, y := lo+rng.IntN(n), lo+rng.IntN(n); !taken(x, y) {
				return x, y
			}
		}
	}
	// check asks a fresh brain about stones and compares its answer with
	// the kept brain's, which it then records.
	check := func(got, when string) {
		t.Helper()
		m := brain()
		m.send("BOARD")
		for _, l := range stones {
			m.send(l)
		}
		assert.Equal(t, m.ask("DONE"), got, "%s, stones %v", when, stones)
		m.send("END")
		require.NoError(t, m.wait())
		stones = append(stones, got+",1")
	}
	turn := func() string {
		x, y := free(4, 7)
		stones = append(stones, fmt.Sprintf("%d,%d,2", x, y))
		return kept.ask(fmt.Sprintf("TURN %d,%d", x, y))
	}
	for round := range 9 {
		how := []string{"RESTART", "START", "BOARD"}[round%3]
		switch how {
		case "RESTART":
			require.Equal(t, "OK", kept.ask("RESTART"))
		case "START":
			require.Equal(t, "OK", kept.ask("START 15"))
		}
		// A new game from a two-stone opening, the brain to move.
		stones = stones[:0]
		kept.send("BOARD")
		for f := range 2 {
			x, y := free(5, 5)
			stones = append(stones, fmt.Sprintf("%d,%d,%d", x, y, f+1))
			kept.send(stones[f])
		}
		check(kept.ask("DONE"), fmt.Sprintf("round %d, new game by %s", round, how))
		for range 3 {
			stones = append(stones, turn()+",1") // warm tables allowed here
		}
		// Take back the brain's stone and the opponent's before it, then
		// go on differently.
		n := len(stones)
		for _, l := range []string{stones[n-1], stones[n-2]} {
			x, y, _ := parseLine(t, l)
			require.Equal(t, "OK", kept.ask(fmt.Sprintf("TAKEBACK %d,%d", x, y)))
		}
		stones = stones[:n-2]
		got := turn()
		check(got, fmt.Sprintf("round %d, after TAKEBACK", round))
	}
	kept.send("END")
	require.NoError(t, kept.wait())
}

// TestRuleChangesWaitForTheNextGame: INFO rule applies at once before the
// brain's first move of a game, and otherwise from the next game on.
func TestRuleChangesWaitForTheNextGame(t *testing.T) {
	rec := &recorder{}
	converse(t, Options{NewStrategy: rec.factory},
		"START 15\nINFO rule 1\nBEGIN\nINFO rule 0\nTURN 5,5\n"+ // exact, exact
			"RESTART\nBEGIN\nINFO rule 1\nTURN 5,5\nTAKEBACK 5,5\nTURN 6,6\n"+ // freestyle ×3
			"BOARD\n1,1,2\nDONE\nINFO rule 0\nTURN 9,9\n"+ // exact, exact
			"START 15\nBEGIN\nINFO rule 1\nPLAY 3,3\nTURN 9,9\n"+ // freestyle ×2
			"RECTSTART 15,16\nINFO rule 0\nINFO rule 1\nBEGIN\n") // exact
	var got []engine.Rule
	for _, th := range rec.thinks {
		got = append(got, th.Config.Rule)
	}
	e, f := engine.Exact, engine.Freestyle
	assert.Equal(t, []engine.Rule{e, e, f, f, f, e, e, f, f, e}, got)

	// A rule the brain refuses, sent mid-game, does not stop the game
	// under way: the next game's first move request is refused.
	lines := converse(t, Options{NewStrategy: Fixed(firstFree{})},
		"START 15\nBEGIN\nINFO rule 8\nTURN 5,5\nRESTART\nBEGIN\n")
	require.Len(t, lines, 5)
	assert.Equal(t, []string{"OK", "0,0", "1,0", "OK"}, lines[:4])
	assert.Contains(t, lines[4], "ERROR rule 8 is not supported")
}
