//go:build duelstats

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
	"github.com/gomoku-engine/gomoku/sparse"
)

// TestTreeShape reports where the search's nodes go, as it plays (threat
// searches on, default width), on the 15×15 freestyle positions of the
// blunder suite and testdata/middlegames.txt, each searched afresh within
// GOMOKU_TREE_NODES nodes (default 30000,500000). Only a build with the
// duelstats tag counts:
//
//	go test -tags duelstats -run TestTreeShape -v ./engine/player/internal/duel
func TestTreeShape(t *testing.T) {
	var games []*engine.Game
	for _, p := range loadBlunders(t) {
		if cfg := p.game.Config(); cfg.Rule == engine.Freestyle && cfg.Rows == 15 {
			games = append(games, p.game)
		}
	}
	for _, ms := range middleGames(t) {
		games = append(games, gameOf(t, ms))
	}
	limits := os.Getenv("GOMOKU_TREE_NODES")
	if limits == "" {
		limits = "30000,500000"
	}
	for _, f := range strings.Split(limits, ",") {
		nodes, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		var sum treeTally
		var total int64
		var depths []int
		// ebf[d] collects, per position, the nodes of iteration d over
		// those of iteration d−1.
		ebf := map[int][]float64{}
		var cuts [8]int64
		for _, g := range games {
			ds := &State{failed: make(map[uint64]int)}
			if fits, warm := ds.Sync(g, time.Time{}); !fits || !warm {
				t.Fatal("no window")
			}
			st := &core.Stats{}
			lim := core.Limits{Start: time.Now(), MaxDepth: core.MaxDepth, MaxNodes: nodes, Width: core.DefaultWidth, VCF: true, VCT: true}
			d := &run{Meter: core.NewMeter(context.Background(), st, nodes, 64), s: ds, b: ds.b, lim: lim, st: st,
				provisional: new(atomic.Pointer[sparse.Cell]), tally: &treeTally{}}
			if _, ok := d.best(g.Turn() - 1); !ok {
				t.Fatal("no move")
			}
			if st.Reason != core.ReasonSearch && st.Reason != core.ReasonRefute {
				continue
			}
			total += st.Nodes
			depths = append(depths, st.Depth)
			tl := d.tally
			for i := range tl.nodes {
				sum.nodes[i] += tl.nodes[i]
			}
			for i, c := range d.cuts {
				cuts[i] += c
			}
			sum.leaves += tl.leaves
			sum.horizon += tl.horizon
			sum.futile += tl.futile
			sum.leafVCF += tl.leafVCF
			sum.horizonVCF += tl.horizonVCF
			sum.leafVCFCalls += tl.leafVCFCalls
			sum.leafVCFWins += tl.leafVCFWins
			sum.horizonVCFCalls += tl.horizonVCFCalls
			sum.horizonVCFWins += tl.horizonVCFWins
			sum.free += tl.free
			sum.inner += tl.inner
			sum.rootVCF += tl.rootVCF
			sum.rootVCT += tl.rootVCT
			sum.screen += tl.screen
			sum.probes += tl.probes
			sum.hits += tl.hits
			sum.cuts += tl.cuts
			sum.interior += tl.interior
			sum.listed += tl.listed
			sum.generating += tl.generating
			sum.generated += tl.generated
			sum.tried += tl.tried
			sum.cutNodes += tl.cutNodes
			sum.scout += tl.scout
			sum.rescout += tl.rescout
			sum.reduced += tl.reduced
			sum.unreduced += tl.unreduced
			prev, prevSpent := int64(0), int64(0)
			for i, n := range tl.iterNodes {
				spent := n - prev
				if i > 0 && prevSpent > 0 {
					ebf[i+1] = append(ebf[i+1], float64(spent)/float64(prevSpent))
				}
				prev, prevSpent = n, spent
			}
		}
		slices.Sort(depths)
		pct := func(a, b int64) string { return fmt.Sprintf("%.1f%%", 100*float64(a)/float64(max(b, 1))) }
		var searchNodes int64
		for _, n := range sum.nodes {
			searchNodes += n
		}
		var allCuts int64
		for _, c := range cuts {
			allCuts += c
		}
		var b strings.Builder
		fmt.Fprintf(&b, "nodes=%d: %d positions searched, median depth %d (min %d, max %d), %d nodes in all\n", nodes, len(depths), depths[len(depths)/2], depths[0], depths[len(depths)-1], total)
		fmt.Fprintf(&b, "  share of nodes: main search %s (of which static leaves %s, horizon nodes searched on %s), leaf VCF %s, horizon VCF %s, root VCF %s, root VCT %s, root screening %s\n",
			pct(searchNodes, total), pct(sum.leaves, total), pct(sum.horizon, total), pct(sum.leafVCF, total), pct(sum.horizonVCF, total), pct(sum.rootVCF, total), pct(sum.rootVCT, total), pct(sum.screen, total))
		fmt.Fprintf(&b, "  leaf VCFs %d (%.1f nodes each, %s of them won), horizon VCFs %d (%s won); interior nodes before the horizon %d, %s of them with moves that cost no depth\n",
			sum.leafVCFCalls, float64(sum.leafVCF)/float64(max(sum.leafVCFCalls, 1)), pct(sum.leafVCFWins, sum.leafVCFCalls),
			sum.horizonVCFCalls, pct(sum.horizonVCFWins, sum.horizonVCFCalls), sum.inner, pct(sum.free, sum.inner))
		fmt.Fprintf(&b, "  table: probes %d, found %s, settled %s; futility cut %s of search nodes\n", sum.probes, pct(sum.hits, sum.probes), pct(sum.cuts, sum.probes), pct(sum.futile, searchNodes))
		fmt.Fprintf(&b, "  interior nodes %d: moves listed %.2f, tried %.2f a node; cut off %s (first move %s of cuts)\n", sum.interior,
			float64(sum.listed)/float64(sum.interior), float64(sum.tried)/float64(sum.interior), pct(sum.cutNodes, sum.interior), pct(cuts[0], allCuts))
		fmt.Fprintf(&b, "  nodes that generated their moves %s of interior nodes, %.2f moves generated each\n", pct(sum.generating, sum.interior), float64(sum.generated)/float64(max(sum.generating, 1)))
		fmt.Fprintf(&b, "  later moves: scouts %d, searched again with the full window %s; reduced %s of scouts, searched again unreduced %s\n",
			sum.scout, pct(sum.rescout, sum.scout), pct(sum.reduced, sum.scout), pct(sum.unreduced, sum.reduced))
		b.WriteString("  nodes by ply:")
		for p, n := range sum.nodes {
			if n > 0 {
				fmt.Fprintf(&b, " %d:%s", p, pct(n, searchNodes))
			}
		}
		b.WriteString("\n  effective branching factor (median over positions of an iteration's nodes over the one before):")
		for d := 2; d < 40; d++ {
			if r := ebf[d]; len(r) >= 3 {
				slices.Sort(r)
				fmt.Fprintf(&b, " d%d:%.2f(%d)", d, r[len(r)/2], len(r))
			}
		}
		t.Log("\n" + b.String())
	}
}
