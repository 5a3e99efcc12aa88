package sparsesearch

import (
	"errors"
	"slices"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/internal/cellkey"
)

// maxVCFDepth bounds the number of fours in a VCF line.
const maxVCFDepth = 24

// vcfNodeLimit bounds the positions one VCF search visits: fours branch
// little, but without a limit a position full of them can make the search
// exponential when no time limit applies.
const vcfNodeLimit = 20000

// vcfRoot looks for a victory by continuous fours for attacker a against
// the other player: every move of a makes a four (a window one mark short
// of K), so the defender's reply is forced to its empty cell, until a
// makes two fours at once or a five. It returns a's moves of the line, or
// nothing. The defender's forced blocks may make fours of their own, which
// a must then block with a move that is also a four.
func (r *Run) vcfRoot(a int) []uint64 {
	d := r.Next(a)
	var line []uint64
	r.VCFLeft = vcfNodeLimit
	clear(r.Failed)
	if r.vcfSearch(a, d, maxVCFDepth, &line) {
		slices.Reverse(line)
		return line
	}
	return nil
}

func (r *Run) vcfSearch(a, d, depth int, line *[]uint64) bool {
	r.Tick()
	r.VCFLeft--
	t := r.T
	if r.Stopped || r.VCFLeft < 0 {
		return false
	}
	if len(t.fours[a]) > 0 {
		*line = append(*line, SortedCells(t.fours[a])[0])
		return true
	}
	if depth == 0 {
		return false
	}
	// A position already refuted with at least this many fours left is
	// refuted again: fours played in another order often meet.
	if d, ok := r.Failed[t.hash]; ok && d >= depth {
		return false
	}
	defer func() {
		if !r.Stopped && r.VCFLeft >= 0 && len(*line) == 0 {
			r.Failed[t.hash] = depth
		}
	}()
	var cands []uint64
	switch n := len(t.fours[d]); {
	case n > 1:
		return false
	case n == 1:
		// a must block; only a blocking four keeps the initiative.
		cands = SortedCells(t.fours[d])
	default:
		cands = r.fourMoves(a)
	}
	for _, c := range cands {
		row, col := cellkey.Unpack(c)
		if _, err := t.Place(row, col, a); err != nil {
			continue
		}
		ok := false
		switch fours := len(t.fours[a]); {
		case len(t.fours[d]) > 0 || fours == 0:
			// Not a four, or the defender wins first.
		case fours > 1:
			ok = true // two fours: the defender blocks one
			*line = append(*line, SortedCells(t.fours[a])[0])
		default:
			b := SortedCells(t.fours[a])[0]
			br, bc := cellkey.Unpack(b)
			out, err := t.Place(br, bc, d)
			switch {
			case err == nil:
				if out != engine.Won {
					ok = r.vcfSearch(a, d, depth-1, line)
				}
				t.Undo()
			case errors.Is(err, engine.ErrForbidden):
				// Renju: the only block is forbidden to black.
				ok = true
				*line = append(*line, b)
			}
		}
		t.Undo()
		if ok {
			*line = append(*line, c)
			return true
		}
		if r.Stopped {
			return false
		}
	}
	return false
}

// fourMoves are a's cells that make a four, those completing most
// three-windows first.
func (r *Run) fourMoves(a int) []uint64 {
	m := r.T.threes[a]
	cells := SortedCells(m)
	slices.SortStableFunc(cells, func(x, y uint64) int { return int(m[y]) - int(m[x]) })
	return cells
}
