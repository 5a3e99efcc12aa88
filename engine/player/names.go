package player

import (
	"fmt"
	"strings"

	"github.com/gomoku-engine/gomoku/engine"
)

// ladder lists the strategies [ByName] builds, weakest first.
var ladder = []struct {
	name string
	make func(seed uint64) engine.Strategy
}{
	{"random", func(seed uint64) engine.Strategy { return NewRandom(seed) }},
	{"greedy", func(seed uint64) engine.Strategy { return NewGreedy(seed) }},
	{"search", func(seed uint64) engine.Strategy { return NewSearch(WithSeed(seed)) }},
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
// default settings. Names are matched exactly; see [Names].
func ByName(name string, seed uint64) (engine.Strategy, error) {
	for _, l := range ladder {
		if l.name == name {
			return l.make(seed), nil
		}
	}
	return nil, fmt.Errorf("%w %q (want one of %s)", ErrUnknown, name, strings.Join(Names(), ", "))
}
