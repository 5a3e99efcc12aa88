package duel

import (
	"errors"
	"fmt"
	"reflect"
	"slices"

	"github.com/gomoku-engine/gomoku/sparse"
)

// emptyLike is a board over the same window with the same rules and
// evaluation, and no marks.
func (b *board) emptyLike() *board {
	return newBoardUnder(b.cfg, &evaluation{judged: b.judged, tempo: b.tempo}, b.r0, b.c0, b.rows, b.cols)
}

// sameAs reports the first part of what b keeps that differs from o's:
// o is b rebuilt from its marks.
func (b *board) sameAs(o *board) error {
	for _, part := range []struct {
		name      string
		want, got any
	}{
		{"cells", o.stone, b.stone}, {"neighbour counts", o.near, b.near}, {"patterns", o.cell, b.cell},
		{"class counts", o.counts, b.counts}, {"evaluation sums", o.worth, b.worth}, {"Zobrist key", o.hash, b.hash},
		{"move list", o.moves, b.moves}, {"boxes", o.boxes, b.boxes}, {"bounding box", o.box, b.box},
	} {
		if !reflect.DeepEqual(part.want, part.got) {
			return fmt.Errorf("duel: the board's %s differ from the other's", part.name)
		}
	}
	return nil
}

// sameWindow reports whether b and o are windows of the same cells.
func (b *board) sameWindow(o *board) bool {
	return b.r0 == o.r0 && b.c0 == o.c0 && b.rows == o.rows && b.cols == o.cols
}

// fours counts q's cells that would make a four or better.
func (b *board) fours(q int) int32 {
	var n int32
	for c := classFour; c < classCount; c++ {
		n += b.counts[q][c]
	}
	return n
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
	r := b.emptyLike()
	for n, i := range b.moves {
		if r.pairSum != b.pairPast[n] {
			return fmt.Errorf("duel: the pair sum before mark %d is %d, replayed %d", n, b.pairPast[n], r.pairSum)
		}
		r.place(int(i), int(b.stone[i])-1)
	}
	return nil
}
