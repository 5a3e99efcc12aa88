package sparsesearch

import (
	"fmt"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
	"github.com/gomoku-engine/gomoku/engine/player/internal/history"
)

// Sync brings the working copy in step with g: it rebuilds it for another
// configuration or another game and otherwise undoes the moves past the
// longest prefix it shares with g and plays g's later ones. Replaying a
// long history (a game loaded with thousands of marks) can take longer
// than a move's budget, so Sync stops at deadline (when not zero) and
// reports false; the copy then holds a prefix of g's history, and the next
// call goes on from there.
func (s *State) Sync(g *engine.Game, deadline time.Time) (bool, error) {
	cfg := g.Config()
	if s.t == nil || s.t.cfg != cfg {
		t, err := NewTracker(cfg)
		if err != nil {
			return false, err
		}
		s.t = t
	}
	var err error
	played := 0
	held := history.Sync(s.t.g, g,
		func() { s.t, err = NewTracker(cfg) },
		func() { s.t.Undo() },
		func(m engine.Move) bool {
			if err != nil {
				return false
			}
			played++
			if played%core.SyncCheck == 0 && !deadline.IsZero() && time.Now().After(deadline) {
				return false
			}
			_, err = s.t.Place(m.Row, m.Col, m.Player)
			return err == nil
		})
	if err != nil {
		s.t = nil
		return false, fmt.Errorf("player: replaying the game: %w", err)
	}
	return held == g.Len(), nil
}
