package player

import (
	"fmt"

	"github.com/gomoku-engine/gomoku/engine"
)

// The search reads lines as a flat board has them: its windows, threat
// searches and candidate cells stop at the edges. On a torus it would miss
// every run across an edge, so it refuses a torus rather than play one as
// if it were flat. Random needs no lines, and Greedy reads them across the
// edges with [engine.Config.Wrap] and [engine.Config.Cycle].

// searchSupports explains why the search cannot play games configured like
// cfg, or returns nil.
func searchSupports(cfg engine.Config) error {
	if cfg.Torus {
		return fmt.Errorf("%w: the search bot does not play on a torus (lines wrapping around the edges); greedy and random do", ErrUnsupported)
	}
	return nil
}

// searchAsk explains why the search cannot move for player in g now.
func searchAsk(g *engine.Game, player int) error {
	if err := checkAsk(g, player); err != nil {
		return err
	}
	return searchSupports(g.Config())
}
