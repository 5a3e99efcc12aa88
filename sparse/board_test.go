package sparse

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// golden is the answer a builtin map gives for the same operations.
type golden map[Cell]uint8

// checkInvariants compares every observable property of b with the golden
// answer.
func checkInvariants(t *testing.T, b *Board, want golden) {
	t.Helper()
	require.Equal(t, len(want), b.Len(), "Len")
	var prev *Cell
	seen := 0
	for c, m := range b.All() {
		require.Equal(t, want[c], m, "mark at %v", c)
		if prev != nil {
			require.True(t, prev.Row < c.Row || (prev.Row == c.Row && prev.Col < c.Col), "All is not row-major at %v after %v", c, *prev)
		}
		cc := c
		prev = &cc
		seen++
	}
	require.Equal(t, len(want), seen, "All yields every mark once")
	for c, m := range want {
		require.Equal(t, m, b.Get(c.Row, c.Col), "Get %v", c)
	}
	box, ok := b.BoundingBox()
	require.Equal(t, len(want) > 0, ok, "BoundingBox ok")
	if ok {
		wantBox := Rect{math.MaxInt, math.MaxInt, math.MinInt, math.MinInt}
		for c := range want {
			wantBox.extend(c.Row, c.Col)
		}
		require.Equal(t, wantBox, box, "BoundingBox")
	}
}

func newBoard(t *testing.T, opts ...Option) *Board {
	t.Helper()
	b, err := New(opts...)
	require.NoError(t, err)
	return b
}

func TestPackRoundTrip(t *testing.T) {
	values := []int{MinCoord, MinCoord + 1, -1, 0, 1, MaxCoord - 1, MaxCoord}
	keys := map[uint64]Cell{}
	for _, r := range values {
		for _, c := range values {
			gr, gc := unpack(pack(r, c))
			assert.Equal(t, Cell{r, c}, Cell{gr, gc})
			k := pack(r, c)
			_, dup := keys[k]
			assert.False(t, dup, "key collision for %v", Cell{r, c})
			keys[k] = Cell{r, c}
		}
	}
}

func TestOutOfRangeIsRefusedNotWrapped(t *testing.T) {
	b := newBoard(t)
	require.NoError(t, b.Place(0, 0, 1))
	// 2^32 would wrap to 0 if truncated to 32 bits.
	for _, c := range []Cell{{1 << 32, 0}, {0, 1 << 32}, {MaxCoord + 1, 0}, {0, MinCoord - 1}, {math.MinInt, math.MaxInt}} {
		err := b.Place(c.Row, c.Col, 2)
		assert.ErrorIs(t, err, ErrOutOfRange, "%v", c)
		assert.Equal(t, uint8(0), b.Get(c.Row, c.Col), "%v reads as empty", c)
		assert.ErrorIs(t, b.Check(c.Row, c.Col), ErrOutOfRange)
		_, err = b.Remove(c.Row, c.Col)
		assert.ErrorIs(t, err, ErrOutOfRange)
	}
	checkInvariants(t, b, golden{{0, 0}: 1})
	for _, c := range []Cell{{MinCoord, MinCoord}, {MaxCoord, MaxCoord}, {MinCoord, MaxCoord}} {
		require.NoError(t, b.Place(c.Row, c.Col, 3), "%v", c)
	}
	checkInvariants(t, b, golden{{0, 0}: 1, {MinCoord, MinCoord}: 3, {MaxCoord, MaxCoord}: 3, {MinCoord, MaxCoord}: 3})
}

func TestBoundedBoard(t *testing.T) {
	b := newBoard(t, WithBounds(2, 3))
	rows, cols, ok := b.Bounds()
	assert.Equal(t, []int{2, 3}, []int{rows, cols})
	assert.True(t, ok)
	for _, c := range []Cell{{-1, 0}, {0, -1}, {2, 0}, {0, 3}} {
		assert.ErrorIs(t, b.Place(c.Row, c.Col, 1), ErrOffBoard, "%v", c)
	}
	for r := range 2 {
		for c := range 3 {
			assert.False(t, b.Full())
			require.NoError(t, b.Place(r, c, 1))
		}
	}
	assert.True(t, b.Full())

	for _, bad := range [][2]int{{0, 1}, {1, 0}, {-3, 3}, {1<<31 + 1, 1}, {1 << 32, 5}} {
		_, err := New(WithBounds(bad[0], bad[1]))
		assert.ErrorIs(t, err, ErrBadBounds, "%v", bad)
	}
	big := newBoard(t, WithBounds(1<<31, 1<<31))
	require.NoError(t, big.Place(MaxCoord, MaxCoord, 1))
	assert.ErrorIs(t, big.Place(-1, 0, 1), ErrOffBoard)
}

func TestPlaceRemoveErrorsChangeNothing(t *testing.T) {
	for _, l := range Layouts() {
		t.Run(l.String(), func(t *testing.T) {
			b := newBoard(t, WithLayout(l))
			require.NoError(t, b.Place(5, -5, 2))
			want := golden{{5, -5}: 2}
			assert.ErrorIs(t, b.Place(5, -5, 1), ErrOccupied)
			assert.ErrorIs(t, b.Place(1, 1, 0), ErrBadMark)
			_, err := b.Remove(1, 1)
			assert.ErrorIs(t, err, ErrEmpty)
			checkInvariants(t, b, want)
			m, err := b.Remove(5, -5)
			require.NoError(t, err)
			assert.Equal(t, uint8(2), m)
			checkInvariants(t, b, golden{})
		})
	}
	_, err := New(WithLayout(Layout(99)))
	assert.Error(t, err)
}

func TestBoundingBoxShrinksAfterRemovals(t *testing.T) {
	b := newBoard(t)
	want := golden{}
	for _, c := range []Cell{{0, 0}, {-7, 3}, {4, 9}, {2, -8}} {
		require.NoError(t, b.Place(c.Row, c.Col, 1))
		want[c] = 1
	}
	checkInvariants(t, b, want)
	for _, c := range []Cell{{-7, 3}, {4, 9}, {2, -8}, {0, 0}} {
		_, err := b.Remove(c.Row, c.Col)
		require.NoError(t, err)
		delete(want, c)
		checkInvariants(t, b, want)
	}
}

func TestCloneIsIndependent(t *testing.T) {
	for _, l := range Layouts() {
		b := newBoard(t, WithLayout(l), WithBounds(10, 10))
		require.NoError(t, b.Place(1, 1, 1))
		c := b.Clone()
		require.NoError(t, c.Place(2, 2, 2))
		_, err := c.Remove(1, 1)
		require.NoError(t, err)
		checkInvariants(t, b, golden{{1, 1}: 1})
		checkInvariants(t, c, golden{{2, 2}: 2})
		assert.ErrorIs(t, c.Place(10, 0, 1), ErrOffBoard, "the clone keeps the bounds")
	}
}

func TestAllStopsEarly(t *testing.T) {
	b := newBoard(t)
	for i := range 10 {
		require.NoError(t, b.Place(i, -i, 1))
	}
	n := 0
	for range b.All() {
		n++
		if n == 3 {
			break
		}
	}
	assert.Equal(t, 3, n)
}

// TestRandomAgainstGolden drives long random place/remove sequences on every
// layout, checking each step against the builtin map.
func TestRandomAgainstGolden(t *testing.T) {
	for _, l := range Layouts() {
		t.Run(l.String(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, uint64(l)))
			b := newBoard(t, WithLayout(l))
			want := golden{}
			origin := []Cell{{0, 0}, {MaxCoord - 4, MinCoord + 4}, {MinCoord, MaxCoord - 9}}
			for i := range 20000 {
				o := origin[i/2000%len(origin)]
				c := Cell{o.Row + rng.IntN(10) - 5, o.Col + rng.IntN(10) - 5}
				applyOp(t, b, want, c, uint8(rng.IntN(4)))
				if i%97 == 0 {
					checkInvariants(t, b, want)
				}
			}
			checkInvariants(t, b, want)
		})
	}
}

// applyOp places mark at c (or removes when mark is 0) on both b and the
// golden map, checking that b accepts exactly what the golden answer says.
func applyOp(t *testing.T, b *Board, want golden, c Cell, mark uint8) {
	t.Helper()
	inRange := InRange(c.Row, c.Col)
	if mark == 0 {
		m, err := b.Remove(c.Row, c.Col)
		switch old, ok := want[c]; {
		case !inRange:
			require.ErrorIs(t, err, ErrOutOfRange)
		case !ok:
			require.ErrorIs(t, err, ErrEmpty)
		default:
			require.NoError(t, err)
			require.Equal(t, old, m)
			delete(want, c)
		}
		return
	}
	err := b.Place(c.Row, c.Col, mark)
	switch _, ok := want[c]; {
	case !inRange:
		require.ErrorIs(t, err, ErrOutOfRange)
	case ok:
		require.ErrorIs(t, err, ErrOccupied)
	default:
		require.NoError(t, err)
		want[c] = mark
	}
}

func TestCellCompareIsRowMajor(t *testing.T) {
	cells := []Cell{{MinCoord, 5}, {-1, -1}, {-1, MaxCoord}, {0, MinCoord}, {0, 0}, {0, 1}, {MaxCoord, -3}}
	shuffled := slices.Clone(cells)
	slices.Reverse(shuffled)
	slices.SortFunc(shuffled, Cell.Compare)
	assert.Equal(t, cells, shuffled)
	assert.Zero(t, Cell{3, 4}.Compare(Cell{3, 4}))
}
