package arena

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/arena/elo"
	"github.com/gomoku-engine/gomoku/engine/gomocup"
	"github.com/gomoku-engine/gomoku/engine/gomocup/manager"
	"github.com/gomoku-engine/gomoku/engine/player"
	"github.com/gomoku-engine/gomoku/sparse"
)

// Errors returned by [NewMatch] and [Match.Run].
var (
	// ErrBadOptions: the options or entrants cannot make a match.
	ErrBadOptions = errors.New("arena: bad match options")
	// ErrStrategy: a strategy failed or answered a cell that cannot be
	// played. The match stops: a bot that breaks the rules is a bug to
	// see, not a loss to count. A cell renju forbids to black is the
	// exception: the game's rule, not the program, refuses it, and it
	// loses the game (Fault ForbiddenMove) as it would a person's.
	ErrStrategy = errors.New("arena: strategy failed")
	// ErrBrain: an external brain could not be started or refused the
	// match's board before any game was played.
	ErrBrain = errors.New("arena: engine not ready")
)

// Defaults of Options fields left zero.
const (
	DefaultMaxMoves    = 1000
	DefaultTolerance   = time.Second
	DefaultStartupTime = 10 * time.Second
	DefaultGrace       = time.Second
	// DefaultMaxMemory is Gomocup's memory limit, sent to brains as INFO
	// max_memory.
	DefaultMaxMemory = 350 << 20
)

// Entrant is one player taking part in a match: a built-in strategy (New)
// or an external brain (Brain, a Gomocup brain program).
//
// New is called once per game with a seed derived from the match seed, the
// game and the entrant, so that every game starts from a fresh,
// reproducible strategy.
//
// An external brain is a Gomocup program run as a process; it plays two-
// player Gomoku (K = 5) on a bounded board. Its Name, when empty, is the
// name it gives in its ABOUT answer. Its Info are INFO commands sent at
// the start of every game, after the match's own, so that a brain can be
// given settings the match does not decide: Rapfi's max_node (a reading
// that does not depend on the machine's load), a max_memory of its own.
// The keys the match sets from its clock and rules (timeout_turn,
// timeout_match, time_left, rule) are refused.
type Entrant struct {
	Name  string
	New   func(seed uint64) engine.Strategy
	Brain *manager.Program
	Info  []gomocup.Command
}

// External is the entrant for an external engine.
func External(c manager.Program, name string) Entrant {
	return Entrant{Name: name, Brain: &c}
}

// Named is the entrant for one of [player.Names], with its default
// settings adjusted by opts, which only the search takes (see
// [player.ByName]).
func Named(name string, opts ...player.SearchOption) (Entrant, error) {
	if _, err := player.ByName(name, 0); err != nil {
		return Entrant{}, err
	}
	return Entrant{Name: name, New: func(seed uint64) engine.Strategy {
		s, _ := player.ByName(name, seed, opts...) // the name was checked above
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
	// Tuning chooses how every game is played out in memory, beside
	// Config's rules: [engine.WithChecker], [engine.WithLayout]. Rules
	// among these options are overridden by Config.
	Tuning []engine.Option
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
	// MoveTime, when positive, limits every move: the deadline of the
	// context each Choose gets (strategies with their own budget, the
	// search, use the smaller) and the INFO timeout_turn of brains.
	MoveTime time.Duration
	// GameTime, when positive, is each player's clock for a game, and
	// Increment is added to it before each of the player's moves (as
	// c-gomoku-cli does), so the first move has GameTime + Increment.
	// Brains get INFO timeout_match and, before every move, time_left.
	GameTime, Increment time.Duration
	// Tolerance is how far a move may overrun its limit (MoveTime, or the
	// time left on the clock) before the player loses on time; a brain
	// that has not answered by then is killed. 0 means DefaultTolerance.
	// A clock that went below zero by less stays negative, so overruns add
	// up: over a game a player overruns its clock by less than Tolerance.
	Tolerance time.Duration

	// Openings are positions to start games from, each played by a pair
	// of games with the seats swapped when two entrants rotate seats, or
	// by one game otherwise. OpeningMoves random moves follow them.
	Openings [][]sparse.Cell
	// RandomOrder plays the openings in an order shuffled by Seed (a new
	// shuffle each time all have been used) instead of file order.
	RandomOrder bool

	// Concurrency is the number of games played at once; 0 means 1.
	Concurrency int
	// FreshProcess starts every brain anew for each game instead of
	// reusing its process with RESTART (a brain that answers RESTART
	// with anything but OK is replaced by a fresh process anyway).
	FreshProcess bool
	// MaxMemory is sent to brains as INFO max_memory, in bytes; 0 means
	// DefaultMaxMemory.
	MaxMemory int64
	// StartupTime bounds how long a brain may take to start and answer
	// START, RESTART or ABOUT; 0 means DefaultStartupTime.
	StartupTime time.Duration
	// Grace is how long a brain has to exit after END before it is
	// killed; 0 means DefaultGrace.
	Grace time.Duration
	// Log, when set, sees every line sent to (in) or received from an
	// brain, with the game's 1-based number.
	Log func(game int, name string, in bool, line string)

	// SPRT, when set, stops the match as soon as the test decides, after
	// a game pair (paired games) or a game, and not before its minimum of
	// pairs. It needs two entrants.
	SPRT *elo.SPRT
}

// paired reports whether games come in pairs with the seats swapped: two
// entrants rotating seats.
func (o Options) paired(entrants int) bool {
	return entrants == 2 && o.Schedule != Fixed
}

// normalise fills defaults and checks o against the entrants.
func (o Options) normalise(entrants []Entrant) (Options, error) {
	if o.Config == (engine.Config{}) {
		o.Config = engine.DefaultConfig()
	}
	if o.MaxMoves == 0 {
		o.MaxMoves = DefaultMaxMoves
	}
	if o.Tolerance == 0 {
		o.Tolerance = DefaultTolerance
	}
	if o.StartupTime == 0 {
		o.StartupTime = DefaultStartupTime
	}
	if o.Grace == 0 {
		o.Grace = DefaultGrace
	}
	if o.MaxMemory == 0 {
		o.MaxMemory = DefaultMaxMemory
	}
	if o.Concurrency == 0 {
		o.Concurrency = 1
	}
	external := 0
	for _, e := range entrants {
		if e.Brain != nil {
			external++
		}
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
	case o.GameTime < 0 || o.Increment < 0 || o.Tolerance < 0 || o.StartupTime < 0 || o.Grace < 0:
		problem = "times must not be negative"
	case (o.GameTime > 0 || o.Increment > 0) && o.Config.Players != 2:
		problem = "game clocks need two players"
	case o.Increment > 0 && o.GameTime == 0:
		problem = "an increment needs a game time"
	case o.Concurrency < 1:
		problem = fmt.Sprintf("concurrency must be at least 1, got %d", o.Concurrency)
	case o.MaxMemory < 0:
		problem = "max memory must not be negative"
	case o.SPRT != nil && len(entrants) != 2:
		problem = "an SPRT needs two entrants"
	case external > 0:
		problem = externalProblem(o)
	}
	if o.SPRT != nil && problem == "" {
		if err := o.SPRT.Validate(); err != nil {
			return o, fmt.Errorf("%w: %w", ErrBadOptions, err)
		}
	}
	if problem == "" {
		for i, e := range entrants {
			if (e.Name == "" && e.Brain == nil) || (e.New == nil) == (e.Brain == nil) {
				problem = fmt.Sprintf("entrant %d needs a name and either a constructor or an engine", i+1)
				break
			}
			if problem = infoProblem(e); problem != "" {
				problem = fmt.Sprintf("entrant %d: %s", i+1, problem)
				break
			}
		}
	}
	if problem == "" {
		for i, op := range o.Openings {
			if problem = openingProblem(o.Config, op); problem != "" {
				problem = fmt.Sprintf("opening %d: %s", i+1, problem)
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

// externalProblem says why external brains cannot play a match of o, or
// returns "". The Gomocup protocol has two players, five in a row
// (freestyle or exactly five) and a bounded board of at least 5×5; a
// match needs some time limit so that a hung brain can be caught.
func externalProblem(o Options) string {
	cfg := o.Config
	switch {
	case cfg.Players != 2:
		return fmt.Sprintf("external engines play two-player games, not %d", cfg.Players)
	case cfg.K != 5:
		return fmt.Sprintf("external engines play five in a row, not K = %d", cfg.K)
	case !cfg.Bounded():
		return "external engines need a bounded board (START or RECTSTART)"
	case cfg.Torus:
		return "external engines play flat boards: the protocol cannot say that lines wrap around a torus"
	case cfg.Rows < 5 || cfg.Cols < 5:
		return fmt.Sprintf("external engines need a board of at least 5×5, not %d×%d", cfg.Rows, cfg.Cols)
	case o.MoveTime == 0 && o.GameTime == 0:
		return "external engines need a time limit: a move time, a game time or both"
	}
	return ""
}

// infoProblem checks an entrant's own INFO commands: for an engine only,
// each a key and a value of one word, none of the keys the match sets.
func infoProblem(e Entrant) string {
	if len(e.Info) > 0 && e.Brain == nil {
		return "INFO commands are for external engines, not built-in bots"
	}
	for _, c := range e.Info {
		switch {
		case c.Kind != gomocup.CmdInfo:
			return fmt.Sprintf("%q is not an INFO command", c.String())
		case !infoWord(c.Key) || !infoWord(c.Value):
			return fmt.Sprintf("INFO %q %q: the key and the value must each be one word", c.Key, c.Value)
		case slices.Contains(matchInfoKeys, c.Key):
			return fmt.Sprintf("INFO %s is set by the match (its clock or rule), not per engine", c.Key)
		}
	}
	return ""
}

// matchInfoKeys are the INFO keys the match sets from its clock and rule.
var matchInfoKeys = []string{gomocup.InfoTimeoutTurn, gomocup.InfoTimeoutMatch, gomocup.InfoTimeLeft, gomocup.InfoRule}

// infoWord reports whether s is non-empty printable text with no space.
func infoWord(s string) bool {
	return s != "" && !strings.ContainsFunc(s, func(r rune) bool { return r <= ' ' || r == 0x7f })
}

// openingProblem checks that an opening can be played on cfg's board and
// leaves the game open.
func openingProblem(cfg engine.Config, cells []sparse.Cell) string {
	g, err := engine.New(engine.WithConfig(cfg))
	if err != nil {
		return err.Error()
	}
	for i, c := range cells {
		if _, err := g.Play(c.Row, c.Col); err != nil {
			return fmt.Sprintf("move %d: %v", i+1, err)
		}
	}
	if g.Status() != engine.Ongoing {
		return "the game is over after the opening"
	}
	return ""
}
