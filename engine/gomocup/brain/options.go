package brain

import (
	"errors"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/gomocup"
)

// Think describes one move request to a [StrategyFactory].
type Think struct {
	// Config is the game the strategy is asked about: K = 5, two players
	// (three in free order when dead stones of a continuous game are on the
	// board), bounded to the manager's board, freestyle or exact rule.
	Config engine.Config
	// Player is the brain's player number in the game passed to Choose.
	Player int
	// Budget is the time the strategy may think. The context passed to
	// Choose carries the same deadline, which is authoritative.
	Budget time.Duration
	// Stones is the number of stones on the board.
	Stones int
	// MaxMemory is the manager's memory limit in bytes, 0 for none. A
	// strategy with tables should size them to stay well under it.
	MaxMemory int64
	// Threads is how many threads the manager lets the brain think on
	// (INFO thread_num, at most player.MaxThreads), 0 when it has not
	// said.
	Threads int
}

// StrategyFactory makes the strategy for one move. It is called once per
// move, so a strategy configured by its budget (a search with a time
// limit) gets the right one; a factory may also return the same strategy
// every time.
type StrategyFactory func(Think) (engine.Strategy, error)

// Fixed is a factory that always returns s.
func Fixed(s engine.Strategy) StrategyFactory {
	return func(Think) (engine.Strategy, error) { return s, nil }
}

// Options configure [Serve]. Only NewStrategy is required.
type Options struct {
	// NewStrategy makes the strategy that chooses the brain's moves.
	NewStrategy StrategyFactory
	// About answers ABOUT. Empty fields take the defaults name "gomoku",
	// version "dev", author "gomoku-engine authors" and country
	// "unspecified"; WWW and Email are sent only when set.
	About gomocup.About
	// DefaultTurnTime is the move budget when the manager sends no
	// timeout_turn; 0 means [DefaultTurnTime].
	DefaultTurnTime time.Duration
	// MinMargin is the least time kept back from every budget for the
	// answer to travel and the process to be scheduled; 0 means
	// [DefaultMinMargin]. The
	// margin is the larger of MinMargin and a tenth of the budget.
	MinMargin time.Duration
	// FastBudget is the time given to the strategy when the manager asks
	// for moves "as fast as possible" (timeout_turn 0); 0 means 10 ms.
	FastBudget time.Duration
	// MaxSide is the largest board side accepted by START and RECTSTART;
	// 0 means 1024. The smallest is always 5, the length of a winning line.
	MaxSide int
	// ApplyMemoryLimit makes INFO max_memory set the Go runtime's soft
	// memory limit (debug.SetMemoryLimit) to three quarters of the limit.
	// The setting is process-wide, so a program that serves one brain per
	// process (the pbrain command) turns it on; a library user serving
	// several brains in one process leaves it off.
	ApplyMemoryLimit bool
	// Debug sends a DEBUG line with the budget and the time taken before
	// each move, and explains every fallback move.
	Debug bool
}

// defaultAbout is the ABOUT answer used for fields left empty.
var defaultAbout = gomocup.About{
	Name:    "gomoku",
	Version: "dev",
	Author:  "gomoku-engine authors",
	Country: "unspecified",
}

// ErrNoStrategy is returned by [Serve] when Options.NewStrategy is nil.
var ErrNoStrategy = errors.New("brain: no strategy factory in Options")

// minMemory is the least max_memory the brain accepts: the Go runtime and
// the binary alone take several MiB.
const minMemory = 16 << 20

// minSide is the smallest board side: a five must fit.
const minSide = 5

// Defaults of Options fields left zero.
const (
	DefaultTurnTime  = 5 * time.Second
	DefaultMinMargin = 50 * time.Millisecond
)

func (o Options) withDefaults() Options {
	if o.DefaultTurnTime <= 0 {
		o.DefaultTurnTime = DefaultTurnTime
	}
	if o.MinMargin <= 0 {
		o.MinMargin = DefaultMinMargin
	}
	if o.FastBudget <= 0 {
		o.FastBudget = 10 * time.Millisecond
	}
	if o.MaxSide <= 0 {
		o.MaxSide = 1024
	}
	a, d := &o.About, defaultAbout
	for _, f := range []struct {
		dst *string
		def string
	}{
		{&a.Name, d.Name}, {&a.Version, d.Version}, {&a.Author, d.Author}, {&a.Country, d.Country},
	} {
		if *f.dst == "" {
			*f.dst = f.def
		}
	}
	return o
}
