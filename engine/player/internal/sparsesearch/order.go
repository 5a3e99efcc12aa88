package sparsesearch

import (
	"slices"

	"github.com/gomoku-engine/gomoku/engine/internal/cellkey"
)

// Scored is a candidate cell with its ordering score.
type Scored struct {
	Key   uint64
	Score int64
}

// byScore orders candidates best first, then by cell for determinism.
func byScore(a, b Scored) int {
	switch {
	case a.Score != b.Score:
		if a.Score > b.Score {
			return -1
		}
		return 1
	}
	return cellkey.Compare(a.Key, b.Key)
}

// SortedCells returns a set's cells in row-major order.
func SortedCells[V any](m map[uint64]V) []uint64 {
	out := make([]uint64, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.SortFunc(out, cellkey.Compare)
	return out
}

// Candidates appends to out the empty cells near a mark, scored for mover
// and sorted best first; with limit > 0, only the best limit of them. The
// limit spares sorting a hundred cells to keep a dozen: the best are kept
// sorted as they come, by insertion.
func (t *Tracker) Candidates(mover, limit int, out []Scored) []Scored {
	base := len(out)
	for key := range t.pool() {
		r, c := cellkey.Unpack(key)
		if t.g.At(r, c) != 0 {
			continue
		}
		cand := Scored{key, t.MoveScore(key, mover)}
		if limit <= 0 {
			out = append(out, cand)
			continue
		}
		kept := out[base:]
		if len(kept) == limit && byScore(cand, kept[limit-1]) >= 0 {
			continue
		}
		i, _ := slices.BinarySearchFunc(kept, cand, byScore)
		if len(kept) < limit {
			out = append(out, Scored{})
			kept = out[base:]
		}
		copy(kept[i+1:], kept[i:len(kept)-1])
		kept[i] = cand
	}
	if limit <= 0 {
		slices.SortFunc(out[base:], byScore)
	}
	return out
}

// localPool is the number of candidate cells above which the search stops
// considering every empty cell near a mark: on a board of thousands of
// marks that would make each node cost thousands of cell reads.
const localPool = 1024

// multiLocalPool is localPool for three or more players, whose searches
// spend most of their time ordering candidates: their games are long and
// their marks many, while the fight is around the latest moves.
const multiLocalPool = 256

// recentMoves is how many of the latest moves a local pool surrounds.
const recentMoves = 16

// pool yields the cells to consider, each once, in no particular order:
// every empty cell near a mark while there are at most localPool of them,
// else the cells near the latest moves (the search's own included) and
// every cell that makes or completes a four for anyone, so that no threat
// anywhere on the board is overlooked.
func (t *Tracker) pool() func(yield func(uint64) bool) {
	return func(yield func(uint64) bool) {
		if len(t.near) <= t.poolLimit {
			for key := range t.near {
				if !yield(key) {
					return
				}
			}
			return
		}
		seen := make(map[uint64]struct{}, recentMoves*25)
		emit := func(key uint64) bool {
			if _, dup := seen[key]; dup {
				return true
			}
			seen[key] = struct{}{}
			return yield(key)
		}
		for i := max(0, t.g.Len()-recentMoves); i < t.g.Len(); i++ {
			m, _ := t.g.MoveAt(i)
			for dr := -t.radius; dr <= t.radius; dr++ {
				for dc := -t.radius; dc <= t.radius; dc++ {
					if t.onBoard(m.Row+dr, m.Col+dc) && !emit(cellkey.Pack(m.Row+dr, m.Col+dc)) {
						return
					}
				}
			}
		}
		for p := 1; p <= t.n; p++ {
			for _, m := range []map[uint64]int32{t.fours[p], t.threes[p]} {
				for key := range m {
					if !emit(key) {
						return
					}
				}
			}
		}
	}
}

// MoveScore is the one-move gain of mover marking the empty (r, c): what
// its own live windows through the cell gain, plus the worth of the
// opponents' live windows it kills. It is the change of the evaluation
// (bar windows still empty), so ordering by it tries first the moves a
// static look prefers.
func (t *Tracker) MoveScore(key uint64, mover int) int64 {
	var v int64
	for p := 1; p <= t.n; p++ {
		g := t.gain[p][key]
		if p == mover {
			v += 2 * g.attack
		} else {
			v += g.defence
		}
	}
	return v
}

// ForcingCands lists the cells where a's mark would leave at least need
// winning cells, best first: a cell can leave no more winning cells than
// the windows one mark short of a four that pass through it.
func (t *Tracker) ForcingCands(a, need int) []uint64 {
	var out []Scored
	for key, n := range t.threes[a] {
		if int(n) >= need {
			out = append(out, Scored{key, int64(n)<<32 + t.MoveScore(key, a)>>8})
		}
	}
	slices.SortFunc(out, byScore)
	keys := make([]uint64, len(out))
	for i, c := range out {
		keys[i] = c.Key
	}
	return keys
}
