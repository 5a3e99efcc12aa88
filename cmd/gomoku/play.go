package main

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/gomoku-engine/gomoku/cmd/internal/exitcode"
	"github.com/gomoku-engine/gomoku/cmd/internal/gamecli"
	"github.com/gomoku-engine/gomoku/cmd/internal/play"
	"github.com/gomoku-engine/gomoku/cmd/internal/terminal"
	"github.com/gomoku-engine/gomoku/cmd/internal/tui"
	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player"
)

func playCommand() *cli.Command {
	return &cli.Command{
		Name:  "play",
		Usage: "play a game in the terminal, against bots or other people",
		Description: `Plays on an infinite board by default: you are X (player 1) against the
strongest bot.

On a terminal the game takes the whole window: move the cursor with the
arrow keys or hjkl (HJKL or shift+arrows: 5 cells), play with enter, space
or a mouse click, scroll with the wheel; u undoes, r redoes, s saves, o
loads, c centres on the last move, f fits all the marks, g goes to a cell,
? lists every key, q quits (asking first when the game is not saved) and
Ctrl-C stops at once.

With --plain, TERM=dumb, or when input or output is not a terminal, the
board is printed as a window that follows the play, with row and column
labels and the last move in [brackets]; moves are typed as ROW COL, and help
at the prompt lists undo, redo, pan, center, save and load. Input may be
piped, so a game can be scripted; the game ends with its result, at "quit",
or at the end of the input.

Renju (--rule renju, usually on --rows 15 --cols 15): when black (X) is to
move, the cells the rule forbids to black are marked × (an overline, a double
four or a double three); playing one is refused with the reason, e.g.
"forbidden to black under renju: double three", and changes nothing. A bot
that picks one plays the nearest allowed cell instead, and says so.

Examples:
   gomoku play
   gomoku play --seats human,human --k 3 --rows 3 --cols 3
   gomoku play --players 3 --seats human,greedy,random
   gomoku play --torus --rows 9 --cols 9 --k 4
   gomoku play --rule renju --rows 15 --cols 15 --seats human,human
   gomoku play --seats greedy,random --max-moves 200
   gomoku play --load game.json
   gomoku play --plain --view 11x21
   printf '0 0\n0 1\nquit\n' | gomoku play --seats human,human`,
		Flags: append(gamecli.Flags(false),
			&cli.StringFlag{Name: "seats", Usage: "who plays each player: a comma-separated `LIST` in player order of human or a bot (" + strings.Join(player.Names(), ", ") + ")", DefaultText: "human, then the strongest bot that plays the game: human," + player.Strongest(engine.DefaultConfig())},
			&cli.Uint64Flag{Name: "seed", Usage: "`SEED` for the bots, so that a game can be repeated", DefaultText: "random, and printed"},
			&cli.StringFlag{Name: "load", Usage: "continue the game in `FILE`: a saved game (it brings its own rules, and the seats unless --seats is given), or a .psq record or move string (played under the rules flags)"},
			&cli.BoolFlag{Name: "plain", Usage: "line mode: type moves at a prompt and see the board printed after each (the default when input or output is not a terminal, or TERM=dumb)"},
			&cli.StringFlag{Name: "view", Value: "15x15", Usage: "size of the window on the board in line mode, `ROWSxCOLS` (full screen fills the terminal)"},
			&cli.StringFlag{Name: "color", Value: "auto", Usage: "colour `WHEN`: auto (on a terminal, unless NO_COLOR is set), always or never"},
			&cli.DurationFlag{Name: "think", Value: player.DefaultBudget, Usage: "time per move of the search bot, a `DURATION` such as 1s (more is stronger)"},
			&cli.IntFlag{Name: "threads", Value: 1, Usage: "threads the search bot thinks on, `N` (on a machine with the cores, more is stronger)"},
			&cli.StringFlag{Name: "duel-search", Value: player.Classic.String(), Usage: "the search bot's search with two players, `NAME`: classic (five in a row under the freestyle and exact rules; other games fall back to screened) or screened"},
			&cli.IntFlag{Name: "max-moves", Usage: "stop after `N` moves with no winner (0: no limit); useful when bots play bots"},
		),
		Action: runPlay,
	}
}

func runPlay(c *cli.Context) error {
	if c.NArg() > 0 {
		return exitcode.UsageError(c, "unexpected argument %q (moves are typed at the prompt)", c.Args().First())
	}
	viewRows, viewCols, err := parseView(c.String("view"))
	if err != nil {
		return exitcode.UsageError(c, "--view: %v", err)
	}
	colour := c.String("color")
	if colour != "auto" && colour != "always" && colour != "never" {
		return exitcode.UsageError(c, "--color must be auto, always or never, got %q", colour)
	}
	if c.Int("max-moves") < 0 {
		return exitcode.UsageError(c, "--max-moves must be 0 or more, got %d", c.Int("max-moves"))
	}
	tuning, err := gamecli.Tuning(c)
	if err != nil {
		return err
	}

	var game *engine.Game
	var savedSeats []string
	if path := c.String("load"); path != "" {
		if game, savedSeats, err = gamecli.LoadGameFlag(c, path); err != nil {
			return err
		}
	} else {
		cfg, tuning, err := gamecli.Config(c)
		if err != nil {
			return err
		}
		if game, err = gamecli.NewGame(cfg, tuning); err != nil {
			return exitcode.UsageError(c, "%v", err)
		}
	}
	players := game.Config().Players
	if players > play.MaxPlayers {
		return exitcode.UsageError(c, "play draws at most %d players, got %d", play.MaxPlayers, players)
	}

	names := play.DefaultSeats(game.Config())
	switch {
	case c.IsSet("seats"):
		if names, err = play.ParseSeats(c.String("seats"), game.Config()); err != nil {
			return exitcode.UsageError(c, "--seats: %v", err)
		}
	case savedSeats != nil:
		names = savedSeats
	}
	seed := c.Uint64("seed")
	if !c.IsSet("seed") {
		seed = rand.Uint64()
	}
	if c.Duration("think") <= 0 {
		return exitcode.UsageError(c, "--think must be positive, got %v", c.Duration("think"))
	}
	if n := c.Int("threads"); n < 1 || n > player.MaxThreads {
		return exitcode.UsageError(c, "--threads must be from 1 to %d, got %d", player.MaxThreads, n)
	}
	duel, err := player.ParseDuelSearch(c.String("duel-search"))
	if err != nil {
		return exitcode.UsageError(c, "--duel-search: %v", err)
	}
	seats, err := play.MakeSeats(names, game.Config(), seed, c.Duration("think"), player.WithThreads(c.Int("threads")), player.WithDuelSearch(duel))
	if err != nil {
		return exitcode.UsageError(c, "--seats: %v", err)
	}

	out := c.App.Writer
	fullScreen := tui.Wanted(c.Bool("plain"), c.App.Reader, out)
	s := play.NewSession(c.Context, out, game, seats, play.Options{
		Echo:     !terminal.Is(c.App.Reader),
		Colour:   terminal.ColourWanted(colour, out),
		Tuning:   tuning,
		ViewRows: viewRows,
		ViewCols: viewCols,
		MaxMoves: c.Int("max-moves"),
	})
	if hasBot(seats) && !c.IsSet("seed") {
		fmt.Fprintf(out, "Bots use seed %d (--seed %d repeats this game).\n", seed, seed)
	}
	if fullScreen {
		err = tui.Run(s, c.App.Reader, out, terminal.ColourWanted(colour, out))
	} else {
		err = s.Run(terminal.ReadLines(c.Context, c.App.Reader))
	}
	switch {
	case errors.Is(err, play.ErrInterrupted):
		return cli.Exit("", exitcode.Interrupted)
	case err != nil:
		return exitcode.Failure(c, "%v", err)
	}
	return nil
}

func hasBot(seats []play.Seat) bool {
	for _, s := range seats {
		if !s.Human() {
			return true
		}
	}
	return false
}

// parseView reads a window size such as "15x15" or "11X31".
func parseView(s string) (rows, cols int, err error) {
	r, c, ok := strings.Cut(strings.ToLower(s), "x")
	if ok {
		if _, err = fmt.Sscanf(r+" "+c, "%d %d", &rows, &cols); err == nil && rows >= 1 && cols >= 1 && rows <= 200 && cols <= 200 {
			return rows, cols, nil
		}
	}
	return 0, 0, fmt.Errorf("want ROWSxCOLS with each between 1 and 200, e.g. 15x15, got %q", s)
}
