package sparse

import (
	"maps"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTileOfRoundTrip(t *testing.T) {
	values := []int{MinCoord, MinCoord + 7, MinCoord + 8, -9, -8, -1, 0, 7, 8, MaxCoord - 8, MaxCoord}
	for _, r := range values {
		for _, c := range values {
			tk, off := tileOf(pack(r, c))
			assert.Equal(t, pack(r, c), cellOf(tk, off), "(%d, %d)", r, c)
			assert.Equal(t, pack(floorDiv8(r), floorDiv8(c)), tk, "(%d, %d)", r, c)
		}
	}
}

func floorDiv8(v int) int {
	if v < 0 {
		return -((-v + 7) / 8)
	}
	return v / 8
}

// TestTilesEveryMarkValue places every mark value 1..255 in one dense tile and in singles, then takes
// them away in an order that demotes tiles through every count.
func TestTilesEveryMarkValue(t *testing.T) {
	b := newBoard(t, WithLayout(SwissTile))
	want := golden{}
	rng := rand.New(rand.NewPCG(7, 7))
	var cells []Cell
	for m := 1; m <= 255; m++ {
		// Half the marks go into a 16 × 16 block straddling the origin, so
		// tiles of negative coordinates hold marks up to 255; the rest
		// are far apart, one per tile.
		c := Cell{(m%16 - 8), (m/16 - 8)}
		if m%2 == 0 {
			c = Cell{m * 1_000_003, -m * 999_983}
		}
		applyOp(t, b, want, c, uint8(m))
		cells = append(cells, c)
	}
	checkInvariants(t, b, want)
	clone := b.Clone()
	rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
	for i, c := range cells {
		applyOp(t, b, want, c, 0)
		if i%17 == 0 {
			checkInvariants(t, b, want)
		}
	}
	checkInvariants(t, b, golden{})
	s := b.marks.(*tileStore)
	assert.Zero(t, s.tiles.Count(), "no tile outlives its marks")
	assert.Zero(t, s.singles.Count())
	assert.Equal(t, 255, clone.Len(), "the clone keeps its marks")
}

// TestTilesPromoteDemote checks the representation, not only the answers:
// one mark a tile is a single, two make a tile, and taking one back
// demotes it, so memory tracks the marks after undo.
func TestTilesPromoteDemote(t *testing.T) {
	b := newBoard(t, WithLayout(SwissTile))
	s := b.marks.(*tileStore)
	require.NoError(t, b.Place(-1, -1, 200))
	assert.Equal(t, []int{0, 1}, []int{s.tiles.Count(), s.singles.Count()})
	require.NoError(t, b.Place(-8, -8, 2))
	assert.Equal(t, []int{1, 0}, []int{s.tiles.Count(), s.singles.Count()})
	_, err := b.Remove(-8, -8)
	require.NoError(t, err)
	assert.Equal(t, []int{0, 1}, []int{s.tiles.Count(), s.singles.Count()})
	assert.Equal(t, uint8(200), b.Get(-1, -1))
	require.NoError(t, b.Place(-2, -2, 3))
	assert.Equal(t, 1, len(s.slab), "the released slab tile is reused")
	checkInvariants(t, b, golden{{-1, -1}: 200, {-2, -2}: 3})
}

func TestLayoutNames(t *testing.T) {
	var names []string
	for _, l := range Layouts() {
		names = append(names, l.String())
	}
	assert.Equal(t, []string{"swiss-tile", "swiss-cell", "gomap-cell"}, names)
	assert.Equal(t, "Layout(9)", Layout(9).String())
	_, err := New(WithLayout(Layout(9)))
	assert.ErrorIs(t, err, ErrBadLayout)
	b := newBoard(t)
	assert.Equal(t, SwissTile, b.Layout(), "tiles are the default")
}

// TestTilesAcrossTheSplit takes a store's tables through their split into
// several (scattered marks fill singles, clustered ones tiles) and back
// down, against a builtin map, clones included.
func TestTilesAcrossTheSplit(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	b, err := New()
	require.NoError(t, err)
	golden := map[Cell]uint8{}
	var cells []Cell
	for len(cells) < 5*splitAt {
		// Thirds: lone marks (singles), then pairs sharing a tile (tiles).
		c := Cell{Row: rng.IntN(1 << 20), Col: rng.IntN(1 << 20)}
		switch len(cells) % 3 {
		case 1:
			c.Col &^= 7
		case 2:
			c = Cell{Row: cells[len(cells)-1].Row, Col: cells[len(cells)-1].Col + 1}
		}
		if _, ok := golden[c]; ok {
			continue
		}
		m := uint8(1 + rng.IntN(255))
		require.NoError(t, b.Place(c.Row, c.Col, m))
		golden[c] = m
		cells = append(cells, c)
	}
	s := b.marks.(*tileStore)
	require.NotNil(t, s.singles.parts, "the singles never split")
	require.NotNil(t, s.tiles.parts, "the tiles never split")
	c := b.Clone()
	for _, cell := range cells[:len(cells)/2] {
		m, err := b.Remove(cell.Row, cell.Col)
		require.NoError(t, err)
		require.Equal(t, golden[cell], m)
	}
	for i, cell := range cells {
		want := golden[cell]
		require.Equal(t, want, c.Get(cell.Row, cell.Col), "clone, cell %v", cell)
		if i < len(cells)/2 {
			want = 0
		}
		require.Equal(t, want, b.Get(cell.Row, cell.Col), "cell %v", cell)
	}
	require.Equal(t, len(cells)-len(cells)/2, b.Len())
	n := 0
	b.Each(func(row, col int, mark uint8) { n++; require.Equal(t, golden[Cell{row, col}], mark) })
	require.Equal(t, b.Len(), n)
}

func TestCacheEntryIsSixteenBytes(t *testing.T) {
	require.Equal(t, uintptr(16), unsafe.Sizeof(cacheEntry{}))
}

// TestTileDirectory takes a board through the directory's life: built for
// a compact cluster and grown with it, dropped when a far mark makes the
// bounding box too sparse, rebuilt once the marks fill it enough, and
// copied by Clone, with every answer checked against a builtin map.
func TestTileDirectory(t *testing.T) {
	b := newBoard(t)
	s := b.marks.(*tileStore)
	want := golden{}
	rng := rand.New(rand.NewPCG(5, 6))
	fill := func(r0, c0, side, n int) {
		for range n {
			c := Cell{r0 + rng.IntN(side), c0 + rng.IntN(side)}
			if _, taken := want[c]; !taken {
				applyOp(t, b, want, c, uint8(1+rng.IntN(255)))
			}
		}
	}
	fill(-40, -40, 80, 3000)
	require.NotNil(t, s.dir, "a compact cluster has a directory")
	first := s.dir
	fill(-100, -100, 200, 8000)
	require.NotNil(t, s.dir)
	assert.NotSame(t, first, s.dir, "the directory grows with the cluster")
	checkInvariants(t, b, want)

	clone := b.Clone()
	cloneWant := maps.Clone(want)
	require.NotNil(t, clone.marks.(*tileStore).dir)

	far := Cell{0, 2000}
	applyOp(t, b, want, far, 9)
	require.Nil(t, s.dir, "a far mark drops the directory")
	assert.GreaterOrEqual(t, len(s.cache), 2*s.tiles.Count(), "the cache is sized for the tiles there are")
	checkInvariants(t, b, want)
	compareRuns(t, b, want, []Cell{{0, 0}, {-100, -100}, {99, 99}, far})

	for c := range want { // take back about half the marks, demoting tiles
		if c != far && rng.IntN(2) == 0 {
			applyOp(t, b, want, c, 0)
		}
	}
	checkInvariants(t, b, want)
	assert.Nil(t, s.dir, "removals never rebuild it")

	// Marks filling the box between the cluster and the far mark rebuild it.
	for c0 := 100; s.dir == nil; c0 += 100 {
		require.Less(t, c0, 2000, "the box is full and still no directory")
		fill(-100, c0, 100, 3000)
	}
	checkInvariants(t, b, want)
	compareRuns(t, b, want, []Cell{{0, 0}, {-100, -100}, {99, 99}, far})

	checkInvariants(t, clone, cloneWant)
	compareRuns(t, clone, cloneWant, []Cell{{0, 0}, {-100, -100}, {99, 99}})
	for c := range cloneWant {
		applyOp(t, clone, cloneWant, c, 0)
	}
	checkInvariants(t, clone, golden{})
	assert.Zero(t, clone.marks.(*tileStore).tiles.Count())
}
