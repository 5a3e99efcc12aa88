package player

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
	"github.com/gomoku-engine/gomoku/engine/player/internal/history"
	"github.com/gomoku-engine/gomoku/engine/renju"
	"github.com/gomoku-engine/gomoku/sparse"
)

// denseLimit is the largest bounded board, in cells, for which [Random]
// keeps a set of the empty cells (two int32 per cell: 8 MiB at the limit).
// On larger boards it samples cells at random and retries occupied ones,
// which is O(1) expected while at least half the board is empty, and falls
// back to an exact pick that walks the marks when the board is crowded.
const denseLimit = 1 << 20

// nearRadius is how far from an existing mark Random plays on an
// unbounded board.
const nearRadius = 2

// sampleTries bounds rejection sampling before the exact fallback.
const sampleTries = 64

// Random picks a uniformly random legal cell. On a bounded board of at most
// 2^20 cells it builds a set of the empty cells on its first move
// (O(area), once per game) and then keeps it in step with the game's
// history, so each pick is O(1) plus O(1) per move played since its last
// call. On larger bounded boards it samples cells and retries occupied
// ones. On an unbounded board it picks a random existing mark and a random
// empty cell within distance 2 of it; the first move is the origin.
type Random struct {
	rng *rand.Rand
	set emptySet
}

// NewRandom returns a random player with its own source seeded by seed.
func NewRandom(seed uint64) *Random {
	return &Random{rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

// Name is "random".
func (r *Random) Name() string { return "random" }

// Choose returns a random empty cell.
func (r *Random) Choose(_ context.Context, g *engine.Game, player int) (sparse.Cell, error) {
	if err := checkAsk(g, player); err != nil {
		return sparse.Cell{}, err
	}
	cfg := g.Config()
	var c sparse.Cell
	switch {
	case !cfg.Bounded():
		c = r.near(g, player)
	case cfg.Rows*cfg.Cols <= denseLimit:
		c = r.set.pick(g, r.rng)
	default:
		c = r.sample(g)
	}
	if core.Forbidden(g, player, c) {
		return r.allowed(g, player)
	}
	return c, nil
}

// allowed picks uniformly among the cells renju allows black when the
// first pick was forbidden: a few more random picks (which keep the
// choice uniform over the allowed cells), then every candidate.
func (r *Random) allowed(g *engine.Game, player int) (sparse.Cell, error) {
	cfg := g.Config()
	var cells []sparse.Cell
	switch {
	case !cfg.Bounded():
		for range sampleTries {
			if c := r.near(g, player); !core.Forbidden(g, player, c) {
				return c, nil
			}
		}
		cells = core.Neighbours(g, nearRadius)
	case cfg.Rows*cfg.Cols <= denseLimit:
		for range sampleTries {
			if c := r.set.pick(g, r.rng); !core.Forbidden(g, player, c) {
				return c, nil
			}
		}
		for _, i := range r.set.cells {
			cells = append(cells, sparse.Cell{Row: int(i) / r.set.cols, Col: int(i) % r.set.cols})
		}
		slices.SortFunc(cells, sparse.Cell.Compare)
	default:
		for range sampleTries {
			if c := r.sample(g); !core.Forbidden(g, player, c) {
				return c, nil
			}
		}
		// A board this large with every sampled cell forbidden is
		// crowded near black's stones only: look there.
		cells = core.Neighbours(g, renju.Radius)
	}
	cells = slices.DeleteFunc(cells, func(c sparse.Cell) bool { return core.Forbidden(g, player, c) })
	if len(cells) == 0 {
		return sparse.Cell{}, fmt.Errorf("player: %w: every empty cell near the stones is", engine.ErrForbidden)
	}
	return cells[r.rng.IntN(len(cells))], nil
}

// near picks close to a random mark of an unbounded board, a cell renju
// allows player when a few tries find one.
func (r *Random) near(g *engine.Game, player int) sparse.Cell {
	if g.Len() == 0 {
		return sparse.Cell{}
	}
	span := 2*nearRadius + 1
	for range sampleTries {
		m, _ := g.MoveAt(r.rng.IntN(g.Len()))
		row := m.Row + r.rng.IntN(span) - nearRadius
		col := m.Col + r.rng.IntN(span) - nearRadius
		if c := (sparse.Cell{Row: row, Col: col}); core.Allowed(g, player, c) {
			return c
		}
	}
	// Crowded neighbourhoods: pick uniformly among all cells near marks.
	cells := core.Neighbours(g, nearRadius)
	return cells[r.rng.IntN(len(cells))]
}

// sample picks on a bounded board too large for the dense set.
func (r *Random) sample(g *engine.Game) sparse.Cell {
	cfg := g.Config()
	for range sampleTries {
		row, col := r.rng.IntN(cfg.Rows), r.rng.IntN(cfg.Cols)
		if g.At(row, col) == 0 {
			return sparse.Cell{Row: row, Col: col}
		}
	}
	return kthEmpty(g, r.rng.IntN(emptyCount(g)))
}

// emptySet is the set of empty cells of a bounded board, as linear indexes
// row*cols+col, with O(1) insert, delete and uniform pick (swap with the
// last element). It follows the game through its history: moves it has
// applied are kept in seen and compared with the game's on every pick.
type emptySet struct {
	rows, cols int
	cells      []int32 // the empty cells, in no particular order
	pos        []int32 // pos[i] is i's index in cells, or -1 when occupied
	seen       []engine.Move
}

// pick brings the set in step with g and returns a uniformly random empty
// cell of it.
func (s *emptySet) pick(g *engine.Game, rng *rand.Rand) sparse.Cell {
	s.sync(g)
	i := s.cells[rng.IntN(len(s.cells))]
	return sparse.Cell{Row: int(i) / s.cols, Col: int(i) % s.cols}
}

// sync makes the set match g: it starts afresh for a board of another
// size or another game and otherwise takes back the moves past the
// longest prefix it shares with g and applies g's later ones.
func (s *emptySet) sync(g *engine.Game) {
	cfg := g.Config()
	if s.rows != cfg.Rows || s.cols != cfg.Cols {
		s.reset(cfg.Rows, cfg.Cols)
	}
	history.Sync(history.Moves(s.seen), g,
		func() { s.reset(s.rows, s.cols) },
		func() {
			m := s.seen[len(s.seen)-1]
			s.add(int32(m.Row*s.cols + m.Col))
			s.seen = s.seen[:len(s.seen)-1]
		},
		func(m engine.Move) bool {
			s.remove(int32(m.Row*s.cols + m.Col))
			s.seen = append(s.seen, m)
			return true
		})
}

// reset makes the set hold every cell of an empty rows×cols board.
func (s *emptySet) reset(rows, cols int) {
	s.rows, s.cols = rows, cols
	area := rows * cols
	s.cells = make([]int32, area)
	s.pos = make([]int32, area)
	for i := range area {
		s.cells[i], s.pos[i] = int32(i), int32(i)
	}
	s.seen = s.seen[:0]
}

func (s *emptySet) remove(i int32) {
	p := s.pos[i]
	if p < 0 {
		return
	}
	last := s.cells[len(s.cells)-1]
	s.cells[p], s.pos[last] = last, p
	s.cells = s.cells[:len(s.cells)-1]
	s.pos[i] = -1
}

func (s *emptySet) add(i int32) {
	if s.pos[i] >= 0 {
		return
	}
	s.pos[i] = int32(len(s.cells))
	s.cells = append(s.cells, i)
}
