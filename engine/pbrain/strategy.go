package pbrain

import (
	"fmt"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player"
)

// ByName is the factory the pbrain command uses: a new strategy of the named
// kind (see [player.Names]) for every move. The search gets no time limit
// of its own (player.WithBudget(0)), so the move's context deadline, which
// [Serve] sets from the manager's limits, is the only one; a fresh strategy
// per move means nothing carries over from a previous game or a rewritten
// BOARD. The seed varies with the number of stones so that a random or
// greedy brain does not repeat itself move after move.
func ByName(name string, seed uint64) (StrategyFactory, error) {
	if _, err := player.ByName(name, seed); err != nil {
		return nil, fmt.Errorf("pbrain: %w", err)
	}
	return func(t Think) (engine.Strategy, error) {
		s := seed + uint64(t.Stones)
		if name == "search" {
			return player.NewSearch(player.WithBudget(0), player.WithSeed(s)), nil
		}
		return player.ByName(name, s)
	}, nil
}
