package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/arena/opening"
)

// suites is the project's opening folder.
var suites = filepath.Join("..", "..", "..", "..", "bench", "openings")

// TestBalancedSuitesKeepTheirPromises checks bench/openings/balanced15.txt
// and balanced15b.txt as their README describes them: playable on 15×15
// and 20×20 under both rules, every opening distinct up to symmetry and
// translation, none of an earlier suite, no three or four, within the
// window as judged.
func TestBalancedSuitesKeepTheirPromises(t *testing.T) {
	for _, tc := range []struct {
		file   string
		window int
		least  int
		others []string
	}{
		{"balanced15.txt", 40, 150, []string{"center60.txt", "fit125.txt"}},
		{"balanced15b.txt", 50, 400, []string{"center60.txt", "fit125.txt", "balanced15.txt"}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			checkSuite(t, filepath.Join(suites, tc.file), tc.window, tc.least, tc.others)
		})
	}
}

// checkSuite checks the balanced suite at path: at least least openings,
// judged within ±window, none equal to an opening of the others.
func checkSuite(t *testing.T, path string, window, least int, others []string) {
	ops, err := opening.Load(path)
	require.NoError(t, err)
	assert.GreaterOrEqual(t, len(ops), least, "enough openings for twice as many distinct games at equal nodes")
	for _, size := range []int{15, 20} {
		for _, rule := range []engine.Rule{engine.Freestyle, engine.Exact} {
			cfg := engine.DefaultConfig()
			cfg.Rows, cfg.Cols, cfg.Rule = size, size, rule
			assert.NoError(t, opening.Check(ops, cfg), "%d×%d %v", size, size, rule)
		}
	}
	var paths []string
	for _, o := range others {
		paths = append(paths, filepath.Join(suites, o))
	}
	earlier, err := loadCandidates(paths, 15)
	require.NoError(t, err)
	taken := map[string]bool{}
	for _, o := range earlier {
		taken[key(o)] = true
	}
	cands, err := loadCandidates([]string{path}, 15)
	require.NoError(t, err)
	seen := map[string]bool{}
	for i, c := range cands {
		k := key(c)
		assert.False(t, seen[k], "%s: %v repeats an earlier opening", ops[i].Source, c)
		assert.False(t, taken[k], "%s: %v is an opening of %v", ops[i].Source, c, others)
		assert.False(t, hasThree(c), "%s: %v has a three", ops[i].Source, c)
		seen[k] = true
	}
	text, err := os.ReadFile(path)
	require.NoError(t, err)
	judgedAs := regexp.MustCompile(`# eval ([+-]\d+), (black|white) to move$`)
	lines := 0
	for _, l := range strings.Split(string(text), "\n") {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		lines++
		m := judgedAs.FindStringSubmatch(l)
		if assert.NotNil(t, m, "%q: no evaluation", l) {
			e, _ := strconv.Atoi(m[1])
			assert.LessOrEqual(t, abs(e), window, l)
		}
	}
	assert.Equal(t, len(ops), lines)
}
