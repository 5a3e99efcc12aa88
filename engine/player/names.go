package player

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gomoku-engine/gomoku/engine"
)

// ladder lists the strategies [ByName] builds, weakest first.
var ladder = []struct {
	name string
	make func(seed uint64, opts []SearchOption) engine.Strategy
	// supports explains why the strategy cannot play a configuration,
	// or is nil when it plays every one.
	supports func(engine.Config) error
}{
	{"random", func(seed uint64, _ []SearchOption) engine.Strategy { return NewRandom(seed) }, nil},
	{"greedy", func(seed uint64, _ []SearchOption) engine.Strategy { return NewGreedy(seed) }, nil},
	{"search", func(seed uint64, opts []SearchOption) engine.Strategy {
		return NewSearch(append([]SearchOption{WithSeed(seed)}, opts...)...)
	}, searchSupports},
}

// Names lists the names [ByName] accepts, weakest strategy first.
func Names() []string {
	out := make([]string, len(ladder))
	for i, l := range ladder {
		out[i] = l.name
	}
	return out
}

// ByName builds the strategy called name, seeded with seed, with its
// default settings adjusted by opts, which only the search takes (others
// ignore them): ByName("search", seed, WithBudget(time.Second)). Names are
// matched exactly; see [Names].
func ByName(name string, seed uint64, opts ...SearchOption) (engine.Strategy, error) {
	for _, l := range ladder {
		if l.name == name {
			return l.make(seed, opts), nil
		}
	}
	return nil, fmt.Errorf("%w %q (want one of %s)", ErrUnknown, name, strings.Join(Names(), ", "))
}

// Supports explains why the strategy called name cannot play games
// configured like cfg, or returns nil; its Choose would refuse such a game
// with the same error, wrapping [ErrUnsupported]. An unknown name gives
// [ErrUnknown]. A program can check its seats before the game starts.
func Supports(name string, cfg engine.Config) error {
	for _, l := range ladder {
		if l.name == name {
			if l.supports == nil {
				return nil
			}
			return l.supports(cfg)
		}
	}
	return fmt.Errorf("%w %q (want one of %s)", ErrUnknown, name, strings.Join(Names(), ", "))
}

// Strongest names the strongest strategy that plays games configured like
// cfg: the default opponent of a person, and of a match.
func Strongest(cfg engine.Config) string {
	for _, l := range slices.Backward(ladder) {
		if l.supports == nil || l.supports(cfg) == nil {
			return l.name
		}
	}
	return ladder[0].name
}
