package duel

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player/internal/dense"
	"github.com/gomoku-engine/gomoku/engine/record"
)

// TestRootThreatCost measures the root's own VCF and VCT on the positions
// of saved games (GOMOKU_ROOT_GAMES: a glob of games.txt files, lines
// ending in a move string such as h8g7h9; a file in a folder whose name
// holds "20" is of 20×20 games, "exact" of exactly five), each searched
// whole with no time limit, printing percentiles of their time and nodes.
// It is a measurement, skipped without the variable.
func TestRootThreatCost(t *testing.T) {
	glob := os.Getenv("GOMOKU_ROOT_GAMES")
	if glob == "" {
		t.Skip("GOMOKU_ROOT_GAMES not set")
	}
	files, err := filepath.Glob(glob)
	require.NoError(t, err)
	require.NotEmpty(t, files, "no file matches %s", glob)
	var vcfT, vctT []time.Duration
	var vcfN, vctN, winN []int64
	found := [2]int{}
	positions := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		dir := filepath.Base(filepath.Dir(f))
		rows := 15
		if strings.Contains(dir, "20") {
			rows = 20
		}
		rule := engine.Freestyle
		if strings.Contains(dir, "exact") {
			rule = engine.Exact
		}
		for _, line := range strings.Split(string(data), "\n") {
			fs := strings.Fields(line)
			if len(fs) == 0 {
				continue
			}
			rec, err := record.ParseMoveString(fs[len(fs)-1])
			require.NoError(t, err, "%s: %s", f, line)
			g, err := engine.New(engine.WithBounds(rows, rows), engine.WithRule(rule))
			require.NoError(t, err)
			for n, m := range rec.Moves {
				if _, err := g.Play(m.Row, m.Col); err != nil || g.Status() != engine.Ongoing {
					break
				}
				if n < 5 || n == len(rec.Moves)-2 {
					continue
				}
				d := runOn(t, g)
				st := d.st
				q := g.Turn() - 1
				o := 1 - q
				if d.b.Counts[q][dense.ClassFive] > 0 || d.b.Counts[o][dense.ClassFive] > 0 {
					continue
				}
				positions++
				t0 := time.Now()
				i := d.rootVCF(q, rootVCFNodes)
				vcfT = append(vcfT, time.Since(t0))
				vcfN = append(vcfN, st.Nodes)
				if i >= 0 {
					found[0]++
					continue
				}
				n0 := st.Nodes
				d.vcfLeft = rootVCFNodes
				t0 = time.Now()
				i = d.threatWin(q, vctDepth, d.b.LastOf(q))
				vctT = append(vctT, time.Since(t0))
				vctN = append(vctN, st.Nodes-n0)
				if i >= 0 {
					found[1]++
					winN = append(winN, st.Nodes-n0)
				}
			}
		}
	}
	pct := func(name string, ds []time.Duration, ns []int64) {
		if len(ds) == 0 {
			return
		}
		slices.Sort(ds)
		slices.Sort(ns)
		at := func(p float64) int { return min(int(p*float64(len(ds))), len(ds)-1) }
		var s []string
		for _, p := range []float64{0.5, 0.75, 0.9, 0.95, 0.99, 1} {
			s = append(s, fmt.Sprintf("p%.0f %v/%dk", 100*p, ds[at(p)].Round(time.Microsecond*100), ns[at(p)]/1000))
		}
		t.Logf("%s (%d): %s", name, len(ds), strings.Join(s, ", "))
	}
	t.Logf("%d positions, VCF found %d, VCT found %d", positions, found[0], found[1])
	pct("VCF", vcfT, vcfN)
	pct("VCT", vctT, vctN)
	slices.Sort(winN)
	t.Logf("nodes of the VCTs found: %v", winN)
}
