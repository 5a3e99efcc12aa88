package bench

import (
	"fmt"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/sparse"
)

// Dense is the name of the physical reference: a byte array over the
// workload's bounding box, known in advance, walked like the engine's walk.
const Dense = "dense"

// Naive is the name of the checker that rescans the whole board after
// every move.
const Naive = "naive"

// subject plays a workload the way one store and checker would, one
// placement plus one win check a move, and returns what must stay alive
// for the memory measurement.
type subject func(w *Workload) (any, error)

// maxDenseArea bounds the dense reference; larger boxes are reported as
// impossible rather than allocated.
const maxDenseArea = 1 << 28

// denseBoard is the reference store: one byte a cell of a known rectangle.
type denseBoard struct {
	r0, c0 int64
	rows   int64
	cols   int64
	cells  []uint8
}

func (d *denseBoard) get(r, c int64) uint8 {
	r, c = r-d.r0, c-d.c0
	if uint64(r) >= uint64(d.rows) || uint64(c) >= uint64(d.cols) {
		return 0
	}
	return d.cells[r*d.cols+c]
}

// walk is the engine's walk checker transcribed for the dense array.
func (d *denseBoard) walk(r, c int64, p uint8, k int) bool {
	for _, a := range sparse.Axes() {
		dr, dc := int64(a.Row), int64(a.Col)
		n := 1
		for _, s := range [2]int64{1, -1} {
			rr, cc := r, c
			for i := 1; i < k; i++ {
				rr, cc = rr+s*dr, cc+s*dc
				if d.get(rr, cc) != p {
					break
				}
				n++
			}
		}
		if n >= k {
			return true
		}
	}
	return false
}

func denseSubject(k int) subject {
	return func(w *Workload) (any, error) {
		if w.Area() > maxDenseArea {
			return nil, fmt.Errorf("%w: a %.3g-cell bounding box", errNoDense, w.Area())
		}
		d := &denseBoard{r0: w.MinRow, c0: w.MinCol, rows: w.MaxRow - w.MinRow + 1, cols: w.MaxCol - w.MinCol + 1}
		d.cells = make([]uint8, d.rows*d.cols)
		wins := 0
		for _, m := range w.Moves {
			r, c := int64(m.Row), int64(m.Col)
			d.cells[(r-d.r0)*d.cols+c-d.c0] = m.Player
			if d.walk(r, c, m.Player, k) {
				wins++
			}
		}
		sink += wins
		return d, nil
	}
}

// sink keeps win counts observable so no check is optimised away.
var sink int

// config is the engine configuration a subject checks wins under: two
// players, freestyle, bounded only for the K = n fill.
func config(k, bounded int) engine.Config {
	c := engine.DefaultConfig()
	c.K = k
	if bounded > 0 {
		c.Rows, c.Cols = bounded, bounded
	}
	return c
}

func boardFor(layout sparse.Layout, bounded int) (*sparse.Board, error) {
	opts := []sparse.Option{sparse.WithLayout(layout)}
	if bounded > 0 {
		opts = append(opts, sparse.WithBounds(bounded, bounded))
	}
	return sparse.New(opts...)
}

// storeSubject plays on a sparse board of the layout with an engine checker.
func storeSubject(layout sparse.Layout, kind engine.CheckerKind, k, bounded int) subject {
	return func(w *Workload) (any, error) {
		b, err := boardFor(layout, bounded)
		if err != nil {
			return nil, err
		}
		chk, err := engine.NewChecker(config(k, bounded), kind)
		if err != nil {
			return nil, err
		}
		wins := 0
		for _, m := range w.Moves {
			r, c := int(m.Row), int(m.Col)
			if err := b.Place(r, c, m.Player); err != nil {
				return nil, err
			}
			if chk.Record(b, r, c, m.Player) {
				wins++
			}
		}
		sink += wins
		return []any{b, chk}, nil
	}
}

// naiveSubject places each mark and then rescans every mark on the board
// for a run of K, the way a first attempt at the problem does.
func naiveSubject(layout sparse.Layout, k, bounded int) subject {
	return func(w *Workload) (any, error) {
		b, err := boardFor(layout, bounded)
		if err != nil {
			return nil, err
		}
		wins := 0
		for _, m := range w.Moves {
			if err := b.Place(int(m.Row), int(m.Col), m.Player); err != nil {
				return nil, err
			}
			if rescan(b, k) {
				wins++
			}
		}
		sink += wins
		return b, nil
	}
}

// rescan reports whether any run of K identical marks exists, counting
// each run once from its first cell.
func rescan(b *sparse.Board, k int) bool {
	found := false
	b.Each(func(r, c int, p uint8) {
		if found {
			return
		}
		for _, a := range sparse.Axes() {
			if b.Get(r-a.Row, c-a.Col) == p {
				continue // not the first cell of its run
			}
			n := 1
			for n < k && b.Get(r+n*a.Row, c+n*a.Col) == p {
				n++
			}
			if n >= k {
				found = true
				return
			}
		}
	})
	return found
}
