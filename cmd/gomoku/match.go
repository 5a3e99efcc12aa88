package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/arena"
	"github.com/gomoku-engine/gomoku/engine/record"
	"github.com/gomoku-engine/gomoku/engine/savefile"
)

func matchCommand() *cli.Command {
	return &cli.Command{
		Name:  "match",
		Usage: "play many games between bots and tabulate the results",
		Description: `Plays --games games between the bots named by --bots, one per player (the
number of bots is the number of players). Seats change from game to game so that
every bot gets to start; --seed makes a run repeat exactly (for bots that are not
limited by time). A game that reaches --max-moves is scored a draw: random play
on an infinite board may never end. A progress bar is shown when standard error
is a terminal. The result is a table of wins, losses, draws and average game
length per bot, or a JSON document with --json.

Examples:
   gomoku match --bots greedy,random --games 100
   gomoku match --bots greedy,greedy,random --k 4 --rows 9 --cols 9 --json
   gomoku match --bots random,random --max-moves 300 --save-dir games/`,
		Flags: append(gameFlags(false),
			&cli.StringFlag{Name: "bots", Value: defaultMatchBots(), Usage: "the bots, a comma-separated `LIST` with one per player, of: " + strings.Join(botNames(), ", ")},
			&cli.IntFlag{Name: "games", Value: 10, Usage: "number of games `N`"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "`SEED` of the match: the same seed plays the same games"},
			&cli.IntFlag{Name: "max-moves", Value: arena.DefaultMaxMoves, Usage: "a game reaching `N` moves is scored a draw"},
			&cli.StringFlag{Name: "schedule", Value: arena.Rotate.String(), Usage: "seating `SCHEDULE`: rotate (shift the seats each game), fixed (bots in --bots order), permute (every seat order in turn)"},
			&cli.IntFlag{Name: "opening", Usage: "play the first `N` moves of each game at random, so that games between deterministic bots differ"},
			&cli.DurationFlag{Name: "move-time", Usage: "time limit per move, a `DURATION` such as 200ms (0: the bots' own budgets)"},
			&cli.StringFlag{Name: "save-dir", Usage: "save every game as `DIR`/game-0001.json, ... (readable by replay and play --load)"},
			&cli.StringFlag{Name: "save-format", Value: "json", Usage: "`FORMAT` of saved games: json (any game), psq (Piskvork; two players on a bounded board) or moves (a move string like h8i9; two players, at most 26 columns)"},
			&cli.BoolFlag{Name: "json", Usage: "print the results as one JSON document"},
		),
		Action: runMatch,
	}
}

// defaultMatchBots is the strongest bot against the next strongest.
func defaultMatchBots() string {
	names := botNames() // weakest first
	if len(names) < 2 {
		return names[0] + "," + names[0]
	}
	return names[len(names)-1] + "," + names[len(names)-2]
}

// matchSetup is a validated match command line.
type matchSetup struct {
	entrants []arena.Entrant
	opts     arena.Options
	saveDir  string
	// saveFormat is record.PSQ or record.MoveString, or record.Unknown for
	// the JSON saved-game format.
	saveFormat record.Format
}

func parseMatch(c *cli.Context) (*matchSetup, error) {
	if c.NArg() > 0 {
		return nil, usageError(c, "unexpected argument %q (name the bots with --bots)", c.Args().First())
	}
	names := strings.Split(c.String("bots"), ",")
	if len(names) < 2 {
		return nil, usageError(c, "--bots: a match needs at least 2 bots, got %q", c.String("bots"))
	}
	if c.IsSet(flagPlayers) && c.Int(flagPlayers) != len(names) {
		return nil, usageError(c, "--players is %d but --bots names %d bots: give one bot per player", c.Int(flagPlayers), len(names))
	}
	if err := c.Set(flagPlayers, fmt.Sprint(len(names))); err != nil {
		return nil, usageError(c, "%v", err)
	}
	cfg, err := gameConfig(c)
	if err != nil {
		return nil, err
	}
	entrants, err := matchEntrants(names)
	if err != nil {
		return nil, usageError(c, "--bots: %v", err)
	}
	if err := checkSeats(names, cfg); err != nil {
		return nil, usageError(c, "--bots: %v", err)
	}
	schedule, err := arena.ParseSchedule(c.String("schedule"))
	if err != nil {
		return nil, usageError(c, "--schedule: %v", err)
	}
	m := &matchSetup{entrants: entrants, saveDir: c.String("save-dir"), opts: arena.Options{
		Config: cfg, Games: c.Int("games"), Seed: c.Uint64("seed"), Schedule: schedule,
		MaxMoves: c.Int("max-moves"), OpeningMoves: c.Int("opening"), MoveTime: c.Duration("move-time"),
	}}
	switch {
	case m.opts.Games < 1:
		return nil, usageError(c, "--games must be at least 1, got %d", m.opts.Games)
	case m.opts.MaxMoves < 1:
		return nil, usageError(c, "--max-moves must be at least 1, got %d", m.opts.MaxMoves)
	case m.opts.OpeningMoves < 0 || m.opts.OpeningMoves >= m.opts.MaxMoves:
		return nil, usageError(c, "--opening must be 0 or more and below --max-moves, got %d", m.opts.OpeningMoves)
	case m.opts.MoveTime < 0:
		return nil, usageError(c, "--move-time must not be negative, got %v", m.opts.MoveTime)
	}
	if m.saveFormat, err = parseSaveFormat(c.String("save-format"), cfg); err != nil {
		return nil, usageError(c, "--save-format: %v", err)
	}
	if m.saveDir != "" {
		if err := os.MkdirAll(m.saveDir, 0o755); err != nil {
			return nil, failure(c, "--save-dir: %v", err)
		}
	}
	return m, nil
}

// matchEntrants makes one entrant per name; a bot named more than once is
// numbered (greedy#1, greedy#2) so the table tells them apart.
func matchEntrants(names []string) ([]arena.Entrant, error) {
	count := map[string]int{}
	for i, n := range names {
		names[i] = strings.ToLower(strings.TrimSpace(n))
		count[names[i]]++
	}
	seen := map[string]int{}
	entrants := make([]arena.Entrant, len(names))
	for i, n := range names {
		e, err := arena.Named(n)
		if err != nil {
			return nil, err
		}
		if count[n] > 1 {
			seen[n]++
			e.Name = fmt.Sprintf("%s#%d", n, seen[n])
		}
		entrants[i] = e
	}
	return entrants, nil
}

func runMatch(c *cli.Context) error {
	m, err := parseMatch(c)
	if err != nil {
		return err
	}
	bar := newProgress(c.App.ErrWriter, m.opts.Games, "games", isTerminal(c.App.ErrWriter))
	onGame := func(r arena.GameResult) error {
		if m.saveDir != "" {
			if err := saveMatchGame(m, r); err != nil {
				return err
			}
		}
		bar.update(r.Index + 1)
		return nil
	}
	sum, runErr := arena.Run(c.Context, m.entrants, m.opts, onGame)
	bar.done()
	interrupted := runErr != nil && errors.Is(runErr, context.Canceled)
	if runErr != nil && !interrupted {
		return failure(c, "%v", runErr)
	}
	if c.Bool("json") {
		err = writeMatchJSON(c.App.Writer, m, sum, interrupted)
	} else {
		err = writeMatchTable(c.App.Writer, m, sum, interrupted)
	}
	if err != nil {
		return failure(c, "writing output: %v", err)
	}
	if interrupted {
		return cli.Exit(fmt.Sprintf("gomoku match: interrupted after %d of %d games", sum.Games, m.opts.Games), 130)
	}
	return nil
}

// saveMatchGame writes one game of the match to the save directory.
func saveMatchGame(m *matchSetup, r arena.GameResult) error {
	g, err := engine.FromMoves(r.Moves, engine.WithConfig(m.opts.Config))
	if err != nil {
		return fmt.Errorf("game %d: %w", r.Index+1, err)
	}
	seats := make([]string, len(r.Seats))
	for p, e := range r.Seats {
		seats[p] = m.entrants[e].Name
	}
	name := filepath.Join(m.saveDir, fmt.Sprintf("game-%04d", r.Index+1))
	if m.saveFormat == record.Unknown {
		return savefile.Save(name+".json", g, seats)
	}
	rec, err := record.FromGame(g)
	if err != nil {
		return fmt.Errorf("game %d: %w", r.Index+1, err)
	}
	rec.Names = seats
	ext := map[record.Format]string{record.PSQ: ".psq", record.MoveString: ".txt"}[m.saveFormat]
	return record.Save(name+ext, rec, m.saveFormat)
}

// parseSaveFormat checks that games of cfg can be written in the named
// format.
func parseSaveFormat(name string, cfg engine.Config) (record.Format, error) {
	if name == "json" {
		return record.Unknown, nil
	}
	f, err := record.ParseFormat(name)
	if err != nil {
		return 0, fmt.Errorf("want json, psq or moves, got %q", name)
	}
	switch {
	case cfg.Players != 2:
		return 0, fmt.Errorf("%v records hold two-player games, this match has %d players", f, cfg.Players)
	case cfg.Order != engine.Rotation:
		return 0, fmt.Errorf("%v records need players in rotation", f)
	case cfg.Torus:
		return 0, fmt.Errorf("%v records hold flat boards, not a torus: use json", f)
	case f == record.PSQ && !cfg.Bounded():
		return 0, fmt.Errorf("psq records need a bounded board (--rows and --cols)")
	case f == record.MoveString && (!cfg.Bounded() || cfg.Cols > record.MaxMoveStringCols):
		return 0, fmt.Errorf("move strings need a bounded board of at most %d columns", record.MaxMoveStringCols)
	}
	return f, nil
}
