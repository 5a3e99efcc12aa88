package sparse_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gomoku-engine/gomoku/sparse"
)

// The benchmarks put every layout side by side with a builtin map keyed by
// the packed cell (layout=builtin-map), the simplest store a newcomer would write:
//
//	go test -run '^$' -bench . -count 6 ./sparse | tee new.txt
//
// Each op is one cell: get and axis-runs read cells that hold marks, place
// marks a cell of an empty board and remove takes it back (one op is a
// place and a remove). Marks are either a filled square (clustered) or
// uniform over 10^9 × 10^9 (scattered).

// benchCells returns n distinct cells, in random order.
func benchCells(n int, spread string) []sparse.Cell {
	rng := rand.New(rand.NewPCG(uint64(n), 1))
	cells := make([]sparse.Cell, 0, n)
	switch spread {
	case "clustered":
		side := 1
		for side*side < n {
			side++
		}
		for i := range n {
			cells = append(cells, sparse.Cell{Row: i / side, Col: i % side})
		}
		rng.Shuffle(n, func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
	default:
		seen := make(map[sparse.Cell]bool, n)
		for len(cells) < n {
			c := sparse.Cell{Row: rng.IntN(1e9), Col: rng.IntN(1e9)}
			if !seen[c] {
				seen[c] = true
				cells = append(cells, c)
			}
		}
	}
	return cells
}

// store is what the benchmarks need of a layout or of the builtin map.
type store interface {
	get(c sparse.Cell) uint8
	place(c sparse.Cell, mark uint8)
	remove(c sparse.Cell)
}

type boardStore struct{ b *sparse.Board }

func (s boardStore) get(c sparse.Cell) uint8 { return s.b.Get(c.Row, c.Col) }
func (s boardStore) place(c sparse.Cell, mark uint8) {
	if err := s.b.Place(c.Row, c.Col, mark); err != nil {
		panic(err)
	}
}
func (s boardStore) remove(c sparse.Cell) {
	if _, err := s.b.Remove(c.Row, c.Col); err != nil {
		panic(err)
	}
}

type mapStore map[uint64]uint8

func (s mapStore) get(c sparse.Cell) uint8         { return s[sparse.Pack(c.Row, c.Col)] }
func (s mapStore) place(c sparse.Cell, mark uint8) { s[sparse.Pack(c.Row, c.Col)] = mark }
func (s mapStore) remove(c sparse.Cell)            { delete(s, sparse.Pack(c.Row, c.Col)) }

// stores lists the subjects by name, each built empty by its function.
func stores() []struct {
	name string
	new  func() store
} {
	out := []struct {
		name string
		new  func() store
	}{}
	for _, l := range sparse.Layouts() {
		out = append(out, struct {
			name string
			new  func() store
		}{l.String(), func() store {
			b, err := sparse.New(sparse.WithLayout(l))
			if err != nil {
				panic(err)
			}
			return boardStore{b}
		}})
	}
	return append(out, struct {
		name string
		new  func() store
	}{"builtin-map", func() store { return mapStore{} }})
}

// benchSizes are the numbers of marks on the board.
var benchSizes = []struct {
	name string
	n    int
}{{"1e3", 1_000}, {"1e6", 1_000_000}}

// eachCase runs f for every spread, size and subject, named like
// "spread=clustered/layout=swiss-tile/marks=1e6".
func eachCase(b *testing.B, f func(b *testing.B, s store, cells []sparse.Cell)) {
	for _, spread := range []string{"clustered", "scattered"} {
		for _, size := range benchSizes {
			cells := benchCells(size.n, spread)
			for _, st := range stores() {
				b.Run(fmt.Sprintf("spread=%s/layout=%s/marks=%s", spread, st.name, size.name), func(b *testing.B) {
					f(b, st.new(), cells)
				})
			}
		}
	}
}

// filled places every cell on s, players taking turns.
func filled(s store, cells []sparse.Cell) store {
	for i, c := range cells {
		s.place(c, uint8(i%2+1))
	}
	return s
}

func BenchmarkGet(b *testing.B) {
	eachCase(b, func(b *testing.B, s store, cells []sparse.Cell) {
		filled(s, cells)
		i := 0
		for b.Loop() {
			if s.get(cells[i]) == 0 {
				b.Fatal("a placed mark is missing")
			}
			i = (i + 1) % len(cells)
		}
	})
}

func BenchmarkPlaceRemove(b *testing.B) {
	eachCase(b, func(b *testing.B, s store, cells []sparse.Cell) {
		// Hold all but the last 1,000 cells, then place and take back those.
		keep := max(len(cells)-1000, 0)
		filled(s, cells[:keep])
		moving := cells[keep:]
		i := 0
		for b.Loop() {
			s.place(moving[i], 1)
			s.remove(moving[i])
			i = (i + 1) % len(moving)
		}
	})
}

func BenchmarkAxisRuns(b *testing.B) {
	eachCase(b, func(b *testing.B, s store, cells []sparse.Cell) {
		filled(s, cells)
		i := 0
		for b.Loop() {
			c := cells[i]
			axisRuns(s, c, s.get(c), 5)
			i = (i + 1) % len(cells)
		}
	})
}

// axisRuns counts the marks equal to mark beside c on each axis, up to
// reach cells each way: the board's own AxisRuns for a layout, the same
// walk by lookups for the builtin map.
func axisRuns(s store, c sparse.Cell, mark uint8, reach int) [4]int {
	if bs, ok := s.(boardStore); ok {
		return bs.b.AxisRuns(c.Row, c.Col, mark, reach)
	}
	var runs [4]int
	for a, d := range sparse.Axes() {
		for _, sign := range [2]int{1, -1} {
			for i := 1; i <= reach; i++ {
				if s.get(sparse.Cell{Row: c.Row + sign*i*d.Row, Col: c.Col + sign*i*d.Col}) != mark {
					break
				}
				runs[a]++
			}
		}
	}
	return runs
}

// TestBenchSubjectsAgree checks that every subject of the benchmarks reads
// the same board: the same marks and the same axis runs.
func TestBenchSubjectsAgree(t *testing.T) {
	for _, spread := range []string{"clustered", "scattered"} {
		cells := benchCells(2_000, spread)
		var want []uint8
		var wantRuns [][4]int
		for _, st := range stores() {
			s := filled(st.new(), cells[:1500])
			var got []uint8
			var gotRuns [][4]int
			for _, c := range cells {
				got = append(got, s.get(c))
				gotRuns = append(gotRuns, axisRuns(s, c, 1, 5))
			}
			if want == nil {
				want, wantRuns = got, gotRuns
				continue
			}
			if !slices.Equal(want, got) || !slices.Equal(wantRuns, gotRuns) {
				t.Fatalf("%s, %s: the subject reads a different board", spread, st.name)
			}
		}
	}
}
