package bench

import (
	"math"
	"math/rand/v2"
)

// Move is one placement of a workload. Coordinates are int32, the range
// every board supports, which also halves the memory of long sequences.
type Move struct {
	Row, Col int32
	Player   uint8
}

// Workload is a sequence of moves on distinct cells and the bounding box
// they span, so a dense reference can be sized before play.
type Workload struct {
	Moves                          []Move
	MinRow, MinCol, MaxRow, MaxCol int64
}

// Area is the number of cells of the bounding box.
func (w *Workload) Area() float64 {
	if len(w.Moves) == 0 {
		return 0
	}
	return float64(w.MaxRow-w.MinRow+1) * float64(w.MaxCol-w.MinCol+1)
}

func newWorkload(moves []Move) *Workload {
	w := &Workload{Moves: moves, MinRow: math.MaxInt64, MinCol: math.MaxInt64, MaxRow: math.MinInt64, MaxCol: math.MinInt64}
	for i := range moves {
		m := &moves[i]
		m.Player = uint8(i%2) + 1
		w.MinRow, w.MaxRow = min(w.MinRow, int64(m.Row)), max(w.MaxRow, int64(m.Row))
		w.MinCol, w.MaxCol = min(w.MinCol, int64(m.Col)), max(w.MaxCol, int64(m.Col))
	}
	return w
}

// Clustered is n moves of compact play around the origin: each move is on
// an empty cell chosen uniformly among those within distance 2 (Chebyshev)
// of a mark, the way stones gather in a real game. Players alternate.
func Clustered(n int, seed uint64) *Workload {
	return newWorkload(cluster(n, 0, 0, rand.New(rand.NewPCG(seed, 0x5eed))))
}

// cluster grows n moves around (r0, c0).
func cluster(n int, r0, c0 int32, rng *rand.Rand) []Move {
	if n <= 0 {
		return nil
	}
	g := newClusterGen(n, r0, c0, rng)
	moves := make([]Move, 0, n)
	for len(moves) < n {
		m, ok := g.next()
		if !ok {
			break
		}
		moves = append(moves, m)
	}
	return moves
}

// clusterGen grows a cluster one move at a time. The frontier is the list
// of empty cells next to the cluster; picking from it uniformly keeps
// generation at O(1) a move even for 10^8 moves, where rejection sampling
// of random marks would spend its time on the filled interior.
type clusterGen struct {
	r0, c0   int32
	rng      *rand.Rand
	side     int
	grid     []uint8 // free, offered or taken, a byte a cell
	frontier []int32
	started  bool
}

const (
	free = iota
	offered
	taken
)

// newClusterGen prepares a cluster of up to about n moves around (r0, c0).
func newClusterGen(n int, r0, c0 int32, rng *rand.Rand) *clusterGen {
	// The cluster is a near-disc of radius about 0.6·√n; the grid leaves a
	// wide margin, and cells beyond it are simply never offered.
	side := int(2.5*math.Sqrt(float64(n))) + 64
	return &clusterGen{r0: r0, c0: c0, rng: rng, side: side, grid: make([]uint8, side*side),
		frontier: make([]int32, 0, 4*int(math.Sqrt(float64(n)))+64)}
}

func (g *clusterGen) take(i int) Move {
	g.grid[i] = taken
	y, x := i/g.side, i%g.side
	for dy := -2; dy <= 2; dy++ {
		for dx := -2; dx <= 2; dx++ {
			yy, xx := y+dy, x+dx
			if yy < 0 || xx < 0 || yy >= g.side || xx >= g.side {
				continue
			}
			if j := yy*g.side + xx; g.grid[j] == free {
				g.grid[j] = offered
				g.frontier = append(g.frontier, int32(j))
			}
		}
	}
	half := g.side / 2
	return Move{Row: g.r0 + int32(y-half), Col: g.c0 + int32(x-half)}
}

// next returns the next move, or false when the frontier is exhausted.
func (g *clusterGen) next() (Move, bool) {
	if !g.started {
		g.started = true
		half := g.side / 2
		return g.take(half*g.side + half), true
	}
	if len(g.frontier) == 0 {
		return Move{}, false
	}
	k := g.rng.IntN(len(g.frontier))
	i := int(g.frontier[k])
	g.frontier[k] = g.frontier[len(g.frontier)-1]
	g.frontier = g.frontier[:len(g.frontier)-1]
	return g.take(i), true
}

// Scattered is n moves on distinct cells drawn uniformly from an
// extent × extent square with its corner at the origin.
func Scattered(n int, extent int64, seed uint64) *Workload {
	rng := rand.New(rand.NewPCG(seed, 0x5ca7))
	seen := make(map[[2]int32]struct{}, n)
	moves := make([]Move, 0, n)
	for len(moves) < n {
		c := [2]int32{int32(rng.Int64N(extent)), int32(rng.Int64N(extent))}
		if _, dup := seen[c]; dup {
			continue
		}
		seen[c] = struct{}{}
		moves = append(moves, Move{Row: c[0], Col: c[1]})
	}
	return newWorkload(moves)
}

// Plane is the extent that stands for the whole unbounded plane: islands
// are then placed anywhere in the signed 32-bit range.
const Plane int64 = 1 << 32

// Islands is about n moves in clustered islands of islandSize moves, their
// centres drawn uniformly from an extent × extent square centred on the
// origin (or the whole coordinate range for [Plane]). Islands are played
// one after another; a cell that an earlier island already took is
// skipped, so on a small extent the total may fall a little short of n.
func Islands(n, islandSize int, extent int64, seed uint64) *Workload {
	rng := rand.New(rand.NewPCG(seed, 0x151a))
	seen := make(map[[2]int32]struct{}, n)
	moves := make([]Move, 0, n)
	// Keep islands inside the range even at the plane's edges.
	margin := int64(math.Sqrt(float64(islandSize))) + 64
	span := max(extent-2*margin, 1)
	for len(moves) < n {
		r0 := int32(rng.Int64N(span) - span/2)
		c0 := int32(rng.Int64N(span) - span/2)
		for _, m := range cluster(min(islandSize, n-len(moves)), r0, c0, rng) {
			c := [2]int32{m.Row, m.Col}
			if _, dup := seen[c]; dup {
				continue
			}
			seen[c] = struct{}{}
			moves = append(moves, m)
		}
	}
	return newWorkload(moves)
}

// Rows is n moves that build long runs: rows of rowLen cells filled left
// to right, each row wholly one player's (rows alternate), so every move
// extends a run along its row while its other axes meet the opponent.
// This is the worst case for a walk, which reads up to K−1 cells back.
func Rows(n, rowLen int) *Workload {
	moves := make([]Move, n)
	for i := range moves {
		moves[i] = Move{Row: int32(i / rowLen), Col: int32(i % rowLen)}
	}
	w := newWorkload(moves)
	for i := range moves {
		moves[i].Player = uint8(i/rowLen%2) + 1
	}
	return w
}

// Fill is every cell of an n × n board in a random order, players
// alternating: the classic board filled up, for the checkers that only
// work when K = n.
func Fill(n int, seed uint64) *Workload {
	rng := rand.New(rand.NewPCG(seed, 0xf111))
	moves := make([]Move, 0, n*n)
	for r := range n {
		for c := range n {
			moves = append(moves, Move{Row: int32(r), Col: int32(c)})
		}
	}
	rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
	return newWorkload(moves)
}
