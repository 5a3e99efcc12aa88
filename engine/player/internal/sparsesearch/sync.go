package sparsesearch

import (
	"fmt"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
)

// Sync brings the working copy in step with g: it rebuilds it for another
// configuration and otherwise undoes the moves g no longer has and plays
// the new ones. Replaying a long history (a game loaded with thousands of
// marks) can take longer than a move's budget, so Sync stops at deadline
// (when not zero) and reports false; the copy then holds a prefix of g's
// history, and the next call goes on from there.
func (s *State) Sync(g *engine.Game, deadline time.Time) (bool, error) {
	if s.t == nil || s.t.cfg != g.Config() {
		t, err := NewTracker(g.Config())
		if err != nil {
			return false, err
		}
		s.t = t
	}
	t := s.t
	common := min(t.g.Len(), g.Len())
	for common > 0 {
		a, _ := g.MoveAt(common - 1)
		b, _ := t.g.MoveAt(common - 1)
		if a == b {
			break
		}
		common--
	}
	for t.g.Len() > common {
		t.Undo()
	}
	for i := common; i < g.Len(); i++ {
		if (i-common)%core.SyncCheck == core.SyncCheck-1 && !deadline.IsZero() && time.Now().After(deadline) {
			return false, nil
		}
		m, _ := g.MoveAt(i)
		if _, err := t.Place(m.Row, m.Col, m.Player); err != nil {
			// Our copy diverged from g further back than its last moves
			// show: replay g from the start on a fresh copy.
			if common == 0 {
				s.t = nil
				return false, fmt.Errorf("player: replaying the game: %w", err)
			}
			s.t = nil
			return s.Sync(g, deadline)
		}
	}
	return true, nil
}
