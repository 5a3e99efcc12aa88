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
	if c.Rule != Freestyle {
		reach = c.K
	}
	return &walk{k: c.K, rule: c.Rule, reach: reach}
}

func (w *walk) Record(b *sparse.Board, row, col int, p uint8) bool {
	// The board walks all four axes in one call, so a tiled store reads
	// each tile once instead of hashing every cell.
	for _, n := range b.AxisRuns(row, col, p, w.reach) {
		if wins(1+n, w.k, w.rule, p) {
			return true
		}
	}
	return false
}

func (w *walk) Forget(*sparse.Board, int, int, uint8) {}

func (w *walk) Clone() winChecker { c := *w; return &c }
