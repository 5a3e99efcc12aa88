package sparsesearch

import (
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/internal/cellkey"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
)

// Verify recomputes everything the tracker keeps incrementally from the
// board alone and reports the first part that differs: tests prove with
// it that a tracker kept from call to call equals a fresh one.
func (tr *Tracker) Verify() error {
	k := tr.k
	score := make([]int64, tr.n+1)
	fours := make([]map[uint64]int32, tr.n+1)
	threes := make([]map[uint64]int32, tr.n+1)
	gain := make([]map[uint64]cellGain, tr.n+1)
	for p := range tr.n + 1 {
		fours[p], threes[p], gain[p] = map[uint64]int32{}, map[uint64]int32{}, map[uint64]cellGain{}
	}
	near := map[uint64]int32{}
	var hash uint64
	type win struct {
		r, c, ax int
	}
	seen := map[win]bool{}
	for cell, p := range tr.g.Marks() {
		hash ^= core.Zobrist(cellkey.Pack(cell.Row, cell.Col), p)
		for dr := -tr.radius; dr <= tr.radius; dr++ {
			for dc := -tr.radius; dc <= tr.radius; dc++ {
				if tr.cell(cell.Row+dr, cell.Col+dc) != OffBoard {
					near[cellkey.Pack(cell.Row+dr, cell.Col+dc)]++
				}
			}
		}
		for ax, a := range core.Axes {
			for back := range k {
				w := win{cell.Row - back*a.DR, cell.Col - back*a.DC, ax}
				if seen[w] {
					continue
				}
				seen[w] = true
				owner, count, dead := 0, 0, false
				var empties []uint64
				for i := range k {
					r, c := w.r+i*a.DR, w.c+i*a.DC
					switch v := tr.cell(r, c); {
					case v == OffBoard:
						dead = true
					case v == 0:
						empties = append(empties, cellkey.Pack(r, c))
					case owner == 0 || owner == v:
						owner = v
						count++
					default:
						dead = true
					}
				}
				if dead || count == 0 || count == k {
					continue
				}
				if tr.exact && (tr.cell(w.r-a.DR, w.c-a.DC) == owner || tr.cell(w.r+k*a.DR, w.c+k*a.DC) == owner) {
					continue
				}
				score[owner] += tr.weights[count]
				for _, e := range empties {
					g := gain[owner][e]
					g.attack += tr.weights[count+1] - tr.weights[count]
					g.defence += tr.weights[count]
					gain[owner][e] = g
					switch k - count {
					case 1:
						fours[owner][e]++
					case 2:
						threes[owner][e]++
					}
				}
			}
		}
	}
	for p := 1; p <= tr.n; p++ {
		maps.DeleteFunc(gain[p], func(_ uint64, g cellGain) bool { return g == cellGain{} })
	}
	for _, part := range []struct {
		name      string
		want, got any
	}{
		{"scores", score, tr.score}, {"fours", fours[1:], tr.fours[1:]}, {"threes", threes[1:], tr.threes[1:]},
		{"gains", gain[1:], tr.gain[1:]}, {"candidates", near, tr.near}, {"hash", hash, tr.hash},
	} {
		if !reflect.DeepEqual(part.want, part.got) {
			return fmt.Errorf("sparsesearch: the tracker's %s differ from a recomputation", part.name)
		}
	}
	return nil
}

// Verify reports the first way the state differs from what the game g,
// replayed on a fresh tracker, gives: the moves held and everything the
// tracker keeps incrementally. Tests prove with it that a state kept from
// call to call equals a fresh one.
func (s *State) Verify(g *engine.Game) error {
	t := s.t
	switch {
	case t == nil:
		return errors.New("sparsesearch: no tracker")
	case t.cfg != g.Config():
		return fmt.Errorf("sparsesearch: a tracker for %v, the game is %v", t.cfg, g.Config())
	case !slices.Equal(t.g.History(), g.History()):
		return errors.New("sparsesearch: the tracker's moves are not the game's")
	}
	if err := t.Verify(); err != nil {
		return err
	}
	nt, err := NewTracker(g.Config())
	if err != nil {
		return err
	}
	for i := range g.Len() {
		m, _ := g.MoveAt(i)
		if _, err := nt.Place(m.Row, m.Col, m.Player); err != nil {
			return fmt.Errorf("sparsesearch: replaying move %d: %w", i+1, err)
		}
	}
	for _, part := range []struct {
		name      string
		want, got any
	}{
		{"scores", nt.score, t.score}, {"fours", nt.fours, t.fours}, {"threes", nt.threes, t.threes},
		{"gains", nt.gain, t.gain}, {"candidates", nt.near, t.near}, {"Zobrist key", nt.hash, t.hash},
	} {
		if !reflect.DeepEqual(part.want, part.got) {
			return fmt.Errorf("sparsesearch: the tracker's %s differ from a rebuild's", part.name)
		}
	}
	return nil
}
