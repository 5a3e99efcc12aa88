package duel

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/sparse"
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
	for i, v := range b.stone {
		if v == 1 || v == 2 {
			stones++
			if c := b.cellAt(i); g.At(c.Row, c.Col) != int(v) {
				return fmt.Errorf("duel: mark %d at %v, the game has %d", v, c, g.At(c.Row, c.Col))
			}
		}
	}
	if stones != g.Len() {
		return fmt.Errorf("duel: %d marks on the board, %d in the game", stones, g.Len())
	}
	if len(b.saves) != 0 || len(b.cellSaves) != 0 {
		return fmt.Errorf("duel: %d marks' saved states kept outside a search", len(b.saves))
	}
	if err := b.verify(); err != nil {
		return err
	}
	nb := newBoardUnder(g.Config(), &evaluation{judged: b.judged, tempo: b.tempo}, b.r0, b.c0, b.rows, b.cols)
	for i := range g.Len() {
		m, _ := g.MoveAt(i)
		idx, ok := nb.index(m.Row, m.Col)
		if !ok {
			return fmt.Errorf("duel: move %d outside the window", i+1)
		}
		nb.place(idx, m.Player-1)
	}
	for _, part := range []struct {
		name      string
		want, got any
	}{
		{"cells", nb.stone, b.stone}, {"neighbour counts", nb.near, b.near}, {"patterns", nb.cell, b.cell},
		{"class counts", nb.counts, b.counts}, {"evaluation sums", nb.worth, b.worth}, {"Zobrist key", nb.hash, b.hash},
		{"move list", nb.moves, b.moves}, {"boxes", nb.boxes, b.boxes}, {"bounding box", nb.box, b.box},
	} {
		if !reflect.DeepEqual(part.want, part.got) {
			return fmt.Errorf("duel: the board's %s differ from a rebuild's", part.name)
		}
	}
	var fresh State
	if fits, warm := fresh.Sync(g, time.Time{}); !fits || !warm {
		return errors.New("duel: the game does not fit a fresh window")
	}
	if fresh.b.hash != b.hash {
		return errors.New("duel: the Zobrist key differs from a fresh board's")
	}
	if !slices.Equal(fresh.b.candidates(), b.candidates()) {
		return errors.New("duel: the candidate cells differ from a fresh board's")
	}
	for k, h := range ds.helpers {
		if h.b == nil {
			continue // dropped: built afresh at the next move
		}
		switch {
		case !h.b.sameWindow(b):
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

// candidates are the cells the search considers, in row-major order.
func (b *board) candidates() []sparse.Cell {
	var out []sparse.Cell
	b.cands(func(i int) bool {
		out = append(out, b.cellAt(i))
		return true
	})
	slices.SortFunc(out, sparse.Cell.Compare)
	return out
}

// verify recomputes from the marks alone everything the board keeps
// incrementally and reports the first difference.
func (b *board) verify() error {
	var counts [2][classCount]int32
	worth := b.base
	var pairSum int64
	var hash uint64
	for i := range b.stone {
		if b.stone[i] == offCell {
			continue
		}
		if q := int(b.stone[i]) - 1; q >= 0 {
			hash ^= b.zob[i][q]
		}
		near := 0
		for dy := -2; dy <= 2; dy++ {
			for dx := -2; dx <= 2; dx++ {
				if j := i + dy*b.w + dx; j >= 0 && j < len(b.stone) && (b.stone[j] == 1 || b.stone[j] == 2) {
					near++
				}
			}
		}
		if b.stone[i] != 0 {
			near += taken
		}
		if near != int(b.near[i]) {
			return fmt.Errorf("duel: near count of %v is %d, recomputed %d", b.cellAt(i), b.near[i], near)
		}
		if b.stone[i] != 0 {
			continue
		}
		want := b.fresh(i)
		got := b.cell[i]
		got.doubt = false // whether it is listed as doubtful is verifyFoul's part
		if want != got {
			return fmt.Errorf("duel: state of %v differs from a recomputation", b.cellAt(i))
		}
		pairSum += int64(want.pair[0] - want.pair[1])
		for q := range 2 {
			counts[q][want.class[q]]++
			for r := range 2 {
				worth[q][r] += int64(b.judged[want.key[q]].worth[r])
			}
		}
	}
	switch {
	case counts != b.counts:
		return errors.New("duel: class counts differ from a recomputation")
	case worth != b.worth:
		return errors.New("duel: evaluation sums differ from a recomputation")
	case hash != b.hash:
		return errors.New("duel: Zobrist key differs from a recomputation")
	case pairSum != b.pairSum:
		return fmt.Errorf("duel: pair sum %d differs from a recomputation, %d", b.pairSum, pairSum)
	case b.grades[0] != nil && len(b.pairPast) != len(b.moves):
		return fmt.Errorf("duel: %d past pair sums for %d marks", len(b.pairPast), len(b.moves))
	}
	if err := b.verifyPast(); err != nil {
		return err
	}
	return b.verifyFoul()
}

// verifyPast checks the pair sums kept from before each mark against
// the marks replayed on a new board.
func (b *board) verifyPast() error {
	if b.grades[0] == nil {
		return nil
	}
	r := newWindow(b.cfg, &evaluation{judged: b.judged, tempo: b.tempo}, b.r0, b.c0, b.rows, b.cols)
	for n, i := range b.moves {
		if r.pairSum != b.pairPast[n] {
			return fmt.Errorf("duel: the pair sum before mark %d is %d, replayed %d", n, b.pairPast[n], r.pairSum)
		}
		r.place(int(i), int(b.stone[i])-1)
	}
	return nil
}
