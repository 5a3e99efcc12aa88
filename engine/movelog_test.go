package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestMoveLogMatchesASlice drives a moveLog across several chunk
// boundaries with random pushes, pops, resets and clones, in rotation and
// with stored players, against a plain slice of moves.
func TestMoveLogMatchesASlice(t *testing.T) {
	for _, rotation := range []int{0, 3} {
		rng := rand.New(rand.NewPCG(uint64(rotation), 7))
		var l moveLog
		l.rotation = rotation
		var model []Move
		longest := 0
		for step := range 300_000 {
			switch r := rng.IntN(100_000); {
			case r < 80_000 || len(model) == 0:
				n := len(model)
				m := Move{Row: rng.IntN(1<<31) - 1<<30, Col: -rng.IntN(1 << 31), Player: 1 + rng.IntN(255)}
				if rotation > 0 {
					m.Player = n%rotation + 1
				}
				l.push(m)
				model = append(model, m)
			case r < 99_996:
				require.Equal(t, model[len(model)-1], l.pop(), "step %d", step)
				model = model[:len(model)-1]
			case r < 99_998:
				l.reset()
				model = model[:0]
			default:
				l = l.clone()
			}
			require.Equal(t, len(model), l.Len())
			longest = max(longest, len(model))
			if last, ok := l.last(); ok {
				require.Equal(t, model[len(model)-1], last)
			}
			if step%20_000 == 0 && len(model) > 0 {
				require.Equal(t, model, l.moves())
				i := rng.IntN(len(model))
				require.Equal(t, model[i], l.at(i))
			}
		}
		require.Greater(t, longest, 2*stackChunk, "the log never spanned several chunks")
	}
}
