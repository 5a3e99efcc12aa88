package dense

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/sparse"
)

// checkBoard fails the test when b's bookkeeping differs from a
// recomputation.
func checkBoard(t *testing.T, b *Board) {
	t.Helper()
	require.NoError(t, b.Verify())
}

// rulesFor lists the rules a test runs under for K: freestyle and exact,
// and renju for K = 5.
func rulesFor(k int) []engine.Rule {
	if k == 5 {
		return []engine.Rule{engine.Freestyle, engine.Exact, engine.Renju}
	}
	return []engine.Rule{engine.Freestyle, engine.Exact}
}

// TestDuelBoardMatchesScratch plays random games on the working board,
// with undo, and compares its incremental state with a recomputation, for
// several K, both rules, unbounded boards and bounded ones of both
// evaluations (9×12 with weights.json, 20×20 with weights20.json and its
// combinations); with undo judging
// the cells again, and with the marks from the tenth on undone by
// restoring their saved states (undo=restore).
func TestDuelBoardMatchesScratch(t *testing.T) {
	for _, k := range []int{3, 4, 5, 6, 8} {
		for _, rule := range rulesFor(k) {
			for _, board := range []string{"unbounded", "9x12", "20x20"} {
				for _, restore := range []bool{false, true} {
					t.Run(fmt.Sprintf("k=%d/%v/board=%s/undo=%s", k, rule, board, map[bool]string{false: "rejudge", true: "restore"}[restore]), func(t *testing.T) {
						cfg := engine.DefaultConfig()
						cfg.K, cfg.Rule = k, rule
						rows, cols, r0, c0 := 30, 30, -15, -15
						ev := LargeEval
						switch board {
						case "9x12":
							cfg.Rows, cfg.Cols = 9, 12
							rows, cols, r0, c0 = 9, 12, 0, 0
							ev = SmallEval
						case "20x20":
							cfg.Rows, cfg.Cols = 20, 20
							rows, cols, r0, c0 = 20, 20, 0, 0
						}
						b := NewBoard(cfg, r0, c0, rows, cols)
						require.Same(t, &ev.judged[0], &b.Judged[0])
						rng := rand.New(rand.NewPCG(uint64(k), 7))
						checkBoard(t, b)
						for step := range 300 {
							if restore && len(b.Moves) == 10 && b.SnapFrom > 10 {
								b.Lookahead()
							}
							if len(b.Moves) > 0 && (rng.IntN(3) == 0 || len(b.Moves) > 60) {
								b.Undo()
							} else {
								c := sparse.Cell{Row: r0 + rng.IntN(rows), Col: c0 + rng.IntN(cols)}
								i, ok := b.Index(c.Row, c.Col)
								require.True(t, ok)
								if b.Stone[i] == 0 {
									b.Place(i, len(b.Moves)%2)
								}
							}
							if step%7 == 0 {
								checkBoard(t, b)
							}
						}
						for len(b.Moves) > 0 {
							b.Undo()
						}
						checkBoard(t, b)
					})
				}
			}
		}
	}
}

// TestMarkedCellsKeepTheirState: a marked cell's state stays as it was
// when the cell was marked, whatever is placed and undone around it
// while the mark stands (spread skips marked cells), with both undos and
// under every rule; and undo brings the cell back in step (checkBoard).
func TestMarkedCellsKeepTheirState(t *testing.T) {
	for _, k := range []int{3, 5} {
		for _, rule := range rulesFor(k) {
			for _, restore := range []bool{false, true} {
				t.Run(fmt.Sprintf("k=%d/%v/undo=%s", k, rule, map[bool]string{false: "rejudge", true: "restore"}[restore]), func(t *testing.T) {
					cfg := engine.DefaultConfig()
					cfg.K, cfg.Rule, cfg.Rows, cfg.Cols = k, rule, 9, 12
					b := NewBoard(cfg, 0, 0, 9, 12)
					if restore {
						b.Lookahead()
					}
					rng := rand.New(rand.NewPCG(uint64(k), 11))
					marked := map[int]cellState{}
					for step := range 400 {
						if len(b.Moves) > 0 && (rng.IntN(3) == 0 || len(b.Moves) > 50) {
							delete(marked, int(b.Moves[len(b.Moves)-1]))
							b.Undo()
						} else if i, _ := b.Index(rng.IntN(9), rng.IntN(12)); b.Stone[i] == 0 {
							before := b.Cell[i]
							// Under renju a marked cell leaves the doubtful
							// ones (verifyFoul's part): the rest stays.
							before.doubt = false
							b.Place(i, len(b.Moves)%2)
							require.Equal(t, before, b.Cell[i], "marking a cell changes its own state")
							marked[i] = before
						}
						for i, cs := range marked {
							require.Equal(t, cs, b.Cell[i], "step %d: the state of marked cell %v changed", step, b.CellAt(i))
						}
						if step%9 == 0 {
							checkBoard(t, b)
						}
					}
					checkBoard(t, b)
				})
			}
		}
	}
}

// TestNeighbourCountsAtTheFrame marks and takes back every cell of small
// bounded boards, where the neighbour counts of the last rows lie at the
// end of the array (K = 3: a frame of two cells), and checks the counts
// and the rest against a recomputation.
func TestNeighbourCountsAtTheFrame(t *testing.T) {
	for _, k := range []int{3, 4} {
		for _, rule := range rulesFor(k) {
			cfg := engine.DefaultConfig()
			cfg.K, cfg.Rule, cfg.Rows, cfg.Cols = k, rule, 6, 7
			b := NewBoard(cfg, 0, 0, 6, 7)
			for r := range 6 {
				for c := range 7 {
					i, _ := b.Index(r, c)
					b.Place(i, (r+c)%2)
					checkBoard(t, b)
				}
			}
			for len(b.Moves) > 0 {
				b.Undo()
				if len(b.Moves)%5 == 0 {
					checkBoard(t, b)
				}
			}
			checkBoard(t, b)
		}
	}
}

// TestLineShapesAgainstTheEngine checks the top shapes against the
// engine's own rules: on random lines, marking the centre is a five when
// the engine says it wins, and a four (open when two cells would win,
// blocked when one) when the engine finds that many winning cells after it.
func TestLineShapesAgainstTheEngine(t *testing.T) {
	for _, k := range []int{3, 4, 5, 7} {
		for _, rule := range []engine.Rule{engine.Freestyle, engine.Exact} {
			lr := lineRules{k: k, exact: rule == engine.Exact}
			s := solverFor(lr)
			rng := rand.New(rand.NewPCG(uint64(k), 3))
			for range 400 {
				g, err := engine.New(engine.WithK(k), engine.WithRule(rule), engine.WithFreeOrder())
				require.NoError(t, err)
				var idx uint32
				side := lr.Side()
				over := false
				for d := -side; d <= side; d++ {
					if d == 0 {
						continue
					}
					v := rng.IntN(3)
					if v == 1 && rng.IntN(2) == 0 {
						v = 0 // fewer marks, so that lines do not end at once
					}
					idx += uint32(v) * s.pow[s.pos(d)]
					if v > 0 {
						if _, err := g.PlayAs(0, d, v); err != nil {
							over = true // a line already won: not a pattern to judge
						}
					}
				}
				if over || g.Status() != engine.Ongoing {
					continue
				}
				sh := s.shape(idx)
				if won, _ := g.WouldWin(0, 0, 1); won {
					assert.Equal(t, lineFive, sh, "pattern %d", idx)
					continue
				}
				_, err = g.PlayAs(0, 0, 1)
				require.NoError(t, err)
				wins := 0
				for d := -side; d <= side; d++ {
					if g.At(0, d) == 0 {
						if won, _ := g.WouldWin(0, d, 1); won {
							wins++
						}
					}
				}
				switch {
				case wins >= 2:
					assert.Equal(t, lineFlex4, sh, "pattern %d", idx)
				case wins == 1:
					assert.Equal(t, LineBlock4, sh, "pattern %d", idx)
				default:
					assert.Less(t, sh, LineBlock4, "pattern %d", idx)
				}
			}
		}
	}
}

// TestEvaluationFavoursTheMover checks the evaluation's roles: with the
// same open run for each player, far apart, the side to move is ahead
// whichever it is, and a further mark in line with its run raises its
// value; for several K and both rules.
func TestEvaluationFavoursTheMover(t *testing.T) {
	for _, k := range []int{4, 5, 6, 7} {
		for _, rule := range rulesFor(k) {
			t.Run(fmt.Sprintf("k=%d/%v", k, rule), func(t *testing.T) {
				cfg := engine.DefaultConfig()
				cfg.K, cfg.Rule = k, rule
				b := NewBoard(cfg, -30, -30, 60, 60)
				put := func(r, c, q int) {
					i, ok := b.Index(r, c)
					require.True(t, ok)
					b.Place(i, q)
				}
				for n := range k - 3 {
					put(0, n, 0)
					put(15, n, 1)
				}
				assert.Positive(t, b.Eval(0), "first player to move")
				assert.Positive(t, b.Eval(1), "second player to move")
				put(-15, -15, 1)
				before := b.Eval(0)
				put(0, k-3, 0)
				assert.Greater(t, b.Eval(0), before, "a longer open run")
			})
		}
	}
}
