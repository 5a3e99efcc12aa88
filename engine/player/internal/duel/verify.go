package duel

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
)

// Verify reports the first way the state differs from what the game g,
// rebuilt from scratch, gives: the moves held, the marks, everything the
// board keeps incrementally, a board built afresh over the same window,
// and the hash and candidate cells of a fresh state's board (whose window
// may lie elsewhere); and the same of every helper thread's state (see
// SetThreads), which must share the table and the window. Tests prove
// with it that a state kept from call to call equals a fresh one.
func (ds *State) Verify(g *engine.Game) error {
	b := ds.b
	switch {
	case b == nil:
		return errors.New("duel: no board")
	case ds.cfg != g.Config():
		return fmt.Errorf("duel: a board for %v, the game is %v", ds.cfg, g.Config())
	case !slices.Equal(ds.played, g.History()):
		return errors.New("duel: the board's moves are not the game's")
	}
	stones := 0
	for i, v := range b.Stone {
		if v == 1 || v == 2 {
			stones++
			if c := b.CellAt(i); g.At(c.Row, c.Col) != int(v) {
				return fmt.Errorf("duel: mark %d at %v, the game has %d", v, c, g.At(c.Row, c.Col))
			}
		}
	}
	if stones != g.Len() {
		return fmt.Errorf("duel: %d marks on the board, %d in the game", stones, g.Len())
	}
	if len(b.Saves) != 0 || len(b.CellSaves) != 0 {
		return fmt.Errorf("duel: %d marks' saved states kept outside a search", len(b.Saves))
	}
	if err := b.Verify(); err != nil {
		return err
	}
	nb := b.EmptyLike()
	for i := range g.Len() {
		m, _ := g.MoveAt(i)
		idx, ok := nb.Index(m.Row, m.Col)
		if !ok {
			return fmt.Errorf("duel: move %d outside the window", i+1)
		}
		nb.Place(idx, m.Player-1)
	}
	if err := b.SameAs(nb); err != nil {
		return err
	}
	var fresh State
	if fits, warm := fresh.Sync(g, time.Time{}); !fits || !warm {
		return errors.New("duel: the game does not fit a fresh window")
	}
	if fresh.b.Hash != b.Hash {
		return errors.New("duel: the Zobrist key differs from a fresh board's")
	}
	if !slices.Equal(fresh.b.Candidates(), b.Candidates()) {
		return errors.New("duel: the candidate cells differ from a fresh board's")
	}
	for k, h := range ds.helpers {
		if h.b == nil {
			continue // dropped: built afresh at the next move
		}
		switch {
		case !h.b.SameWindow(b):
			return fmt.Errorf("duel: helper %d's window is not the board's", k+1)
		case len(h.tt) != len(ds.tt) || &h.tt[0] != &ds.tt[0]:
			return fmt.Errorf("duel: helper %d does not share the transposition table", k+1)
		}
		if err := h.Verify(g); err != nil {
			return fmt.Errorf("duel: helper %d: %w", k+1, err)
		}
	}
	return nil
}
