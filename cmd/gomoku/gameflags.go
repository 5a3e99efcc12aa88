package main

import (
	"github.com/urfave/cli/v2"

	"github.com/gomoku-engine/gomoku/engine"
)

// Names of the flags that configure a game, shared by the commands.
const (
	flagK         = "k"
	flagPlayers   = "players"
	flagRows      = "rows"
	flagCols      = "cols"
	flagTorus     = "torus"
	flagRule      = "rule"
	flagFreeOrder = "free-order"
	flagChecker   = "checker"
)

// rulesFlags are the flags that define the game itself; a saved game
// brings its own, so they cannot be combined with one.
var rulesFlags = []string{flagK, flagPlayers, flagRows, flagCols, flagTorus, flagRule, flagFreeOrder}

// gameFlags returns the flags that configure a game. freeOrder adds
// --free-order, which only makes sense where moves can name their player.
func gameFlags(freeOrder bool) []cli.Flag {
	flags := []cli.Flag{
		&cli.IntFlag{Name: flagK, Value: 5, Usage: "`K` marks in a row win"},
		&cli.IntFlag{Name: flagPlayers, Value: 2, Usage: "number of players `N`, 2 to 255"},
		&cli.IntFlag{Name: flagRows, Usage: "bound the board to `R` rows 0..R-1 (with --cols)", DefaultText: "unbounded"},
		&cli.IntFlag{Name: flagCols, Usage: "bound the board to `C` columns 0..C-1 (with --rows)", DefaultText: "unbounded"},
		&cli.BoolFlag{Name: flagTorus, Usage: "wrap the board around its edges (with --rows and --cols): lines run on from the last column into the first and from the bottom row into the top; moves stay on the board"},
		&cli.StringFlag{Name: flagRule, Value: engine.Freestyle.String(), Usage: "`RULE`: freestyle (K or more in a row wins), exact (exactly K; overlines do not win) or renju (two players, K = 5, no torus: black wins with exactly five and may not play an overline, a double four or a double three; white wins with five or more)"},
		&cli.StringFlag{Name: flagChecker, Value: engine.AutoChecker.String(), Usage: "win checker `NAME`: auto, walk, runs or lines (lines needs an n×n board with K = n); all give the same results"},
	}
	if freeOrder {
		flags = append(flags, &cli.BoolFlag{Name: flagFreeOrder, Usage: "moves name their player (ROW COL PLAYER) and any player may move at any time"})
	}
	return flags
}

// gameConfig reads the game flags: the rules, and the tuning (the win
// checker) as options to give [engine.New] beside them. A bad combination
// is a usage error.
func gameConfig(c *cli.Context) (engine.Config, []engine.Option, error) {
	cfg := engine.DefaultConfig()
	cfg.K, cfg.Players = c.Int(flagK), c.Int(flagPlayers)
	cfg.Rows, cfg.Cols = c.Int(flagRows), c.Int(flagCols)
	if c.IsSet(flagRows) != c.IsSet(flagCols) {
		return cfg, nil, usageError(c, "--rows and --cols go together: give both for a bounded board, or neither for an unbounded one")
	}
	if c.IsSet(flagRows) && (cfg.Rows < 1 || cfg.Cols < 1) {
		return cfg, nil, usageError(c, "--rows and --cols must be positive, got %d and %d", cfg.Rows, cfg.Cols)
	}
	if cfg.Torus = c.Bool(flagTorus); cfg.Torus && !c.IsSet(flagRows) {
		return cfg, nil, usageError(c, "--torus needs a bounded board to wrap around: give --rows and --cols")
	}
	rule, err := engine.ParseRule(c.String(flagRule))
	if err != nil {
		return cfg, nil, usageError(c, "--rule: %v", err)
	}
	cfg.Rule = rule
	if c.Bool(flagFreeOrder) {
		cfg.Order = engine.FreeOrder
	}
	tuning, err := tuningFlags(c)
	if err != nil {
		return cfg, nil, err
	}
	// An empty game checks the rules and that the checker can judge them.
	if _, err := newGame(cfg, tuning); err != nil {
		return cfg, nil, usageError(c, "%v", err)
	}
	return cfg, tuning, nil
}

// tuningFlags reads the flags that choose how a game is played out in
// memory, not its rules (--checker), as options beside the rules.
func tuningFlags(c *cli.Context) ([]engine.Option, error) {
	k, err := engine.ParseChecker(c.String(flagChecker))
	if err != nil {
		return nil, usageError(c, "--checker: %v", err)
	}
	return []engine.Option{engine.WithChecker(k)}, nil
}

// newGame starts a game of the rules cfg with the tuning options.
func newGame(cfg engine.Config, tuning []engine.Option) (*engine.Game, error) {
	return engine.New(append([]engine.Option{engine.WithConfig(cfg)}, tuning...)...)
}

// rulesFlagSet names a rules flag given on the command line, or "".
func rulesFlagSet(c *cli.Context) string {
	for _, name := range rulesFlags {
		if c.IsSet(name) {
			return name
		}
	}
	return ""
}
