package player

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
)

func drawBoard(g *engine.Game) string {
	box, _ := g.BoundingBox()
	var b strings.Builder
	for r := box.MinRow - 1; r <= box.MaxRow+1; r++ {
		for c := box.MinCol - 1; c <= box.MaxCol+1; c++ {
			v := g.At(r, c)
			ch := "."
			if v > 0 {
				ch = string(rune('A' + v - 1))
			}
			if m, ok := g.LastMove(); ok && m.Row == r && m.Col == c {
				ch = strings.ToLower(ch)
			}
			b.WriteString(ch)
		}
		b.WriteString("\n")
	}
	return b.String()
}

func TestScratchGame(t *testing.T) {
	if os.Getenv("SCRATCH") == "" {
		t.Skip()
	}
	cfg := engine.DefaultConfig()
	cfg.Players = 4
	g, _ := engine.New(engine.WithConfig(cfg))
	s := NewSearch(WithBudget(200 * time.Millisecond))
	bots := []engine.Strategy{s, NewGreedy(1), NewGreedy(2), NewGreedy(3)}
	for g.Status() == engine.Ongoing && g.Len() < 200 {
		p := g.Turn()
		c, err := bots[p-1].Choose(context.Background(), g, p)
		if err != nil {
			t.Fatal(err)
		}
		g.Play(c.Row, c.Col)
		if p == 1 {
			st := s.LastStats()
			fmt.Printf("move %d: %v %s depth %d score %d nodes %d\n", g.Len(), c, st.Reason, st.Depth, st.Score, st.Nodes)
		}
		if g.Len()%100 == 0 {
			fmt.Print(drawBoard(g))
		}
	}
	fmt.Print(drawBoard(g), g.Status(), g.Winner(), g.Len(), "\n")
}
