package duel

import (
	"fmt"
	"math"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player/internal/dense"
)

// The evaluation's fitter (engine/player/internal/evalfit) replays games
// on a board and reads, at every quiet position, the counts the
// evaluation weighs; from the weights it fits it builds a [Weights].

// fitShapes are the line shapes whose weights are fitted: the top two
// never reach the evaluation.
var fitShapes = []dense.LineShape{dense.LineBlock1, dense.LineFlex1, dense.LineBlock2, dense.LineFlex2, dense.LineBlock3, dense.LineFlex3, dense.LineBlock4}

// fitClasses are the classes fitted on top of their shapes' weights: the
// combinations. A class that is a single shape is left to that shape.
var fitClasses = []dense.CellClass{dense.ClassTwoTwos, dense.ClassFlex3Block2, dense.ClassFlex3Plus, dense.ClassDoubleThree, dense.ClassFourBlock2, dense.ClassFourPlus, dense.ClassFourThree}

// fitTied is how many of the weakest shapes weigh the same in both roles:
// their counts follow the number of marks, so a free weight per role would
// trade off against the tempo.
const fitTied = 3

// FitFeature is one feature of the fit, in the order of a feature vector:
// per role (the side to move's, then the waiting side's) the fitted
// shapes, the fitted classes, then the combinations.
type FitFeature struct {
	Name string
	// NonNegative weights are kept at zero or above: the combinations of
	// shapes, which add to their shapes' worth.
	NonNegative bool
	// Tie is the index of the feature whose weight this one shares, or -1.
	Tie int
	// Below is the index of the feature whose weight this one may not
	// exceed, or -1: a waiting side's shape weighs at most the side to
	// move's, who plays first on it. (Not so for classes: the positions
	// where the side to move has a four-three are left out unless the
	// other side has a four, so its fitted worth is low, while the waiting
	// side's four-three is the threat that the side to move must meet.)
	Below int
	// Current is the weight in force, in logits.
	Current float64
	// Fixed weights keep their current value (the fitter sets it).
	Fixed bool
}

// FitFeatures lists the fit's features, with from's weights as their
// current ones: the weights the fit starts from.
func FitFeatures(from dense.Weights) []FitFeature {
	var out []FitFeature
	for r, role := range []string{"toMove", "waiting"} {
		for k, s := range fitShapes {
			tie, below := -1, -1
			switch {
			case r == dense.Waiting && k < fitTied:
				tie = k
			case r == dense.Waiting:
				below = k
			}
			out = append(out, FitFeature{Name: role + ".shape." + dense.ShapeNames[s], Tie: tie, Below: below, Current: float64(from.Shapes[r][s]) / 1000})
		}
		for _, c := range fitClasses {
			out = append(out, FitFeature{Name: role + ".class." + dense.ClassNames[c], NonNegative: true, Tie: -1, Below: -1, Current: float64(from.Classes[r][c]) / 1000})
		}
		for c, name := range dense.ComboNames {
			out = append(out, FitFeature{Name: role + ".combo." + name, Tie: -1, Below: -1, Current: float64(from.Combos[r][c]) / 1000})
		}
	}
	return out
}

// Replay is a game replayed on a whole bounded board, for the fitter. It
// evaluates with weights.json's weights on every board ([CurrentWeights],
// where a fit starts unless told otherwise), so that its features and
// evaluation agree whatever the board's size.
type Replay struct {
	b *dense.Board
	// offset turns the board's shape counts into those the evaluation
	// weighs: an empty board's counts are replaced by an empty
	// FitBoard×FitBoard board's, as the board's base does for its sums.
	offset [2][dense.LineShapes]float64
}

// NewReplay starts a replay on an empty board of cfg, which must be a
// bounded two-player configuration the search plays.
func NewReplay(cfg engine.Config) (*Replay, error) {
	if !cfg.Bounded() || !Plays(cfg) || cfg.Rows*cfg.Cols > wholeArea {
		return nil, fmt.Errorf("duel: replay: %v is not a bounded two-player board the search plays", cfg)
	}
	r := &Replay{b: dense.NewBoardUnder(cfg, dense.SmallEval, 0, 0, cfg.Rows, cfg.Cols)}
	ref := cfg
	ref.Rows, ref.Cols, ref.Torus = dense.FitBoard, dense.FitBoard, false
	want, have := shapeCounts(dense.NewWindow(ref, dense.SmallEval, 0, 0, dense.FitBoard, dense.FitBoard)), shapeCounts(r.b)
	for p := range 2 {
		for s := range dense.LineShapes {
			r.offset[p][s] = want[p][s] - have[p][s]
		}
	}
	return r, nil
}

// shapeCounts counts each player's line shapes over b's empty cells, one
// per cell and axis.
func shapeCounts(b *dense.Board) [2][dense.LineShapes]float64 {
	var shapes [2][dense.LineShapes]float64
	for i := range b.Cell {
		if b.Stone[i] != 0 {
			continue
		}
		for p := range 2 {
			for a := range 4 {
				shapes[p][b.Cell[i].Shape[p][a]]++
			}
		}
	}
	return shapes
}

// comboCounts counts each player's combinations over b's empty cells.
func comboCounts(b *dense.Board) [2][]float64 {
	counts := [2][]float64{make([]float64, len(dense.ComboNames)), make([]float64, len(dense.ComboNames))}
	for i := range b.Cell {
		if b.Stone[i] != 0 {
			continue
		}
		for p := range 2 {
			if c := dense.ComboOfKey[b.Cell[i].Key[p]]; c >= 0 {
				counts[p][c]++
			}
		}
	}
	return counts
}

// Play marks (row, col) for the player in turn (the first mover on even
// move numbers); it reports false, playing nothing, for a cell off the
// board or taken.
func (r *Replay) Play(row, col int) bool {
	i, ok := r.b.Index(row, col)
	if !ok || r.b.Stone[i] != 0 {
		return false
	}
	r.b.Place(i, len(r.b.Moves)%2)
	return true
}

// Features are the counts of the side to move's cells and of the other
// side's (negated, so that every weight is a worth), the empty board's
// shapes counted as those of an empty FitBoard×FitBoard board, as the
// evaluation counts them; and the current evaluation in logits; ok is false when the search would not evaluate the
// position (a five or an open four to make, a four-three against no four).
func (r *Replay) Features() (x []float64, eval float64, ok bool) {
	if !r.evaluated() {
		return nil, 0, false
	}
	q := len(r.b.Moves) % 2
	return r.vector(q), float64(r.b.Eval(q)) / 1000, true
}

// evaluated reports whether the search would score the position by its
// static value: neither side has a five or an open four to make, nor the
// side to move a four-three against no four.
func (r *Replay) evaluated() bool {
	b := r.b
	q := len(b.Moves) % 2
	o := 1 - q
	return b.Counts[q][dense.ClassFive]+b.Counts[o][dense.ClassFive]+b.Counts[q][dense.ClassOpenFour]+b.Counts[o][dense.ClassOpenFour] == 0 &&
		(b.Counts[q][dense.ClassFourThree] == 0 || b.Fours(o) > 0)
}

// PairFeatures are the counts the pair evaluation weighs
// ([dense.Board.PairCounts]) as it reads them for the side to move: the
// side to move's less the other side's, averaged with those before the
// last mark, so that their dot product with a pair table is the
// position's value under it. ok is false where Features' is, and under
// rules the pair evaluation does not play.
func (r *Replay) PairFeatures() (x []float64, ok bool) {
	b := r.b
	if b.Grades[0] == nil || !r.evaluated() {
		return nil, false
	}
	x = make([]float64, dense.Pairs)
	b.PairCounts(x)
	if n := len(b.Moves); n > 0 {
		last := int(b.Moves[n-1])
		b.Undo()
		b.PairCounts(x)
		b.Place(last, (n-1)%2)
	}
	half := 0.5
	if len(b.Moves)%2 == 1 {
		half = -0.5
	}
	for k := range x {
		x[k] *= half
	}
	return x, true
}

// vector is the feature vector of the board for q to move.
func (r *Replay) vector(q int) []float64 {
	b := r.b
	o := 1 - q
	shapes := shapeCounts(b)
	for p := range 2 {
		for s := range dense.LineShapes {
			shapes[p][s] += r.offset[p][s]
		}
	}
	combos := comboCounts(b)
	x := make([]float64, 0, 2*(len(fitShapes)+len(fitClasses)+len(dense.ComboNames)))
	for r, p := range []int{q, o} {
		sign := 1.0
		if r == dense.Waiting {
			sign = -1
		}
		for _, s := range fitShapes {
			x = append(x, sign*shapes[p][s])
		}
		for _, c := range fitClasses {
			x = append(x, sign*float64(b.Counts[p][c]))
		}
		for _, n := range combos[p] {
			x = append(x, sign*n)
		}
	}
	return x
}

// FittedWeights are the weights from with the fitted ones replaced by w
// (the weights of [FitFeatures] in logits, then the tempo), rounded to
// thousandths.
func FittedWeights(from dense.Weights, w []float64) dense.Weights {
	out := from.Clone()
	milli := func(x float64) int32 { return int32(math.Round(1000 * x)) }
	k := 0
	next := func() int32 { k++; return milli(w[k-1]) }
	for r := range 2 {
		for _, s := range fitShapes {
			out.Shapes[r][s] = next()
		}
		for _, c := range fitClasses {
			out.Classes[r][c] = next()
		}
		for c := range dense.ComboNames {
			out.Combos[r][c] = next()
		}
	}
	out.Tempo = int64(next())
	return out
}
