package main

import (
	"errors"

	"github.com/gomoku-engine/gomoku/engine"
)

// TEMPORARY until package player lands.
func botNames() []string { return []string{"none"} }

func newBot(name string, seed uint64) (engine.Strategy, error) { return nil, errors.New("no bots yet") }
