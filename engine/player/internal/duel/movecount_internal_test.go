package duel

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
)

// TestMoveCountFollowsDepth: a node tries fewer moves the fewer plies it
// has left, fewer still when its mover is not improving, and at least one.
func TestMoveCountFollowsDepth(t *testing.T) {
	for depth := 1; depth < maxPly; depth++ {
		for _, improving := range []bool{false, true} {
			n := moveCount(depth, improving)
			require.GreaterOrEqual(t, n, 1)
			require.GreaterOrEqual(t, moveCount(depth+1, improving), n, "depth %d", depth)
		}
		require.GreaterOrEqual(t, moveCount(depth, true), moveCount(depth, false), "depth %d", depth)
	}
}

// TestMoveCountKeepsTheOnlyDefence: a null-window node with two plies
// left (one move tried when not improving), whose
// table move is a quiet cell that loses (player 1's four at (0, 4) forces
// the block at (0, 5), then (1, 4) makes a four down column 4 and an
// open three on row 1) still finds a defence tried after it, though each
// defence spoils at most a four and a three (no double three or better,
// so none is exempt from the count): the move count applies only once a
// move that does not lose is in hand. Player 0 has no threat of its own.
// Infinite and bounded boards.
func TestMoveCountKeepsTheOnlyDefence(t *testing.T) {
	for _, bounded := range []bool{false, true} {
		opts := []engine.Option{}
		r0, c0 := -7, 3
		if bounded {
			opts = append(opts, engine.WithBounds(15, 15))
			r0, c0 = 2, 1
		}
		const depth = 2
		t.Run(fmt.Sprintf("bounded=%v", bounded), func(t *testing.T) {
			d := duelOn(t, opts, r0, c0, [2][][2]int{
				{{0, 0}, {-1, 4}, {5, 4}, {10, 10}},
				{{0, 1}, {0, 2}, {0, 3}, {2, 4}, {3, 4}, {1, 6}, {1, 7}},
			})
			const q, o = 0, 1
			b := d.b
			require.Zero(t, b.fours(q), "player 0 has no four to make")
			require.False(t, b.has(o, classOpenFour) || b.has(o, classFourThree) || b.has(o, classDoubleThree),
				"player 1's threats are fours alone")
			quiet, ok := b.index(r0+10, c0+8)
			require.True(t, ok)
			require.Zero(t, threatRank(b.cell[quiet].class[q], b.cell[quiet].class[o]), "the table's move is quiet")
			require.Less(t, moveCount(depth, false), 4, "a few moves at %d plies", depth)
			key := b.hash ^ sideKey[q]
			alpha := d.evaluate(q) - 100000
			b.place(quiet, q)
			d.plain = true
			lost := d.search(depth-1, -infScore, infScore, 2, o)
			b.undo()
			require.GreaterOrEqual(t, lost, mateScore, "the quiet move loses at %d plies", depth)
			v := d.search(depth, alpha, alpha+1, 1, q)
			require.Greater(t, v, -mateScore, "a defence holds with every move tried")
			d.plain = false
			d.s.Forget()
			d.store(key, 0, 0, core.UpperBound, quiet, 1)
			v = d.search(depth, alpha, alpha+1, 1, q)
			assert.Greater(t, v, -mateScore, "a defence holds with the move count")
			checkDuel(t, d.b)
		})
	}
}
