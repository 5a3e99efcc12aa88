package player_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player"
	"github.com/gomoku-engine/gomoku/sparse"
)

// tacticsBoards are the boards the tactics run on: unbounded, and bounded
// with the position near an edge.
var tacticsBoards = []struct {
	name   string
	opts   func(k int) []engine.Option
	r0, c0 int
}{
	{"infinite", func(int) []engine.Option { return nil }, -3, 5},
	{"bounded", func(k int) []engine.Option { return []engine.Option{engine.WithBounds(2*k+4, 2*k+6)} }, 1, 1},
}

// shifted moves cells by (r0, c0).
func shifted(r0, c0 int, cs []sparse.Cell) []sparse.Cell {
	out := make([]sparse.Cell, len(cs))
	for i, c := range cs {
		out[i] = sparse.Cell{Row: c.Row + r0, Col: c.Col + c0}
	}
	return out
}

// run returns n cells along the row r from column c.
func run(r, c, n int) []sparse.Cell {
	out := make([]sparse.Cell, n)
	for i := range out {
		out[i] = sparse.Cell{Row: r, Col: c + i}
	}
	return out
}

// column returns n cells down column c from row r.
func column(r, c, n int) []sparse.Cell {
	out := make([]sparse.Cell, n)
	for i := range out {
		out[i] = sparse.Cell{Row: r + i, Col: c}
	}
	return out
}

// TestSearchTactics: set positions for several K, both rules, on an
// infinite and a bounded board, each asking for the one right answer.
//
//   - win: player 1 has K−1 in a row, blocked at one end: it completes
//     the other end.
//   - block: player 2 has that; player 1, with nothing, blocks.
//   - double four: player 1 has K−2 in a row and K−2 in a column, each
//     blocked at its far end, meeting at an empty corner: marking the
//     corner makes two fours at once, a win in three.
//   - defend double four: the same for player 2, player 1 to move: only
//     the corner and the lines' far ends stop it.
//
// Each runs on one thread and on three (player.WithThreads).
func TestSearchTactics(t *testing.T) {
	for _, k := range []int{4, 5, 6} {
		for _, rule := range []engine.Rule{engine.Freestyle, engine.Exact} {
			for _, bd := range tacticsBoards {
				for _, threads := range []int{1, 3} {
					tacticsAt(t, k, rule, bd.name, bd.opts(k), bd.r0, bd.c0, threads)
				}
			}
		}
	}
}

// tacticsAt runs TestSearchTactics's positions for K = k under rule on
// the board of opts, shifted by (r0, c0), searched on threads threads.
func tacticsAt(t *testing.T, k int, rule engine.Rule, board string, opts []engine.Option, r0, c0, threads int) {
	opts = append(opts, engine.WithK(k), engine.WithRule(rule))
	at := func(cs []sparse.Cell) []sparse.Cell { return shifted(r0, c0, cs) }
	far := at(cells(2*k+2, 2*k+4, 2*k+2, 2*k+2)) // out-of-the-way filler marks
	name := fmt.Sprintf("k=%d/%v/%s/threads=%d", k, rule, board, threads)
	atDepth := func(depth int, more ...player.SearchOption) *player.Search {
		return fixedDepth(depth, append(more, player.WithThreads(threads))...)
	}
	t.Run(name+"/win", func(t *testing.T) {
		g := setUp(t, opts, map[int][]sparse.Cell{
			1: at(run(0, 1, k-1)),
			2: append(at(cells(0, 0)), far...),
		})
		s := atDepth(2)
		assert.Equal(t, at(cells(0, k))[0], chooseLegal(t, s, g))
		assert.Equal(t, player.ReasonWin, s.LastStats().Reason)
	})
	t.Run(name+"/block", func(t *testing.T) {
		g := setUp(t, opts, map[int][]sparse.Cell{
			1: at(cells(k+1, 0, k+1, 3)),
			2: at(append(run(0, 1, k-1), sparse.Cell{Row: 3, Col: k + 2})),
		})
		g2 := g.Clone()
		_, err := g2.PlayAs(at(cells(0, 0))[0].Row, at(cells(0, 0))[0].Col, 1)
		assert.NoError(t, err)
		assert.Equal(t, at(cells(0, k))[0], chooseLegal(t, atDepth(3), g2))
	})
	if k < 5 {
		return // K = 4 is won too easily for a double four to be the only answer
	}
	corner := sparse.Cell{Row: 1, Col: k}
	attack := append(run(1, 2, k-2), column(2, k, k-2)...)
	walls := cells(1, 1, k, k)
	t.Run(name+"/double four", func(t *testing.T) {
		g := setUp(t, opts, map[int][]sparse.Cell{
			1: at(attack),
			2: append(at(walls), far...),
		})
		s := atDepth(3, player.WithVCF(false), player.WithVCT(false))
		assert.Equal(t, at([]sparse.Cell{corner})[0], chooseLegal(t, s, g))
		assert.Greater(t, s.LastStats().Score, int64(1)<<49, "seen as a forced win")
	})
	t.Run(name+"/defend double four", func(t *testing.T) {
		g := setUp(t, opts, map[int][]sparse.Cell{
			1: append(at(walls), far[0]),
			2: append(at(attack), far[1]),
		})
		// The corner, or either line's far end, which leaves it a single four.
		assert.Contains(t, at(cells(1, k, 1, k+1, 0, k)), chooseLegal(t, atDepth(3), g))
	})
}

// TestSearchThreatsOnBoundedBoards runs the VCF, VCT and VCF-refutation
// positions of the infinite-board tests on a bounded board, shifted so
// that they lie near its edge.
func TestSearchThreatsOnBoundedBoards(t *testing.T) {
	for _, rule := range []engine.Rule{engine.Freestyle, engine.Exact} {
		opts := []engine.Option{engine.WithBounds(19, 19), engine.WithRule(rule)}
		t.Run(rule.String()+"/vcf", func(t *testing.T) {
			g := setUp(t, opts, map[int][]sparse.Cell{
				1: shifted(2, 1, cells(0, 0, 0, 1, 0, 2, 2, 3, 3, 3, 1, 4, 1, 5, 1, 6)),
				2: shifted(2, 1, cells(0, -1, 4, 3, 1, 7, 10, 10, 10, 12, 12, 10, 12, 12, 14, 14)),
			})
			s := fixedDepth(1)
			chooseLegal(t, s, g)
			assert.Equal(t, player.ReasonVCF, s.LastStats().Reason)
			assert.Equal(t, 1, playOut(t, g, s, 4))
		})
		t.Run(rule.String()+"/vct", func(t *testing.T) {
			g := setUp(t, opts, map[int][]sparse.Cell{
				1: shifted(5, 5, cells(0, 1, 0, 2, 1, 0, 2, 0)),
				2: shifted(5, 5, cells(10, 10, 10, 13, 13, 10, 13, 13)),
			})
			s := fixedDepth(1, player.WithDuelSearch(player.Screened))
			assert.Equal(t, sparse.Cell{Row: 5, Col: 5}, chooseLegal(t, s, g))
			assert.Equal(t, player.ReasonVCT, s.LastStats().Reason)
			s = fixedDepth(1)
			assert.Equal(t, sparse.Cell{Row: 5, Col: 5}, chooseLegal(t, s, g))
		})
	}
}
