package play

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
)

// FuzzPlayCommands types arbitrary lines at the prompt of a two-person game
// on a small board: nothing may panic, and the game and the view must stay
// consistent whatever is typed. (save and load are left out: they would
// write files wherever the input says.)
func FuzzPlayCommands(f *testing.F) {
	for _, s := range []string{
		"0 0\n1 1\nundo\nredo\n", "pan up 3\npan left\ncenter\ncenter 2 2\n", "-1 5\n9 9 9\nboard\nhelp\n",
		"pan down 99999999999999999999\n", "center -9223372036854775808 1\n", "0,0\n0, 1\n", "undo\nundo\nredo\nredo\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		g, err := engine.New(engine.WithK(3), engine.WithBounds(4, 5))
		require.NoError(t, err)
		s := NewSession(context.Background(), io.Discard, g, []Seat{{Name: humanSeat}, {Name: humanSeat}}, Options{ViewRows: 3, ViewCols: 3})
		for _, line := range strings.Split(input, "\n") {
			word, _, _ := strings.Cut(strings.TrimSpace(line), " ")
			if w := strings.ToLower(word); w == "save" || w == "load" {
				continue
			}
			if s.command(line) || s.Game.Status() != engine.Ongoing {
				break
			}
			s.ShowBoard()
			requireViewInLimits(t, s.View, g.Config())
			require.LessOrEqual(t, s.Game.Len(), 20)
			for c, p := range s.Game.Marks() {
				require.True(t, c.Row >= 0 && c.Row < 4 && c.Col >= 0 && c.Col < 5, "mark off the board at %v", c)
				require.Contains(t, []int{1, 2}, p)
			}
		}
	})
}
