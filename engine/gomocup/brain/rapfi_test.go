package brain

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/renju"
)

// TestShowForbidAgreesWithRapfi sends the same random renju positions to
// this brain and to Rapfi (the pbrain binary named by GOMOKU_RAPFI; the
// test is skipped without it) with YXBOARD and compares the answers to
// YXSHOWFORBID, which must be identical.
func TestShowForbidAgreesWithRapfi(t *testing.T) {
	bin := os.Getenv("GOMOKU_RAPFI")
	if bin == "" {
		t.Skip("GOMOKU_RAPFI names no Rapfi pbrain binary")
	}
	cmd := exec.Command(bin)
	cmd.Dir = filepath.Dir(bin) // Rapfi reads its config and weights there
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
	rapfi := func(lines string) string {
		_, err := fmt.Fprint(in, lines)
		require.NoError(t, err)
		for rd.Scan() {
			if l := strings.TrimSpace(rd.Text()); strings.HasPrefix(l, "FORBID") {
				return l
			}
		}
		t.Fatalf("Rapfi ended: %v", rd.Err())
		return ""
	}
	rapfi("INFO rule 4\nSTART 15\nYXSHOWFORBID\n")

	positions := 300
	if testing.Short() {
		positions = 30
	}
	rng := rand.New(rand.NewPCG(7, 11))
	forbidden := 0
	for n := 0; n < positions; {
		g, err := engine.New(engine.WithRule(engine.Renju), engine.WithBounds(15, 15))
		require.NoError(t, err)
		moves := 20 + rng.IntN(50)
		for tries := 0; g.Len() < moves && tries < 5000; tries++ {
			r, c := 3+rng.IntN(9), 3+rng.IntN(9)
			if g.Turn() == 2 && rng.IntN(2) == 0 {
				r, c = rng.IntN(15), rng.IntN(15)
			}
			if g.CanPlace(r, c) != nil || g.Forbidden(r, c) != renju.None {
				continue
			}
			if won, _ := g.WouldWin(r, c, g.Turn()); won {
				continue
			}
			_, err := g.Play(r, c)
			require.NoError(t, err)
		}
		if g.Turn() != 1 {
			continue
		}
		n++
		var body strings.Builder
		for _, m := range g.History() {
			fmt.Fprintf(&body, "%d,%d,%d\n", m.Col, m.Row, m.Player)
		}
		script := "YXBOARD\n" + body.String() + "DONE\nYXSHOWFORBID\n"
		ours := converse(t, Options{}, "INFO rule 4\nSTART 15\n"+script)
		require.Len(t, ours, 2)
		require.Equal(t, rapfi(script), ours[1], "position\n%v", g)
		forbidden += (len(ours[1]) - len("FORBID .")) / 4
	}
	t.Logf("%d positions, %d forbidden cells, identical answers", positions, forbidden)
}
