package main

import (
	"time"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player"
)

// botNames lists the bots, weakest first.
func botNames() []string { return player.Names() }

// newBot creates the bot called name. think, when positive, is the search
// bot's time per move instead of its default.
func newBot(name string, seed uint64, think time.Duration) (engine.Strategy, error) {
	if name == "search" && think > 0 {
		return player.NewSearch(player.WithSeed(seed), player.WithBudget(think)), nil
	}
	return player.ByName(name, seed)
}
