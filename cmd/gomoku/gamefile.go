package main

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"os"

	"github.com/urfave/cli/v2"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/record"
	"github.com/gomoku-engine/gomoku/engine/savefile"
)

// Game files come in two kinds. A saved game (JSON, written by play and
// match) brings its own rules and seats. A record (a Piskvork .psq file,
// an SGF record or a move string such as "h8i9") brings only two players'
// moves, for .psq and SGF the board's size, and for SGF the rule, so it is
// played under the rules the command line gives for the rest: K, the rule
// unless SGF gives it, and for a move string the bounds.

// inputKind is what a game file or a replay's input holds.
type inputKind uint8

const (
	moveList   inputKind = iota // lines of ROW COL [PLAYER], for replay
	savedGame                   // JSON written by play and match
	gameRecord                  // a .psq file, an SGF record or a move string
)

// utf8BOM is the byte-order mark that may open a UTF-8 file.
const utf8BOM = "\uFEFF"

// sniff tells the kinds apart by the first byte after a byte-order mark
// and blanks: '{' opens a saved game, a letter or '(' a record (a .psq
// file's "Piskvorky" header, a move string like "h8i9" or an SGF game
// tree), anything else a move list. It consumes the byte-order mark and peeks at no more than it needs,
// so a program feeding moves one at a time is not kept waiting.
func sniff(r *bufio.Reader) (inputKind, error) {
	if bom, _ := r.Peek(len(utf8BOM)); string(bom) == utf8BOM {
		_, _ = r.Discard(len(utf8BOM))
	}
	for i := 1; i <= r.Size(); i++ {
		b, err := r.Peek(i)
		if len(b) < i {
			if err == io.EOF {
				return moveList, nil
			}
			return moveList, err
		}
		switch c := b[i-1]; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			continue
		case c == '{':
			return savedGame, nil
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '(':
			return gameRecord, nil
		}
		return moveList, nil
	}
	return moveList, nil
}

// kindOf is [sniff] for a whole file.
func kindOf(data []byte) inputKind {
	k, _ := sniff(bufio.NewReader(bytes.NewReader(data)))
	return k
}

// gameFromRecord replays a record under the rules cfg, which must be for
// two players in rotation, with the tuning options; a .psq or SGF file's
// size replaces cfg's bounds, and an SGF file's rule cfg's rule.
func gameFromRecord(data []byte, cfg engine.Config, tuning []engine.Option) (*engine.Game, error) {
	rec, _, err := record.Load(data)
	if err != nil {
		return nil, err
	}
	if rec.Bounded() {
		cfg.Rows, cfg.Cols = rec.Rows, rec.Cols
	}
	return rec.Game(append([]engine.Option{engine.WithConfig(cfg)}, tuning...)...)
}

var errNotAGameFile = errors.New("not a game file: neither a saved game (JSON), a Piskvork .psq record, an SGF record nor a move string like h8i9")

// gameFromSaved replays a saved game with the tuning chosen on the command
// line.
func gameFromSaved(data []byte, tuning []engine.Option) (*engine.Game, []string, error) {
	if kindOf(data) != savedGame {
		return nil, nil, errNotAGameFile
	}
	saved, err := savefile.Read(bytes.NewReader(data), tuning...)
	if err != nil {
		return nil, nil, err
	}
	return saved.Game, saved.Seats, nil
}

// loadGameFlag loads the game named by a command's --load flag. Rules
// flags are refused for a saved game and apply to a record.
func loadGameFlag(c *cli.Context, path string) (*engine.Game, []string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, failure(c, "%v", err)
	}
	switch kindOf(data) {
	case moveList:
		return nil, nil, failure(c, "%s: %v", path, errNotAGameFile)
	case savedGame:
		if name := rulesFlagSet(c); name != "" {
			return nil, nil, usageError(c, "--%s cannot be used with a saved game: it brings its own rules", name)
		}
		tuning, err := tuningFlags(c)
		if err != nil {
			return nil, nil, err
		}
		g, seats, err := gameFromSaved(data, tuning)
		if err != nil {
			return nil, nil, failure(c, "%s: %v", path, err)
		}
		return g, seats, nil
	}
	cfg, tuning, err := recordConfig(c)
	if err != nil {
		return nil, nil, err
	}
	g, err := gameFromRecord(data, cfg, tuning)
	if err != nil {
		return nil, nil, failure(c, "%s: %v", path, err)
	}
	return g, nil, nil
}

// recordConfig is the configuration a record is played under: the rules
// flags, for two players in rotation.
func recordConfig(c *cli.Context) (engine.Config, []engine.Option, error) {
	if c.IsSet(flagPlayers) && c.Int(flagPlayers) != 2 {
		return engine.Config{}, nil, usageError(c, "--players: records (.psq, move strings) hold two-player games, got %d", c.Int(flagPlayers))
	}
	if c.Bool(flagFreeOrder) {
		return engine.Config{}, nil, usageError(c, "--free-order cannot be used with a record: its players alternate")
	}
	if c.Bool(flagTorus) {
		return engine.Config{}, nil, usageError(c, "--torus cannot be used with a record: .psq files and move strings hold flat boards only (a torus game is saved as JSON)")
	}
	return gameConfig(c)
}
