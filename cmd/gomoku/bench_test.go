package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBenchCommand(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "charts")
	r := runApp(t, "", "bench", "--quick", "--series", "k", "--min-time", "1ms", "--charts", dir)
	require.Equal(t, exitOK, r.code, r.err)
	assert.Contains(t, r.out, "| target | measured | limit | met |")
	assert.Contains(t, r.out, "flat in K, runs checker: K=200 ÷ K=5")
	assert.Contains(t, r.out, "#### Long runs by K")
	assert.NotContains(t, r.out, "#### Clustered play", "only the series asked for")
	assert.Contains(t, r.err, "Charts: ")
	svg, err := os.ReadFile(filepath.Join(dir, "k.svg"))
	require.NoError(t, err)
	assert.Contains(t, string(svg), "<svg")
}

func TestBenchUsageErrors(t *testing.T) {
	requireUsage(t, runApp(t, "", "bench", "--series", "speed"), "--series")
	requireUsage(t, runApp(t, "", "bench", "--min-time", "-1s"), "--min-time must not be negative")
	requireUsage(t, runApp(t, "", "bench", "extra"), `unexpected argument "extra"`)
}
