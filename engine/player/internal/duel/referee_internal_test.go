package duel

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
	"github.com/gomoku-engine/gomoku/engine/player/internal/dense"
	"github.com/gomoku-engine/gomoku/sparse"
)

// referee is search's value by brute force: the same rules at a node
// (wins, forced blocks, the moves and their extensions, the static value
// at the leaves), but every move searched to its full depth, with no
// window, no table, no ordering and no threat search. Where alpha-beta is
// exact, search with plain and noTable set must return the same value.
func (d *run) referee(depth, ply, q int) int32 {
	b := d.b
	o := 1 - q
	if b.Counts[q][dense.ClassFive] > 0 {
		return winScore - int32(ply+1)
	}
	if b.Counts[o][dense.ClassFive] > 1 {
		return -winScore + int32(ply+2)
	}
	forced := -1
	if b.Counts[o][dense.ClassFive] == 1 {
		forced = b.Find(o, dense.ClassFive)
		if forced >= 0 && !b.Playable(forced, q) {
			return -winScore + int32(ply+2)
		}
	} else if b.Has(q, dense.ClassOpenFour) {
		return winScore - int32(ply+3)
	} else if b.Fours(o) == 0 && b.Has(q, dense.ClassFourThree) {
		return winScore - int32(ply+5)
	}
	if ply >= maxPly-1 {
		return d.evaluate(q)
	}
	threatened := b.Has(o, dense.ClassOpenFour)
	if depth <= 0 && forced < 0 && (!threatened || ply >= maxPly/2) {
		return d.evaluate(q)
	}
	depth = max(depth, 0)
	ms, limit := d.moves(q, ply, forced, -1, depth)
	ms = slices.Clone(ms[:limit])
	if len(ms) == 0 {
		return d.stuck(q)
	}
	newDepth := depth - 1
	if len(ms) == 1 || (threatened && len(ms) <= 5) {
		newDepth = depth
	}
	best := -infScore
	for _, m := range ms {
		b.Place(int(m.i), q)
		best = max(best, -d.referee(newDepth, ply+1, o))
		b.Undo()
	}
	return best
}

// refereeWidth has the search try every move below the root.
const refereeWidth = 1 << 10

// randomGame plays n random moves, in turn, on cells within reach of the
// centre of a rows×cols board (reach 0: anywhere), none ending the game;
// nil when it could not.
func randomGame(tb testing.TB, rng *rand.Rand, opts []engine.Option, rows, cols, reach, n int) *engine.Game {
	tb.Helper()
	g, err := engine.New(opts...)
	require.NoError(tb, err)
	r0, r1, c0, c1 := 0, rows-1, 0, cols-1
	if reach > 0 {
		r0, r1 = rows/2-reach, rows/2+reach
		c0, c1 = cols/2-reach, cols/2+reach
	}
	for tries := 0; g.Len() < n; tries++ {
		if tries > 50*n {
			return nil
		}
		r, c := r0+rng.IntN(r1-r0+1), c0+rng.IntN(c1-c0+1)
		if g.CanPlace(r, c) != nil {
			continue
		}
		st, err := g.Play(r, c)
		if err != nil {
			continue // renju: forbidden to black
		}
		if st != engine.Ongoing {
			_, err := g.Undo()
			require.NoError(tb, err)
		}
	}
	return g
}

// refereeCase is a board of the referee tests: its size, K and rule, how
// far from the centre random marks go (0: anywhere) and how many.
type refereeCase struct {
	rows, cols, k int
	rule          engine.Rule
	reach         int
	marks         [2]int
	depths        [2]int
}

func (c refereeCase) String() string {
	return fmt.Sprintf("%dx%d/k=%d/%v", c.rows, c.cols, c.k, c.rule)
}

// game is a random game of the case, drawn from stream stream of seed
// seed, with the generator to draw more from; nil when none was found.
func (c refereeCase) game(tb testing.TB, seed int, stream uint64) (*engine.Game, *rand.Rand) {
	rng := rand.New(rand.NewPCG(uint64(seed), stream))
	n := c.marks[0] + rng.IntN(c.marks[1]-c.marks[0]+1)
	return randomGame(tb, rng, c.opts(), c.rows, c.cols, c.reach, n), rng
}

func (c refereeCase) opts() []engine.Option {
	return []engine.Option{engine.WithBounds(c.rows, c.cols), engine.WithK(c.k), engine.WithRule(c.rule)}
}

// refereeCases are small boards and 15×15 positions with few marks, where
// brute force to a few plies is cheap.
var refereeCases = []refereeCase{
	{6, 6, 4, engine.Freestyle, 0, [2]int{6, 14}, [2]int{1, 3}},
	{6, 6, 4, engine.Exact, 0, [2]int{6, 14}, [2]int{1, 3}},
	{7, 7, 5, engine.Freestyle, 0, [2]int{8, 20}, [2]int{1, 3}},
	{7, 7, 5, engine.Exact, 0, [2]int{8, 20}, [2]int{1, 3}},
	{7, 7, 5, engine.Renju, 0, [2]int{8, 20}, [2]int{1, 3}},
	{15, 15, 5, engine.Freestyle, 2, [2]int{5, 12}, [2]int{1, 3}},
	{15, 15, 5, engine.Renju, 2, [2]int{5, 12}, [2]int{1, 3}},
}

// refereeSeeds is how many random positions each case tries.
func refereeSeeds() int {
	switch {
	case raceEnabled:
		return 3
	case testing.Short():
		return 6
	}
	return 24
}

// TestDuelSearchMatchesReferee: with futility and late-move reductions
// off and every move tried, the principal-variation search returns the
// brute-force value exactly, with or without the transposition table
// (its entries settling searches of their own depth: one searched deeper,
// which moves that cost no depth make possible when two paths reach a
// position, rightly gives a deeper value), with the staged picker or a
// full list, fresh or after searches of the same position and of the
// positions a move away; and with any window its value is a bound of the
// true one on the side it fails (fail-soft).
func TestDuelSearchMatchesReferee(t *testing.T) {
	if raceEnabled {
		t.Skip("one goroutine: the race detector slows it tenfold and checks nothing more")
	}
	for _, tc := range refereeCases {
		t.Run(tc.String(), func(t *testing.T) {
			for seed := range refereeSeeds() {
				g, rng := tc.game(t, seed, 26)
				if g == nil {
					continue
				}
				depth := tc.depths[0] + rng.IntN(tc.depths[1]-tc.depths[0]+1)
				if testing.Short() && tc.rows > 8 {
					depth = min(depth, 2)
				}
				q := g.Len() % 2
				d := runOn(t, g)
				d.lim.Width = refereeWidth
				d.lim.VCF, d.lim.VCT = false, false
				d.plain, d.noTable, d.sameDepth = true, true, true
				hash := d.b.Hash
				want := d.referee(depth, 1, q)
				what := fmt.Sprintf("seed %d, depth %d, %s", seed, depth, g.History())
				for _, table := range []bool{false, true} {
					d.noTable = !table
					d.s.Forget()
					for _, scan := range []bool{false, true} {
						d.scanAll = scan
						for pass := range 2 {
							got := d.search(depth, -infScore, infScore, 1, q)
							require.Equal(t, want, got, "%s: table %v, scan %v, pass %d", what, table, scan, pass)
						}
						for range 6 {
							a := want + int32(rng.IntN(401)-200)
							bt := a + 1 + int32(rng.IntN(3)*rng.IntN(200))
							v := d.search(depth, a, bt, 1, q)
							switch {
							case v <= a:
								require.GreaterOrEqual(t, v, want, "%s: fail low in (%d, %d)", what, a, bt)
							case v >= bt:
								require.LessOrEqual(t, v, want, "%s: fail high in (%d, %d)", what, a, bt)
							default:
								require.Equal(t, want, v, "%s: inside (%d, %d)", what, a, bt)
							}
						}
					}
				}
				// After searches of the positions a move away, at one ply less
				// (as the next move's search would), and back.
				d.noTable, d.scanAll = false, false
				ms, limit := d.moves(q, 1, -1, -1, 1)
				ms = slices.Clone(ms[:limit])
				for range 3 {
					m := ms[rng.IntN(len(ms))]
					d.b.Place(int(m.i), q)
					d.search(depth-1, -infScore, infScore, 2, 1-q)
					d.b.Undo()
					require.Equal(t, want, d.search(depth, -infScore, infScore, 1, q), "%s: after searching the move %d", what, m.i)
				}
				require.Equal(t, hash, d.b.Hash)
				checkDuel(t, d.b)
			}
		})
	}
}

// solver is an exhaustive search of g under the engine's own rules, over
// every empty cell: the value for the side to move of a win in p plies
// (the winning move the p-th) is winScore − p, of a loss −(winScore − p),
// of a draw 0. memo holds the positions solved, keyed by pos, the marks
// cell by cell.
type solver struct {
	g    *engine.Game
	pos  []byte
	memo map[string]int32
}

func newSolver(g *engine.Game) *solver {
	cfg := g.Config()
	s := &solver{g: g, pos: make([]byte, cfg.Rows*cfg.Cols), memo: make(map[string]int32)}
	for c, p := range g.Marks() {
		s.pos[c.Row*cfg.Cols+c.Col] = byte(p)
	}
	return s
}

func (s *solver) value() int32 {
	if v, ok := s.memo[string(s.pos)]; ok {
		return v
	}
	cols := s.g.Config().Cols
	player := byte(s.g.Turn())
	best := -infScore
	for k, p := range s.pos {
		r, c := k/cols, k%cols
		if p != 0 || s.g.CanPlace(r, c) != nil {
			continue
		}
		st, err := s.g.Play(r, c)
		if err != nil {
			continue // renju: forbidden to black
		}
		s.pos[k] = player
		var v int32
		switch st {
		case engine.Won:
			v = winScore - 1
		case engine.Drawn:
			v = 0
		default:
			v = -s.value()
			switch {
			case v >= mateScore:
				v--
			case v <= -mateScore:
				v++
			}
		}
		s.pos[k] = 0
		if _, err := s.g.Undo(); err != nil {
			panic(err)
		}
		best = max(best, v)
	}
	if best == -infScore {
		best = 0
	}
	s.memo[string(s.pos)] = best
	return best
}

// relative is a value of the node at ply as seen from the node itself.
func relative(v int32, ply int) int32 {
	switch {
	case v >= mateScore:
		return v + int32(ply)
	case v <= -mateScore:
		return v - int32(ply)
	}
	return v
}

// solveCases are boards small enough to solve from a dozen empty cells.
var solveCases = []refereeCase{
	{4, 4, 3, engine.Freestyle, 0, [2]int{5, 9}, [2]int{}},
	{4, 4, 3, engine.Exact, 0, [2]int{5, 9}, [2]int{}},
	{5, 5, 4, engine.Freestyle, 0, [2]int{14, 17}, [2]int{}},
	{5, 5, 4, engine.Exact, 0, [2]int{14, 17}, [2]int{}},
	{4, 6, 4, engine.Freestyle, 0, [2]int{13, 16}, [2]int{}},
	{6, 6, 5, engine.Freestyle, 0, [2]int{24, 27}, [2]int{}},
	{6, 6, 5, engine.Exact, 0, [2]int{24, 27}, [2]int{}},
	{6, 6, 5, engine.Renju, 0, [2]int{24, 27}, [2]int{}},
	{7, 7, 5, engine.Renju, 0, [2]int{36, 38}, [2]int{}},
	{7, 7, 6, engine.Freestyle, 0, [2]int{36, 38}, [2]int{}},
}

// TestDuelSolvesSmallBoards: searched past the end of the game, with every
// move tried, the search's value of a small board is its exact value under
// the engine's rules (the win's distance included, a draw 0), with the
// table on, fresh and kept, and with the selective pieces on it never
// claims a win or a loss the rules do not give.
func TestDuelSolvesSmallBoards(t *testing.T) {
	if raceEnabled {
		t.Skip("one goroutine: the race detector slows it tenfold and checks nothing more")
	}
	for _, tc := range solveCases {
		t.Run(tc.String(), func(t *testing.T) {
			if testing.Short() && tc.rows*tc.cols > 36 {
				t.Skip("the 7×7 boards take half a minute")
			}
			for seed := range refereeSeeds() {
				g, _ := tc.game(t, seed, 27)
				if g == nil {
					continue
				}
				sv := newSolver(g.Clone())
				want := sv.value()
				q := g.Len() % 2
				depth := tc.rows*tc.cols - g.Len() + 2
				d := runOn(t, g)
				d.lim.Width = refereeWidth
				what := fmt.Sprintf("seed %d, %s", seed, g.History())
				for _, vcf := range []bool{false, true} {
					d.lim.VCF = vcf
					d.plain = true
					d.s.Forget()
					for pass := range 2 {
						got := relative(d.search(depth, -infScore, infScore, 1, q), 1)
						require.Equal(t, want, got, "%s: vcf %v, pass %d", what, vcf, pass)
					}
					d.plain = false
					d.s.Forget()
					for pass := range 2 {
						got := relative(d.search(depth, -infScore, infScore, 1, q), 1)
						if got >= mateScore || got <= -mateScore {
							require.Equal(t, want > 0, got > 0, "%s: selective, vcf %v, pass %d: %d, solved %d", what, vcf, pass, got, want)
							require.NotZero(t, want, "%s: selective, vcf %v, pass %d: %d, solved %d", what, vcf, pass, got, want)
						}
					}
				}
				checkDuel(t, d.b)

				// The whole move: a win, a VCF or a VCT it claims is one,
				// and with every move searched to the end it plays a
				// winning move whenever there is one.
				for _, plain := range []bool{true, false} {
					d := runOn(t, g)
					d.provisional = &atomic.Pointer[sparse.Cell]{}
					d.lim.Width = refereeWidth
					d.lim.MaxDepth = depth
					d.plain = plain
					i, ok := d.best(q)
					if !ok {
						// No empty cell lies on a live line: every move
						// draws, and the player hands the move to the
						// sparse search.
						require.Zero(t, want, what)
						continue
					}
					c := d.b.CellAt(i)
					after := sv.after(c.Row, c.Col)
					claim := d.st.Reason == core.ReasonWin || d.st.Reason == core.ReasonVCF || d.st.Reason == core.ReasonVCT
					if claim || (plain && want > 0) {
						require.Positive(t, after, "%s: plain %v, %v at %v, solved %d", what, plain, d.st.Reason, c, want)
					}
					if d.st.Score >= core.WinValue-int64(maxPly) {
						require.Positive(t, after, "%s: plain %v, claims a win at %v", what, plain, c)
					}
				}
			}
		})
	}
}

// after is the value of the move at (r, c) for the player who makes it.
func (s *solver) after(r, c int) int32 {
	st, err := s.g.Play(r, c)
	if err != nil {
		panic(err)
	}
	defer func() {
		if _, err := s.g.Undo(); err != nil {
			panic(err)
		}
	}()
	switch st {
	case engine.Won:
		return winScore - 1
	case engine.Drawn:
		return 0
	}
	k := r*s.g.Config().Cols + c
	s.pos[k] = byte(s.g.History()[s.g.Len()-1].Player)
	defer func() { s.pos[k] = 0 }()
	return -s.value()
}

// TestDuelStoppedSearchLeavesNoTrace: a search stopped by its node limit
// leaves its tables (transposition, refuted threats) as a complete search
// could have: searched again in full, the position gets the value a fresh
// search gives it. Futility and reductions are off and every move is tried,
// so that the order the tables suggest does not matter; the threat
// searches at the leaves are on.
func TestDuelStoppedSearchLeavesNoTrace(t *testing.T) {
	for seed := range 2 * refereeSeeds() {
		rng := rand.New(rand.NewPCG(uint64(seed), 28))
		g := randomGame(t, rng, nil, 15, 15, 3, 14+rng.IntN(10))
		if g == nil {
			continue
		}
		q := g.Len() % 2
		depth := 3 + rng.IntN(2)
		d := runOn(t, g)
		d.lim.Width = refereeWidth
		d.plain = true
		d.s.Forget()
		want := d.search(depth, -infScore, infScore, 1, q)
		nodes := d.st.Nodes
		for range 6 {
			limit := 1 + rng.Int64N(nodes)
			d.s.Forget()
			d.Meter = core.NewMeter(context.Background(), d.st, d.st.Nodes+limit, 1)
			d.search(depth, -infScore, infScore, 1, q)
			require.True(t, d.Stopped)
			d.Meter = core.NewMeter(context.Background(), d.st, 0, 64)
			got := d.search(depth, -infScore, infScore, 1, q)
			require.Equal(t, want, got, "seed %d, stopped after %d of %d nodes: %s", seed, limit, nodes, g.History())
		}
	}
}

// TestDuelStoppedHorizonStoresNothing: at the horizon a player whose every
// narrow defence fails looks for its own VCF before believing the loss; a
// search stopped during that look stores no loss in the table (the next
// move's search would read it as settled).
func TestDuelStoppedHorizonStoresNothing(t *testing.T) {
	black := [][2]int{{2, 2}, {2, 3}, {2, 4}, {4, 10}, {4, 11}, {4, 12}, {10, 3}, {9, 11}}
	white := [][2]int{{10, 4}, {10, 5}, {10, 6}, {9, 8}, {9, 9}, {9, 10}, {12, 7}}
	d := duelOn(t, []engine.Option{engine.WithBounds(15, 15)}, 0, 0, [2][][2]int{black, white})
	const q = 1
	key := d.b.Hash ^ sideKey[q]
	require.True(t, d.b.Has(1-q, dense.ClassOpenFour), "two open threes")
	require.Zero(t, d.b.Counts[q][dense.ClassFourThree], "fours, none with a three yet")
	v := d.search(0, -infScore, infScore, 1, q)
	require.GreaterOrEqual(t, v, mateScore, "a VCF from a bare four escapes the two threes")
	nodes := d.st.Nodes
	for limit := int64(1); limit <= nodes; limit++ {
		d.s.Forget()
		d.Meter = core.NewMeter(context.Background(), d.st, d.st.Nodes+limit, 1)
		d.search(0, -infScore, infScore, 1, q)
		if d.Stopped {
			_, found := d.probe(key)
			require.False(t, found, "stopped after %d of %d nodes", limit, nodes)
		}
	}
	checkDuel(t, d.b)
}

// TestDuelRefutedVCFKeepsItsLast: the threat searches remember the
// positions they refuted, but a VCF looks for bare fours only on the lines
// through the attacker's latest mark, so a refutation holds for that mark
// alone: the same position with another latest mark, whose lines start a
// VCF, is still won.
func TestDuelRefutedVCFKeepsItsLast(t *testing.T) {
	black := [][2]int{{10, 3}, {9, 11}, {2, 2}}
	white := [][2]int{{10, 4}, {10, 5}, {10, 6}, {9, 8}, {9, 9}, {9, 10}, {12, 7}, {0, 14}}
	d := duelOn(t, []engine.Option{engine.WithBounds(15, 15)}, 0, 0, [2][][2]int{black, white})
	const q = 1
	require.Zero(t, d.b.Counts[q][dense.ClassFourThree])
	far, _ := d.b.Index(0, 14)
	near, _ := d.b.Index(9, 8)
	d.vcfLeft = 1000
	require.Negative(t, d.fourWin(q, vcfDepth, far), "no four on the lines through (0, 14)")
	d.vcfLeft = 1000
	require.GreaterOrEqual(t, d.fourWin(q, vcfDepth, near), 0, "a VCF from the four on row 9")
	checkDuel(t, d.b)
}
