//go:build gomoku_testbots

package serve

import (
	"context"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/sparse"
)

// Built only with the tag gomoku_testbots, for the tests that run the
// program: a bot kind "panicky" that panics on every move, which the
// server must survive, playing a random move instead.
func init() {
	testBots["panicky"] = func(uint64) engine.Strategy { return panickyBot{} }
}

type panickyBot struct{}

func (panickyBot) Name() string { return "panicky" }

func (panickyBot) Choose(context.Context, *engine.Game, int) (sparse.Cell, error) {
	panic("panicky bot: boom")
}
