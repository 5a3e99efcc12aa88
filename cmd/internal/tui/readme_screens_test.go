package tui

import (
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/cmd/internal/gomokutest"
)

var update = flag.Bool("update", false, "rewrite the golden screens with what the program shows now")

// screenStep is what a person does on the full screen, and what the
// screen shows once it is done.
type screenStep struct {
	keys []string // tmux key names: "Enter", "l", "C-u"
	text string   // typed literally, after the keys
	wait string   // shown once the step is done
}

// TestReadmeScreens plays in a real terminal the full screens the READMEs
// show and compares each with its golden file, which the READMEs' blocks
// must match (cmd/gomoku's TestReadmeFromFiles); -update rewrites them. The
// players are people or the seeded greedy bot, so a screen is the same on
// every run.
func TestReadmeScreens(t *testing.T) {
	bin := gomokutest.Binary(t)
	move := func(keys ...string) []string { return append(keys, "Enter") }
	// Six moves of a 4-in-a-row game near the last row and column of the
	// plane, X to move and win.
	far := []screenStep{
		{wait: "Move 0 │ ▶X human  O human │ cursor 0 0"},
		{keys: []string{"g", "C-u"}, text: "2147483644 2147483642"},
		{keys: []string{"Enter"}, wait: "cursor 2147483644 2147483642"},
		{keys: move(), wait: "Move 1 │"},
		{keys: move("j"), wait: "Move 2 │"},
		{keys: move("k", "l"), wait: "Move 3 │"},
		{keys: move("j"), wait: "Move 4 │"},
		{keys: move("k", "l"), wait: "Move 5 │"},
		{keys: move("j"), wait: "Move 6 │ ▶X human  O human │ cursor 2147483645 2147483644"},
	}
	for _, tc := range []struct {
		golden        string
		args          string
		width, height int
		steps         []screenStep
	}{{
		golden: "testdata/screen-play.txt",
		args:   "--seats human,greedy --seed 1", width: 80, height: 20,
		steps: []screenStep{
			{wait: "Move 0 │ ▶X human  O greedy │ cursor 0 0"},
			{keys: move(), wait: "Move 2 │ ▶X human  O greedy │"},
			{keys: move("l"), wait: "Move 4 │ ▶X human  O greedy │"},
			{keys: move("l"), wait: "Move 6 │ ▶X human  O greedy │"},
			{keys: move("j"), wait: "Move 8 │ ▶X human  O greedy │"},
			{wait: "O (player 2, greedy) plays "},
		},
	}, {
		golden: "testdata/screen-far.txt",
		args:   "--seats human,human --k 4", width: 80, height: 14,
		steps: far,
	}, {
		golden: "testdata/screen-win.txt",
		args:   "--seats human,human --k 4", width: 80, height: 14,
		steps: append(slices.Clone(far),
			screenStep{keys: move("k", "l"), wait: "X (player 1, human) wins after 7 moves."},
			screenStep{keys: []string{"j", "j"}, wait: "cursor 2147483646 2147483645"},
		),
	}, {
		golden: "testdata/screen-keys.txt",
		args:   "", width: 80, height: 30,
		steps: []screenStep{
			{wait: "Move 0 │ ▶X human  O search │ cursor 0 0"},
			{keys: []string{"?"}, wait: "Any key goes back to the board."},
		},
	}} {
		t.Run(filepath.Base(tc.golden), func(t *testing.T) {
			tt := newTmuxTerm(t, tc.width, tc.height, bin+" play --color never "+tc.args+"; exec sleep 120")
			var screen string
			for _, s := range tc.steps {
				if len(s.keys) > 0 {
					tt.keys(s.keys...)
				}
				if s.text != "" {
					tt.text(s.text)
				}
				if s.wait != "" {
					screen = tt.waitFor(s.wait)
				}
			}
			var lines []string
			for _, l := range strings.Split(strings.TrimRight(screen, "\n"), "\n") {
				lines = append(lines, strings.TrimRight(l, " "))
			}
			got := strings.Join(lines, "\n") + "\n"
			if *update {
				require.NoError(t, os.WriteFile(tc.golden, []byte(got), 0o644))
			}
			want, err := os.ReadFile(tc.golden)
			require.NoError(t, err)
			assert.Equal(t, string(want), got, "the screen differs from %s (go test -run TestReadmeScreens -update rewrites it)", tc.golden)
		})
	}
}
