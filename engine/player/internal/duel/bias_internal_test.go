package duel

import (
	"context"
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
	"github.com/gomoku-engine/gomoku/engine/player/internal/dense"
	"github.com/stretchr/testify/assert"
)

// biasFile holds positions from games against Rapfi with Rapfi's
// evaluation of each (format in testdata/README.md).
const biasFile = "testdata/bias.txt"

// rapfiScale and ourScale turn an evaluation into a win chance,
// sigmoid(v/scale): Rapfi's and ours.
const (
	rapfiScale = 200
	ourScale   = 1000
)

// biasPosition is a position with Rapfi's evaluation for the side to move.
type biasPosition struct {
	source string
	game   *engine.Game
	rapfi  float64
}

// loadBias reads the positions of path.
func loadBias(tb testing.TB, path string) []biasPosition {
	tb.Helper()
	return loadSuite(tb, path, func(l suiteLine) (biasPosition, error) {
		v, err := strconv.Atoi(l.kv["rapfi"])
		if err != nil {
			return biasPosition{}, fmt.Errorf("rapfi: %w", err)
		}
		return biasPosition{source: l.kv["source"], game: l.game, rapfi: float64(v)}, nil
	})
}

// onScale converts v from one sigmoid scale to another: the same win
// chance.
func onScale(v, from, to float64) float64 { return v * to / from }

// biasSample is one position's figures, all for the side to move on
// Rapfi's scale: the search's score less Rapfi's, the static value's less
// Rapfi's, and the classes of the position it is counted under.
type biasSample struct {
	search, static float64
	// rapfi is Rapfi's evaluation for the side to move.
	rapfi  float64
	mate   bool
	groups []string
}

// biasGroups names what a position shows to the side to move q: who
// moves (black, white) and, for each, whether q faces an open three (or a
// cell that makes two fours) and whether either can make an open three.
func biasGroups(b *dense.Board, q int, black bool) []string {
	side := "white"
	if black {
		side = "black"
	}
	o := 1 - q
	var g []string
	g = append(g, side)
	switch {
	case b.Has(o, dense.ClassOpenFour) || b.Counts[o][dense.ClassFive] > 0:
		g = append(g, side+"/faces-three")
	case b.Fours(q) > 0 && b.Fours(o) > 0:
		g = append(g, side+"/both-fours")
	}
	three := func(p int) bool {
		for c := dense.ClassFlex3; c < dense.ClassCount; c++ {
			if b.Counts[p][c] > 0 {
				return true
			}
		}
		return false
	}
	switch {
	case three(q) && three(o):
		g = append(g, side+"/both-make-three")
	case three(q):
		g = append(g, side+"/mover-makes-three")
	case three(o):
		g = append(g, side+"/waiter-makes-three")
	default:
		g = append(g, side+"/no-three")
	}
	return g
}

// TestSearchBias compares the search's score at fixed nodes (a fresh
// search as it plays) and the static value with Rapfi's evaluation, on
// positions from games against it, and logs by side to move and by the
// threats on the board the median difference for the side to move, on
// Rapfi's scale (our v·200/1000): positive where ours thinks better of
// the side to move than Rapfi; and the least-squares line of the
// search's score against Rapfi's (slope, and the value where Rapfi reads
// an even game), which tells a leaning of one colour from a scale that
// differs. Mate scores of ours (Rapfi read none) are
// counted apart. It takes minutes: it runs only when GOMOKU_BIAS is set,
// to the positions' file or 1 for testdata/bias.txt; GOMOKU_BIAS_NODES
// sets the nodes (default 3·10⁴) or GOMOKU_BIAS_DEPTH a fixed depth
// instead, GOMOKU_BIAS_ONLY a prefix of the sources to keep.
//
//	GOMOKU_BIAS=1 go test -run SearchBias -v -timeout 0 ./engine/player/internal/duel
func TestSearchBias(t *testing.T) {
	path := os.Getenv("GOMOKU_BIAS")
	if path == "" {
		t.Skip("GOMOKU_BIAS is not set")
	}
	if path == "1" {
		path = biasFile
	}
	nodes := int64(3e4)
	if s := os.Getenv("GOMOKU_BIAS_NODES"); s != "" {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatal(err)
		}
		nodes = int64(f)
	}
	only := os.Getenv("GOMOKU_BIAS_ONLY")
	lim := suiteLimits(nodes)
	if s := os.Getenv("GOMOKU_BIAS_DEPTH"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatal(err)
		}
		lim.MaxDepth, lim.MaxNodes = n, 0
	}
	var samples []biasSample
	var depths []int
	for _, p := range loadBias(t, path) {
		if !strings.HasPrefix(p.source, only) {
			continue
		}
		_, st := chooseOn(t, p.game, lim)
		ds := &State{}
		ds.Sync(p.game, time.Time{})
		cst := &core.Stats{}
		d := &run{Meter: core.NewMeter(context.Background(), cst, 0, 64), s: ds, b: ds.b, st: cst}
		q := p.game.Turn() - 1
		s := biasSample{
			static: onScale(float64(d.evaluate(q)), ourScale, rapfiScale) - p.rapfi,
			mate:   st.Score >= core.WinValue-1000 || st.Score <= -core.WinValue+1000,
			groups: biasGroups(ds.b, q, q == 0),
		}
		s.rapfi = p.rapfi
		s.search = onScale(float64(st.Score), ourScale, rapfiScale) - p.rapfi
		depths = append(depths, st.Depth)
		if testing.Verbose() && os.Getenv("GOMOKU_BIAS_EACH") != "" {
			t.Logf("%s rapfi %+.0f search %+.0f static %+.0f depth %d %v", p.source, p.rapfi, s.search+p.rapfi, s.static+p.rapfi, st.Depth, s.groups)
		}
		samples = append(samples, s)
	}
	slices.Sort(depths)
	if len(depths) > 0 {
		t.Logf("%d positions at %d nodes, median depth %d", len(samples), nodes, depths[len(depths)/2])
	}
	for _, line := range biasTable(samples) {
		t.Log(line)
	}
}

// biasTable summarises samples by group: count, median and mean of the
// search's and the static value's difference from Rapfi, mates apart.
func biasTable(samples []biasSample) []string {
	by := map[string][]biasSample{}
	for _, s := range samples {
		by["all"] = append(by["all"], s)
		for _, g := range s.groups {
			by[g] = append(by[g], s)
		}
	}
	names := make([]string, 0, len(by))
	for k := range by {
		names = append(names, k)
	}
	slices.Sort(names)
	out := []string{fmt.Sprintf("%-28s %5s %6s %8s %8s %8s %8s %8s %6s %6s", "group", "n", "mates", "search", "mean", "|dev|", "static", "mean", "slope", "at0")}
	for _, name := range names {
		var srch, stat, xs, ys []float64
		mates := 0
		for _, s := range by[name] {
			stat = append(stat, s.static)
			if s.mate {
				mates++
				continue
			}
			srch = append(srch, s.search)
			xs, ys = append(xs, s.rapfi), append(ys, s.search+s.rapfi)
		}
		slope, at0 := fitLine(xs, ys)
		out = append(out, fmt.Sprintf("%-28s %5d %6d %+8.0f %+8.0f %8.0f %+8.0f %+8.0f %6.2f %+6.0f", name, len(by[name]), mates,
			median(srch), mean(srch), meanAbs(srch), median(stat), mean(stat), slope, at0))
	}
	return out
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func mean(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	var t float64
	for _, x := range xs {
		t += x
	}
	return t / float64(len(xs))
}

func meanAbs(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	var t float64
	for _, x := range xs {
		t += math.Abs(x)
	}
	return t / float64(len(xs))
}

// fitLine is the least-squares line y = slope·x + at0.
func fitLine(xs, ys []float64) (slope, at0 float64) {
	if len(xs) < 2 {
		return math.NaN(), math.NaN()
	}
	mx, my := mean(xs), mean(ys)
	var sxy, sxx float64
	for i := range xs {
		sxy += (xs[i] - mx) * (ys[i] - my)
		sxx += (xs[i] - mx) * (xs[i] - mx)
	}
	if sxx == 0 {
		return math.NaN(), math.NaN()
	}
	slope = sxy / sxx
	return slope, my - slope*mx
}

// TestBiasFile checks that every position of the bias file reads as a
// game with the side to move named by its stones and an evaluation short
// of a mate, as TestSearchBias assumes.
func TestBiasFile(t *testing.T) {
	ps := loadBias(t, biasFile)
	bySource := map[string]int{}
	for _, p := range ps {
		tag, _, _ := strings.Cut(p.source, "/")
		bySource[tag]++
		if n := p.game.Len(); n < 3 || n > 24 {
			t.Errorf("%s: %d stones, want 3 to 24", p.source, n)
		}
		if p.rapfi <= -20000 || p.rapfi >= 20000 {
			t.Errorf("%s: Rapfi's evaluation %v is a mate", p.source, p.rapfi)
		}
	}
	assert.Equal(t, map[string]int{"free15": 661, "exact15": 305, "free20": 374}, bySource)
}

func TestFitLine(t *testing.T) {
	slope, at0 := fitLine([]float64{-100, 0, 100, 200}, []float64{-40, 10, 60, 110})
	assert.InDelta(t, 0.5, slope, 1e-9)
	assert.InDelta(t, 10, at0, 1e-9)
	slope, _ = fitLine([]float64{5, 5}, []float64{1, 2})
	assert.True(t, math.IsNaN(slope), "no spread in x has no slope")
}

// TestBiasGroups checks the classes a position is counted under: the side
// to move, whether it faces an open three, and who can make one.
func TestBiasGroups(t *testing.T) {
	// Black h8 i8 j8 (an open three), white h9 i9: white to move faces it.
	g := gameOf(t, "h8h9i8i9j8")
	ds := &State{}
	ds.Sync(g, time.Time{})
	assert.Equal(t, []string{"white", "white/faces-three", "white/both-make-three"}, biasGroups(ds.b, 1, false))
	g = gameOf(t, "h8a1")
	ds = &State{}
	ds.Sync(g, time.Time{})
	assert.Equal(t, []string{"black", "black/no-three"}, biasGroups(ds.b, 0, true))
}
