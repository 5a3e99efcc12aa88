package main

import (
	"bytes"
	"fmt"
	"os"

	"github.com/urfave/cli/v2"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/record"
	"github.com/gomoku-engine/gomoku/engine/savefile"
)

// Game files come in two kinds. A saved game (JSON, written by play and
// match) brings its own rules and seats. A record (a Piskvork .psq file or
// a move string such as "h8i9") brings only two players' moves and, for
// .psq, the board's size, so it is played under the rules the command line
// gives: K, the rule, and for a move string the bounds.

// isRecord reports whether data is a record rather than a saved game.
func isRecord(data []byte) bool { return record.Detect(data) != record.Unknown }

// gameFromRecord replays a record under cfg, which must be for two
// players in rotation; a .psq file's size replaces cfg's bounds.
func gameFromRecord(data []byte, cfg engine.Config) (*engine.Game, error) {
	rec, _, err := record.Load(data)
	if err != nil {
		return nil, err
	}
	if rec.Bounded() {
		cfg.Rows, cfg.Cols = rec.Rows, rec.Cols
	}
	return rec.Game(engine.WithConfig(cfg))
}

// gameFromSaved replays a saved game with the win checker chosen on the
// command line.
func gameFromSaved(data []byte, checker engine.CheckerKind) (*engine.Game, []string, error) {
	if !bytes.HasPrefix(bytes.TrimLeft(data, " \t\r\n\uFEFF"), []byte("{")) {
		return nil, nil, fmt.Errorf("not a game file: neither a saved game (JSON), a Piskvork .psq record nor a move string like h8i9")
	}
	saved, err := savefile.Read(bytes.NewReader(data))
	if err != nil {
		return nil, nil, err
	}
	g, err := rebuild(saved, checker)
	if err != nil {
		return nil, nil, err
	}
	return g, saved.Seats, nil
}

// loadGameFlag loads the game named by a command's --load flag. Rules
// flags are refused for a saved game and apply to a record.
func loadGameFlag(c *cli.Context, path string) (*engine.Game, []string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, failure(c, "%v", err)
	}
	if !isRecord(data) {
		if name := rulesFlagSet(c); name != "" {
			return nil, nil, usageError(c, "--%s cannot be used with a saved game: it brings its own rules", name)
		}
		checker, err := checkerFlag(c)
		if err != nil {
			return nil, nil, err
		}
		g, seats, err := gameFromSaved(data, checker)
		if err != nil {
			return nil, nil, failure(c, "%s: %v", path, err)
		}
		return g, seats, nil
	}
	cfg, err := recordConfig(c)
	if err != nil {
		return nil, nil, err
	}
	g, err := gameFromRecord(data, cfg)
	if err != nil {
		return nil, nil, failure(c, "%s: %v", path, err)
	}
	return g, nil, nil
}

// recordConfig is the configuration a record is played under: the rules
// flags, for two players in rotation.
func recordConfig(c *cli.Context) (engine.Config, error) {
	if c.IsSet(flagPlayers) && c.Int(flagPlayers) != 2 {
		return engine.Config{}, usageError(c, "--players: records (.psq, move strings) hold two-player games, got %d", c.Int(flagPlayers))
	}
	if c.Bool(flagFreeOrder) {
		return engine.Config{}, usageError(c, "--free-order cannot be used with a record: its players alternate")
	}
	if c.Bool(flagTorus) {
		return engine.Config{}, usageError(c, "--torus cannot be used with a record: .psq files and move strings hold flat boards only (a torus game is saved as JSON)")
	}
	return gameConfig(c)
}
