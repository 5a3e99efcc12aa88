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

// Game is the name of a whole [engine.Game] in the store series: the
// default layout and the walk checker, with the game's history and
// checks, played in free order.
const Game = "game"

// subject plays a workload the way one store and checker would, one
// placement plus one win check a move (through a whole game for the
// checkers, whose only public door is [engine.Game]), and returns what
// must stay alive for the memory measurement.
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

// seats is how many players a benchmark game seats. Moves are handed out
// so that no game is ever won (see withoutWins), which nine players
// always allow: a cell has eight neighbours, so some player owns none of
// them and cannot complete a run there.
const seats = 9

// gameOptions are the rules a workload is played under: seats players in
// free order, K in a row, freestyle, on a bounded × bounded board when
// bounded > 0 (the K = n fill) and the unbounded plane otherwise.
func gameOptions(layout sparse.Layout, kind engine.CheckerKind, k, bounded int) []engine.Option {
	opts := []engine.Option{engine.WithK(k), engine.WithPlayers(seats), engine.WithFreeOrder(),
		engine.WithLayout(layout), engine.WithChecker(kind)}
	if bounded > 0 {
		opts = append(opts, engine.WithBounds(bounded, bounded))
	}
	return opts
}

// withoutWins hands every move of w that would complete a run of k for
// its player to the first other player for whom it would not, so that a
// game of w is never won and every move of it is measured: a game refuses
// moves after a win. Most moves keep their player; the rest are the cells
// where the original sequence made a run of k.
func withoutWins(w *Workload, k, bounded int) (*Workload, error) {
	g, err := engine.New(gameOptions(sparse.SwissTile, engine.AutoChecker, k, bounded)...)
	if err != nil {
		return nil, err
	}
	for i := range w.Moves {
		m := &w.Moves[i]
		r, c := int(m.Row), int(m.Col)
		for p, tries := int(m.Player), 0; ; p, tries = p%seats+1, tries+1 {
			if tries == seats {
				return nil, fmt.Errorf("bench: move %d at (%d, %d): every player would win", i, r, c)
			}
			won, err := g.WouldWin(r, c, p)
			if err != nil {
				return nil, fmt.Errorf("bench: move %d: %w", i, err)
			}
			if !won {
				m.Player = uint8(p)
				break
			}
		}
		if _, err := g.PlayAs(r, c, int(m.Player)); err != nil {
			return nil, fmt.Errorf("bench: move %d: %w", i, err)
		}
	}
	return w, nil
}

// gameSubject plays a workload as an [engine.Game] of the layout and
// checker: each move one PlayAs, that is the board's placement, the
// checker's Record and the history's push. The workload must come from
// [withoutWins] with the same k.
func gameSubject(layout sparse.Layout, kind engine.CheckerKind, k, bounded int) subject {
	return func(w *Workload) (any, error) {
		g, err := engine.New(gameOptions(layout, kind, k, bounded)...)
		if err != nil {
			return nil, err
		}
		for i, m := range w.Moves {
			out, err := g.PlayAs(int(m.Row), int(m.Col), int(m.Player))
			if err != nil {
				return nil, err
			}
			if out == engine.Won {
				return nil, fmt.Errorf("bench: move %d of %d won the game: the workload was not made for K = %d", i, len(w.Moves), k)
			}
		}
		return g, nil
	}
}

// storeSubject plays on a bare board of the layout, each move one Place
// and the engine's walk, which is one [sparse.Board.AxisRuns] call: the
// store's own cost, beside the dense array that is walked the same way.
func storeSubject(layout sparse.Layout, k int) subject {
	return func(w *Workload) (any, error) {
		b, err := boardFor(layout, 0)
		if err != nil {
			return nil, err
		}
		wins := 0
		for _, m := range w.Moves {
			r, c := int(m.Row), int(m.Col)
			if err := b.Place(r, c, m.Player); err != nil {
				return nil, err
			}
			for _, n := range b.AxisRuns(r, c, m.Player, k-1) {
				if 1+n >= k {
					wins++
					break
				}
			}
		}
		sink += wins
		return b, nil
	}
}

func boardFor(layout sparse.Layout, bounded int) (*sparse.Board, error) {
	opts := []sparse.Option{sparse.WithLayout(layout)}
	if bounded > 0 {
		opts = append(opts, sparse.WithBounds(bounded, bounded))
	}
	return sparse.New(opts...)
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
