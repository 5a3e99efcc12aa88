package mix

import (
	"math/bits"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The first outputs of SplitMix64 seeded with 0, as the reference
// implementation (Vigna's splitmix64.c) gives them.
func TestSplitMix64Reference(t *testing.T) {
	state := uint64(0)
	var got []uint64
	for range 3 {
		got = append(got, SplitMix64(state))
		state += Golden
	}
	assert.Equal(t, []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f}, got)
}

// Flipping one input bit flips about half of the output bits.
func TestFinaliseAvalanche(t *testing.T) {
	total := 0
	for b := range 64 {
		total += bits.OnesCount64(Finalise(12345) ^ Finalise(12345^1<<b))
	}
	assert.InDelta(t, 32, float64(total)/64, 4)
}
