package duel

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/sparse"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// defencesFile is the suite of positions where a move of ours let Rapfi
// prove a long win, with Rapfi's reading of every move there (format in
// testdata/README.md).
const defencesFile = "testdata/defences.txt"

// defence is one position of the suite: ours to move, before the move
// that lost the game.
type defence struct {
	source string
	game   *engine.Game
	// played is our move in the game, best Rapfi's move here.
	played, best sparse.Cell
	// lost are the moves after which Rapfi proved a win for the opponent,
	// held those after which it found none: together every empty cell
	// within two of a mark.
	lost, held []sparse.Cell
}

// loadDefences reads the suite.
func loadDefences(tb testing.TB) []defence {
	tb.Helper()
	return loadSuite(tb, defencesFile, defenceOf)
}

// defenceOf reads a line's fields as a position of the suite.
func defenceOf(l suiteLine) (defence, error) {
	p := defence{source: l.kv["source"], game: l.game}
	var err error
	if p.played, err = l.cell("played"); err != nil {
		return p, err
	}
	if p.best, err = l.cell("best"); err != nil {
		return p, err
	}
	if p.lost, err = l.cells("lost"); err != nil {
		return p, err
	}
	if p.held, err = l.cells("held"); err != nil {
		return p, err
	}
	switch {
	case !slices.Contains(p.lost, p.played):
		return p, fmt.Errorf("played %s is not among the lost moves", cellName(p.played))
	case !slices.Contains(p.held, p.best):
		return p, fmt.Errorf("best %s is not among the held moves", cellName(p.best))
	}
	return p, nil
}

// TestDefencesFile checks that every position of the suite is a game in
// progress whose every candidate Rapfi rated once: each cell the search
// considers (those within two of a mark) is lost or held, not both, and
// every rated move is legal and ends nothing at once.
func TestDefencesFile(t *testing.T) {
	suite := loadDefences(t)
	require.NotEmpty(t, suite)
	for _, p := range suite {
		require.Equal(t, engine.Ongoing, p.game.Status(), p.source)
		rated := map[sparse.Cell]bool{}
		for _, c := range slices.Concat(p.lost, p.held) {
			assert.False(t, rated[c], "%s: %s rated twice", p.source, cellName(c))
			rated[c] = true
			assertOngoingAfter(t, p.game, c, p.source+": "+cellName(c))
		}
		ds := &State{}
		if fits, _ := ds.Sync(p.game, time.Time{}); !fits {
			t.Fatalf("%s: the position does not fit the two-player search", p.source)
		}
		for _, c := range ds.b.Candidates() {
			assert.True(t, rated[c], "%s: %s is not rated", p.source, cellName(c))
		}
	}
}

// BenchmarkDefences runs the search as it plays, at fixed nodes, on the
// positions where a move of ours let Rapfi prove a win, and reports the
// share of them where it plays a move Rapfi found no win against (held),
// one Rapfi proved lost (lost), and the move of the game (played). -v
// lists the move played on each position. Run it once:
//
//	go test -run '^$' -bench Defences -benchtime 1x ./engine/player/internal/duel
func BenchmarkDefences(b *testing.B) {
	suite := loadDefences(b)
	for _, nodes := range []int64{1e5, 4e5, 16e5} {
		b.Run(fmt.Sprintf("nodes=%.2g", float64(nodes)), func(b *testing.B) {
			var held, lost, played int
			for b.Loop() {
				held, lost, played = 0, 0, 0
				for _, p := range suite {
					c, st := chooseOn(b, p.game, suiteLimits(nodes))
					b.Logf("%s: plays %s at depth %d, score %s (played %s, Rapfi %s)", p.source, cellName(c), st.Depth, scoreName(st.Score), cellName(p.played), cellName(p.best))
					// An if chain: go1.26.8's compiler crashes (escape
					// analysis) on a tagless switch whose cases call
					// slices.Contains inside a b.Loop body.
					if slices.Contains(p.held, c) {
						held++
					} else if slices.Contains(p.lost, c) {
						lost++
					}
					if c == p.played {
						played++
					}
				}
			}
			n := float64(len(suite))
			b.ReportMetric(float64(held)/n, "held")
			b.ReportMetric(float64(lost)/n, "lost")
			b.ReportMetric(float64(played)/n, "played")
			b.ReportMetric(n, "positions")
		})
	}
}
