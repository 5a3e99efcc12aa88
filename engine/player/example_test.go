package player_test

import (
	"context"
	"fmt"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player"
)

func ExampleGreedy() {
	g, _ := engine.New(engine.WithK(4))
	// Player 1 has three in a row at (0, 0)..(0, 2); player 2 to move.
	for _, c := range [][2]int{{0, 0}, {5, 5}, {0, 1}, {5, 7}, {0, 2}} {
		g.Play(c[0], c[1])
	}
	c, _ := player.NewGreedy(1).Choose(context.Background(), g, g.Turn())
	fmt.Println("player 2 blocks at", c)
	// Output:
	// player 2 blocks at (0, 3)
}

func ExampleByName() {
	g, _ := engine.New()
	bots := map[int]engine.Strategy{}
	for p, name := range []string{"greedy", "random"} {
		bots[p+1], _ = player.ByName(name, 42)
	}
	for g.Status() == engine.Ongoing {
		c, err := bots[g.Turn()].Choose(context.Background(), g, g.Turn())
		if err != nil {
			fmt.Println(err)
			return
		}
		g.Play(c.Row, c.Col)
	}
	fmt.Println("winner:", g.Winner())
	// Output:
	// winner: 1
}

func ExampleSearch() {
	g, _ := engine.New(engine.WithFreeOrder())
	// Player 1 wins by threats: (1, 2) makes a four on row 1 and an open
	// three on the diagonal (0, 1)-(2, 3); player 2 must block the four,
	// and the three becomes an open four.
	for _, m := range []engine.Move{
		{Row: 0, Col: 0, Player: 1}, {Row: 0, Col: 1, Player: 1}, {Row: 0, Col: 2, Player: 1},
		{Row: 2, Col: 3, Player: 1}, {Row: 3, Col: 3, Player: 1},
		{Row: 1, Col: 4, Player: 1}, {Row: 1, Col: 5, Player: 1}, {Row: 1, Col: 6, Player: 1},
		{Row: 0, Col: -1, Player: 2}, {Row: 4, Col: 3, Player: 2}, {Row: 1, Col: 7, Player: 2},
	} {
		g.PlayAs(m.Row, m.Col, m.Player)
	}
	s := player.NewSearch(player.WithBudget(time.Second))
	c, _ := s.Choose(context.Background(), g, 1)
	fmt.Println(c, s.LastStats().Reason)
	// Output:
	// (1, 2) vcf
}

// The strongest bot for a game, built with a think time of its own.
func ExampleStrongest() {
	torus := engine.Config{K: 4, Players: 2, Rows: 8, Cols: 8, Torus: true}
	fmt.Println(player.Strongest(engine.DefaultConfig()), player.Strongest(torus))
	bot, _ := player.ByName(player.Strongest(engine.DefaultConfig()), 1, player.WithBudget(50*time.Millisecond))
	fmt.Println(bot.Name())
	// Output:
	// search greedy
	// search
}
