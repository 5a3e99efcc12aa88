package player_test

import (
	"context"
	"fmt"

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
