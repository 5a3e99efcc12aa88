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

// Compare sorts keys as Cell.Compare sorts their cells, negative
// coordinates included.
func TestCompareIsRowMajor(t *testing.T) {
	cells := [][2]int{{math.MinInt32, 5}, {-1, -1}, {-1, math.MaxInt32}, {0, math.MinInt32}, {0, 0}, {0, 1}, {math.MaxInt32, -3}}
	for i, a := range cells {
		for j, b := range cells {
			want := 0
			if i < j {
				want = -1
			} else if i > j {
				want = 1
			}
			assert.Equal(t, want, Compare(Pack(a[0], a[1]), Pack(b[0], b[1])), "%v vs %v", a, b)
		}
	}
}
