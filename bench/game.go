package bench

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"time"

	"github.com/gomoku-engine/gomoku/bench/cputime"
	"github.com/gomoku-engine/gomoku/engine"
)

// A game case plays one whole game through an [engine.Game], history,
// checker and all, the way gomoku replay does, with every move generated
// as it is played: a game of 10^8 moves then needs no list of them.

// game is what a game case plays.
type game struct {
	spread     string // "scattered" or "clustered"
	k, players int
}

func (g game) sub(n int) string {
	return fmt.Sprintf("play=%s-k%d/marks=%s", g.spread, g.k, Count(int64(n)))
}

func (g game) label() string {
	return fmt.Sprintf("%s, K = %d, %d players", g.spread, g.k, g.players)
}

// games are the two games the series plays: marks scattered over
// 10^9 × 10^9 with K = 5 (the walk), and clustered play with K = 1000 and
// seven players (where the automatic choice is the run-length checker).
var games = []game{{"scattered", 5, 2}, {"clustered", 1000, 7}}

// gameGCPercent is the collector's GOGC while a game case plays, the
// setting gomoku replay uses for the same reason: the heap is almost free
// of pointers, so collecting often is cheap and keeps garbage from the
// peak.
const gameGCPercent = 20

// heldMemory is what the Go runtime holds from the operating system: all
// it mapped, less what it returned.
func heldMemory() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64() - s[1].Value.Uint64()
}

// measureGames measures game cases one after the other; done receives
// each result.
func measureGames(ctx context.Context, cases []Case, seed uint64, done func(Result)) error {
	for _, c := range cases {
		r, err := measureGame(ctx, c, seed)
		if err != nil {
			if ctx.Err() != nil {
				return err
			}
			return fmt.Errorf("%s: %w", c.Name(), err)
		}
		done(r)
	}
	return nil
}

// measureGame plays c's game once and measures the time its moves took,
// the live heap it leaves, and the most memory the runtime held while it
// played, above what it held before. Moves are generated a batch at a
// time, outside the timing, into a buffer made before the game starts,
// as is everything else the generator needs.
func measureGame(ctx context.Context, c Case, seed uint64) (Result, error) {
	defer debug.SetGCPercent(debug.SetGCPercent(gameGCPercent))
	fill := scatteredMoves(seed)
	if c.Spread == "clustered" {
		fill = clusteredMoves(c.Marks, seed)
	}
	buf := make([]Move, 0, gameBatch)
	runtime.GC()
	debug.FreeOSMemory()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	heapBefore, held := ms.HeapAlloc, heldMemory()
	g, err := engine.New(engine.WithK(c.K), engine.WithPlayers(c.Players))
	if err != nil {
		return Result{}, err
	}
	peak := held
	var r rep
	played := 0
	for played < c.Marks {
		if err := ctx.Err(); err != nil {
			return Result{}, err
		}
		peak = max(peak, heldMemory())
		if buf = fill(buf[:0]); len(buf) == 0 {
			return Result{}, fmt.Errorf("the workload ran out after %d moves", played)
		}
		c0, cpuOK := cputime.Process()
		start := time.Now()
		for _, m := range buf[:min(len(buf), c.Marks-played)] {
			out, err := g.Play(int(m.Row), int(m.Col))
			if errors.Is(err, engine.ErrOccupied) {
				continue // a scattered cell drawn twice, which Scattered skips too
			}
			if err != nil {
				return Result{}, fmt.Errorf("move %d: %w", played+1, err)
			}
			if out != engine.Ongoing {
				return Result{}, fmt.Errorf("the game ended at move %d, before its %d moves", played+1, c.Marks)
			}
			played++
		}
		wall := time.Since(start)
		r.wall += wall
		if c1, ok := cputime.Process(); ok && cpuOK {
			r.cpu += c1 - c0
		} else {
			r.cpu += wall
		}
	}
	peak = max(peak, heldMemory())
	runtime.GC()
	runtime.ReadMemStats(&ms)
	runtime.KeepAlive(g)
	// The generator and the buffer were counted before the game.
	runtime.KeepAlive(fill)
	runtime.KeepAlive(buf)
	n := float64(played)
	return Result{Case: c, Moves: played, Reps: 1,
		NsPerMove: float64(r.cpu) / n, WallNsPerMove: float64(r.wall) / n,
		BytesPerMark:     float64(int64(ms.HeapAlloc)-int64(heapBefore)) / n,
		PeakBytesPerMark: float64(peak-held) / n,
	}, nil
}

// gameBatch is how many moves a game case generates at a time.
const gameBatch = 1 << 16

// scatteredMoves draws the moves of [Scattered] over 10^9 × 10^9 for the
// same seed, but for the repeats, which the game refuses and skips.
func scatteredMoves(seed uint64) func([]Move) []Move {
	rng := rand.New(rand.NewPCG(seed, 0x5ca7))
	return func(buf []Move) []Move {
		for len(buf) < cap(buf) {
			buf = append(buf, Move{Row: int32(rng.Int64N(1e9)), Col: int32(rng.Int64N(1e9))})
		}
		return buf
	}
}

// clusteredMoves generates the moves of [Clustered] for n marks and seed.
func clusteredMoves(n int, seed uint64) func([]Move) []Move {
	g := newClusterGen(n, 0, 0, rand.New(rand.NewPCG(seed, 0x5eed)))
	// Room for the largest frontier up front (about n/4 at 10^5 marks, a
	// smaller share at more), so that it does not grow during the game.
	g.frontier = slices.Grow(g.frontier, n/3)
	return func(buf []Move) []Move {
		for len(buf) < cap(buf) {
			m, ok := g.next()
			if !ok {
				break
			}
			buf = append(buf, m)
		}
		return buf
	}
}
