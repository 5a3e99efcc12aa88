package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"github.com/urfave/cli/v2"

	"github.com/gomoku-engine/gomoku/cmd/internal/exitcode"
	"github.com/gomoku-engine/gomoku/cmd/internal/gamecli"
	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/record"
	"github.com/gomoku-engine/gomoku/engine/savefile"
	"github.com/gomoku-engine/gomoku/sparse"
)

func replayCommand() *cli.Command {
	return &cli.Command{
		Name:      "replay",
		Usage:     "check a list of moves and print what each one led to",
		ArgsUsage: "[FILE]",
		Description: `Reads moves from FILE, or from standard input when FILE is absent or "-", and
plays them in order on a new game. One move per line: ROW COL, or ROW COL PLAYER
with --free-order. Fields are separated by spaces, tabs or a comma; blank lines
and lines starting with # are skipped; coordinates may be negative. FILE may
also be a game saved by "gomoku play" (it brings its own rules), a Piskvork
.psq record (it brings its board size), an SGF record with GM[4] as
c-gomoku-cli writes it (its board size and its rule: RU[0] freestyle, RU[1]
exact, RU[4] renju) or a move string such as "h8i9j10" (column letter from a,
row number from 1 at the top).

Under --rule renju, a move black may not play (an overline, a double four or
a double three) is refused like an illegal one, naming the foul.

Prints one line per move as soon as it is played: 0 when the game goes on, the
winner's number when that move wins, "draw" when it fills a bounded board.
The first bad line stops the run with a message on standard error naming the
line and the reason, and exit status 1; everything before it is printed.

Examples:
   printf '0 0\n1 0\n0 1\n1 1\n0 2\n' | gomoku replay --k 3 --rows 3 --cols 3
   gomoku replay --free-order --json moves.txt
   gomoku replay saved-game.json
   gomoku replay --rule exact game.psq
   gomoku replay --rule renju --rows 15 --cols 15 game.txt
   gomoku replay games.sgf
   printf '2 7\n0 0\n2 8\n0 2\n2 0\n' | gomoku replay --k 3 --rows 5 --cols 9 --torus
   echo h8i9h9i10h10i11h11i12h12 | gomoku replay`,
		Flags: append(gamecli.Flags(true),
			&cli.BoolFlag{Name: "json", Usage: "print one JSON document at the end instead: the result of every move (the winner's number or 0, as in the classic API), the final status (ongoing, won or drawn), the winner and the move that decided the game"},
		),
		Action: runReplay,
	}
}

// replayGCPercent is the collector's GOGC during a replay.
const replayGCPercent = 20

func runReplay(c *cli.Context) error {
	if c.NArg() > 1 {
		return exitcode.UsageError(c, "at most one FILE, got %d arguments", c.NArg())
	}
	// A long replay's heap is almost free of pointers (packed history,
	// hash tables of integers, the tile slab), so a collection has little
	// to scan and collecting more often costs little CPU, while it keeps
	// the tables left behind by growth from adding to the peak. GOGC set
	// by the user wins.
	if os.Getenv("GOGC") == "" {
		defer debug.SetGCPercent(debug.SetGCPercent(replayGCPercent))
	}
	var in io.Reader = c.App.Reader
	name := c.Args().First()
	if name != "" && name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return exitcode.Failure(c, "%v", err)
		}
		defer f.Close()
		in = f
	}
	w := bufio.NewWriterSize(c.App.Writer, 64<<10)
	// Results are buffered for speed but flushed whenever the replay is
	// about to wait for more input, so a person or a program feeding moves
	// one at a time sees each result at once.
	r := bufio.NewReaderSize(&flushingReader{r: in, w: w}, 64<<10)

	kind, err := gamecli.Sniff(r)
	if err != nil {
		return exitcode.Failure(c, "reading input: %v", err)
	}
	var rp *replayer
	switch kind {
	case gamecli.SavedGame:
		rp, err = savedReplayer(c, r, name)
	case gamecli.GameRecord:
		rp, err = recordReplayer(c, r, name)
	default:
		rp, err = listReplayer(c, r)
	}
	if err != nil {
		return err
	}
	rp.sink = textSink{w}
	if c.Bool("json") {
		rp.sink = newJSONSink(w, rp.game)
	}
	runErr := rp.run()
	if err := rp.sink.finish(rp, runErr); err != nil {
		return exitcode.Failure(c, "writing output: %v", err)
	}
	if err := w.Flush(); err != nil {
		return exitcode.Failure(c, "writing output: %v", err)
	}
	if runErr != nil {
		return exitcode.Failure(c, "%v", runErr)
	}
	return nil
}

// flushingReader flushes w before every read from r.
type flushingReader struct {
	r io.Reader
	w *bufio.Writer
}

func (f *flushingReader) Read(p []byte) (int, error) {
	if err := f.w.Flush(); err != nil {
		return 0, err
	}
	return f.r.Read(p)
}

// replayer plays moves one at a time and reports each result to a sink.
type replayer struct {
	game      *engine.Game
	next      func() (engine.Move, int, error) // the next move and its line; io.EOF at the end
	sink      replaySink
	decidedAt int // the move that won or drew, or 0
}

// lineError is a bad line in a move list.
type lineError struct {
	Line int    `json:"line"`
	Msg  string `json:"message"`
}

func (e *lineError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

func (rp *replayer) run() error {
	g := rp.game
	for {
		m, line, err := rp.next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		out, err := g.PlayAs(m.Row, m.Col, m.Player)
		if err != nil {
			return &lineError{Line: line, Msg: gamecli.DescribeMoveError(g, err, rp.decidedAt)}
		}
		if out != engine.Ongoing && rp.decidedAt == 0 {
			rp.decidedAt = g.Len()
		}
		if err := rp.sink.result(out, m.Player); err != nil {
			return err
		}
	}
}

// listReplayer replays a text move list configured by the flags.
func listReplayer(c *cli.Context, r io.Reader) (*replayer, error) {
	cfg, tuning, err := gamecli.Config(c)
	if err != nil {
		return nil, err
	}
	g, err := gamecli.NewGame(cfg, tuning)
	if err != nil {
		return nil, exitcode.UsageError(c, "%v", err)
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 64<<10)
	free := cfg.Order == engine.FreeOrder
	line := 0
	next := func() (engine.Move, int, error) {
		for sc.Scan() {
			line++
			nums, skip, err := gamecli.ParseMoveLine(sc.Bytes(), free)
			switch {
			case errors.Is(err, gamecli.ErrHuge):
				return engine.Move{}, line, &lineError{line, fmt.Sprintf("coordinate out of range (%v; rows and columns must be within %d..%d)", err, sparse.MinCoord, sparse.MaxCoord)}
			case err != nil:
				return engine.Move{}, line, &lineError{line, fmt.Sprintf("%v in %q", err, clip(sc.Bytes()))}
			case skip:
				continue
			}
			m := engine.Move{Row: nums[0], Col: nums[1], Player: nums[2]}
			if !free {
				m.Player = g.Turn()
			}
			return m, line, nil
		}
		switch err := sc.Err(); {
		case errors.Is(err, bufio.ErrTooLong):
			return engine.Move{}, line + 1, &lineError{line + 1, "line longer than 64 KiB"}
		case err != nil:
			return engine.Move{}, line, fmt.Errorf("reading input: %w", err)
		}
		return engine.Move{}, line, io.EOF
	}
	return &replayer{game: g, next: next}, nil
}

// savedReplayer replays a saved game, which brings its own rules and is
// validated completely before the first result is printed.
func savedReplayer(c *cli.Context, r io.Reader, name string) (*replayer, error) {
	if name := gamecli.RulesFlagSet(c); name != "" {
		return nil, exitcode.UsageError(c, "--%s cannot be used with a saved game: it brings its own rules", name)
	}
	tuning, err := gamecli.Tuning(c)
	if err != nil {
		return nil, err
	}
	s, err := savefile.Read(r, tuning...)
	if err != nil {
		if name != "" && name != "-" {
			return nil, exitcode.Failure(c, "%s: %v", name, err)
		}
		return nil, exitcode.Failure(c, "%v", err)
	}
	g, err := gamecli.NewGame(s.Game.Config(), tuning)
	if err != nil {
		return nil, exitcode.UsageError(c, "%v", err)
	}
	moves := s.Moves()
	i := 0
	next := func() (engine.Move, int, error) {
		if i == len(moves) {
			return engine.Move{}, 0, io.EOF
		}
		i++
		return moves[i-1], i, nil
	}
	return &replayer{game: g, next: next}, nil
}

// recordReplayer replays a .psq record or a move string under the rules
// flags. Records are small (one bounded game), so it is read whole and
// parsed completely before the first result is printed.
func recordReplayer(c *cli.Context, r io.Reader, name string) (*replayer, error) {
	where := "input"
	if name != "" && name != "-" {
		where = name
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, exitcode.Failure(c, "reading %s: %v", where, err)
	}
	cfg, tuning, err := gamecli.RecordConfig(c)
	if err != nil {
		return nil, err
	}
	rec, format, err := record.Load(data)
	if err != nil {
		return nil, exitcode.Failure(c, "%s: %v", where, err)
	}
	if rec.Bounded() {
		if c.IsSet(gamecli.FlagRows) && (cfg.Rows != rec.Rows || cfg.Cols != rec.Cols) {
			return nil, exitcode.UsageError(c, "--rows/--cols give %d×%d but the .%v file is for a %d×%d board", cfg.Rows, cfg.Cols, format, rec.Rows, rec.Cols)
		}
		cfg.Rows, cfg.Cols = rec.Rows, rec.Cols
	}
	if rec.HasRule {
		if c.IsSet(gamecli.FlagRule) && cfg.Rule != rec.Rule {
			return nil, exitcode.UsageError(c, "--rule %v but the %v record is for %v", cfg.Rule, format, rec.Rule)
		}
		cfg.Rule = rec.Rule
	}
	g, err := gamecli.NewGame(cfg, tuning)
	if err != nil {
		return nil, exitcode.UsageError(c, "%v", err)
	}
	i := 0
	next := func() (engine.Move, int, error) {
		if i == len(rec.Moves) {
			return engine.Move{}, 0, io.EOF
		}
		m := rec.Moves[i]
		i++
		line := 1 // a move string is one line
		if format == record.PSQ {
			line = i + 1 // after the header
		}
		return engine.Move{Row: m.Row, Col: m.Col, Player: record.Player(i - 1)}, line, nil
	}
	return &replayer{game: g, next: next}, nil
}

// clip shortens a line for an error message.
func clip(b []byte) string {
	if len(b) > 60 {
		return string(b[:57]) + "..."
	}
	return string(b)
}
