package gamecli

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"os"

	"github.com/urfave/cli/v2"

	"github.com/gomoku-engine/gomoku/cmd/internal/exitcode"
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

// InputKind is what a game file or a replay's input holds.
type InputKind uint8

const (
	MoveList   InputKind = iota // lines of ROW COL [PLAYER], for replay
	SavedGame                   // JSON written by play and match
	GameRecord                  // a .psq file, an SGF record or a move string
)

// utf8BOM is the byte-order mark that may open a UTF-8 file.
const utf8BOM = "\uFEFF"

// Sniff tells the kinds apart by the first byte after a byte-order mark
// and blanks: '{' opens a saved game, a letter or '(' a record (a .psq
// file's "Piskvorky" header, a move string like "h8i9" or an SGF game
// tree), anything else a move list. It consumes the byte-order mark and peeks at no more than it needs,
// so a program feeding moves one at a time is not kept waiting.
func Sniff(r *bufio.Reader) (InputKind, error) {
	if bom, _ := r.Peek(len(utf8BOM)); string(bom) == utf8BOM {
		_, _ = r.Discard(len(utf8BOM))
	}
	for i := 1; i <= r.Size(); i++ {
		b, err := r.Peek(i)
		if len(b) < i {
			if err == io.EOF {
				return MoveList, nil
			}
			return MoveList, err
		}
		switch c := b[i-1]; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			continue
		case c == '{':
			return SavedGame, nil
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '(':
			return GameRecord, nil
		}
		return MoveList, nil
	}
	return MoveList, nil
}

// KindOf is [Sniff] for a whole file.
func KindOf(data []byte) InputKind {
	k, _ := Sniff(bufio.NewReader(bytes.NewReader(data)))
	return k
}

// GameFromRecord replays a record under the rules cfg, which must be for
// two players in rotation, with the tuning options; a .psq or SGF file's
// size replaces cfg's bounds, and an SGF file's rule cfg's rule.
func GameFromRecord(data []byte, cfg engine.Config, tuning []engine.Option) (*engine.Game, error) {
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

// GameFromSaved replays a saved game with the tuning chosen on the command
// line.
func GameFromSaved(data []byte, tuning []engine.Option) (*engine.Game, []string, error) {
	if KindOf(data) != SavedGame {
		return nil, nil, errNotAGameFile
	}
	saved, err := savefile.Read(bytes.NewReader(data), tuning...)
	if err != nil {
		return nil, nil, err
	}
	return saved.Game, saved.Seats, nil
}

// LoadGameFlag loads the game named by a command's --load flag. Rules
// flags are refused for a saved game and apply to a record.
func LoadGameFlag(c *cli.Context, path string) (*engine.Game, []string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, exitcode.Failure(c, "%v", err)
	}
	switch KindOf(data) {
	case MoveList:
		return nil, nil, exitcode.Failure(c, "%s: %v", path, errNotAGameFile)
	case SavedGame:
		if name := RulesFlagSet(c); name != "" {
			return nil, nil, exitcode.UsageError(c, "--%s cannot be used with a saved game: it brings its own rules", name)
		}
		tuning, err := Tuning(c)
		if err != nil {
			return nil, nil, err
		}
		g, seats, err := GameFromSaved(data, tuning)
		if err != nil {
			return nil, nil, exitcode.Failure(c, "%s: %v", path, err)
		}
		return g, seats, nil
	}
	cfg, tuning, err := RecordConfig(c)
	if err != nil {
		return nil, nil, err
	}
	g, err := GameFromRecord(data, cfg, tuning)
	if err != nil {
		return nil, nil, exitcode.Failure(c, "%s: %v", path, err)
	}
	return g, nil, nil
}

// RecordConfig is the configuration a record is played under: the rules
// flags, for two players in rotation.
func RecordConfig(c *cli.Context) (engine.Config, []engine.Option, error) {
	if c.IsSet(FlagPlayers) && c.Int(FlagPlayers) != 2 {
		return engine.Config{}, nil, exitcode.UsageError(c, "--players: records (.psq, move strings) hold two-player games, got %d", c.Int(FlagPlayers))
	}
	if c.Bool(flagFreeOrder) {
		return engine.Config{}, nil, exitcode.UsageError(c, "--free-order cannot be used with a record: its players alternate")
	}
	if c.Bool(flagTorus) {
		return engine.Config{}, nil, exitcode.UsageError(c, "--torus cannot be used with a record: .psq files and move strings hold flat boards only (a torus game is saved as JSON)")
	}
	return Config(c)
}
