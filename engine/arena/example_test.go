package arena_test

import (
	"context"
	"fmt"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/arena"
)

func ExampleMatch_Run() {
	greedy, _ := arena.Named("greedy")
	random, _ := arena.Named("random")
	opts := arena.Options{Config: engine.Config{K: 4, Players: 2}, Games: 20, Seed: 1}
	m, err := arena.NewMatch(context.Background(), []arena.Entrant{greedy, random}, opts)
	if err != nil {
		fmt.Println(err)
		return
	}
	sum, err := m.Run(context.Background(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range sum.Entrants {
		fmt.Printf("%s: %d wins, %d losses, %d draws\n", s.Name, s.Wins, s.Losses, s.Draws)
	}
	// Output:
	// greedy: 20 wins, 0 losses, 0 draws
	// random: 0 wins, 20 losses, 0 draws
}
