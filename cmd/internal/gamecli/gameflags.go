package gamecli

import (
	"fmt"
	"slices"

	"github.com/urfave/cli/v2"

	"github.com/gomoku-engine/gomoku/cmd/internal/exitcode"
	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player"
)

// Names of the flags that configure a game, shared by the commands.
const (
	flagK         = "k"
	FlagPlayers   = "players"
	FlagRows      = "rows"
	flagCols      = "cols"
	flagTorus     = "torus"
	FlagRule      = "rule"
	flagFreeOrder = "free-order"
	flagChecker   = "checker"
)

// rulesFlags are the flags that define the game itself; a saved game
// brings its own, so they cannot be combined with one.
var rulesFlags = []string{flagK, FlagPlayers, FlagRows, flagCols, flagTorus, FlagRule, flagFreeOrder}

// Flags returns the flags that configure a game. freeOrder adds
// --free-order, which only makes sense where moves can name their player.
func Flags(freeOrder bool) []cli.Flag {
	flags := []cli.Flag{
		&cli.IntFlag{Name: flagK, Value: 5, Usage: "`K` marks in a row win"},
		&cli.IntFlag{Name: FlagPlayers, Value: 2, Usage: "number of players `N`, 2 to 255"},
		&cli.IntFlag{Name: FlagRows, Usage: "bound the board to `R` rows 0..R-1 (with --cols)", DefaultText: "unbounded"},
		&cli.IntFlag{Name: flagCols, Usage: "bound the board to `C` columns 0..C-1 (with --rows)", DefaultText: "unbounded"},
		&cli.BoolFlag{Name: flagTorus, Usage: "wrap the board around its edges (with --rows and --cols): lines run on from the last column into the first and from the bottom row into the top; moves stay on the board"},
		&cli.StringFlag{Name: FlagRule, Value: engine.Freestyle.String(), Usage: "`RULE`: freestyle (K or more in a row wins), exact (exactly K; overlines do not win) or renju (two players, K = 5, no torus: black wins with exactly five and may not play an overline, a double four or a double three; white wins with five or more)"},
		&cli.StringFlag{Name: flagChecker, Value: engine.AutoChecker.String(), Usage: "win checker `NAME`: auto, walk, runs or lines (lines needs an n×n board with K = n); all give the same results"},
	}
	if freeOrder {
		flags = append(flags, &cli.BoolFlag{Name: flagFreeOrder, Usage: "moves name their player (ROW COL PLAYER) and any player may move at any time"})
	}
	return flags
}

// Config reads the game flags: the rules, and the tuning (the win
// checker) as options to give [engine.New] beside them. A bad combination
// is a usage error.
func Config(c *cli.Context) (engine.Config, []engine.Option, error) {
	cfg := engine.DefaultConfig()
	cfg.K, cfg.Players = c.Int(flagK), c.Int(FlagPlayers)
	cfg.Rows, cfg.Cols = c.Int(FlagRows), c.Int(flagCols)
	if c.IsSet(FlagRows) != c.IsSet(flagCols) {
		return cfg, nil, exitcode.UsageError(c, "--rows and --cols go together: give both for a bounded board, or neither for an unbounded one")
	}
	if c.IsSet(FlagRows) && (cfg.Rows < 1 || cfg.Cols < 1) {
		return cfg, nil, exitcode.UsageError(c, "--rows and --cols must be positive, got %d and %d", cfg.Rows, cfg.Cols)
	}
	if cfg.Torus = c.Bool(flagTorus); cfg.Torus && !c.IsSet(FlagRows) {
		return cfg, nil, exitcode.UsageError(c, "--torus needs a bounded board to wrap around: give --rows and --cols")
	}
	rule, err := engine.ParseRule(c.String(FlagRule))
	if err != nil {
		return cfg, nil, exitcode.UsageError(c, "--rule: %v", err)
	}
	cfg.Rule = rule
	if c.Bool(flagFreeOrder) {
		cfg.Order = engine.FreeOrder
	}
	tuning, err := Tuning(c)
	if err != nil {
		return cfg, nil, err
	}
	// An empty game checks the rules and that the checker can judge them.
	if _, err := NewGame(cfg, tuning); err != nil {
		return cfg, nil, exitcode.UsageError(c, "%v", err)
	}
	return cfg, tuning, nil
}

// Tuning reads the flags that choose how a game is played out in
// memory, not its rules (--checker), as options beside the rules.
func Tuning(c *cli.Context) ([]engine.Option, error) {
	k, err := engine.ParseChecker(c.String(flagChecker))
	if err != nil {
		return nil, exitcode.UsageError(c, "--checker: %v", err)
	}
	return []engine.Option{engine.WithChecker(k)}, nil
}

// NewGame starts a game of the rules cfg with the tuning options.
func NewGame(cfg engine.Config, tuning []engine.Option) (*engine.Game, error) {
	return engine.New(append([]engine.Option{engine.WithConfig(cfg)}, tuning...)...)
}

// RulesFlagSet names a rules flag given on the command line, or "".
func RulesFlagSet(c *cli.Context) string {
	for _, name := range rulesFlags {
		if c.IsSet(name) {
			return name
		}
	}
	return ""
}

// Human is the seat name of a person at the keyboard.
const Human = "human"

// CheckSeats explains why a bot among names cannot play games configured
// like cfg (the search on a torus), or returns nil. People ([Human]) and
// names that are no bot are left to the caller.
func CheckSeats(names []string, cfg engine.Config) error {
	for i, n := range names {
		if n == Human || !slices.Contains(player.Names(), n) {
			continue
		}
		if err := player.Supports(n, cfg); err != nil {
			return fmt.Errorf("seat %d (%s): %w", i+1, n, err)
		}
	}
	return nil
}

// JSONConfig is the configuration as the JSON outputs show it.
type JSONConfig struct {
	K       int    `json:"k"`
	Players int    `json:"players"`
	Rows    int    `json:"rows"`
	Cols    int    `json:"cols"`
	Torus   bool   `json:"torus,omitempty"` // shown only for a torus, as in saved games
	Rule    string `json:"rule"`
	Order   string `json:"order"`
	Checker string `json:"checker"`
}

// NewJSONConfig shows the rules cfg and the win checker that judges them.
func NewJSONConfig(cfg engine.Config, checker engine.CheckerKind) JSONConfig {
	return JSONConfig{cfg.K, cfg.Players, cfg.Rows, cfg.Cols, cfg.Torus, cfg.Rule.String(), cfg.Order.String(), checker.String()}
}
