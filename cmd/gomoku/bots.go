package main

import "github.com/gomoku-engine/gomoku/engine/player"

// botNames lists the bots, weakest first.
func botNames() []string { return player.Names() }
