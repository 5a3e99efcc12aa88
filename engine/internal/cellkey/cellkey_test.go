package cellkey

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestRoundTripAndOrder(t *testing.T) {
	vals := []int{math.MinInt32, math.MinInt32 + 1, -9, -1, 0, 1, 7, math.MaxInt32 - 1, math.MaxInt32}
	seen := map[uint64]bool{}
	for _, r := range vals {
		for _, c := range vals {
			k := Pack(r, c)
			gr, gc := Unpack(k)
			assert.Equal(t, [2]int{r, c}, [2]int{gr, gc})
			assert.False(t, seen[k], "(%d, %d) aliases another cell", r, c)
			seen[k] = true
		}
	}
}
