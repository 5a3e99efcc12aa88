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

// TestBalancedSuiteKeepsItsPromises checks bench/openings/balanced15.txt
// as its README describes it: playable on 15×15 and 20×20 under both
// rules, every opening distinct up to symmetry and translation, none of
// center60.txt or fit125.txt, no three or four, within ±40 as judged.
func TestBalancedSuiteKeepsItsPromises(t *testing.T) {
	path := filepath.Join(suites, "balanced15.txt")
	ops, err := opening.Load(path)
	require.NoError(t, err)
	assert.GreaterOrEqual(t, len(ops), 150, "enough openings for 300 distinct games at equal nodes")
	for _, size := range []int{15, 20} {
		for _, rule := range []engine.Rule{engine.Freestyle, engine.Exact} {
			cfg := engine.DefaultConfig()
			cfg.Rows, cfg.Cols, cfg.Rule = size, size, rule
			assert.NoError(t, opening.Check(ops, cfg), "%d×%d %v", size, size, rule)
		}
	}
	others, err := loadCandidates([]string{filepath.Join(suites, "center60.txt"), filepath.Join(suites, "fit125.txt")}, 15)
	require.NoError(t, err)
	taken := map[string]bool{}
	for _, o := range others {
		taken[key(o)] = true
	}
	cands, err := loadCandidates([]string{path}, 15)
	require.NoError(t, err)
	seen := map[string]bool{}
	for i, c := range cands {
		k := key(c)
		assert.False(t, seen[k], "%s: %v repeats an earlier opening", ops[i].Source, c)
		assert.False(t, taken[k], "%s: %v is an opening of center60.txt or fit125.txt", ops[i].Source, c)
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
			assert.LessOrEqual(t, abs(e), 40, l)
		}
	}
	assert.Equal(t, len(ops), lines)
}
