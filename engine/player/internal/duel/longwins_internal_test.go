package duel

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
	"github.com/gomoku-engine/gomoku/sparse"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// longWinsFile is the suite of long forced wins Rapfi found in games
// against us (format in testdata/README.md).
const longWinsFile = "testdata/longwins.txt"

// longWin is one position of the suite: Rapfi to move, with a forced win
// it proved, and the move it chose.
type longWin struct {
	source string
	game   *engine.Game
	win    sparse.Cell
	// plies is the length of Rapfi's forced win; nodes the nodes of the
	// reading in which Rapfi proved it (at most 2 s; its last MESSAGE).
	plies int
	nodes int64
}

// loadLongWins reads the suite.
func loadLongWins(tb testing.TB) []longWin {
	tb.Helper()
	return loadSuite(tb, longWinsFile, longWinOf)
}

// longWinOf reads a line's fields as a position of the suite.
func longWinOf(l suiteLine) (longWin, error) {
	p := longWin{source: l.kv["source"], game: l.game}
	var err error
	if p.win, err = l.cell("win"); err != nil {
		return p, err
	}
	mate, ok := strings.CutPrefix(l.kv["eval"], "+M")
	if !ok {
		return p, fmt.Errorf("eval %q is not a forced win (+M<plies>)", l.kv["eval"])
	}
	if p.plies, err = strconv.Atoi(mate); err != nil {
		return p, fmt.Errorf("eval: %w", err)
	}
	if p.nodes, err = strconv.ParseInt(l.kv["rapfi-nodes"], 10, 64); err != nil {
		return p, fmt.Errorf("rapfi-nodes: %w", err)
	}
	return p, nil
}

// TestLongWinsFile checks that every position of the suite is a game in
// progress where Rapfi's move is legal and does not win at once, so that
// the benchmark measures a search, not a shortcut.
func TestLongWinsFile(t *testing.T) {
	suite := loadLongWins(t)
	require.NotEmpty(t, suite)
	for _, p := range suite {
		assert.Equal(t, engine.Ongoing, p.game.Status(), p.source)
		assertOngoingAfter(t, p.game, p.win, p.source+": Rapfi's move "+cellName(p.win))
		assert.Greater(t, p.plies, 3, p.source)
	}
}

// BenchmarkLongWins runs the search as it plays, at fixed nodes, for the
// winning side of each position of the suite, and reports the share of
// them where it proves the win (proved), where it plays Rapfi's move
// (rapfi-move), and the suite's size. Rapfi proved each win within about
// a second (the median of its nodes is in testdata/README.md); -v lists
// what the search did on each. Run it once:
//
//	go test -run '^$' -bench LongWins -benchtime 1x ./engine/player/internal/duel
func BenchmarkLongWins(b *testing.B) {
	suite := loadLongWins(b)
	for _, nodes := range []int64{1e5, 8e5, 32e5} {
		b.Run(fmt.Sprintf("nodes=%.2g", float64(nodes)), func(b *testing.B) {
			var proved, same int
			for b.Loop() {
				proved, same = 0, 0
				for _, p := range suite {
					c, st := chooseOn(b, p.game, suiteLimits(nodes))
					won := st.Score >= core.WinValue-1<<20
					b.Logf("%s: plays %s at depth %d, score %s (Rapfi %s, +M%d in %d nodes)", p.source, cellName(c), st.Depth, scoreName(st.Score), cellName(p.win), p.plies, p.nodes)
					if won {
						proved++
					}
					if c == p.win {
						same++
					}
				}
			}
			b.ReportMetric(float64(proved)/float64(len(suite)), "proved")
			b.ReportMetric(float64(same)/float64(len(suite)), "rapfi-move")
			b.ReportMetric(float64(len(suite)), "positions")
		})
	}
}
