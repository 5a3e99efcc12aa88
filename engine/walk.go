package engine

import "github.com/gomoku-engine/gomoku/sparse"

// walk is the stateless O(K) checker.
type walk struct {
	k    int
	rule Rule
	// reach is how far to look each way. Freestyle needs K-1; exact needs
	// one more, to see an overline that would spoil a run of K.
	reach int
}

func newWalk(c Config) *walk {
	reach := c.K - 1
	if c.Rule == Exact {
		reach = c.K
	}
	return &walk{k: c.K, rule: c.Rule, reach: reach}
}

func (w *walk) Record(b *sparse.Board, row, col int, p uint8) bool {
	for _, a := range axes {
		n := 1 + w.count(b, row, col, a.dr, a.dc, p) + w.count(b, row, col, -a.dr, -a.dc, p)
		if wins(n, w.k, w.rule) {
			return true
		}
	}
	return false
}

// count is the number of p's marks next to (row, col) in direction
// (dr, dc), up to reach.
func (w *walk) count(b *sparse.Board, row, col, dr, dc int, p uint8) int {
	n := 0
	for n < w.reach {
		row, col = row+dr, col+dc
		if b.Get(row, col) != p {
			break
		}
		n++
	}
	return n
}

func (w *walk) Forget(*sparse.Board, int, int, uint8) {}

func (w *walk) Clone() Checker { c := *w; return &c }
