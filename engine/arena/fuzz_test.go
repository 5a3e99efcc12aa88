package arena_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine/arena"
)

// FuzzParseSchedule: a string either names a schedule, whose String gives
// it back, or is refused with ErrBadOptions.
func FuzzParseSchedule(f *testing.F) {
	for _, s := range []string{"rotate", "fixed", "permute", "", "Rotate", "rotate ", "swiss"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := arena.ParseSchedule(s)
		if err != nil {
			require.ErrorIs(t, err, arena.ErrBadOptions)
			return
		}
		require.Equal(t, s, got.String())
	})
}
