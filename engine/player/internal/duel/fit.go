package duel

import (
	"fmt"
	"math"

	"github.com/gomoku-engine/gomoku/engine"
)

// The evaluation's fitter (engine/player/internal/evalfit) replays games
// on a board and reads, at every quiet position, the counts the
// evaluation weighs; from the weights it fits it builds a [Weights].

// fitShapes are the line shapes whose weights are fitted: the top two
// never reach the evaluation.
var fitShapes = []lineShape{lineBlock1, lineFlex1, lineBlock2, lineFlex2, lineBlock3, lineFlex3, lineBlock4}

// fitClasses are the classes fitted on top of their shapes' weights: the
// combinations. A class that is a single shape is left to that shape.
var fitClasses = []cellClass{classTwoTwos, classFlex3Block2, classFlex3Plus, classDoubleThree, classFourBlock2, classFourPlus, classFourThree}

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
func FitFeatures(from Weights) []FitFeature {
	var out []FitFeature
	for r, role := range []string{"toMove", "waiting"} {
		for k, s := range fitShapes {
			tie, below := -1, -1
			switch {
			case r == waiting && k < fitTied:
				tie = k
			case r == waiting:
				below = k
			}
			out = append(out, FitFeature{Name: role + ".shape." + shapeNames[s], Tie: tie, Below: below, Current: float64(from.Shapes[r][s]) / 1000})
		}
		for _, c := range fitClasses {
			out = append(out, FitFeature{Name: role + ".class." + classNames[c], NonNegative: true, Tie: -1, Below: -1, Current: float64(from.Classes[r][c]) / 1000})
		}
		for c, name := range comboNames {
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
	b *board
	// offset turns the board's shape counts into those the evaluation
	// weighs: an empty board's counts are replaced by an empty
	// fitBoard×fitBoard board's, as the board's base does for its sums.
	offset [2][lineShapes]float64
}

// NewReplay starts a replay on an empty board of cfg, which must be a
// bounded two-player configuration the search plays.
func NewReplay(cfg engine.Config) (*Replay, error) {
	if !cfg.Bounded() || !Plays(cfg) || cfg.Rows*cfg.Cols > wholeArea {
		return nil, fmt.Errorf("duel: replay: %v is not a bounded two-player board the search plays", cfg)
	}
	r := &Replay{b: newBoardUnder(cfg, smallEval, 0, 0, cfg.Rows, cfg.Cols)}
	ref := cfg
	ref.Rows, ref.Cols, ref.Torus = fitBoard, fitBoard, false
	want, have := shapeCounts(newWindow(ref, smallEval, 0, 0, fitBoard, fitBoard)), shapeCounts(r.b)
	for p := range 2 {
		for s := range lineShapes {
			r.offset[p][s] = want[p][s] - have[p][s]
		}
	}
	return r, nil
}

// shapeCounts counts each player's line shapes over b's empty cells, one
// per cell and axis.
func shapeCounts(b *board) [2][lineShapes]float64 {
	var shapes [2][lineShapes]float64
	for i := range b.cell {
		if b.stone[i] != 0 {
			continue
		}
		for p := range 2 {
			for a := range 4 {
				shapes[p][b.cell[i].shape[p][a]]++
			}
		}
	}
	return shapes
}

// comboCounts counts each player's combinations over b's empty cells.
func comboCounts(b *board) [2][]float64 {
	counts := [2][]float64{make([]float64, len(comboNames)), make([]float64, len(comboNames))}
	for i := range b.cell {
		if b.stone[i] != 0 {
			continue
		}
		for p := range 2 {
			if c := comboOfKey[b.cell[i].key[p]]; c >= 0 {
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
	i, ok := r.b.index(row, col)
	if !ok || r.b.stone[i] != 0 {
		return false
	}
	r.b.place(i, len(r.b.moves)%2)
	return true
}

// Features are the counts of the side to move's cells and of the other
// side's (negated, so that every weight is a worth), the empty board's
// shapes counted as those of an empty fitBoard×fitBoard board, as the
// evaluation counts them; and the current evaluation in logits; ok is false when the search would not evaluate the
// position (a five or an open four to make, a four-three against no four).
func (r *Replay) Features() (x []float64, eval float64, ok bool) {
	b := r.b
	q := len(b.moves) % 2
	o := 1 - q
	if b.counts[q][classFive]+b.counts[o][classFive]+b.counts[q][classOpenFour]+b.counts[o][classOpenFour] > 0 ||
		(b.counts[q][classFourThree] > 0 && b.fours(o) == 0) {
		return nil, 0, false
	}
	x = r.vector(q)
	return x, float64(b.eval(q)) / 1000, true
}

// vector is the feature vector of the board for q to move.
func (r *Replay) vector(q int) []float64 {
	b := r.b
	o := 1 - q
	shapes := shapeCounts(b)
	for p := range 2 {
		for s := range lineShapes {
			shapes[p][s] += r.offset[p][s]
		}
	}
	combos := comboCounts(b)
	x := make([]float64, 0, 2*(len(fitShapes)+len(fitClasses)+len(comboNames)))
	for r, p := range []int{q, o} {
		sign := 1.0
		if r == waiting {
			sign = -1
		}
		for _, s := range fitShapes {
			x = append(x, sign*shapes[p][s])
		}
		for _, c := range fitClasses {
			x = append(x, sign*float64(b.counts[p][c]))
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
func FittedWeights(from Weights, w []float64) Weights {
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
		for c := range comboNames {
			out.Combos[r][c] = next()
		}
	}
	out.Tempo = int64(next())
	return out
}
