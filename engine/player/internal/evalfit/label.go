package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/gomocup/manager"
	"github.com/gomoku-engine/gomoku/engine/internal/atomicfile"
	"github.com/gomoku-engine/gomoku/engine/internal/cliexit"
	"github.com/gomoku-engine/gomoku/engine/player/internal/duel"
	"github.com/gomoku-engine/gomoku/engine/record"
)

// labelCommand has an engine evaluate positions of saved games, and
// positions one move away from them, one by one, and writes a positions
// file for the fit.
func labelCommand() *cli.Command {
	return &cli.Command{
		Name:      "label",
		Usage:     "have a Gomocup engine evaluate the positions of saved games and their neighbours",
		ArgsUsage: "DIR|games.txt|FILE" + reachSuffix + " ...",
		Description: "Replays the games (as the fit does) and, at every EVERY-th quiet position from\n" +
			"the fourth move on, asks the engine for its move with BOARD ... DONE under\n" +
			"MOVE-TIME and keeps the evaluation of its last MESSAGE line (\"Eval E\", as Rapfi\n" +
			"prints); then as often for SIBLINGS positions reached instead by another move,\n" +
			"a random empty cell within two of a stone: the moves a search weighs and a game\n" +
			"never shows. Positions the search would not evaluate, and those the engine\n" +
			"answers without an evaluation, are left out. The positions file (a line\n" +
			"\"SIZE RULE GROUP MOVES EVAL\") is written atomically, with what was done when\n" +
			"interrupted; name it *" + positionsSuffix + " and give it to the fit. The positions\n" +
			"of a *" + reachSuffix + " file (see `evalfit reach --help`) are labelled as they are,\n" +
			"without siblings.\n\n" +
			"Example:\n" +
			"   go run ./engine/player/internal/evalfit label --engine /opt/pbrain-rapfi --move-time 100ms \\\n" +
			"       --every 2 --siblings 1 --out ours-positions.txt games/\n" +
			"   go run ./engine/player/internal/evalfit --eval-weight 0.5 games/ ours-positions.txt",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "engine", Required: true, Usage: "the engine's `PATH` (PATH:ARGS with arguments)"},
			&cli.DurationFlag{Name: "move-time", Value: 100 * time.Millisecond, Usage: "the engine's time per position, `DURATION` (INFO timeout_turn)"},
			&cli.IntFlag{Name: "every", Value: 1, Usage: "label every `N`-th position of a game"},
			&cli.IntFlag{Name: "siblings", Value: 1, Usage: "`N` positions one other move away for each one labelled"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "the siblings' random `SEED`"},
			&cli.StringFlag{Name: "out", Required: true, Usage: "the positions `FILE`"},
		}, boardFlags()...),
		Action: label,
	}
}

// label is the label command's action.
func label(c *cli.Context) error {
	if c.NArg() == 0 {
		return cli.Exit("label: no games: name DIR or games.txt files (see --help)", cliexit.Usage)
	}
	every, siblings, moveTime := c.Int("every"), c.Int("siblings"), c.Duration("move-time")
	if every < 1 || siblings < 0 || moveTime <= 0 {
		return cli.Exit(fmt.Sprintf("label: --every %d --siblings %d --move-time %v: want at least 1, 0 and a positive time", every, siblings, moveTime), cliexit.Usage)
	}
	cfg, err := commandBoard(c, "label")
	if err != nil {
		return err
	}
	prog, err := manager.ParseProgram(c.String("engine"))
	if err != nil {
		return cli.Exit(fmt.Sprintf("label: %v", err), cliexit.Usage)
	}
	var gameArgs []string
	var fixed []position
	for _, p := range c.Args().Slice() {
		if !isReach(p) {
			gameArgs = append(gameArgs, p)
			continue
		}
		ps, err := readPositions(p, false)
		if err != nil {
			return cli.Exit(fmt.Sprintf("label: %v", err), cliexit.Fail)
		}
		fixed = append(fixed, ps...)
	}
	games, err := labelGames(gameArgs, cfg)
	if err != nil {
		return cli.Exit(fmt.Sprintf("label: %v", err), cliexit.Fail)
	}
	l := &labeller{ev: manager.NewEvaluator(prog, manager.WithThinkTime(moveTime)), errOut: c.App.ErrWriter}
	defer l.close()
	rng := rand.New(rand.NewPCG(c.Uint64("seed"), 0))
	var out []position
	keep := func(p position) { out = append(out, p) }
	err = l.run(c.Context, games, every, siblings, rng, keep)
	if err == nil {
		err = l.runPositions(c.Context, fixed, keep)
	}
	fmt.Fprintf(c.App.ErrWriter, "%d positions labelled from %d games and %d positions of %s files\n", len(out), len(games), len(fixed), reachSuffix)
	return finish("label", c.String("out"), out, err)
}

// finish writes the positions to path (atomically, also when the run
// that found them ended in err) and is the exit of subcommand cmd.
func finish(cmd, path string, ps []position, err error) error {
	werr := atomicfile.Write(path, func(w io.Writer) error {
		for _, p := range ps {
			if _, err := fmt.Fprintln(w, p); err != nil {
				return err
			}
		}
		return nil
	})
	if err == nil {
		err = werr
	}
	if err != nil {
		return cli.Exit(fmt.Sprintf("%s: %v", cmd, err), cliexit.Fail)
	}
	return nil
}

// labelGame is a game to label: its board, its group in the positions
// file and its moves.
type labelGame struct {
	cfg   engine.Config
	group string
	moves []record.Move
}

// boardFlags are the --size and --rule of the games.txt files named
// alone, shared by the fit and its subcommands.
func boardFlags() []cli.Flag {
	return []cli.Flag{
		&cli.IntFlag{Name: "size", Value: 15, Usage: "a games.txt file's board is `N`×N"},
		&cli.StringFlag{Name: "rule", Value: "freestyle", Usage: "a games.txt file's `RULE`: freestyle or exact"},
	}
}

// commandBoard is the board and rule of a subcommand's --size and
// --rule, for the games.txt files named alone.
func commandBoard(c *cli.Context, cmd string) (engine.Config, error) {
	rule, err := engine.ParseRule(c.String("rule"))
	if err != nil {
		return engine.Config{}, cli.Exit(fmt.Sprintf("%s: --rule: %v", cmd, err), cliexit.Usage)
	}
	cfg := engine.DefaultConfig()
	cfg.Rows, cfg.Cols, cfg.Rule = c.Int("size"), c.Int("size"), rule
	if _, err := duel.NewReplay(cfg); err != nil || rule == engine.Renju || cfg.Cols > 26 {
		return engine.Config{}, cli.Exit(fmt.Sprintf("%s: --size %d --rule %v: not a board the fit replays", cmd, cfg.Rows, rule), cliexit.Usage)
	}
	return cfg, nil
}

// labelGames are the distinct games of the DIRs and games.txt files
// named, each with its board (cfg for a games.txt named alone) and its
// group: the file's folder and name and the game's rank in it.
func labelGames(paths []string, cfg engine.Config) ([]labelGame, error) {
	var games []labelGame
	for _, p := range paths {
		in := input{path: p, cfg: cfg}
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			in.path = filepath.Join(p, "games.txt")
			if in.cfg, err = dirConfig(p, cfg); err != nil {
				return nil, err
			}
		}
		if in.cfg.Cols > 26 {
			return nil, fmt.Errorf("%s: a board wider than 26 columns has no move strings", p)
		}
		gs, err := gamesIn(in)
		if err != nil {
			return nil, err
		}
		for i, g := range gs {
			games = append(games, labelGame{cfg: in.cfg, group: fmt.Sprintf("%s#%d", filepath.Base(filepath.Dir(in.path))+"/"+filepath.Base(in.path), i+1), moves: g})
		}
	}
	return games, nil
}

// gamesIn are the distinct games of in's games.txt that the fit would
// take, in order.
func gamesIn(in input) ([][]record.Move, error) {
	data, err := os.ReadFile(in.path)
	if err != nil {
		return nil, err
	}
	var out [][]record.Move
	seen := map[string]bool{}
	for _, line := range strings.Split(string(data), "\n") {
		moves, _, ok := parseSummary(line)
		if id := fmt.Sprint(moves); ok && !seen[id] {
			seen[id] = true
			out = append(out, moves)
		}
	}
	return out, nil
}

// labeller asks one engine process for evaluations.
type labeller struct {
	ev     *manager.Evaluator
	errOut io.Writer
}

func (l *labeller) close() { l.ev.Close() }

// evaluate is the engine's evaluation of the position after moves, for
// the side to move then, as it printed it, or "" when it printed none.
func (l *labeller) evaluate(ctx context.Context, cfg engine.Config, moves []record.Move) (string, error) {
	r, err := l.ev.Evaluate(ctx, manager.Position{Rows: cfg.Rows, Cols: cfg.Cols, Rule: cfg.Rule, Moves: record.Cells(moves)})
	if errors.Is(err, manager.ErrNoEval) {
		return "", nil
	}
	return r.Field, err
}

// run labels the games' positions and their siblings, passing each
// labelled one to keep, until done or ctx ends.
func (l *labeller) run(ctx context.Context, games []labelGame, every, siblings int, rng *rand.Rand, keep func(position)) error {
	for gi, g := range games {
		for n := 3; n < len(g.moves); n++ {
			if (n-3)%every != 0 {
				continue
			}
			cands := []([]record.Move){g.moves[:n:n]}
			for _, c := range siblingMoves(g.cfg, g.moves[:n], g.moves[n], siblings, rng) {
				cands = append(cands, append(g.moves[:n:n], c))
			}
			for _, moves := range cands {
				if !quiet(g.cfg, moves) {
					continue
				}
				e, err := l.evaluate(ctx, g.cfg, moves)
				if err != nil {
					return err
				}
				if e != "" {
					keep(position{cfg: g.cfg, group: g.group, moves: moves, eval: e})
				}
			}
		}
		if (gi+1)%20 == 0 {
			fmt.Fprintf(l.errOut, "%d of %d games labelled\n", gi+1, len(games))
		}
	}
	return nil
}

// runPositions labels the positions one by one, passing each labelled
// one to keep, until done or ctx ends.
func (l *labeller) runPositions(ctx context.Context, ps []position, keep func(position)) error {
	for n, p := range ps {
		if !quiet(p.cfg, p.moves) {
			continue
		}
		e, err := l.evaluate(ctx, p.cfg, p.moves)
		if err != nil {
			return err
		}
		if e != "" {
			p.eval = e
			keep(p)
		}
		if (n+1)%500 == 0 {
			fmt.Fprintf(l.errOut, "%d of %d positions labelled\n", n+1, len(ps))
		}
	}
	return nil
}

// quiet reports whether the search would evaluate the position after
// moves (see [duel.Replay.Features]).
func quiet(cfg engine.Config, moves []record.Move) bool {
	b, err := duel.NewReplay(cfg)
	if err != nil {
		return false
	}
	for _, m := range moves {
		if !b.Play(m.Row, m.Col) {
			return false
		}
	}
	_, _, ok := b.Features()
	return ok
}

// siblingMoves are up to n distinct random empty cells within two of a
// stone of moves, other than played.
func siblingMoves(cfg engine.Config, moves []record.Move, played record.Move, n int, rng *rand.Rand) []record.Move {
	taken := map[record.Move]bool{{Row: played.Row, Col: played.Col}: true}
	for _, m := range moves {
		taken[record.Move{Row: m.Row, Col: m.Col}] = true
	}
	var near []record.Move
	added := map[record.Move]bool{}
	for _, m := range moves {
		for dr := -2; dr <= 2; dr++ {
			for dc := -2; dc <= 2; dc++ {
				c := record.Move{Row: m.Row + dr, Col: m.Col + dc}
				if c.Row < 0 || c.Col < 0 || c.Row >= cfg.Rows || c.Col >= cfg.Cols || taken[c] || added[c] {
					continue
				}
				added[c] = true
				near = append(near, c)
			}
		}
	}
	rng.Shuffle(len(near), func(i, j int) { near[i], near[j] = near[j], near[i] })
	return near[:min(n, len(near))]
}
