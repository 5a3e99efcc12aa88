package player_test

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player"
)

// rapfiEval matches the evaluation in Rapfi's MESSAGE lines: a score or a
// mate in so many plies (+M13, -M6).
var rapfiEval = regexp.MustCompile(`Eval ([+-]?M?\d+)`)

// TestThreatsAgreeWithRapfi compares the search's forced wins by
// continuous fours with Rapfi's (the pbrain binary named by GOMOKU_RAPFI;
// skipped without it), under both rules, on crowded random 15×15
// positions where overlines are near: every VCF the search claims must be
// a win Rapfi sees too (Rapfi reads the position for 300 ms). The wins
// Rapfi sees and the search's VCF misses are counted and logged, not
// failed: many are longer threat sequences.
func TestThreatsAgreeWithRapfi(t *testing.T) {
	bin := os.Getenv("GOMOKU_RAPFI")
	if bin == "" {
		t.Skip("GOMOKU_RAPFI names no Rapfi pbrain binary")
	}
	cmd := exec.Command(bin)
	cmd.Dir = filepath.Dir(bin) // Rapfi reads its config there
	in, err := cmd.StdinPipe()
	require.NoError(t, err)
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	defer func() {
		fmt.Fprintln(in, "END")
		_ = cmd.Wait()
	}()
	rd := bufio.NewScanner(out)
	// rapfi sends lines and returns the last evaluation before the move.
	rapfi := func(lines string) string {
		_, err := fmt.Fprint(in, lines)
		require.NoError(t, err)
		eval := ""
		for rd.Scan() {
			l := strings.TrimSpace(rd.Text())
			if m := rapfiEval.FindStringSubmatch(l); m != nil {
				eval = m[1]
			} else if !strings.HasPrefix(l, "MESSAGE") && !strings.HasPrefix(l, "DEBUG") && l != "OK" {
				return eval
			}
		}
		t.Fatalf("Rapfi ended: %v", rd.Err())
		return ""
	}
	positions := 200
	if testing.Short() {
		positions = 40
	}
	for _, rule := range []engine.Rule{engine.Exact, engine.Freestyle} {
		t.Run(rule.String(), func(t *testing.T) {
			_, err := fmt.Fprintf(in, "INFO rule %d\nSTART 15\nINFO timeout_turn 300\n", map[engine.Rule]int{engine.Freestyle: 0, engine.Exact: 1}[rule])
			require.NoError(t, err)
			require.True(t, rd.Scan())
			rng := rand.New(rand.NewPCG(17, uint64(rule)))
			claimed, agreed, missed := 0, 0, 0
			for n := 0; n < positions; {
				g := crowdedPosition(t, rng, rule)
				s := player.NewSearch(player.WithBudget(0), player.WithMaxDepth(2))
				chooseLegal(t, s, g)
				st := s.LastStats()
				if st.Reason == player.ReasonWin || st.Reason == player.ReasonOnlyMove {
					continue // a five to make or to stop: nothing to judge
				}
				n++
				var body strings.Builder
				for _, m := range g.History() {
					own := 1
					if m.Player != g.Turn() {
						own = 2
					}
					fmt.Fprintf(&body, "%d,%d,%d\n", m.Col, m.Row, own)
				}
				eval := rapfi("BOARD\n" + body.String() + "DONE\n")
				sees := strings.HasPrefix(eval, "+M")
				if st.Score >= 1<<49 {
					claimed++
					if assert.True(t, sees, "the search claims a win (%v) Rapfi does not see (its eval %q): %v", st.Reason, eval, g.History()) {
						agreed++
					}
				} else if sees {
					missed++
					t.Logf("Rapfi sees %s, the search %v (score %d): %v", eval, st.Reason, st.Score, g.History())
				}
			}
			t.Logf("%v: %d positions, %d VCFs claimed, %d confirmed by Rapfi; %d wins Rapfi sees that the VCF does not", rule, positions, claimed, agreed, missed)
		})
	}
}

// crowdedPosition plays a random game of 14 to 40 moves in the 7×7
// centre of a 15×15 board under rule, stopping before any five, so that
// lines of four, five and more of one colour with gaps are common.
func crowdedPosition(t *testing.T, rng *rand.Rand, rule engine.Rule) *engine.Game {
	t.Helper()
	g := newGame(t, engine.WithRule(rule), engine.WithBounds(15, 15))
	moves := 14 + rng.IntN(27)
	for tries := 0; g.Len() < moves && tries < 2000; tries++ {
		r, c := 4+rng.IntN(7), 4+rng.IntN(7)
		if g.CanPlace(r, c) != nil {
			continue
		}
		if won, _ := g.WouldWin(r, c, g.Turn()); won {
			continue
		}
		_, err := g.Play(r, c)
		require.NoError(t, err)
	}
	return g
}
