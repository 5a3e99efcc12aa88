package sparsesearch

import (
	"slices"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/internal/cellkey"
)

// maxVCTDepth bounds the number of threats in a VCT line, and
// vctNodeLimit the positions one VCT search visits.
const (
	maxVCTDepth  = 8
	vctNodeLimit = 20000
	// vctThreeMoves is how many of the best-ordered cells the VCT tries as
	// moves that make a three, besides every move that makes a four.
	vctThreeMoves = 10
)

// vctRoot looks for a victory by continuous threats for attacker a: every
// move of a makes a four or a three, a threat to make next move two fours
// at once (an open four). The defender answers a four at its one empty
// cell and a three at any cell that spoils it, or with a four of its own,
// which a must then block with a threat. It returns a's first move, or
// false. It extends the VCF: a four is the threat that leaves one answer.
func (r *Run) vctRoot(a int) (uint64, bool) {
	r.VCFLeft = vctNodeLimit
	var first uint64
	found := r.vctSearch(a, r.Next(a), maxVCTDepth, &first, true)
	return first, found
}

func (r *Run) vctSearch(a, d, depth int, first *uint64, top bool) bool {
	r.Tick()
	r.VCFLeft--
	t := r.T
	switch {
	case r.Stopped || r.VCFLeft < 0:
		return false
	case len(t.fours[a]) > 0:
		if top {
			*first = SortedCells(t.fours[a])[0]
		}
		return true
	case depth == 0 || len(t.fours[d]) > 1:
		return false
	}
	var cands []uint64
	if len(t.fours[d]) == 1 {
		cands = SortedCells(t.fours[d]) // a must block, with a threat
	} else {
		cands = r.fourMoves(a)
		for _, c := range r.T.Candidates(a, vctThreeMoves+len(cands), nil) {
			if len(cands) >= len(t.threes[a])+vctThreeMoves {
				break
			}
			if !slices.Contains(cands, c.Key) {
				cands = append(cands, c.Key)
			}
		}
	}
	for _, c := range cands {
		row, col := cellkey.Unpack(c)
		if _, err := t.Place(row, col, a); err != nil {
			continue
		}
		ok := r.vctAnswer(a, d, depth)
		t.Undo()
		if ok {
			if top {
				*first = c
			}
			return true
		}
		if r.Stopped || r.VCFLeft < 0 {
			return false
		}
	}
	return false
}

// vctAnswer reports whether a, having just moved, wins against every
// answer of d.
func (r *Run) vctAnswer(a, d, depth int) bool {
	t := r.T
	switch fours := len(t.fours[a]); {
	case len(t.fours[d]) > 0:
		return false // d wins first
	case fours > 1:
		return true // d can block only one
	case fours == 1:
		return r.vctReply(a, d, depth, SortedCells(t.fours[a]))
	}
	defences := r.threeDefences(a)
	if len(defences) == 0 {
		return false // not a threat: d would move freely
	}
	// d may also answer with a four of its own.
	defences = append(defences, r.fourMoves(d)...)
	slices.SortFunc(defences, cellkey.Compare)
	return r.vctReply(a, d, depth, slices.Compact(defences))
}

// vctReply reports whether a wins after each of d's replies.
func (r *Run) vctReply(a, d, depth int, replies []uint64) bool {
	t := r.T
	for _, e := range replies {
		row, col := cellkey.Unpack(e)
		out, err := t.Place(row, col, d)
		if err != nil {
			continue
		}
		ok := out != engine.Won && r.vctSearch(a, d, depth-1, nil, false)
		t.Undo()
		if !ok {
			return false
		}
	}
	return true
}

// threeDefences returns the cells that answer a's threes: every cell that
// would give a two fours at once, and the cells of those fours. Empty
// means a has no three.
func (r *Run) threeDefences(a int) []uint64 {
	t := r.T
	var out []uint64
	for _, c := range SortedCells(t.threes[a]) {
		if r.Tick(); r.Stopped || r.VCFLeft < 0 {
			return nil // out of time: not proven a threat
		}
		r.VCFLeft--
		row, col := cellkey.Unpack(c)
		if _, err := t.Place(row, col, a); err != nil {
			continue
		}
		if len(t.fours[a]) > 1 {
			out = append(out, c)
			out = append(out, SortedCells(t.fours[a])...)
		}
		t.Undo()
	}
	return out
}
