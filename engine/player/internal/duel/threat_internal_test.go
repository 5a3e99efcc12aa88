package duel

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
	"github.com/gomoku-engine/gomoku/engine/savefile"
	"github.com/stretchr/testify/require"
)

// threatSample is a position whose side to move faces an open three: its
// static values and the search's score, on our scale.
type threatSample struct {
	bucket               string
	static, plain, block float64
	search               float64
	// horizon is the value of the position searched as a horizon node
	// facing a three (depth 0, full window).
	horizon float64
}

// TestThreatValue measures the static value's error where the side to
// move faces an open three (the opponent can make an open four), against
// a fresh search of the position at fixed nodes: by bucket of the threat
// term, the median of the search's score less the static value with the
// term (static), without it (plain), the value of the best block scored
// statically (best block) and the position's value as a horizon node of
// the search (horizon), each with the mean absolute difference, and the
// mean distance of the plain differences from their median (the error a
// term per bucket leaves); forced results count as ±20,000 (clip). It
// reads every position of the saved games
// (gomoku-game files) named by GOMOKU_THREAT, a glob; GOMOKU_THREAT_NODES
// sets the nodes (default 2·10⁴).
//
//	GOMOKU_THREAT='/path/to/games/*/game-*.json' go test -run ThreatValue -v -timeout 0 ./engine/player/internal/duel
func TestThreatValue(t *testing.T) {
	glob := os.Getenv("GOMOKU_THREAT")
	if glob == "" {
		t.Skip("GOMOKU_THREAT is not set")
	}
	nodes := int64(2e4)
	if s := os.Getenv("GOMOKU_THREAT_NODES"); s != "" {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatal(err)
		}
		nodes = int64(f)
	}
	files, err := filepath.Glob(glob)
	if err != nil {
		t.Fatal(err)
	}
	var samples []threatSample
	for _, path := range files {
		sv, err := savefile.Load(path)
		if err != nil {
			t.Fatal(err)
		}
		cfg := sv.Game.Config()
		hist := sv.Game.History()
		for n := 3; n < len(hist); n++ {
			g, err := engine.FromMoves(hist[:n], engine.WithK(cfg.K), engine.WithBounds(cfg.Rows, cfg.Cols), engine.WithRule(cfg.Rule))
			if err != nil {
				t.Fatal(err)
			}
			ds := &State{failed: make(map[uint64]int)}
			if fits, _ := ds.Sync(g, time.Time{}); !fits {
				continue
			}
			b := ds.b
			q := g.Turn() - 1
			o := 1 - q
			if !b.has(o, classOpenFour) || b.counts[o][classFive] > 0 || b.counts[q][classFive] > 0 ||
				b.has(q, classOpenFour) || b.has(q, classFourThree) {
				continue
			}
			cst := &core.Stats{}
			d := &run{Meter: core.NewMeter(context.Background(), cst, 0, 64), s: ds, b: b, st: cst}
			s := threatSample{
				bucket: threatBucket(b, q),
				static: float64(d.evaluate(q)),
				plain:  float64(b.eval(q) - b.threat(q)),
				block:  bestBlock(b, q),
			}
			d.lim = suiteLimits(0)
			d.lim.MaxNodes = 0
			s.horizon = float64(d.search(0, -infScore, infScore, 1, q))
			_, st := chooseOn(t, g, suiteLimits(nodes))
			s.search = clip(float64(st.Score))
			samples = append(samples, s)
		}
	}
	by := map[string][]threatSample{}
	for _, s := range samples {
		by[s.bucket] = append(by[s.bucket], s)
		by["all"] = append(by["all"], s)
	}
	names := make([]string, 0, len(by))
	for k := range by {
		names = append(names, k)
	}
	slices.Sort(names)
	t.Logf("%d positions facing an open three, %d nodes; search less each value, median (mean |dev|)", len(samples), nodes)
	t.Logf("%-24s %5s %16s %16s %16s %8s %16s", "bucket", "n", "static", "plain", "best block", "|dev med|", "horizon")
	for _, name := range names {
		var st, pl, bl, hz []float64
		for _, s := range by[name] {
			hz = append(hz, clip(s.search)-clip(s.horizon))
			st = append(st, s.search-s.static)
			pl = append(pl, s.search-s.plain)
			bl = append(bl, s.search-s.block)
		}
		m := median(pl)
		var dev []float64
		for _, x := range pl {
			dev = append(dev, x-m)
		}
		t.Logf("%-24s %5d %+7.0f (%6.0f) %+7.0f (%6.0f) %+7.0f (%6.0f) %8.0f %+7.0f (%6.0f)", name, len(by[name]),
			median(st), meanAbs(st), m, meanAbs(pl), median(bl), meanAbs(bl), meanAbs(dev), median(hz), meanAbs(hz))
	}
}

// bestBlock is the best static value q, to move, reaches by marking a cell
// that spoils the opponent's threats.
func bestBlock(b *board, q int) float64 {
	o := 1 - q
	best := int64(-1 << 40)
	b.cands(func(i int) bool {
		if b.cell[i].class[o] < classFour || !b.playable(i, q) {
			return true
		}
		b.place(i, q)
		best = max(best, -b.eval(o))
		b.undo()
		return true
	})
	return float64(best)
}

// threatBucket names the threat term's bucket of a position.
func threatBucket(b *board, q int) string {
	return fmt.Sprintf("n3=%d qfour=%v block=%v", min(b.counts[1-q][classOpenFour], 4), b.fours(q) > 0, b.spoilable(q))
}

// clip bounds a score to ±20,000, so that mates count as a sure result
// rather than by their length.
func clip(v float64) float64 { return max(min(v, 20000), -20000) }

// threatGames are random positions with threats on the board: many marks
// on small boards and near the centre of 15×15, several K and all rules.
func threatGames(t *testing.T, seeds int) []*engine.Game {
	var out []*engine.Game
	for _, tc := range []refereeCase{
		{7, 7, 4, engine.Freestyle, 0, [2]int{10, 20}, [2]int{}},
		{9, 9, 5, engine.Freestyle, 0, [2]int{14, 30}, [2]int{}},
		{9, 9, 5, engine.Exact, 0, [2]int{14, 30}, [2]int{}},
		{9, 9, 5, engine.Renju, 0, [2]int{14, 30}, [2]int{}},
		{11, 11, 6, engine.Freestyle, 0, [2]int{20, 40}, [2]int{}},
		{15, 15, 5, engine.Freestyle, 3, [2]int{10, 24}, [2]int{}},
	} {
		for seed := range seeds {
			rng := rand.New(rand.NewPCG(uint64(seed), 29))
			n := tc.marks[0] + rng.IntN(tc.marks[1]-tc.marks[0]+1)
			if g := randomGame(t, rng, tc.opts(), tc.rows, tc.cols, tc.reach, n); g != nil {
				out = append(out, g)
			}
		}
	}
	return out
}

// TestThreatTermKeptEqualToFresh: the static value with its threat term,
// on a state brought to a position by undoing a longer game's marks,
// equals a fresh board's, for both sides, on positions where a side faces
// an open three.
func TestThreatTermKeptEqualToFresh(t *testing.T) {
	seeds := 12
	if testing.Short() || raceEnabled {
		seeds = 3
	}
	facing := 0
	for _, g := range threatGames(t, seeds) {
		hist := g.History()
		for n := len(hist) / 2; n < len(hist); n++ {
			prefix, err := engine.FromMoves(hist[:n], engine.WithK(g.Config().K), engine.WithBounds(g.Config().Rows, g.Config().Cols), engine.WithRule(g.Config().Rule))
			require.NoError(t, err)
			var kept, fresh State
			kept.Sync(g, time.Time{})
			fits, warm := kept.Sync(prefix, time.Time{})
			require.True(t, fits && warm)
			fits, warm = fresh.Sync(prefix, time.Time{})
			require.True(t, fits && warm)
			for q := range 2 {
				require.Equal(t, fresh.b.eval(q), kept.b.eval(q), "%s, %d marks, side %d", hist, n, q)
				if fresh.b.threat(q) != 0 {
					facing++
				}
			}
		}
	}
	require.Greater(t, facing, 5, "positions facing an open three")
}

// TestThreatTermPricesTheBlock: where the side to move faces one open
// three (and has no four), the threat term brings the static value to
// closer to the value of its best block scored statically (bestBlock)
// than half the distance without it.
func TestThreatTermPricesTheBlock(t *testing.T) {
	seeds := 100
	if testing.Short() || raceEnabled {
		seeds = 40
	}
	var with, without []float64
	for _, g := range threatGames(t, seeds) {
		d := runOn(t, g)
		b := d.b
		q := g.Len() % 2
		o := 1 - q
		if b.counts[o][classOpenFour] != 1 || b.counts[o][classFive] > 0 || b.fours(q) > 0 || b.counts[q][classFive] > 0 {
			continue
		}
		block := bestBlock(b, q)
		with = append(with, math.Abs(float64(b.eval(q))-block))
		without = append(without, math.Abs(float64(b.eval(q)-b.threat(q))-block))
	}
	require.Greater(t, len(with), 10)
	t.Logf("%d positions: |static − best block| median %.0f with the term, %.0f without", len(with), median(with), median(without))
	require.Less(t, median(with), median(without)/2)
}
