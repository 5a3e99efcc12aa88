package dense

import (
	"errors"
	"fmt"
	"reflect"
	"slices"

	"github.com/gomoku-engine/gomoku/sparse"
)

// EmptyLike is a board over the same window with the same rules and
// evaluation, and no marks.
func (b *Board) EmptyLike() *Board {
	return NewBoardUnder(b.Cfg, &Evaluation{judged: b.Judged, tempo: b.tempo}, b.R0, b.C0, b.Rows, b.Cols)
}

// SameAs reports the first part of what b keeps that differs from o's:
// o is b rebuilt from its marks.
func (b *Board) SameAs(o *Board) error {
	for _, part := range []struct {
		name      string
		want, got any
	}{
		{"cells", o.Stone, b.Stone}, {"neighbour counts", o.Near, b.Near}, {"patterns", o.Cell, b.Cell},
		{"class counts", o.Counts, b.Counts}, {"evaluation sums", o.Worth, b.Worth}, {"Zobrist key", o.Hash, b.Hash},
		{"move list", o.Moves, b.Moves}, {"boxes", o.boxes, b.boxes}, {"bounding box", o.Box, b.Box},
	} {
		if !reflect.DeepEqual(part.want, part.got) {
			return fmt.Errorf("dense: the board's %s differ from the other's", part.name)
		}
	}
	return nil
}

// Candidates are the cells the search considers, in row-major order.
func (b *Board) Candidates() []sparse.Cell {
	var out []sparse.Cell
	b.Cands(func(i int) bool {
		out = append(out, b.CellAt(i))
		return true
	})
	slices.SortFunc(out, sparse.Cell.Compare)
	return out
}

// Verify recomputes from the marks alone everything the board keeps
// incrementally and reports the first difference.
func (b *Board) Verify() error {
	var counts [2][ClassCount]int32
	worth := b.Base
	var pairSum int64
	var hash uint64
	for i := range b.Stone {
		if b.Stone[i] == offCell {
			continue
		}
		if q := int(b.Stone[i]) - 1; q >= 0 {
			hash ^= b.zob[i][q]
		}
		near := 0
		for dy := -2; dy <= 2; dy++ {
			for dx := -2; dx <= 2; dx++ {
				if j := i + dy*b.W + dx; j >= 0 && j < len(b.Stone) && (b.Stone[j] == 1 || b.Stone[j] == 2) {
					near++
				}
			}
		}
		if b.Stone[i] != 0 {
			near += taken
		}
		if near != int(b.Near[i]) {
			return fmt.Errorf("dense: near count of %v is %d, recomputed %d", b.CellAt(i), b.Near[i], near)
		}
		if b.Stone[i] != 0 {
			continue
		}
		want := b.fresh(i)
		got := b.Cell[i]
		got.doubt = false // whether it is listed as doubtful is verifyFoul's part
		if want != got {
			return fmt.Errorf("dense: state of %v differs from a recomputation", b.CellAt(i))
		}
		pairSum += int64(want.pair[0] - want.pair[1])
		for q := range 2 {
			counts[q][want.Class[q]]++
			for r := range 2 {
				worth[q][r] += int64(b.Judged[want.Key[q]].worth[r])
			}
		}
	}
	switch {
	case counts != b.Counts:
		return errors.New("dense: class counts differ from a recomputation")
	case worth != b.Worth:
		return errors.New("dense: evaluation sums differ from a recomputation")
	case hash != b.Hash:
		return errors.New("dense: Zobrist key differs from a recomputation")
	case pairSum != b.pairSum:
		return fmt.Errorf("dense: pair sum %d differs from a recomputation, %d", b.pairSum, pairSum)
	case b.Grades[0] != nil && len(b.pairPast) != len(b.Moves):
		return fmt.Errorf("dense: %d past pair sums for %d marks", len(b.pairPast), len(b.Moves))
	}
	if err := b.verifyPast(); err != nil {
		return err
	}
	return b.verifyFoul()
}

// verifyPast checks the pair sums kept from before each mark against
// the marks replayed on a new board.
func (b *Board) verifyPast() error {
	if b.Grades[0] == nil {
		return nil
	}
	r := b.EmptyLike()
	for n, i := range b.Moves {
		if r.pairSum != b.pairPast[n] {
			return fmt.Errorf("dense: the pair sum before mark %d is %d, replayed %d", n, b.pairPast[n], r.pairSum)
		}
		r.Place(int(i), int(b.Stone[i])-1)
	}
	return nil
}
