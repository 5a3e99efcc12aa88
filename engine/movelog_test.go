package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestMoveLogMatchesASlice drives a moveLog across several chunk
// boundaries with random pushes, pops, resets and clones, in rotation and
// with stored players, on cells spread over the whole coordinate range and
// on cells close together, against a plain slice of moves.
func TestMoveLogMatchesASlice(t *testing.T) {
	for _, tc := range []struct {
		rotation int
		cell     func(rng *rand.Rand) (int, int)
	}{
		{0, func(rng *rand.Rand) (int, int) { return rng.IntN(1<<31) - 1<<30, -rng.IntN(1 << 31) }},
		{3, func(rng *rand.Rand) (int, int) { return rng.IntN(1<<32) - 1<<31, rng.IntN(1<<32) - 1<<31 }},
		{2, func(rng *rand.Rand) (int, int) { return rng.IntN(300) - 1<<31, 1<<31 - 1 - rng.IntN(5) }},
	} {
		rotation := tc.rotation
		rng := rand.New(rand.NewPCG(uint64(rotation), 7))
		var l moveLog
		l.rotation = rotation
		var model []Move
		longest := 0
		for step := range 300_000 {
			switch r := rng.IntN(100_000); {
			case r < 80_000 || len(model) == 0:
				n := len(model)
				m := Move{Player: 1 + rng.IntN(255)}
				m.Row, m.Col = tc.cell(rng)
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

// TestCellLogPacksNearbyCells: cells within a 1000 × 1000 square take 20
// bits each once frozen, and come back out as they went in, chunk by
// chunk, through pops that thaw every frozen chunk.
func TestCellLogPacksNearbyCells(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var l cellLog
	var model [][2]int32
	for range 10 * cellChunk {
		c := [2]int32{int32(rng.IntN(1000)) - 500, int32(rng.IntN(1000)) + 7}
		l.push(c[0], c[1])
		model = append(model, c)
	}
	require.Len(t, l.frozen, 8, "all but two chunks frozen")
	for _, f := range l.frozen {
		require.Equal(t, uint8(20), f.width)
		require.Len(t, f.words, cellChunk*20/64+1)
	}
	for i := range model {
		r, c := l.at(i)
		require.Equal(t, model[i], [2]int32{r, c})
	}
	for i := len(model) - 1; i >= 0; i-- {
		r, c := l.pop()
		require.Equal(t, model[i], [2]int32{r, c}, "pop %d", i)
	}
	require.Zero(t, l.Len())
	require.Empty(t, l.frozen)
}
