package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBenchCommand(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "charts")
	r := runApp(t, "", "bench", "--quick", "--series", "k", "--min-time", "1ms", "--charts", dir)
	require.Equal(t, exitOK, r.code, r.err)
	assert.Contains(t, r.out, "| target | measured | limit | met |")
	assert.Contains(t, r.out, "flat in K, runs checker: K=200 ÷ K=10")
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
	requireUsage(t, runApp(t, "", "bench", "--moves", "spiral:10"), `unknown workload "spiral"`)
	requireUsage(t, runApp(t, "", "bench", "--moves", "scattered"), "want KIND:N")
	requireUsage(t, runApp(t, "", "bench", "--moves", "clustered:0"), "want KIND:N")
}

// TestBenchPrintsWorkloads checks that --moves prints a workload that
// replay accepts: n distinct cells, the same for the same seed.
func TestBenchPrintsWorkloads(t *testing.T) {
	for _, kind := range []string{"clustered", "scattered"} {
		r := runApp(t, "", "bench", "--moves", kind+":2000")
		require.Equal(t, exitOK, r.code, r.err)
		lines := strings.Split(strings.TrimSuffix(r.out, "\n"), "\n")
		require.Len(t, lines, 2000, kind)
		again := runApp(t, "", "bench", "--moves", kind+":2000")
		require.Equal(t, r.out, again.out, "%s: the same seed gives the same moves", kind)
		other := runApp(t, "", "bench", "--moves", kind+":2000", "--seed", "2")
		require.NotEqual(t, r.out, other.out, kind)
		replay := runApp(t, r.out, "replay", "--k", "1000", "--players", "7", "--json")
		require.Equal(t, exitOK, replay.code, replay.err)
		doc := decodeReplay(t, replay.out)
		require.Equal(t, 2000, doc.Moves, kind)
	}
}
