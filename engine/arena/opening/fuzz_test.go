package opening_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/arena/opening"
)

// FuzzParse: any text is either refused with a sentinel or gives openings
// of at least one move, on distinct cells, that can be placed on a 15×15
// board or refused with ErrPlacement, never a panic.
func FuzzParse(f *testing.F) {
	for _, s := range []string{suite, "0,0", "h8", "7 7", "# c\n", "0,0,,", "a0", "-1 -2 3 4", "1,2, 3", "Z9Y8", "\x00", "0,0 # x\n\n9,9"} {
		f.Add(s)
	}
	cfg := engine.Config{K: 5, Players: 2, Rows: 15, Cols: 15}
	f.Fuzz(func(t *testing.T, text string) {
		ops, err := opening.Parse(strings.NewReader(text), "fuzz")
		if err != nil {
			require.True(t, errors.Is(err, opening.ErrSyntax) || errors.Is(err, opening.ErrEmpty), err)
			return
		}
		require.NotEmpty(t, ops)
		for _, o := range ops {
			require.Positive(t, o.Len())
			cells, err := o.Cells(0, 0)
			require.NoError(t, err)
			seen := map[[2]int]bool{}
			for _, c := range cells {
				require.False(t, seen[[2]int{c.Row, c.Col}], "%s repeats a cell", o.Source)
				seen[[2]int{c.Row, c.Col}] = true
			}
			if err := opening.Check([]opening.Opening{o}, cfg); err != nil {
				require.ErrorIs(t, err, opening.ErrPlacement)
			}
		}
	})
}
