package duel

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
)

// quiesceReference is the quiescence's value by brute force: the same
// rules at a node (wins, the forced block, the static value to stand on,
// q's fours from threatCands), every four searched, with no window, no
// node budget and no delta pruning.
func (d *run) quiesceReference(ply, q int) int32 {
	b := d.b
	o := 1 - q
	if b.counts[q][classFive] > 0 {
		return winScore - int32(ply+1)
	}
	if b.counts[o][classFive] > 1 {
		return -winScore + int32(ply+2)
	}
	if b.counts[o][classFive] == 1 {
		i := b.find(o, classFive)
		if i < 0 || !b.playable(i, q) {
			return -winScore + int32(ply+2)
		}
		if ply >= maxPly-1 {
			return d.evaluate(q)
		}
		b.place(i, q)
		v := -d.quiesceReference(ply+1, o)
		b.undo()
		return v
	}
	if b.has(q, classOpenFour) {
		return winScore - int32(ply+3)
	}
	if b.fours(o) == 0 && b.has(q, classFourThree) {
		return winScore - int32(ply+5)
	}
	best := d.evaluate(q)
	if b.fours(q) == 0 || ply >= maxPly-2 {
		return best
	}
	var buf [64]scoredCell
	for _, c := range d.threatCands(q, b.lastOf(q), false, buf[:0]) {
		b.place(int(c.i), q)
		best = max(best, -d.quiesceReference(ply+1, o))
		b.undo()
	}
	return best
}

// quiesceGames are random positions with threats on the board: many marks
// on small boards and near the centre of 15×15, several K and all rules.
func quiesceGames(t *testing.T, seeds int) []*engine.Game {
	var out []*engine.Game
	for _, tc := range []refereeCase{
		{7, 7, 4, engine.Freestyle, 0, [2]int{10, 20}, [2]int{}},
		{9, 9, 5, engine.Freestyle, 0, [2]int{14, 30}, [2]int{}},
		{9, 9, 5, engine.Exact, 0, [2]int{14, 30}, [2]int{}},
		{9, 9, 5, engine.Renju, 0, [2]int{14, 30}, [2]int{}},
		{11, 11, 6, engine.Freestyle, 0, [2]int{20, 40}, [2]int{}},
		{15, 15, 5, engine.Freestyle, 3, [2]int{10, 24}, [2]int{}},
	} {
		for seed := range seeds {
			rng := rand.New(rand.NewPCG(uint64(seed), 29))
			n := tc.marks[0] + rng.IntN(tc.marks[1]-tc.marks[0]+1)
			if g := randomGame(t, rng, tc.opts(), tc.rows, tc.cols, tc.reach, n); g != nil {
				out = append(out, g)
			}
		}
	}
	return out
}

// TestDuelQuiesceMatchesReference: with delta pruning off (plain) and no
// node budget, the quiescence returns the brute-force value with a full
// window, and with any window a bound of it on the side it fails.
func TestDuelQuiesceMatchesReference(t *testing.T) {
	seeds := 40
	if testing.Short() || raceEnabled {
		seeds = 8
	}
	checked, withFours := 0, 0
	for _, g := range quiesceGames(t, seeds) {
		rng := rand.New(rand.NewPCG(uint64(g.Len()), 7))
		d := runOn(t, g)
		d.plain = true
		q := g.Len() % 2
		if d.b.counts[q][classFive] > 0 {
			continue
		}
		hash := d.b.hash
		want := d.quiesceReference(3, q)
		what := fmt.Sprintf("%v %s", g.Config().Rule, g.History())
		d.vcfLeft = 1 << 30
		require.Equal(t, want, d.qsearch(-infScore, infScore, 3, q), what)
		for range 6 {
			a := want + int32(rng.IntN(2001)-1000)
			bt := a + 1 + int32(rng.IntN(3)*rng.IntN(500))
			d.vcfLeft = 1 << 30
			v := d.qsearch(a, bt, 3, q)
			switch {
			case v <= a:
				require.GreaterOrEqual(t, v, want, "%s: fail low in (%d, %d)", what, a, bt)
			case v >= bt:
				require.LessOrEqual(t, v, want, "%s: fail high in (%d, %d)", what, a, bt)
			default:
				require.Equal(t, want, v, "%s: inside (%d, %d)", what, a, bt)
			}
		}
		require.Equal(t, hash, d.b.hash, "%s: the board is restored", what)
		checked++
		if d.b.fours(q) > 0 {
			withFours++
		}
	}
	require.Greater(t, checked, 20)
	require.Greater(t, withFours, 10, "positions where the mover has fours to try")
}

// TestThreatTermKeptEqualToFresh: the static value with its threat term,
// on a state brought to a position by undoing a longer game's marks,
// equals a fresh board's, for both sides, on positions where a side faces
// an open three.
func TestThreatTermKeptEqualToFresh(t *testing.T) {
	facing := 0
	for _, g := range quiesceGames(t, 12) {
		hist := g.History()
		for n := len(hist) / 2; n < len(hist); n++ {
			prefix, err := engine.FromMoves(hist[:n], engine.WithK(g.Config().K), engine.WithBounds(g.Config().Rows, g.Config().Cols), engine.WithRule(g.Config().Rule))
			require.NoError(t, err)
			var kept, fresh State
			kept.Sync(g, time.Time{})
			fits, warm := kept.Sync(prefix, time.Time{})
			require.True(t, fits && warm)
			fits, warm = fresh.Sync(prefix, time.Time{})
			require.True(t, fits && warm)
			for q := range 2 {
				require.Equal(t, fresh.b.eval(q), kept.b.eval(q), "%s, %d marks, side %d", hist, n, q)
				if fresh.b.threat(q) != 0 {
					facing++
				}
			}
		}
	}
	require.Greater(t, facing, 20, "positions facing an open three")
}

// TestThreatTermPricesTheBlock: where the side to move faces one open
// three (and has no four), the threat term brings the static value to
// closer to the value of its best block scored statically (bestBlock)
// than a third of the distance without it.
func TestThreatTermPricesTheBlock(t *testing.T) {
	var with, without []float64
	for _, g := range quiesceGames(t, 40) {
		d := runOn(t, g)
		b := d.b
		q := g.Len() % 2
		o := 1 - q
		if b.counts[o][classOpenFour] != 1 || b.counts[o][classFive] > 0 || b.fours(q) > 0 || b.counts[q][classFive] > 0 {
			continue
		}
		block := bestBlock(b, q)
		with = append(with, math.Abs(float64(b.eval(q))-block))
		without = append(without, math.Abs(float64(b.eval(q)-b.threat(q))-block))
	}
	require.Greater(t, len(with), 10)
	t.Logf("%d positions: |static − best block| median %.0f with the term, %.0f without", len(with), median(with), median(without))
	require.Less(t, median(with), median(without)/3)
}

// TestDuelThreatenedNearHorizonIsAHorizonNode: a null-window node facing
// an open three with at most razorPlies left is searched as a node at the
// horizon (its narrow defences, their replies scored statically): the
// same value from the same nodes as at depth 0; a node with a full window
// is searched to its depth.
func TestDuelThreatenedNearHorizonIsAHorizonNode(t *testing.T) {
	if razorPlies < 1 {
		t.Skip("no razoring of threatened nodes")
	}
	searched, facing := 0, 0
	for _, g := range quiesceGames(t, 40) {
		d := runOn(t, g)
		d.noTable = true
		q := g.Len() % 2
		o := 1 - q
		b := d.b
		if !b.has(o, classOpenFour) || b.counts[o][classFive] > 0 || b.counts[q][classFive] > 0 || b.has(q, classOpenFour) {
			continue
		}
		facing++
		a := d.evaluate(q)
		nodes := func(depth int, alpha, beta int32) (int32, int64) {
			d := runOn(t, g)
			d.noTable = true
			v := d.search(depth, alpha, beta, 1, q)
			return v, d.st.Nodes
		}
		v0, n0 := nodes(0, a, a+1)
		for depth := 1; depth <= razorPlies; depth++ {
			v, n := nodes(depth, a, a+1)
			require.Equal(t, v0, v, "%s: value at depth %d", g.History(), depth)
			require.Equal(t, n0, n, "%s: nodes at depth %d", g.History(), depth)
		}
		_, full := nodes(razorPlies, -infScore, infScore)
		_, fullHorizon := nodes(0, -infScore, infScore)
		if full > fullHorizon {
			searched++
		}
	}
	t.Logf("%d positions facing an open three, %d searched deeper with a full window", facing, searched)
	require.Greater(t, facing, 10)
	require.Greater(t, searched, 5, "full-window nodes searched past the horizon's")
}
