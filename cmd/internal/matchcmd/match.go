package matchcmd

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/gomoku-engine/gomoku/cmd/internal/exitcode"
	"github.com/gomoku-engine/gomoku/cmd/internal/gamecli"
	"github.com/gomoku-engine/gomoku/cmd/internal/terminal"
	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/arena"
	"github.com/gomoku-engine/gomoku/engine/arena/elo"
	"github.com/gomoku-engine/gomoku/engine/arena/opening"
	"github.com/gomoku-engine/gomoku/engine/gomocup"
	"github.com/gomoku-engine/gomoku/engine/gomocup/manager"
	"github.com/gomoku-engine/gomoku/engine/player"
	"github.com/gomoku-engine/gomoku/engine/record"
	"github.com/gomoku-engine/gomoku/engine/savefile"
)

// Command is the match command: many games between bots or Gomocup
// brains, with a table or JSON document of the results.
func Command() *cli.Command {
	return &cli.Command{
		Name:  "match",
		Usage: "play many games between bots or Gomocup engines and tabulate the results",
		Description: `Plays --games games between the players named by --bots, one per player (the
number of bots is the number of players). A player is a built-in bot or an
external Gomocup engine, pbrain:PATH[:ARGS] (this program's own engine is
"pbrain:./gomoku:pbrain"). Seats change from game to game so that every bot gets
to start; --seed makes a run repeat exactly (for bots that are not limited by
time). A game that reaches --max-moves is scored a draw: random play on an
infinite board may never end.

Time: --move-time limits each move (INFO timeout_turn), --tc GAME+INC gives each
player a clock per game with an increment added before each of its moves (INFO
timeout_match, and time_left before every move). A move that overruns its limit
by more than --tolerance loses on time; an engine that has not answered by then
is killed. Engines that crash, answer garbage, ERROR or an illegal or occupied
cell lose the game too; the reason and the record are reported. External
engines need a bounded board of at least 5×5, two players, K = 5 and a time
limit; their processes are reused with RESTART (--fresh-process starts one per
game), ended with END and killed after a grace period. Each game starts with the
match's INFO (timeout_turn, timeout_match, max_memory of 350 MiB as the Gomocup
gives, rule); --info N:KEY=VALUE then sends engine N (its place in --bots)
INFO KEY VALUE, for settings the match does not decide: Rapfi's max_node makes
its moves independent of the machine's load.

Renju (--rule renju, 15×15 as tournaments play it): engines are told INFO rule
4, and black's move onto a forbidden cell (overline, double four, double three)
loses the game for black, a built-in bot's as an engine's, with the foul as
the reason ("forbidden move: double three at 9,7 by NAME").

Openings: --openings FILE (repeatable) plays each position twice, colours
swapped, in file order or --openings-order random (shuffled by --seed). A line is
Gomocup offsets from the centre ("0,0, 1,0, 0,1"), a move string ("h8i9j10") or
row and column pairs ("7 7 7 8"); "#" starts a comment. Once every opening is
played they come round again (reshuffled): bots that always answer a position
the same way (engines limited by --nodes) then replay the same games, which add
no information, so keep --games at most twice the number of openings (a match
warns otherwise, unless --opening adds random moves). The project's suites are
in bench/openings.

Two players get the score, the Elo difference with its 95% interval and the
likelihood of superiority, from game pairs (pentanomial) when games are paired;
--sprt elo0=0,elo1=5,alpha=0.05,beta=0.05,minpairs=20 stops as soon as the test decides,
not before minpairs game pairs (default 20, 40 games).
--baseline DIR compares the first bot with its own results in a run saved
earlier with --save-dir DIR, of the same bot names, openings, order and seed:
pair by pair, the difference of its scores gives this run's Elo over that
one, with a far tighter interval than either run's own when both sides are
limited by nodes (the pairs where the moves agree are the same games). With
--baseline, --sprt tests that difference instead of the score against the
second bot, and stops the match when it decides.
--concurrency N plays N games at once: keep N at most the number of cores, since
each game has one engine thinking at a time and clocks are wall time.
A progress bar with the running score is shown when standard error is a
terminal. The result is a table, or a JSON document with --json.

Examples:
   gomoku match --bots greedy,random --games 100
   gomoku match --bots greedy,greedy,random --k 4 --rows 9 --cols 9 --json
   gomoku match --bots search,greedy --games 200 --think 200ms --stats
   gomoku match --bots pbrain:./gomoku:pbrain,greedy --rows 15 --cols 15 --tc 5s+200ms --games 20
   gomoku match --bots pbrain:./gomoku:pbrain,pbrain:/opt/pbrain-rapfi --rows 15 --cols 15 \
       --tc 10s+100ms --openings openings.txt --games 200 --sprt elo0=0,elo1=10 --save-dir games/
   gomoku match --bots "pbrain:./old:pbrain --nodes 30000,pbrain:/opt/pbrain-rapfi" --info 2:max_node=10000 \
       --rows 15 --cols 15 --tc 120+2 --openings bench/openings/fit125.txt --games 250 --save-dir runs/old
   gomoku match --bots "pbrain:./new:pbrain --nodes 30000,pbrain:/opt/pbrain-rapfi" --info 2:max_node=10000 \
       --rows 15 --cols 15 --tc 120+2 --openings bench/openings/fit125.txt --games 250 --baseline runs/old \
       --sprt elo0=0,elo1=15,minpairs=40
   gomoku match --rule renju --bots pbrain:./gomoku:pbrain,pbrain:/opt/pbrain-rapfi --rows 15 --cols 15 \
       --tc 5s+200ms --games 100 --save-dir games/ --save-format sgf`,
		Flags: append(gamecli.Flags(false),
			&cli.StringFlag{Name: "bots", Value: defaultMatchBots(), Usage: "the players, a comma-separated `LIST` with one per player: pbrain:PATH[:ARGS] for a Gomocup engine, or one of " + strings.Join(player.Names(), ", ")},
			&cli.StringFlag{Name: "name", Usage: "display `NAMES`, comma-separated, one per --bots entry (an empty one keeps the default: the bot's name or the engine's ABOUT name)"},
			&cli.IntFlag{Name: "games", Value: 10, Usage: "number of games `N`"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "`SEED` of the match: the same seed plays the same games"},
			&cli.IntFlag{Name: "max-moves", Value: arena.DefaultMaxMoves, Usage: "a game reaching `N` moves is scored a draw"},
			&cli.StringFlag{Name: "schedule", Value: arena.Rotate.String(), Usage: "seating `SCHEDULE`: rotate (shift the seats each game), fixed (bots in --bots order), permute (every seat order in turn)"},
			&cli.IntFlag{Name: "opening", Usage: "play `N` random moves at the start of each game (after any --openings position), so that games between deterministic bots differ"},
			&cli.StringSliceFlag{Name: "openings", Usage: "play the positions of `FILE` (one a line; repeatable), each twice with colours swapped"},
			&cli.StringFlag{Name: "openings-order", Value: "sequential", Usage: "`ORDER` of the openings: sequential or random (shuffled by --seed)"},
			&cli.DurationFlag{Name: "move-time", Usage: "time limit per move, a `DURATION` such as 200ms (0: none; bots use their own budgets)"},
			&cli.StringFlag{Name: "tc", Usage: "game clock per player, `TIME[+INC]`: 5s+200ms, or seconds as 5+0.2; the increment is added before each move"},
			&cli.DurationFlag{Name: "tolerance", Value: arena.DefaultTolerance, Usage: "how far a move may overrun its limit before it loses on time (`DURATION`)"},
			&cli.IntFlag{Name: "concurrency", Value: 1, Usage: "games played at once, `N`"},
			&cli.BoolFlag{Name: "fresh-process", Usage: "start each engine anew for every game instead of reusing it with RESTART"},
			&cli.StringSliceFlag{Name: "info", Usage: "send engine number `N:KEY=VALUE` (N counts --bots from 1) INFO KEY VALUE at the start of every game, after the match's own (repeatable): 2:max_node=10000 stops Rapfi after 10,000 nodes a move"},
			&cli.StringFlag{Name: "sprt", Usage: "stop when a sequential test decides: `SPEC` elo0=0,elo1=5,alpha=0.05,beta=0.05,minpairs=20 (elo1 required); with --baseline it tests the difference with the baseline"},
			&cli.StringFlag{Name: "save-dir", Usage: "save every game as `DIR`/game-0001.json, ... (readable by replay and play --load) and a summary line per game in DIR/games.txt"},
			&cli.StringFlag{Name: "baseline", Usage: "compare the first bot, game pair by game pair, with its results in a saved run of the same openings, order and seed: `DIR` is that run's --save-dir (or its games.txt); prints this run's Elo over that one with its interval"},
			&cli.StringFlag{Name: "save-format", Value: "json", Usage: "`FORMAT` of saved games: json (any game), psq (Piskvork; two players on a bounded board), moves (a move string like h8i9; two players, at most 26 columns) or sgf (GM[4] with the rule, result and reason, as c-gomoku-cli writes; two players, bounded board up to 52×52)"},
			&cli.StringFlag{Name: "log", Usage: "write every line exchanged with the engines to `FILE`"},
			&cli.BoolFlag{Name: "json", Usage: "print the results as one JSON document"},
			&cli.DurationFlag{Name: "think", Value: player.DefaultBudget, Usage: "time per move of the search bot, a `DURATION` (--move-time and --tc, when shorter, cut it)"},
			&cli.IntFlag{Name: "threads", Value: 1, Usage: "threads each search bot thinks on, `N` (engines run with pbrain: gomoku pbrain --threads)"},
			&cli.StringFlag{Name: "duel-search", Value: player.Classic.String(), Usage: "the search bot's search with two players, `NAME`: classic (five in a row under the freestyle and exact rules; other games fall back to screened) or screened"},
			&cli.StringFlag{Name: "look-ahead", Value: player.Planned.String(), Usage: "the search bot's look-ahead with three or more players, `NAME`: planned, max-n, paranoid or best-reply"},
			&cli.BoolFlag{Name: "stats", Usage: "after the table, every bot's wins in each seat and the search bot's figures: moves by how they were found, time per move against --think (and whether the slow ones used the CPU or waited for it), depth, nodes per second"},
		),
		Action:       runMatch,
		OnUsageError: exitcode.OnUsageError,
	}
}

// defaultMatchBots is the strongest bot against the next strongest.
func defaultMatchBots() string {
	names := player.Names() // weakest first
	if len(names) < 2 {
		return names[0] + "," + names[0]
	}
	return names[len(names)-1] + "," + names[len(names)-2]
}

// enginePrefix starts a --bots entry that is an external engine.
const enginePrefix = "pbrain:"

// matchSetup is a validated match command line.
type matchSetup struct {
	entrants []arena.Entrant
	opts     arena.Options
	checker  engine.CheckerKind // the win checker the games use
	stats    *matchStats        // with --stats
	saveDir  string
	// saveFormat is record.PSQ, record.MoveString or record.SGF, or
	// record.Unknown for the JSON saved-game format.
	saveFormat record.Format
	logPath    string
	openings   []opening.Opening
	forfeits   []forfeit // filled as games finish
	// baseline is the saved run of --baseline, played this match's games
	// in order (played[n−1] is game n), and compared the comparison once
	// the match ends; pairTest is --sprt, which then tests the
	// difference with the baseline instead of the score against the
	// second bot.
	baseline *baseline
	played   []pairedGame
	compared *pairedComparison
	pairTest *elo.SPRT
}

func parseMatch(c *cli.Context) (*matchSetup, error) {
	if c.NArg() > 0 {
		return nil, exitcode.UsageError(c, "unexpected argument %q (name the bots with --bots)", c.Args().First())
	}
	specs := strings.Split(c.String("bots"), ",")
	if len(specs) < 2 {
		return nil, exitcode.UsageError(c, "--bots: a match needs at least 2 bots, got %q", c.String("bots"))
	}
	if c.IsSet(gamecli.FlagPlayers) && c.Int(gamecli.FlagPlayers) != len(specs) {
		return nil, exitcode.UsageError(c, "--players is %d but --bots names %d bots: give one bot per player", c.Int(gamecli.FlagPlayers), len(specs))
	}
	if err := c.Set(gamecli.FlagPlayers, fmt.Sprint(len(specs))); err != nil {
		return nil, exitcode.UsageError(c, "%v", err)
	}
	cfg, tuning, err := gamecli.Config(c)
	if err != nil {
		return nil, err
	}
	probe, err := gamecli.NewGame(cfg, tuning)
	if err != nil {
		return nil, exitcode.UsageError(c, "%v", err)
	}
	if c.Duration("think") <= 0 {
		return nil, exitcode.UsageError(c, "--think must be positive, got %v", c.Duration("think"))
	}
	if c.Bool("stats") && c.Bool("json") {
		return nil, exitcode.UsageError(c, "--stats adds to the table: it cannot be used with --json")
	}
	if n := c.Int("threads"); n < 1 || n > player.MaxThreads {
		return nil, exitcode.UsageError(c, "--threads must be from 1 to %d, got %d", player.MaxThreads, n)
	}
	look, err := player.ParseMultiSearch(c.String("look-ahead"))
	if err != nil {
		return nil, exitcode.UsageError(c, "--look-ahead: %v", err)
	}
	duel, err := player.ParseDuelSearch(c.String("duel-search"))
	if err != nil {
		return nil, exitcode.UsageError(c, "--duel-search: %v", err)
	}
	entrants, err := matchEntrants(specs, c.String("name"), player.WithBudget(c.Duration("think")), player.WithMultiSearch(look), player.WithDuelSearch(duel),
		player.WithThreads(c.Int("threads")))
	if err != nil {
		return nil, exitcode.UsageError(c, "%v", err)
	}
	if err := engineInfo(entrants, c.StringSlice("info")); err != nil {
		return nil, exitcode.UsageError(c, "--info: %v", err)
	}
	var stats *matchStats
	if c.Bool("stats") {
		stats = newMatchStats(len(entrants), c.Duration("think"))
		for i, e := range entrants {
			entrants[i] = stats.watch(e)
		}
	}
	seats := make([]string, len(specs))
	for i, spec := range specs {
		seats[i] = strings.ToLower(strings.TrimSpace(spec))
	}
	if err := gamecli.CheckSeats(seats, cfg); err != nil {
		return nil, exitcode.UsageError(c, "--bots: %v", err)
	}
	schedule, err := arena.ParseSchedule(c.String("schedule"))
	if err != nil {
		return nil, exitcode.UsageError(c, "--schedule: %v", err)
	}
	m := &matchSetup{entrants: entrants, saveDir: c.String("save-dir"), logPath: c.String("log"), checker: probe.Checker(), stats: stats, opts: arena.Options{
		Config: cfg, Tuning: tuning, Games: c.Int("games"), Seed: c.Uint64("seed"), Schedule: schedule,
		MaxMoves: c.Int("max-moves"), OpeningMoves: c.Int("opening"), MoveTime: c.Duration("move-time"),
		Tolerance: c.Duration("tolerance"), Concurrency: c.Int("concurrency"), FreshProcess: c.Bool("fresh-process"),
	}}
	switch {
	case m.opts.Games < 1:
		return nil, exitcode.UsageError(c, "--games must be at least 1, got %d", m.opts.Games)
	case m.opts.MaxMoves < 1:
		return nil, exitcode.UsageError(c, "--max-moves must be at least 1, got %d", m.opts.MaxMoves)
	case m.opts.OpeningMoves < 0 || m.opts.OpeningMoves >= m.opts.MaxMoves:
		return nil, exitcode.UsageError(c, "--opening must be 0 or more and below --max-moves, got %d", m.opts.OpeningMoves)
	case m.opts.MoveTime < 0:
		return nil, exitcode.UsageError(c, "--move-time must not be negative, got %v", m.opts.MoveTime)
	case m.opts.Tolerance <= 0:
		return nil, exitcode.UsageError(c, "--tolerance must be positive, got %v", m.opts.Tolerance)
	case m.opts.Concurrency < 1:
		return nil, exitcode.UsageError(c, "--concurrency must be at least 1, got %d", m.opts.Concurrency)
	}
	if tc := c.String("tc"); tc != "" {
		if m.opts.GameTime, m.opts.Increment, err = parseTimeControl(tc); err != nil {
			return nil, exitcode.UsageError(c, "--tc: %v", err)
		}
	}
	if spec := c.String("sprt"); spec != "" {
		t, err := elo.ParseSPRT(spec)
		if err != nil {
			return nil, exitcode.UsageError(c, "--sprt: %v", err)
		}
		m.opts.SPRT = &t
	}
	if err := m.loadOpenings(c, cfg); err != nil {
		return nil, err
	}
	if m.saveFormat, err = parseSaveFormat(c.String("save-format"), cfg); err != nil {
		return nil, exitcode.UsageError(c, "--save-format: %v", err)
	}
	if err := m.loadBaseline(c, len(specs)); err != nil {
		return nil, err
	}
	if m.saveDir != "" {
		if err := os.MkdirAll(m.saveDir, 0o755); err != nil {
			return nil, exitcode.Failure(c, "--save-dir: %v", err)
		}
	}
	return m, nil
}

// loadBaseline reads --baseline, which needs two bots in game pairs and
// must not be the run that --save-dir is about to overwrite.
func (m *matchSetup) loadBaseline(c *cli.Context, bots int) error {
	path := c.String("baseline")
	if path == "" {
		return nil
	}
	if bots != 2 || m.opts.Schedule == arena.Fixed {
		return exitcode.UsageError(c, "--baseline compares game pairs: it needs two bots whose seats change (not --schedule fixed)")
	}
	b, err := loadBaseline(path)
	if err != nil {
		if errors.Is(err, errBaseline) {
			return exitcode.UsageError(c, "--baseline: %v", err)
		}
		return exitcode.Failure(c, "--baseline: %v", err)
	}
	if m.saveDir != "" {
		old, err1 := os.Stat(b.path)
		out, err2 := os.Stat(filepath.Join(m.saveDir, "games.txt"))
		if err1 == nil && err2 == nil && os.SameFile(old, out) {
			return exitcode.UsageError(c, "--baseline: %s is the games.txt of --save-dir, which this match would overwrite: save elsewhere", b.path)
		}
	}
	m.baseline = b
	m.pairTest, m.opts.SPRT = m.opts.SPRT, nil
	return nil
}

// loadOpenings reads --openings and --openings-order.
func (m *matchSetup) loadOpenings(c *cli.Context, cfg engine.Config) error {
	switch order := c.String("openings-order"); order {
	case "sequential":
	case "random":
		m.opts.RandomOrder = true
	default:
		return exitcode.UsageError(c, "--openings-order: want sequential or random, got %q", order)
	}
	files := c.StringSlice("openings")
	if len(files) == 0 {
		return nil
	}
	ops, err := opening.Load(files...)
	if err != nil {
		if errors.Is(err, opening.ErrSyntax) || errors.Is(err, opening.ErrEmpty) {
			return exitcode.UsageError(c, "--openings: %v", err)
		}
		return exitcode.Failure(c, "--openings: %v", err)
	}
	for _, o := range ops {
		cells, err := o.Cells(cfg.Rows, cfg.Cols)
		if err != nil {
			return exitcode.UsageError(c, "--openings: %v", err)
		}
		m.opts.Openings = append(m.opts.Openings, cells)
	}
	if err := opening.Check(ops, cfg); err != nil {
		return exitcode.UsageError(c, "--openings: %v", err)
	}
	m.openings = ops
	return nil
}

// repeatWarning is a warning when the openings come round again before
// the match can end, with no random moves after them: bots that always
// answer a position the same way (engines limited by --nodes) then replay
// earlier games, which make the score and its interval look surer than
// they are. It is empty otherwise.
func (m *matchSetup) repeatWarning() string {
	n := len(m.opts.Openings)
	if n == 0 || m.opts.OpeningMoves > 0 || m.opts.Games <= 2*n {
		return ""
	}
	return fmt.Sprintf("gomoku match: warning: %d games from %d openings play each more than twice; bots that always answer a position the same way (engines limited by --nodes) will replay earlier games: add openings, or random moves after them with --opening N", m.opts.Games, n)
}

// parseTimeControl reads TIME[+INC]: Go durations (5s+200ms) or plain
// seconds (5+0.2).
func parseTimeControl(s string) (game, inc time.Duration, err error) {
	g, i, hasInc := strings.Cut(strings.TrimSpace(s), "+")
	if game, err = parseSeconds(g); err != nil {
		return 0, 0, err
	}
	if hasInc {
		if inc, err = parseSeconds(i); err != nil {
			return 0, 0, err
		}
	}
	if game <= 0 {
		return 0, 0, fmt.Errorf("the game time must be positive, got %q", s)
	}
	return game, inc, nil
}

func parseSeconds(s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		if f < 0 || f > 1e6 || math.IsNaN(f) {
			return 0, fmt.Errorf("%q is out of range", s)
		}
		return time.Duration(f * float64(time.Second)), nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return 0, fmt.Errorf("want a duration like 5s or 200ms, or seconds like 0.2, got %q", s)
	}
	return d, nil
}

// matchEntrants makes one entrant per --bots entry: a built-in bot or an
// external engine (pbrain:PATH[:ARGS]), named by --name where given.
func matchEntrants(specs []string, names string, search ...player.SearchOption) ([]arena.Entrant, error) {
	var custom []string
	if names != "" {
		custom = strings.Split(names, ",")
		if len(custom) != len(specs) {
			return nil, fmt.Errorf("--name gives %d names for %d bots: give one per bot (empty keeps the default)", len(custom), len(specs))
		}
	}
	entrants := make([]arena.Entrant, len(specs))
	for i, spec := range specs {
		spec = strings.TrimSpace(spec)
		name := ""
		if custom != nil {
			name = strings.TrimSpace(custom[i])
		}
		if rest, ok := strings.CutPrefix(spec, enginePrefix); ok {
			cmd, err := manager.ParseProgram(rest)
			if err != nil {
				return nil, fmt.Errorf("--bots: %s: %w", spec, err)
			}
			entrants[i] = arena.External(cmd, name)
			continue
		}
		e, err := arena.Named(strings.ToLower(spec), search...)
		if err != nil {
			return nil, fmt.Errorf("--bots: %w (or pbrain:PATH[:ARGS] for an engine)", err)
		}
		if name != "" {
			e.Name = name
		}
		entrants[i] = e
	}
	return entrants, nil
}

// engineInfo adds each --info N:KEY=VALUE to entrant N's INFO commands,
// in the order given. The match refuses the keys it sets itself and INFO
// for built-in bots (see [arena.Entrant]).
func engineInfo(entrants []arena.Entrant, specs []string) error {
	for _, spec := range specs {
		num, kv, ok1 := strings.Cut(spec, ":")
		key, value, ok2 := strings.Cut(kv, "=")
		n, err := strconv.Atoi(num)
		switch {
		case !ok1 || !ok2 || err != nil:
			return fmt.Errorf("%q: want N:KEY=VALUE, N the engine's place in --bots (from 1)", spec)
		case n < 1 || n > len(entrants):
			return fmt.Errorf("%q: no engine %d among %d bots", spec, n, len(entrants))
		case entrants[n-1].Brain == nil:
			return fmt.Errorf("%q: bot %d is built in, not a Gomocup engine", spec, n)
		}
		cmd := gomocup.Command{Kind: gomocup.CmdInfo, Key: strings.ToLower(key), Value: value}
		entrants[n-1].Info = append(entrants[n-1].Info, cmd)
	}
	return nil
}

func runMatch(c *cli.Context) error {
	m, err := parseMatch(c)
	if err != nil {
		return err
	}
	if w := m.repeatWarning(); w != "" {
		fmt.Fprintln(c.App.ErrWriter, w)
	}
	if m.logPath != "" {
		closeLog, err := m.openLog()
		if err != nil {
			return exitcode.Failure(c, "--log: %v", err)
		}
		defer closeLog()
	}
	match, err := arena.NewMatch(c.Context, m.entrants, m.opts)
	if err != nil {
		if errors.Is(err, arena.ErrBadOptions) {
			return exitcode.UsageError(c, "%v", err)
		}
		return exitcode.Failure(c, "%v", err)
	}
	names := match.Names()
	if m.baseline != nil {
		if err := m.baseline.checkNames(names); err != nil {
			match.Close()
			return exitcode.UsageError(c, "%v", err)
		}
	}
	var summaries *os.File
	if m.saveDir != "" {
		if summaries, err = os.OpenFile(filepath.Join(m.saveDir, "games.txt"), os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644); err != nil {
			match.Close()
			return exitcode.Failure(c, "--save-dir: %v", err)
		}
		defer summaries.Close()
	}
	bar := terminal.NewProgress(c.App.ErrWriter, m.opts.Games, "games", terminal.Is(c.App.ErrWriter))
	live := arena.NewSummary(names, match.Paired())
	onGame := func(r arena.GameResult) error {
		if m.saveDir != "" {
			if err := saveMatchGame(m, names, r); err != nil {
				return err
			}
			if _, err := fmt.Fprintln(summaries, summaryLine(m, names, r)); err != nil {
				return err
			}
		}
		if r.Ending == arena.Forfeit {
			m.forfeits = append(m.forfeits, forfeit{Game: r.Index + 1, Bot: names[r.Seats[r.Loser-1]], Fault: r.Fault.String(),
				Reason: r.Reason, Moves: movesText(m.opts.Config, r.Moves)})
		}
		live.Add(r)
		if m.stats != nil {
			m.stats.addGame(r)
		}
		bar.UpdateNote(r.Index+1, runningNote(live))
		if m.baseline != nil {
			// After the game is saved and counted: a stop here loses none.
			return m.followBaseline(names, r)
		}
		return nil
	}
	sum, runErr := match.Run(c.Context, onGame)
	bar.Done()
	if errors.Is(runErr, errDecided) {
		runErr = nil
	}
	interrupted := runErr != nil && errors.Is(runErr, context.Canceled)
	if runErr != nil && !interrupted {
		return exitcode.Failure(c, "%v", runErr)
	}
	if m.baseline != nil {
		pc := m.baseline.compare(names[0], m.played, m.pairTest)
		m.compared = &pc
	}
	if c.Bool("json") {
		err = writeMatchJSON(c.App.Writer, m, sum, interrupted)
	} else {
		err = writeMatchTable(c.App.Writer, m, sum, interrupted)
		if err == nil && m.stats != nil {
			err = m.stats.write(c.App.Writer, names)
		}
	}
	if err != nil {
		return exitcode.Failure(c, "writing output: %v", err)
	}
	if interrupted {
		return cli.Exit(fmt.Sprintf("gomoku match: interrupted after %d of %d games", sum.Games, m.opts.Games), exitcode.Interrupted)
	}
	return nil
}

// openLog sends the engines' conversation to --log; the returned function
// closes it.
func (m *matchSetup) openLog() (func(), error) {
	f, err := os.Create(m.logPath)
	if err != nil {
		return nil, err
	}
	var mu sync.Mutex
	m.opts.Log = func(game int, name string, in bool, line string) {
		dir := "->"
		if in {
			dir = "<-"
		}
		mu.Lock()
		fmt.Fprintf(f, "%s game %d %s %s %s\n", time.Now().Format("15:04:05.000"), game, name, dir, line)
		mu.Unlock()
	}
	return func() { f.Close() }, nil
}

// saveMatchGame writes one game of the match to the save directory.
func saveMatchGame(m *matchSetup, names []string, r arena.GameResult) error {
	g, err := engine.FromMoves(r.Moves, engine.WithConfig(m.opts.Config))
	if err != nil {
		return fmt.Errorf("game %d: %w", r.Index+1, err)
	}
	seats := make([]string, len(r.Seats))
	for p, e := range r.Seats {
		seats[p] = names[e]
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
	if m.saveFormat == record.SGF {
		rec.Info = sgfResult(m, r)
	}
	ext := map[record.Format]string{record.PSQ: ".psq", record.MoveString: ".txt", record.SGF: ".sgf"}[m.saveFormat]
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
		return 0, fmt.Errorf("want json, psq, moves or sgf, got %q", name)
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
	case f == record.SGF && (!cfg.Bounded() || cfg.Rows > record.MaxSGFSide || cfg.Cols > record.MaxSGFSide):
		return 0, fmt.Errorf("sgf records need a bounded board of at most %d×%d", record.MaxSGFSide, record.MaxSGFSide)
	}
	return f, nil
}
