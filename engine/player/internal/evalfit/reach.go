package main

import (
	"context"
	"fmt"
	"io"
	"sync/atomic"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/internal/cliexit"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
	"github.com/gomoku-engine/gomoku/engine/player/internal/duel"
	"github.com/gomoku-engine/gomoku/engine/record"
	"github.com/gomoku-engine/gomoku/sparse"
)

// reachCommand collects positions whose static value the search uses,
// from searches on the positions of saved games, for label to label.
func reachCommand() *cli.Command {
	return &cli.Command{
		Name:      "reach",
		Usage:     "collect positions the search evaluates, from searches on saved games' positions",
		ArgsUsage: "DIR|games.txt ...",
		Description: "Replays the games (as the fit does) and, at every EVERY-th position from the\n" +
			"fourth move on, searches as the brain plays (the two-player search, NODES nodes,\n" +
			"threat searches on, its tables kept from move to move of a game), keeping a\n" +
			"sample of the positions whose static value it uses (its leaves, and the nodes\n" +
			"futility prunes): one in RATE by a hash of the position and SEED, at most MOST\n" +
			"a search, each position once, only those the fit accepts. These are the\n" +
			"positions the evaluation decides, unlike a game's: lines where a side played\n" +
			"poor moves, quiet positions after forcing sequences. The same games, flags and\n" +
			"build give the same file. The reach file (a line \"SIZE RULE GROUP MOVES\", the\n" +
			"group the game's) is written atomically; name it *" + reachSuffix + " and give it\n" +
			"to label, whose positions file the fit reads.\n\n" +
			"Example:\n" +
			"   go run ./engine/player/internal/evalfit reach --nodes 25000 --out r-reach.txt games/\n" +
			"   go run ./engine/player/internal/evalfit label --engine /opt/pbrain-rapfi --move-time 70ms \\\n" +
			"       --out r-positions.txt r-reach.txt\n" +
			"   go run ./engine/player/internal/evalfit --eval-weight 0.5 games/ r-positions.txt",
		Flags: append([]cli.Flag{
			&cli.Int64Flag{Name: "nodes", Value: 25000, Usage: "each search's `N` nodes"},
			&cli.IntFlag{Name: "every", Value: 2, Usage: "search every `N`-th position of a game"},
			&cli.Uint64Flag{Name: "rate", Value: 4096, Usage: "keep one position in `N` the search evaluates"},
			&cli.IntFlag{Name: "most", Value: 2, Usage: "keep at most `N` positions a search"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "the sample's `SEED`"},
			&cli.StringFlag{Name: "out", Required: true, Usage: "the reach `FILE`"},
		}, boardFlags()...),
		Action: reach,
	}
}

// reach is the reach command's action.
func reach(c *cli.Context) error {
	if c.NArg() == 0 {
		return cli.Exit("reach: no games: name DIR or games.txt files (see --help)", cliexit.Usage)
	}
	r := reacher{nodes: c.Int64("nodes"), every: c.Int("every"), rate: c.Uint64("rate"), most: c.Int("most"), seed: c.Uint64("seed")}
	if r.nodes < 1 || r.every < 1 || r.rate < 1 || r.most < 1 {
		return cli.Exit(fmt.Sprintf("reach: --nodes %d --every %d --rate %d --most %d: want at least 1 each", r.nodes, r.every, r.rate, r.most), cliexit.Usage)
	}
	cfg, err := commandBoard(c, "reach")
	if err != nil {
		return err
	}
	games, err := labelGames(c.Args().Slice(), cfg)
	if err != nil {
		return cli.Exit(fmt.Sprintf("reach: %v", err), cliexit.Fail)
	}
	out, err := r.collect(c.Context, games, c.App.ErrWriter)
	fmt.Fprintf(c.App.ErrWriter, "%d positions kept from %d searches of %d games\n", len(out), r.searches, len(games))
	return finish("reach", c.String("out"), out, err)
}

// reacher samples the positions searches evaluate.
type reacher struct {
	nodes    int64
	every    int
	rate     uint64
	most     int
	seed     uint64
	searches int
	seen     map[uint64]bool
	// left is how many more positions the current search may keep.
	left int
}

// collect searches the games' positions and returns the positions kept,
// in the order met, until done or ctx ends.
func (r *reacher) collect(ctx context.Context, games []labelGame, errOut io.Writer) ([]position, error) {
	r.seen = map[uint64]bool{}
	var out []position
	for gi, lg := range games {
		g, err := engine.New(engine.WithConfig(lg.cfg))
		if err != nil {
			return out, err
		}
		ds := &duel.State{}
		ds.SetHorizon(&duel.Horizon{
			Keep: r.keep,
			Record: func(marks []sparse.Cell) {
				if p, ok := reached(lg, marks); ok {
					out = append(out, p)
					r.left--
				}
			},
		})
		for n, m := range lg.moves {
			if n >= 3 && (n-3)%r.every == 0 {
				if err := ctx.Err(); err != nil {
					return out, err
				}
				r.search(ctx, ds, g)
			}
			if _, err := g.Play(m.Row, m.Col); err != nil {
				return out, fmt.Errorf("%s: %w", lg.group, err)
			}
		}
		if (gi+1)%20 == 0 {
			fmt.Fprintf(errOut, "%d of %d games searched, %d positions kept\n", gi+1, len(games), len(out))
		}
	}
	return out, nil
}

// search runs the brain's search on g's position, as it plays at a node
// budget.
func (r *reacher) search(ctx context.Context, ds *duel.State, g *engine.Game) {
	if fits, warm := ds.Sync(g, time.Time{}); !fits || !warm {
		return
	}
	r.searches++
	r.left = r.most
	var st core.Stats
	ds.Choose(ctx, g, g.Turn(), brainLimits(r.nodes), &st, &atomic.Pointer[sparse.Cell]{})
}

// keep is the sample: a position not seen before whose key, mixed with
// the seed, falls in one of rate buckets, while the search may keep more.
func (r *reacher) keep(key uint64) bool {
	if r.left <= 0 || mix64(key^r.seed)%r.rate != 0 || r.seen[key] {
		return false
	}
	r.seen[key] = true
	return true
}

// reached is the position of marks, a search's from the game g, when the
// fit accepts it.
func reached(g labelGame, marks []sparse.Cell) (position, bool) {
	moves := make([]record.Move, len(marks))
	for n, m := range marks {
		moves[n] = record.Move{Row: m.Row, Col: m.Col}
	}
	if !quiet(g.cfg, moves) {
		return position{}, false
	}
	return position{cfg: g.cfg, group: g.group, moves: moves}, true
}

// mix64 scrambles a key (SplitMix64's finaliser), so that the sample does
// not follow the Zobrist key's bits.
func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// brainLimits are a search's limits as the brain sets them at nodes a
// move: no depth or time limit, the default width, threat searches on.
func brainLimits(nodes int64) core.Limits {
	return core.Limits{Start: time.Now(), MaxDepth: core.MaxDepth, MaxNodes: nodes, Width: core.DefaultWidth, VCF: true, VCT: true}
}
