package duel

import (
	"fmt"
	"github.com/gomoku-engine/gomoku/engine/player/internal/dense"
	"math"
)

// Tuning by play: the regression of engine/player/internal/evalfit fits
// the weights to results and to Rapfi's evaluations, which does not rank
// weights for play (a better fit has often played worse). Its tune
// command moves groups of weights by self-play instead: a [Knob] scales a
// group, and [State.SetWeights] has a search evaluate with the result.

// SetWeights makes the search evaluate with w on every board, instead of
// the weights embedded for the configuration (nil goes back to those).
// The next Sync starts afresh: a board keeps the evaluation it was built
// with, and the tables learnt under other weights are dropped.
func (ds *State) SetWeights(w *dense.Weights) {
	ds.ev = nil
	if w != nil {
		ds.ev = dense.NewEvaluation(*w)
	}
	ds.b = nil // the next Sync builds a board, and forgets the tables
}

// A Knob scales one group of the evaluation's weights by a factor (1
// leaves them), rounding to whole weights; the tempo's knob adds
// 200·(factor − 1) instead, since the tempo is small and may be zero.
type Knob struct {
	Name  string
	apply func(w *dense.Weights, x float64)
}

// Apply sets w's group to its weights scaled by x.
func (k Knob) Apply(w *dense.Weights, x float64) { k.apply(w, x) }

// Knobs are the groups of set: "coarse" (14: the three weakest shapes of
// both roles together; each of the side to move's and the waiting side's
// open two, blocked three, open three and blocked four; the classes and
// the combinations of each role; the tempo), or "fine" (the same with
// each class of each role a knob of its own, classes that weigh nothing
// in base left out). The round values that only rank the threats about
// to win above the rest (fives, open fours) are no knob's: a waiting
// side's must stay at most the side to move's.
func Knobs(set string, base dense.Weights) ([]Knob, error) {
	shapeKnob := func(r int, s dense.LineShape) Knob {
		return Knob{roleNames[r] + "." + dense.ShapeNames[s], func(w *dense.Weights, x float64) { scale(&w.Shapes[r][s], x) }}
	}
	knobs := []Knob{{"weak", func(w *dense.Weights, x float64) {
		for r := range 2 {
			for _, s := range fitShapes[:fitTied] {
				scale(&w.Shapes[r][s], x)
			}
		}
	}}}
	for r := range 2 {
		for _, s := range fitShapes[fitTied:] {
			knobs = append(knobs, shapeKnob(r, s))
		}
	}
	combos := func(r int) Knob {
		return Knob{roleNames[r] + ".combos", func(w *dense.Weights, x float64) {
			for c := range w.Combos[r] {
				scale(&w.Combos[r][c], x)
			}
		}}
	}
	tempo := Knob{"tempo", func(w *dense.Weights, x float64) { w.Tempo += int64(math.Round(200 * (x - 1))) }}
	switch set {
	case "coarse":
		for r := range 2 {
			knobs = append(knobs, Knob{roleNames[r] + ".classes", func(w *dense.Weights, x float64) {
				for _, c := range fitClasses {
					scale(&w.Classes[r][c], x)
				}
			}})
		}
		return append(knobs, combos(dense.ToMove), combos(dense.Waiting), tempo), nil
	case "fine":
		for r := range 2 {
			for _, c := range fitClasses {
				if base.Classes[r][c] != 0 {
					knobs = append(knobs, Knob{roleNames[r] + "." + dense.ClassNames[c], func(w *dense.Weights, x float64) { scale(&w.Classes[r][c], x) }})
				}
			}
		}
		return append(knobs, combos(dense.ToMove), combos(dense.Waiting), tempo), nil
	}
	return nil, fmt.Errorf("duel: knobs: unknown set %q (want coarse or fine)", set)
}

// roleNames name the roles as the weights file does.
var roleNames = [2]string{dense.ToMove: "toMove", dense.Waiting: "waiting"}

func scale(v *int32, x float64) { *v = int32(math.Round(float64(*v) * x)) }
