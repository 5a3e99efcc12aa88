package duel

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
	"github.com/gomoku-engine/gomoku/engine/player/internal/dense"
	"github.com/gomoku-engine/gomoku/engine/record"
	"github.com/gomoku-engine/gomoku/sparse"
)

// blundersFile is the suite of decisive mistakes from games lost to Rapfi
// (format in testdata/README.md).
const blundersFile = "testdata/blunders.txt"

// blunder is one position of the suite: the game up to our decisive
// mistake, that mistake, Rapfi's move there and its evaluations.
type blunder struct {
	source string
	game   *engine.Game
	// moves is the position as a move string.
	moves string
	// blunder is our move; best is Rapfi's; refute is Rapfi's answer to
	// the blunder.
	blunder, best, refute sparse.Cell
	// good are moves Rapfi rates within the suite's margin of its best
	// (best among them), bad the other moves it rated (blunder among them).
	good, bad []sparse.Cell
	// eval is Rapfi's evaluation before the move, blunderEval after the
	// blunder, both for the side to move here (Rapfi's notation).
	eval, blunderEval string
}

// loadBlunders reads the suite.
func loadBlunders(tb testing.TB) []blunder {
	tb.Helper()
	return loadSuite(tb, blundersFile, blunderOf)
}

// blunderOf reads a line's fields as a position of the suite.
func blunderOf(l suiteLine) (blunder, error) {
	p := blunder{moves: l.moves, game: l.game}
	var err error
	for _, c := range []struct {
		key string
		dst *sparse.Cell
	}{{"blunder", &p.blunder}, {"best", &p.best}, {"refute", &p.refute}} {
		if *c.dst, err = l.cell(c.key); err != nil {
			return p, err
		}
	}
	if p.good, err = l.cells("good"); err != nil {
		return p, err
	}
	if p.bad, err = l.cells("bad"); err != nil {
		return p, err
	}
	if !slices.Contains(p.good, p.best) {
		p.good = append(p.good, p.best)
	}
	if !slices.Contains(p.bad, p.blunder) {
		p.bad = append(p.bad, p.blunder)
	}
	p.source, p.eval, p.blunderEval = l.kv["source"], l.kv["eval"], l.kv["blunder-eval"]
	return p, nil
}

// suiteLimits are the limits of a search as the Search player runs it,
// bounded by nodes instead of time.
func suiteLimits(nodes int64) core.Limits {
	return core.Limits{Start: time.Now(), MaxDepth: core.MaxDepth, MaxNodes: nodes, Width: core.DefaultWidth, VCF: true, VCT: true}
}

// chooseOn runs a fresh two-player search on g within lim.
func chooseOn(tb testing.TB, g *engine.Game, lim core.Limits) (sparse.Cell, core.Stats) {
	tb.Helper()
	return chooseUnder(tb, g, nil, lim)
}

// chooseUnder is chooseOn with the working board evaluating with ev
// instead of the weights in force (nil keeps them).
func chooseUnder(tb testing.TB, g *engine.Game, ev *dense.Evaluation, lim core.Limits) (sparse.Cell, core.Stats) {
	tb.Helper()
	ds := &State{}
	if fits, warm := ds.Sync(g, time.Time{}); !fits || !warm {
		tb.Fatal("the position does not fit the two-player search")
	}
	if ev != nil {
		old := ds.b
		b := dense.NewBoardUnder(g.Config(), ev, old.R0, old.C0, old.Rows, old.Cols)
		for _, m := range ds.played {
			i, ok := b.Index(m.Row, m.Col)
			if !ok {
				tb.Fatal("a mark outside the window")
			}
			b.Place(i, m.Player-1)
		}
		b.Lookahead()
		ds.b = b
	}
	return chooseWith(tb, ds, g, lim)
}

// chooseWith runs the search of ds, in step with g already, for the
// player to move within lim.
func chooseWith(tb testing.TB, ds *State, g *engine.Game, lim core.Limits) (sparse.Cell, core.Stats) {
	tb.Helper()
	var (
		st          core.Stats
		provisional atomic.Pointer[sparse.Cell]
	)
	c, ok := ds.Choose(context.Background(), g, g.Turn(), lim, &st, &provisional)
	if !ok {
		tb.Fatal("no move")
	}
	return c, st
}

// suiteScore is how a search did on the suite.
type suiteScore struct {
	// avoided counts positions where it did not play the blunder, good
	// where it played a move Rapfi rates within the margin, bad where it
	// played one Rapfi rates below.
	avoided, good, bad, total int
}

// runSuite runs a fresh search within nodes on every position of suite.
func runSuite(tb testing.TB, suite []blunder, nodes int64) suiteScore {
	var s suiteScore
	for _, p := range suite {
		c, st := chooseOn(tb, p.game, suiteLimits(nodes))
		tb.Logf("%s: plays %s at depth %d, score %s (blunder %s, best %s)", p.source, cellName(c), st.Depth, scoreName(st.Score), cellName(p.blunder), cellName(p.best))
		s.total++
		if c != p.blunder {
			s.avoided++
		}
		switch {
		case slices.Contains(p.good, c):
			s.good++
		case slices.Contains(p.bad, c):
			s.bad++
		}
	}
	return s
}

// BenchmarkBlunders runs the search as it plays, at fixed nodes, on the
// positions where a game against Rapfi was lost, and reports the share of
// them where it avoids our move (avoided), where it plays a move Rapfi
// rates within the suite's margin of its best (good) and where it plays
// one Rapfi rates below (bad; moves Rapfi did not rate count in neither).
// At equal nodes the figures do not depend on the machine's load; -v
// lists the move played on each position. Run it once:
//
//	go test -run '^$' -bench Blunders -benchtime 1x ./engine/player/internal/duel
func BenchmarkBlunders(b *testing.B) {
	suite := loadBlunders(b)
	for _, nodes := range []int64{1e5, 5e5} {
		b.Run(fmt.Sprintf("nodes=%.0e", float64(nodes)), func(b *testing.B) {
			var s suiteScore
			for b.Loop() {
				s = runSuite(b, suite, nodes)
			}
			b.ReportMetric(float64(s.avoided)/float64(s.total), "avoided")
			b.ReportMetric(float64(s.good)/float64(s.total), "good")
			b.ReportMetric(float64(s.bad)/float64(s.total), "bad")
			b.ReportMetric(float64(s.total), "positions")
		})
	}
}

// Causes of a blunder, as TestBlunderDiagnosis finds them.
const (
	causeShallow    = "avoided@1e5"  // not played at 1e5 nodes (about 0.2 s)
	causeDeeper     = "avoided@5e5"  // played at 1e5 nodes, not at 5e5 (about 1 s)
	causeUngen      = "ungenerated"  // Rapfi's move is not a root candidate
	causeWidth      = "width"        // avoided when every candidate is searched below the root
	causeLMR        = "lmr"          // avoided without late-move reductions
	causeDepth      = "avoided@25e5" // avoided at 2.5e6 nodes (about 5 s)
	causeHorizon    = "horizon"      // Rapfi sees a forced loss we do not see at 2.5e6 nodes
	causeEvaluation = "eval"         // no forced loss: our search prefers the blunder at 2.5e6 nodes
)

// TestBlunderDiagnosis finds, for each position of the suite, why the
// search plays the blunder (see the cause constants, tried in their
// order), and logs a line a position and the counts. It takes many
// minutes: it runs only when GOMOKU_BLUNDER_DIAG is set.
//
//	GOMOKU_BLUNDER_DIAG=1 go test -run BlunderDiagnosis -v -timeout 0 ./engine/player/internal/duel
func TestBlunderDiagnosis(t *testing.T) {
	if os.Getenv("GOMOKU_BLUNDER_DIAG") == "" {
		t.Skip("GOMOKU_BLUNDER_DIAG is not set")
	}
	suite := loadBlunders(t)
	counts := map[string]int{}
	for _, p := range suite {
		t.Run(p.source, func(t *testing.T) { counts[diagnose(t, p)]++ })
	}
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		t.Logf("%-12s %d", k, counts[k])
	}
}

// TestRefuteDepthOnBlunders counts, on the blunder suite, the positions
// where the opponent's VCF, then a VCT of a given depth and node budget,
// finds a win after our blunder and after Rapfi's best move (where none
// should be found). A measurement of a few minutes, it runs only when
// GOMOKU_REFUTE_DEPTH is set:
//
//	GOMOKU_REFUTE_DEPTH=1 go test -run RefuteDepthOnBlunders -v -timeout 0 ./engine/player/internal/duel
func TestRefuteDepthOnBlunders(t *testing.T) {
	if os.Getenv("GOMOKU_REFUTE_DEPTH") == "" {
		t.Skip("GOMOKU_REFUTE_DEPTH is not set")
	}
	limits := []struct{ depth, nodes int }{{5, 1e4}, {5, 1e5}, {7, 1e4}, {7, 1e5}, {9, 1e6}, {11, 4e6}}
	// wins tells, for each limit, whether the opponent wins after m on p.
	wins := func(p blunder, m sparse.Cell) []bool {
		out := make([]bool, len(limits))
		for k, l := range limits {
			d := runOn(t, p.game)
			q := p.game.Turn() - 1
			i, ok := d.b.Index(m.Row, m.Col)
			if !ok {
				t.Fatalf("%s: %v is off the working board", p.source, m)
			}
			last := d.b.LastOf(1 - q)
			d.b.Place(i, q)
			d.vcfLeft = rootVCFNodes / 10
			if out[k] = d.fourWin(1-q, vcfDepth, last) >= 0; !out[k] {
				d.vcfLeft = l.nodes
				out[k] = d.threatWin(1-q, l.depth, last) >= 0
			}
		}
		return out
	}
	blunders, bests := make([]int, len(limits)), make([]int, len(limits))
	for _, p := range loadBlunders(t) {
		wb, wr := wins(p, p.blunder), wins(p, p.best)
		for k := range limits {
			if wb[k] {
				blunders[k]++
			}
			if wr[k] {
				bests[k]++
			}
		}
		t.Logf("%s (%s): after the blunder %v, after the best move %v", p.source, p.blunderEval, wb, wr)
	}
	t.Logf("limits (threats, nodes) %v: wins after the blunder %v, after the best move %v", limits, blunders, bests)
}

// diagnose finds why the search plays p's blunder and logs the findings.
func diagnose(t *testing.T, p blunder) string {
	g := p.game
	rankBest, rankBlunder, n := rootRanks(t, g, p.best, p.blunder)
	after := g.Clone()
	if _, err := after.Play(p.blunder.Row, p.blunder.Col); err != nil {
		t.Fatal(err)
	}
	rankRefute, _, _ := rootRanks(t, after, p.refute, p.refute)
	m02, st02 := chooseOn(t, g, suiteLimits(1e5))
	m1, st1 := chooseOn(t, g, suiteLimits(5e5))
	cause, detail := "", ""
	switch {
	case m02 != p.blunder:
		cause = causeShallow
	case m1 != p.blunder:
		cause = causeDeeper
	case rankBest < 0:
		cause = causeUngen
	}
	if cause == "" {
		wide := suiteLimits(5e5)
		wide.Width = 1 << 10
		if m, _ := chooseOn(t, g, wide); m != p.blunder {
			cause, detail = causeWidth, "plays "+cellName(m)
		}
	}
	if cause == "" {
		saved := lmr
		lmr = [maxPly + 1][32]int8{}
		m, _ := chooseOn(t, g, suiteLimits(5e5))
		lmr = saved
		if m != p.blunder {
			cause, detail = causeLMR, "plays "+cellName(m)
		}
	}
	if cause == "" {
		if m, st := chooseOn(t, g, suiteLimits(25e5)); m != p.blunder {
			cause, detail = causeDepth, fmt.Sprintf("plays %s at depth %d", cellName(m), st.Depth)
		}
	}
	if cause == "" {
		vb, db := forcedScore(t, g, p.best, 5e5)
		vu, du := forcedScore(t, g, p.blunder, 5e5)
		detail = fmt.Sprintf("forced at 5e5: best %s/d%d blunder %s/d%d", scoreName(vb), db, scoreName(vu), du)
		cause = causeEvaluation
		if strings.Contains(p.blunderEval, "M") {
			cause = causeHorizon
		}
	}
	t.Logf("%-18s %-12s blunder %-4s best %-4s (rank %d/%d, blunder rank %d, refute rank %d) rapfi %s→%s | 1e5 %s d%d %s | 5e5 %s d%d %s | %s",
		p.source, cause, cellName(p.blunder), cellName(p.best), rankBest, n, rankBlunder, rankRefute, p.eval, p.blunderEval,
		cellName(m02), st02.Depth, scoreName(st02.Score), cellName(m1), st1.Depth, scoreName(st1.Score), detail)
	return cause
}

// rootRanks is the rank (from 0) of a and b in the root's move order on
// g, -1 when not generated, and the number of root moves.
func rootRanks(t *testing.T, g *engine.Game, a, b sparse.Cell) (int, int, int) {
	t.Helper()
	ds := &State{failed: make(map[uint64]int)}
	if fits, warm := ds.Sync(g, time.Time{}); !fits || !warm {
		t.Fatal("the position does not fit the two-player search")
	}
	st := &core.Stats{}
	d := &run{Meter: core.NewMeter(context.Background(), st, 0, 64), s: ds, b: ds.b, lim: suiteLimits(0), st: st}
	all, _ := d.moves(g.Turn()-1, 0, -1, -1, 1)
	ms := slices.Clone(all)
	slices.SortFunc(ms, byBetter)
	ra, rb := -1, -1
	for n, m := range ms {
		switch d.b.CellAt(int(m.i)) {
		case a:
			ra = n
		case b:
			rb = n
		}
	}
	return ra, rb, len(ms)
}

// forcedScore is the search's score of move m on g for the side to move,
// and the depth, from a search of the reply within nodes.
func forcedScore(t *testing.T, g *engine.Game, m sparse.Cell, nodes int64) (int64, int) {
	t.Helper()
	after := g.Clone()
	if _, err := after.Play(m.Row, m.Col); err != nil {
		t.Fatal(err)
	}
	if after.Status() != engine.Ongoing {
		return core.WinValue, 0
	}
	_, st := chooseOn(t, after, suiteLimits(nodes))
	return -st.Score, st.Depth
}

// cellName writes a cell as a move string does.
func cellName(c sparse.Cell) string {
	s, err := record.FormatMoveString([]record.Move{{Row: c.Row, Col: c.Col}})
	if err != nil {
		return fmt.Sprint(c)
	}
	return s
}

// scoreName writes a score, a forced result as ±W (win) or ±L.
func scoreName(v int64) string {
	switch {
	case v >= core.WinValue-1<<20:
		return "+W"
	case v <= -core.WinValue+1<<20:
		return "-W"
	}
	return strconv.FormatInt(v, 10)
}
