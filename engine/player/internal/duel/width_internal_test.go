package duel

import (
	"slices"
	"testing"

	"github.com/gomoku-engine/gomoku/engine/player/internal/dense"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWidthFollowsDepth: the base width up to wideFrom plies left and at
// the horizon, four more a ply beyond, every candidate from wideAll.
func TestWidthFollowsDepth(t *testing.T) {
	for _, c := range []struct{ depth, want int }{
		{-1, 12}, {0, 12}, {1, 12}, {4, 12}, {5, 16}, {6, 20}, {7, 24}, {8, maxWidth}, {30, maxWidth},
	} {
		assert.Equal(t, c.want, widthAt(12, c.depth), "depth %d", c.depth)
	}
	assert.Equal(t, 2, widthAt(2, 3))
}

// TestWideNodeTriesLateMoves searches a quiet middle game as a node one
// ply below the root with a window no move reaches, so that it tries
// every move it lists, futility and reductions off (plain) so that every
// reply is searched and stored: the reply to each of its candidates, in
// the order of the score that chooses them (2·own value + the opponent's,
// no table move, killer or history in a fresh search), is in the table
// exactly when its rank is within the width of the node's plies left.
// With 5 plies left the 13th to 16th are tried, with 7 up to the 24th;
// with 3, only the first 12. Every candidate is tried from wideAll plies
// left, here lowered to 5: a tree of 8 plies tried in full at the top
// overwrites some of the replies' entries.
func TestWideNodeTriesLateMoves(t *testing.T) {
	all := wideAll
	t.Cleanup(func() { wideAll = all })
	for _, c := range []struct{ depth, all, width int }{{3, all, 12}, {5, all, 16}, {7, all, 24}, {5, 5, maxWidth}} {
		wideAll = c.all
		depth := c.depth
		d := quietRun(t)
		d.plain = true
		b := d.b
		q := len(b.Moves) % 2
		o := 1 - q
		var ranked []scoredCell
		b.Cands(func(i int) bool {
			if s := 2*b.Cell[i].Val[q] + b.Cell[i].Val[o]; s > 0 && b.Playable(i, q) {
				ranked = append(ranked, scoredCell{int32(i), s})
			}
			return true
		})
		slices.SortFunc(ranked, byBetter)
		require.Greater(t, len(ranked), 24, "too few candidates to tell the widths apart")
		d.search(depth, mateScore-1, mateScore, 1, q)
		require.False(t, d.Stopped)
		width := c.width
		for r, m := range ranked {
			b.Place(int(m.i), q)
			_, searched := d.probe(b.Hash ^ sideKey[o])
			b.Undo()
			assert.Equal(t, r < width, searched, "depth %d, all from %d: the move ranked %d of %d (width %d)", depth, c.all, r+1, len(ranked), width)
		}
	}
}

// quietRun is a fresh search of the first middle game of the test data
// where neither side has a four, nor a cell making an open four, and the
// side to move no four-three to make: a node there lists its candidates
// without answering a threat.
func quietRun(t *testing.T) *run {
	t.Helper()
	for _, ms := range middleGames(t) {
		d := runOn(t, gameOf(t, ms))
		b := d.b
		q := len(b.Moves) % 2
		if b.Counts[0][dense.ClassFive]+b.Counts[1][dense.ClassFive] == 0 && !b.Has(0, dense.ClassOpenFour) && !b.Has(1, dense.ClassOpenFour) && !b.Has(q, dense.ClassFourThree) {
			return d
		}
	}
	t.Fatal("no quiet middle game")
	return nil
}
