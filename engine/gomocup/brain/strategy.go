package brain

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player"
	"github.com/gomoku-engine/gomoku/sparse"
)

// ByName is the factory the pbrain command uses: a strategy of the named
// kind (see [player.Names]). The search gets no time limit of its own
// (player.WithBudget(0)), so the move's context deadline, which [Serve]
// sets from the manager's limits, is the only one. One search serves the
// whole session, so that what it learnt on a move (its transposition
// table, its working board) serves the next: it follows the game it is
// given, a new game or a rewritten BOARD included. Its transposition
// table takes half of INFO max_memory (see tableMemory), and it thinks
// on INFO thread_num threads (one, or the threads opts give, until the
// manager says); a new max_memory or thread_num makes a new search at
// the next move. Other strategies are
// made afresh for every move, their seed varying with the number of
// stones so that a random or greedy brain does not repeat itself. opts
// are added to the search's own (for example [player.WithMaxNodes], which
// makes self-play independent of the machine's load); other strategies
// ignore them.
func ByName(name string, seed uint64, opts ...player.SearchOption) (StrategyFactory, error) {
	if _, err := player.ByName(name, seed); err != nil {
		return nil, fmt.Errorf("brain: %w", err)
	}
	if name == "search" {
		kept := &keptSearch{seed: seed, opts: opts}
		kept.s = kept.newSearch(setting{})
		return func(t Think) (engine.Strategy, error) {
			kept.want.Store(setting{memory: t.MaxMemory, threads: t.Threads})
			return kept, nil
		}, nil
	}
	return func(t Think) (engine.Strategy, error) {
		return player.ByName(name, seed+uint64(t.Stones))
	}, nil
}

// tableMemory is the share of the manager's memory limit (INFO
// max_memory, in bytes) that the search's transposition table may take:
// half, leaving the rest to the runtime, the board and the garbage
// collector's headroom. 0 (no limit) keeps the search's default table.
func tableMemory(maxMemory int64) int64 { return max(maxMemory, 0) / 2 }

// keptSearch is one search reused from move to move. A search is not safe
// for concurrent use, and the brain may ask for the next move while a
// search that overran its deadline is still unwinding: that move gets a
// fresh search, with a table of the default size, instead of waiting.
type keptSearch struct {
	mu   sync.Mutex
	seed uint64
	opts []player.SearchOption
	s    *player.Search
	// want is the manager's setting at the latest move, have the one s
	// was made for.
	want atomic.Value // setting
	have setting
	// cur is the search choosing the current move, for Provisional.
	cur atomic.Pointer[player.Search]
}

func (k *keptSearch) Name() string { return k.s.Name() }

// setting is what the manager says of the search's resources: INFO
// max_memory and thread_num (0: not said).
type setting struct {
	memory  int64
	threads int
}

// newSearch makes a search with a table of set.memory/2 bytes (0: the
// default size) thinking on set.threads threads (0: as k.opts say).
func (k *keptSearch) newSearch(set setting) *player.Search {
	opts := append([]player.SearchOption{player.WithBudget(0), player.WithSeed(k.seed)}, k.opts...)
	if set.memory != 0 {
		opts = append(opts, player.WithTableMemory(tableMemory(set.memory)))
	}
	if set.threads != 0 {
		opts = append(opts, player.WithThreads(set.threads))
	}
	return player.NewSearch(opts...)
}

func (k *keptSearch) Choose(ctx context.Context, g *engine.Game, p int) (sparse.Cell, error) {
	s, done := k.take()
	defer done()
	return s.Choose(ctx, g, p)
}

// take returns the search for the move about to be chosen, and the
// function that gives it back: the kept one, remade first when max_memory
// changed, or a fresh one while the kept one still unwinds from an
// overrun.
func (k *keptSearch) take() (*player.Search, func()) {
	if !k.mu.TryLock() {
		s := k.newSearch(setting{})
		k.cur.Store(s)
		return s, func() {}
	}
	if set, _ := k.want.Load().(setting); set != k.have {
		k.s = k.newSearch(set)
		k.have = set
	}
	k.cur.Store(k.s)
	return k.s, k.mu.Unlock
}

// Forget replaces the search with a fresh one, which has learnt nothing:
// YXHASHCLEAR. It waits for a search still unwinding from an overrun.
func (k *keptSearch) Forget() {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.s = k.newSearch(k.have)
}

// Provisional is the best move so far of the search choosing the current
// move (see [player.Search.Provisional]).
func (k *keptSearch) Provisional() (sparse.Cell, bool) {
	if s := k.cur.Load(); s != nil {
		return s.Provisional()
	}
	return sparse.Cell{}, false
}

// LastStats returns the figures of the latest search, and false while a
// search still runs (one that overran its deadline and unwinds).
func (k *keptSearch) LastStats() (player.Stats, bool) {
	if !k.mu.TryLock() {
		return player.Stats{}, false
	}
	defer k.mu.Unlock()
	return k.s.LastStats(), true
}

// Rank is the search's best move for p outside except, with the figures
// of that search, for YXNBEST (see [player.Search.ChooseExcept]).
func (k *keptSearch) Rank(ctx context.Context, g *engine.Game, p int, except []sparse.Cell) (sparse.Cell, player.Stats, error) {
	s, done := k.take()
	defer done()
	c, err := s.ChooseExcept(ctx, g, p, except)
	return c, s.LastStats(), err
}
