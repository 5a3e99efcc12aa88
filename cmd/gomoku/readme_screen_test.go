package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/cmd/internal/gomokutest"
)

// screenGolden is the full-screen game the top-level README shows.
const screenGolden = "testdata/screen-play.txt"

// TestReadmeScreen plays a few moves against the greedy bot (seeded, so
// it answers the same way every time) in a real terminal and compares the
// screen with the golden file the README shows; -update rewrites it.
func TestReadmeScreen(t *testing.T) {
	bin := gomokutest.Binary(t)
	tt := newTmuxTerm(t, 80, 20, bin+" play --seats human,greedy --seed 1 --color never; exec sleep 120")
	tt.waitFor("Move 0 │ ▶X human  O greedy │ cursor 0 0")
	for i, keys := range [][]string{{"Enter"}, {"l", "Enter"}, {"l", "Enter"}, {"j", "Enter"}} {
		tt.keys(keys...)
		tt.waitFor("Move " + string(rune('2'+2*i)) + " │ ▶X human  O greedy │")
	}
	screen := tt.waitFor("O (player 2, greedy) plays ")
	var lines []string
	for _, l := range strings.Split(strings.TrimRight(screen, "\n"), "\n") {
		lines = append(lines, strings.TrimRight(l, " "))
	}
	got := strings.Join(lines, "\n") + "\n"
	if *update {
		require.NoError(t, os.MkdirAll(filepath.Dir(screenGolden), 0o755))
		require.NoError(t, os.WriteFile(screenGolden, []byte(got), 0o644))
	}
	want, err := os.ReadFile(screenGolden)
	require.NoError(t, err)
	assert.Equal(t, string(want), got, "the screen differs from %s (go test -run TestReadmeScreen -update rewrites it)", screenGolden)
}
