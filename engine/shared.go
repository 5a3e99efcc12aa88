package engine

import (
	"sync"

	"github.com/gomoku-engine/gomoku/sparse"
)

// Shared lets several goroutines use one [Game]: players submitting moves,
// a spectator drawing the board. Every method holds one lock for its whole
// duration, so a move, an undo, a redo and a look-ahead are each atomic and
// observers never see a half-applied move. Use [Shared.Do] to make a longer
// sequence atomic.
type Shared struct {
	mu sync.Mutex
	g  *Game
}

// NewShared wraps g. From then on g must only be used through the wrapper.
func NewShared(g *Game) *Shared { return &Shared{g: g} }

// Do runs fn with exclusive use of the game. fn must not keep g after it
// returns, nor call methods of s (the lock is not reentrant).
func (s *Shared) Do(fn func(g *Game)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fn(s.g)
}

// Play is [Game.Play] under the lock.
func (s *Shared) Play(row, col int) (Outcome, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.g.Play(row, col)
}

// PlayAs is [Game.PlayAs] under the lock.
func (s *Shared) PlayAs(row, col, player int) (Outcome, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.g.PlayAs(row, col, player)
}

// Undo is [Game.Undo] under the lock.
func (s *Shared) Undo() (Move, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.g.Undo()
}

// Redo is [Game.Redo] under the lock.
func (s *Shared) Redo() (Move, Outcome, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.g.Redo()
}

// WouldWin is [Game.WouldWin] under the lock: the look-ahead's temporary
// mark is never visible to other goroutines.
func (s *Shared) WouldWin(row, col, player int) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.g.WouldWin(row, col, player)
}

// Snapshot is a consistent view of a shared game at one instant.
type Snapshot struct {
	Status  Outcome
	Winner  int
	Turn    int
	History []Move
	Box     sparse.Rect // valid when len(History) > 0
}

// Snapshot returns the game's state at one instant.
func (s *Shared) Snapshot() Snapshot {
	s.mu.Lock()
	defer s.mu.Unlock()
	box, _ := s.g.BoundingBox()
	return Snapshot{Status: s.g.Status(), Winner: s.g.Winner(), Turn: s.g.Turn(), History: s.g.History(), Box: box}
}

// Clone returns an independent, unshared copy of the game.
func (s *Shared) Clone() *Game {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.g.Clone()
}
