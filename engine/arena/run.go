package arena

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/internal/mix"
	"github.com/gomoku-engine/gomoku/engine/player"
	"github.com/gomoku-engine/gomoku/sparse"
)

// Match is a match ready to run: options checked, external brains
// started and ready for the board.
type Match struct {
	entrants []Entrant
	names    []string
	opts     Options
	first    *worker // the brains started by NewMatch, for the first worker
	ran      bool
}

// NewMatch checks the options and entrants and starts every external
// brain once: it must start, answer ABOUT (its name, when the entrant has
// none) and accept the board. Nothing is played. Errors wrap ErrBadOptions
// or ErrBrain. Entrants with the same name are numbered (greedy#1,
// greedy#2). Call Run, or Close to stop the brains without playing.
func NewMatch(ctx context.Context, entrants []Entrant, opts Options) (*Match, error) {
	opts, err := opts.normalise(entrants)
	if err != nil {
		return nil, err
	}
	m := &Match{entrants: entrants, opts: opts, names: make([]string, len(entrants))}
	m.first = m.newWorker()
	for i, e := range entrants {
		m.names[i] = e.Name
		if e.Brain == nil {
			continue
		}
		eng, about, err := m.first.startBrain(ctx, i, 0, true)
		if err != nil {
			m.first.close()
			return nil, fmt.Errorf("%w: %w", ErrBrain, err)
		}
		if m.names[i] == "" {
			m.names[i] = about.Name
			if m.names[i] == "" {
				m.names[i] = e.Brain.Base()
			}
			eng.brain.SetName(m.names[i])
		}
		m.first.brains[i] = eng
	}
	m.names = numberDuplicates(m.names)
	for i, eng := range m.first.brains {
		if eng != nil {
			eng.brain.SetName(m.names[i])
		}
	}
	return m, nil
}

// numberDuplicates numbers names that occur more than once: a, a → a#1, a#2.
func numberDuplicates(names []string) []string {
	count := map[string]int{}
	for _, n := range names {
		count[n]++
	}
	seen := map[string]int{}
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = n
		if count[n] > 1 {
			seen[n]++
			out[i] = fmt.Sprintf("%s#%d", n, seen[n])
		}
	}
	return out
}

// Names are the entrants' display names, in entrant order.
func (m *Match) Names() []string { return m.names }

// Paired reports whether games come in pairs with the seats swapped (two
// entrants rotating seats), so that results are counted by pairs too.
func (m *Match) Paired() bool { return m.opts.paired(len(m.entrants)) }

// Options are the match's options with defaults filled in.
func (m *Match) Options() Options { return m.opts }

// Close stops the brains of a match that will not be run.
func (m *Match) Close() {
	if !m.ran {
		m.ran = true
		m.first.close()
	}
}

// Run plays the games, Options.Concurrency at a time, and returns the
// aggregate. onGame, when not nil, is called after each game in index
// order, from Run's goroutine; an error from it stops the match and is
// returned. Run also stops when ctx is done, when a built-in strategy
// fails or answers a cell that cannot be played (an error wrapping
// [ErrStrategy]), or when the SPRT decides (no error; see
// Summary.Verdict). Games still being played when the match stops are
// abandoned. On every error the summary of the games finished so far is
// returned with it. Every brain process has ended when Run returns.
func (m *Match) Run(ctx context.Context, onGame func(GameResult) error) (*Summary, error) {
	if m.ran {
		return nil, fmt.Errorf("%w: a match runs once", ErrBadOptions)
	}
	m.ran = true
	sum := NewSummary(m.names, m.Paired())
	defer sum.finish()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	type done struct {
		r   GameResult
		err error
	}
	jobs := make(chan int)
	results := make(chan done)
	var wg sync.WaitGroup
	for k := range m.opts.Concurrency {
		w := m.first
		if k > 0 {
			w = m.newWorker()
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer w.close()
			for i := range jobs {
				r, err := w.play(ctx, i)
				select {
				case results <- done{r, err}:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := range m.opts.Games {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	finished := make(chan struct{})
	go func() {
		wg.Wait()
		close(finished)
	}()

	err := m.collect(ctx, sum, onGame, func() (GameResult, error, bool) {
		select {
		case d := <-results:
			return d.r, d.err, true
		case <-finished:
			return GameResult{}, nil, false
		}
	})
	cancel()
	<-finished // the workers have closed their brains
	return sum, err
}

// collect receives results until every game is counted or the match
// stops, counting them in index order.
func (m *Match) collect(ctx context.Context, sum *Summary, onGame func(GameResult) error, next func() (GameResult, error, bool)) error {
	waiting := map[int]GameResult{}
	for counted := 0; counted < m.opts.Games; {
		r, err, ok := next()
		if !ok {
			return ctx.Err()
		}
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return err
		}
		waiting[r.Index] = r
		for {
			r, ok := waiting[counted]
			if !ok {
				break
			}
			delete(waiting, counted)
			counted++
			sum.Add(r)
			if onGame != nil {
				if err := onGame(r); err != nil {
					return err
				}
			}
			if m.sprtDecides(sum, r) {
				return nil
			}
		}
	}
	return nil
}

// sprtDecides updates the SPRT after game r and reports whether it has
// decided. With pairs it is updated when a pair completes.
func (m *Match) sprtDecides(sum *Summary, r GameResult) bool {
	t := m.opts.SPRT
	if t == nil {
		return false
	}
	var pairs float64
	switch {
	case sum.Paired && r.Index%2 == 1:
		sum.LLR = t.LLRPairs(sum.Pairs)
		pairs = float64(sum.Pairs.Pairs())
	case !sum.Paired:
		tri := sum.Trinomial()
		sum.LLR = t.LLR(tri)
		pairs = float64(tri.Games()) / 2
	default:
		return false
	}
	sum.Verdict = t.Decide(sum.LLR, pairs)
	return sum.Verdict != 0
}

// gameSeed is the seed of game index of a match seeded with seed; the
// strategy of entrant e in that game is seeded with entrantSeed.
func gameSeed(seed uint64, index int) uint64 {
	return mix.SplitMix64(seed ^ mix.SplitMix64(uint64(index)))
}

// entrantSeed is the seed entrant e gets in a game seeded with gameSeed.
func entrantSeed(gameSeed uint64, e int) uint64 { return mix.SplitMix64(gameSeed + uint64(e) + 1) }

// openingFor returns the suite opening of game i, or -1, and the seed of
// its random opening moves. Both games of a pair share them.
func (m *Match) openingFor(i int) (int, uint64) {
	o := m.opts
	unit := i
	if o.paired(len(m.entrants)) {
		unit = i / 2
	}
	seed := gameSeed(o.Seed, unit)
	n := len(o.Openings)
	if n == 0 {
		return -1, seed
	}
	k := unit % n
	if o.RandomOrder {
		cycle := uint64(unit / n)
		perm := rand.New(rand.NewPCG(o.Seed, mix.SplitMix64(cycle))).Perm(n)
		k = perm[k]
	}
	return k, seed
}

// limits are one move's time limits; zero means none.
type limits struct {
	move      time.Duration // the limit the move must keep, 0 = none
	tolerance time.Duration
}

// deadline is when a move started at start has lost on time.
func (l limits) deadline(start time.Time) (time.Time, bool) {
	if l.move == 0 {
		return time.Time{}, false
	}
	return start.Add(l.move + l.tolerance), true
}

// overran reports whether a move that took d lost on time.
func (l limits) overran(d time.Duration) bool {
	return l.move != 0 && d > l.move+l.tolerance
}

// clock is one player's game clock.
type clock struct {
	left time.Duration
}

// next is the limit of the player's next move, after the increment.
func (c *clock) next(o Options) limits {
	l := limits{move: o.MoveTime, tolerance: o.Tolerance}
	if o.GameTime > 0 {
		c.left += o.Increment
		// A clock at or below zero still has the tolerance: a tiny
		// positive limit stands for "nothing left".
		left := max(c.left, time.Nanosecond)
		if l.move == 0 || left < l.move {
			l.move = left
		}
		if c.left <= 0 {
			l.tolerance = max(o.Tolerance+c.left, 0)
		}
	}
	return l
}

// pickCell turns x,y from a brain into a cell.
func pickCell(x, y int) sparse.Cell { return sparse.Cell{Row: y, Col: x} }

// playOpening places the game's opening: the suite's position, then the
// random moves.
func (m *Match) playOpening(g *engine.Game, r *GameResult, seed uint64) error {
	if r.OpeningIndex >= 0 {
		for _, c := range m.opts.Openings[r.OpeningIndex] {
			if _, err := g.Play(c.Row, c.Col); err != nil {
				return fmt.Errorf("%w: opening %d: %w", ErrBadOptions, r.OpeningIndex+1, err)
			}
		}
	}
	opener := player.NewRandom(seed)
	target := m.openingLen(r) + m.opts.OpeningMoves
	for g.Len() < target && g.Status() == engine.Ongoing && g.Len() < m.opts.MaxMoves {
		c, err := opener.Choose(context.Background(), g, g.Turn())
		if err != nil {
			return err
		}
		if _, err := g.Play(c.Row, c.Col); err != nil {
			return err
		}
	}
	r.Opening = g.Len()
	return nil
}

// openingLen is the length of the suite position of r.
func (m *Match) openingLen(r *GameResult) int {
	if r.OpeningIndex < 0 {
		return 0
	}
	return len(m.opts.Openings[r.OpeningIndex])
}
