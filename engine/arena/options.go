package arena

import (
	"errors"
	"fmt"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player"
)

// Errors returned by [Run].
var (
	// ErrBadOptions: the options or entrants cannot make a match.
	ErrBadOptions = errors.New("arena: bad match options")
	// ErrStrategy: a strategy failed or answered a cell that cannot be
	// played. The match stops: a bot that breaks the rules is a bug to
	// see, not a loss to count.
	ErrStrategy = errors.New("arena: strategy failed")
)

// DefaultMaxMoves is the move limit of a match whose Options leave it 0.
const DefaultMaxMoves = 1000

// Entrant is one strategy taking part in a match. New is called once per
// game with a seed derived from the match seed, the game and the entrant,
// so that every game starts from a fresh, reproducible strategy.
type Entrant struct {
	Name string
	New  func(seed uint64) engine.Strategy
}

// Named is the entrant for one of [player.Names], with default settings.
func Named(name string) (Entrant, error) {
	if _, err := player.ByName(name, 0); err != nil {
		return Entrant{}, err
	}
	return Entrant{Name: name, New: func(seed uint64) engine.Strategy {
		s, _ := player.ByName(name, seed) // the name was checked above
		return s
	}}, nil
}

// Schedule decides which entrant plays which player number in each game.
type Schedule uint8

const (
	// Rotate shifts the seats by one each game: in game i, entrant
	// (i+j) mod N plays player j+1. With two entrants the first move
	// alternates.
	Rotate Schedule = iota
	// Fixed seats entrant j as player j+1 in every game.
	Fixed
	// Permute cycles through all N! seat orders in lexicographic order,
	// game i using order i mod N!. With two entrants it is Rotate.
	Permute
)

func (s Schedule) String() string {
	switch s {
	case Rotate:
		return "rotate"
	case Fixed:
		return "fixed"
	case Permute:
		return "permute"
	}
	return fmt.Sprintf("Schedule(%d)", uint8(s))
}

// ParseSchedule is the inverse of [Schedule.String].
func ParseSchedule(s string) (Schedule, error) {
	for _, v := range []Schedule{Rotate, Fixed, Permute} {
		if v.String() == s {
			return v, nil
		}
	}
	return 0, fmt.Errorf("%w: unknown schedule %q (want rotate, fixed or permute)", ErrBadOptions, s)
}

// Options describe a match.
type Options struct {
	// Config is the game every match game uses. The zero value means
	// [engine.DefaultConfig]. Its Players must equal the number of
	// entrants; its turn order must be rotation.
	Config engine.Config
	// Games is the number of games, at least 1.
	Games int
	// Seed fixes every game's seed and so, for deterministic strategies,
	// the whole match.
	Seed uint64
	// Schedule assigns seats; the default rotates them.
	Schedule Schedule
	// MaxMoves ends a game that reaches it as a draw; 0 means
	// DefaultMaxMoves. A bounded board also ends when full.
	MaxMoves int
	// OpeningMoves plays this many moves at the start of each game at
	// random (by a [player.Random] seeded from the game), so that games
	// between deterministic strategies differ. They count as moves of the
	// players in turn but not in their think times.
	OpeningMoves int
	// MoveTime, when positive, is the deadline of the context each Choose
	// gets. Strategies with their own budget (the search) use the smaller.
	MoveTime time.Duration
}

// normalise fills defaults and checks o against the entrants.
func (o Options) normalise(entrants []Entrant) (Options, error) {
	if o.Config == (engine.Config{}) {
		o.Config = engine.DefaultConfig()
	}
	if o.MaxMoves == 0 {
		o.MaxMoves = DefaultMaxMoves
	}
	var problem string
	switch {
	case o.Config.Validate() != nil:
		return o, fmt.Errorf("%w: %w", ErrBadOptions, o.Config.Validate())
	case o.Config.Order != engine.Rotation:
		problem = "matches need rotation turn order"
	case len(entrants) != o.Config.Players:
		problem = fmt.Sprintf("%d entrants for a %d-player game", len(entrants), o.Config.Players)
	case o.Games < 1:
		problem = fmt.Sprintf("games must be at least 1, got %d", o.Games)
	case o.MaxMoves < 1:
		problem = fmt.Sprintf("move limit must be positive, got %d", o.MaxMoves)
	case o.OpeningMoves < 0 || o.OpeningMoves >= o.MaxMoves:
		problem = fmt.Sprintf("opening moves must be 0..%d, got %d", o.MaxMoves-1, o.OpeningMoves)
	case o.MoveTime < 0:
		problem = fmt.Sprintf("move time must not be negative, got %v", o.MoveTime)
	case o.Schedule > Permute:
		problem = fmt.Sprintf("unknown schedule %v", o.Schedule)
	}
	if problem == "" {
		for i, e := range entrants {
			if e.Name == "" || e.New == nil {
				problem = fmt.Sprintf("entrant %d needs a name and a constructor", i+1)
				break
			}
		}
	}
	if problem != "" {
		return o, fmt.Errorf("%w: %s", ErrBadOptions, problem)
	}
	return o, nil
}

// seats returns, for game i, the entrant index playing each player number
// (seats[p-1] plays player p).
func (o Options) seats(i, n int) []int {
	s := make([]int, n)
	switch o.Schedule {
	case Fixed:
		for j := range s {
			s[j] = j
		}
	case Rotate:
		for j := range s {
			s[j] = (i + j) % n
		}
	case Permute:
		nthPermutation(s, i)
	}
	return s
}

// nthPermutation writes the (i mod n!)-th permutation of 0..n-1 in
// lexicographic order into s. n! overflows for large n, so the index is
// decoded digit by digit in the factorial number system without forming n!.
func nthPermutation(s []int, i int) {
	n := len(s)
	pool := make([]int, n)
	for j := range pool {
		pool[j] = j
	}
	// digits[j] is the choice among the n-j remaining values.
	digits := make([]int, n)
	for j := n - 1; j >= 0; j-- {
		base := n - j
		digits[j] = i % base
		i /= base
	}
	for j := range s {
		d := digits[j]
		s[j] = pool[d]
		pool = append(pool[:d], pool[d+1:]...)
	}
}

// mix is SplitMix64's finaliser: it spreads a counter into a seed.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}
