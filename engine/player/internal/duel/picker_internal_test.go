package duel

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player/internal/dense"
	"github.com/gomoku-engine/gomoku/engine/record"
	"github.com/gomoku-engine/gomoku/sparse"
)

// pickerGames are the positions the picker's tests start from: the
// middle games of the ordering benchmark and the blunder suite's
// positions (threats on the board, several rules and sizes).
func pickerGames(t *testing.T) []*engine.Game {
	t.Helper()
	var gs []*engine.Game
	for _, ms := range middleGames(t) {
		gs = append(gs, gameOf(t, ms))
	}
	for _, p := range loadBlunders(t) {
		gs = append(gs, p.game)
	}
	return gs
}

// depthRun is runOn limited to depth, publishing its best move so far.
func depthRun(t *testing.T, g *engine.Game, depth int) *run {
	t.Helper()
	d := runOn(t, g)
	d.lim.MaxDepth = depth
	d.provisional = new(atomic.Pointer[sparse.Cell])
	return d
}

// pickAll lists the moves a picker hands out, in order. Between the first
// move and the next it gives history bonuses, as the first move's subtree
// would, to cells of rewarded.
func pickAll(d *run, q, ply, forced, tt int, threatened bool, depth int, rewarded []int) []int {
	p := d.newPicker(q, ply, forced, tt, threatened, depth)
	var out []int
	for n := 0; ; n++ {
		i := d.next(&p, n)
		if i < 0 {
			return out
		}
		out = append(out, i)
		if n == 0 {
			for k, c := range rewarded {
				d.reward(q, c, 1+k%5)
			}
		}
	}
}

// TestStagedPickerListsTheFullList is the staged picker's property: at
// positions of the test data and positions a few random moves past them,
// for both players, at the horizon and with 1, 6 and 9 plies left
// (the base width, a wider one and every candidate), and for table moves
// that are the best move, any listed move, an occupied cell, an empty
// cell no list holds, no cell and a cell off the array, it hands out the
// same moves in the same order as generating them all first, even when
// the history changes while the first move is searched (the others are
// scored as they would have been before it); and no move, the table's
// above all, twice.
func TestStagedPickerListsTheFullList(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 11))
	staged, checked := 0, 0
	for gi, g := range pickerGames(t) {
		d := depthRun(t, g, 1)
		b := d.b
		q0 := len(b.Moves) % 2
		for walk := range 4 {
			q := (q0 + walk) % 2
			for range 2 {
				ms, _ := d.moves(q, 1, -1, -1, 1)
				if len(ms) == 0 {
					break
				}
				b.Place(int(ms[rng.IntN(len(ms))].i), q)
				q = 1 - q
			}
			for _, mover := range []int{q, 1 - q} {
				o := 1 - mover
				if b.Counts[mover][dense.ClassFive] > 0 || b.Counts[o][dense.ClassFive] > 1 {
					continue
				}
				forced := -1
				if b.Counts[o][dense.ClassFive] == 1 {
					forced = b.Find(o, dense.ClassFive)
				}
				threatened := b.Has(o, dense.ClassOpenFour)
				all, _ := d.moves(mover, 1, -1, -1, 1)
				if len(all) == 0 {
					continue
				}
				occupied := int(b.Moves[0])
				far := -1
				for i := range b.Stone {
					if b.Stone[i] == 0 && b.Near[i] == 0 {
						far = i
						break
					}
				}
				pick(all, 0)
				tts := []int{int(all[0].i), int(all[rng.IntN(len(all))].i), occupied, far, -1, len(b.Stone) + 5}
				var rewarded []int
				for _, m := range all[:min(len(all), 6)] {
					rewarded = append(rewarded, int(m.i))
				}
				for _, tt := range tts {
					for _, depth := range []int{0, 1, 6, 9} {
						for _, ply := range []int{1, 2 + walk} {
							name := fmt.Sprintf("game %d walk %d player %d tt %v depth %d ply %d", gi, walk, mover+1, tt, depth, ply)
							hist := slices.Clone(d.s.hist[mover])
							d.scanAll = true
							want := pickAll(d, mover, ply, forced, tt, threatened, depth, nil)
							d.scanAll = false
							got := pickAll(d, mover, ply, forced, tt, threatened, depth, rewarded)
							copy(d.s.hist[mover], hist)
							require.Equal(t, want, got, name)
							seen := map[int]bool{}
							for _, i := range got {
								require.False(t, seen[i], "%s: %v tried twice", name, b.CellAt(i))
								seen[i] = true
							}
							p := d.newPicker(mover, ply, forced, tt, threatened, depth)
							if p.first >= 0 {
								staged++
							}
							checked++
						}
					}
				}
			}
		}
	}
	t.Logf("%d lists checked, %d of them staged", checked, staged)
	assert.Positive(t, staged, "no list tried its table move before generating")
	assert.Less(t, staged, checked, "every list was staged")
}

// TestStagedSearchVisitsTheSameNodes: the staged picker and the undo that
// restores saved states change the speed of the search, not the search:
// to depth 5, the same nodes, value and move as generating every move
// first and undoing by judging the cells again, on middle games of
// 15×15 freestyle, the same under renju, and the blunder suite's exact
// five and 20×20 positions.
func TestStagedSearchVisitsTheSameNodes(t *testing.T) {
	var games []*engine.Game
	for _, ms := range middleGames(t)[:4] {
		games = append(games, gameOf(t, ms))
		r, err := record.ParseMoveString(ms)
		require.NoError(t, err)
		if g, err := r.Game(engine.WithBounds(15, 15), engine.WithRule(engine.Renju)); err == nil {
			games = append(games, g)
		}
	}
	exact, big := 0, 0
	for _, p := range loadBlunders(t) {
		cfg := p.game.Config()
		switch {
		case cfg.Rule == engine.Exact && exact < 3:
			exact++
		case cfg.Rows == 20 && big < 3:
			big++
		default:
			continue
		}
		games = append(games, p.game)
	}
	renju := 0
	for _, g := range games {
		if g.Config().Rule == engine.Renju {
			renju++
		}
	}
	require.Positive(t, renju, "no renju position")
	for gi, g := range games {
		type result struct {
			move  int
			nodes int64
			score int64
			depth int
		}
		var results []result
		for _, fast := range []bool{false, true} {
			d := depthRun(t, g, 5)
			d.scanAll = !fast
			if !fast {
				d.b.SnapFrom = math.MaxInt
			}
			i, ok := d.best(len(d.b.Moves) % 2)
			require.True(t, ok)
			results = append(results, result{i, d.st.Nodes, d.st.Score, d.st.Depth})
			if fast && !d.b.Renju {
				assert.NotEmpty(t, d.b.CellSaves[:cap(d.b.CellSaves)], "game %d: no undo restored saved states", gi)
			}
			require.Empty(t, d.b.Saves, "game %d: saves left after the search", gi)
		}
		assert.Equal(t, results[0], results[1], "game %d (%v)", gi, g.Config().Rule)
	}
}
