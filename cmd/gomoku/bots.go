package main

import (
	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player"
)

// botNames lists the bots, weakest first.
func botNames() []string { return player.Names() }

// newBot creates the bot called name.
func newBot(name string, seed uint64) (engine.Strategy, error) { return player.ByName(name, seed) }
