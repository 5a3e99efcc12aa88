package arena

import (
	"context"
	"fmt"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player"
	"github.com/gomoku-engine/gomoku/sparse"
)

// Run plays opts.Games games between the entrants and returns the
// aggregate. onGame, when not nil, is called after each game in order; an
// error from it stops the match and is returned. Run also stops when ctx
// is done, or when a strategy fails or answers a cell that cannot be
// played (an error wrapping [ErrStrategy]). On every error the summary of
// the games finished so far is returned with it.
func Run(ctx context.Context, entrants []Entrant, opts Options, onGame func(GameResult) error) (*Summary, error) {
	opts, err := opts.normalise(entrants)
	if err != nil {
		return nil, err
	}
	sum := newSummary(entrants)
	defer sum.finish()
	for i := range opts.Games {
		if err := ctx.Err(); err != nil {
			return sum, err
		}
		r, err := playGame(ctx, entrants, opts, i)
		if err != nil {
			return sum, err
		}
		sum.add(r)
		if onGame != nil {
			if err := onGame(r); err != nil {
				return sum, err
			}
		}
	}
	return sum, nil
}

// GameSeed is the seed of game index of a match seeded with seed; the
// strategy of entrant e in that game is seeded with EntrantSeed.
func GameSeed(seed uint64, index int) uint64 { return mix(seed ^ mix(uint64(index))) }

// EntrantSeed is the seed entrant e gets in a game seeded with gameSeed.
func EntrantSeed(gameSeed uint64, e int) uint64 { return mix(gameSeed + uint64(e) + 1) }

// playGame plays game i of a match.
func playGame(ctx context.Context, entrants []Entrant, opts Options, i int) (GameResult, error) {
	start := time.Now()
	seed := GameSeed(opts.Seed, i)
	r := GameResult{Index: i, Seed: seed, Seats: opts.seats(i, len(entrants))}
	g, err := engine.New(engine.WithConfig(opts.Config))
	if err != nil {
		return r, err
	}
	strategies := make([]engine.Strategy, len(entrants))
	for e, ent := range entrants {
		strategies[e] = ent.New(EntrantSeed(seed, e))
	}
	opener := player.NewRandom(seed)
	for g.Status() == engine.Ongoing && g.Len() < opts.MaxMoves {
		p := g.Turn()
		e := r.Seats[p-1]
		var (
			s     engine.Strategy = strategies[e]
			think time.Duration
		)
		if g.Len() < opts.OpeningMoves {
			s = opener
		}
		cell, think, err := choose(ctx, s, g, p, opts.MoveTime)
		if err != nil {
			if ctx.Err() != nil {
				return r, ctx.Err()
			}
			return r, fmt.Errorf("%w: game %d, move %d, player %d (%s): %w", ErrStrategy, i+1, g.Len()+1, p, entrants[e].Name, err)
		}
		if _, err := g.Play(cell.Row, cell.Col); err != nil {
			return r, fmt.Errorf("%w: game %d, move %d, player %d (%s) chose an illegal cell: %w", ErrStrategy, i+1, g.Len()+1, p, entrants[e].Name, err)
		}
		if g.Len() <= opts.OpeningMoves {
			think = 0
		}
		r.Think = append(r.Think, think)
	}
	r.Moves = g.History()
	r.Opening = min(opts.OpeningMoves, len(r.Moves))
	switch g.Status() {
	case engine.Won:
		r.Ending, r.Winner = Win, g.Winner()
	case engine.Drawn:
		r.Ending = Draw
	default:
		r.Ending = MoveLimit
	}
	r.Duration = time.Since(start)
	return r, nil
}

// choose asks s for a cell under the per-move deadline and times it.
func choose(ctx context.Context, s engine.Strategy, g *engine.Game, p int, limit time.Duration) (c sparse.Cell, d time.Duration, err error) {
	if limit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, limit)
		defer cancel()
	}
	t := time.Now()
	c, err = s.Choose(ctx, g, p)
	return c, time.Since(t), err
}
