package engine

import "github.com/gomoku-engine/gomoku/sparse"

// torusWalk is the O(K) walk on a torus: it counts the mover's marks
// outward from the new mark along the four axes, stepping across the edges,
// and never reads a cell twice: once a line's walks have met all around its
// cycle, the run is the whole cycle.
type torusWalk struct {
	walk
	cfg Config
	// cycles[a] is the length of every line along axes[a].
	cycles [4]int
}

func newTorusWalk(c Config) *torusWalk {
	w := &torusWalk{walk: *newWalk(c), cfg: c}
	for a, d := range axes {
		w.cycles[a] = c.Cycle(d.Row, d.Col)
	}
	return w
}

func (w *torusWalk) Record(b *sparse.Board, row, col int, p uint8) bool {
	reach := w.reach
	if row >= reach && row+reach < w.cfg.Rows && col >= reach && col+reach < w.cfg.Cols {
		// No walk reaches an edge, so none wraps and the flat walk's
		// answer is the torus's; it reads the board faster.
		return w.walk.Record(b, row, col, p)
	}
	for a, d := range axes {
		// The walks share the cycle's other cells: what the first one
		// counted, the second may not count again.
		others := w.cycles[a] - 1
		ahead := w.run(b, row, col, d.Row, d.Col, p, min(reach, others))
		behind := w.run(b, row, col, -d.Row, -d.Col, p, min(reach, others-ahead))
		if wins(1+ahead+behind, w.k, w.rule, p) {
			return true
		}
	}
	return false
}

// run counts the cells holding p from (row, col) in direction (dr, dc),
// wrapping across the edges, up to limit cells; (row, col) is not read.
// Between edges it asks the board, which reads a stretch of a row or
// diagonal a tile at a time.
func (w *torusWalk) run(b *sparse.Board, row, col, dr, dc int, p uint8, limit int) int {
	n := 0
	for n < limit {
		// Steps before the next one would leave the board.
		stretch := limit - n
		switch dr {
		case 1:
			stretch = min(stretch, w.cfg.Rows-1-row)
		case -1:
			stretch = min(stretch, row)
		}
		switch dc {
		case 1:
			stretch = min(stretch, w.cfg.Cols-1-col)
		case -1:
			stretch = min(stretch, col)
		}
		if stretch > 0 {
			got := b.Run(row, col, dr, dc, p, stretch)
			n += got
			if got < stretch {
				return n
			}
			row, col = row+stretch*dr, col+stretch*dc
			continue
		}
		row, col = w.cfg.Wrap(row+dr, col+dc)
		if b.Get(row, col) != p {
			return n
		}
		n++
	}
	return n
}

func (w *torusWalk) Clone() winChecker { c := *w; return &c }
