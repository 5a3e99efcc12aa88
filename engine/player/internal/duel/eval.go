package duel

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
)

// The static evaluation of the two-player search: every empty cell is
// worth, to each player, a weight for each of its four line shapes and one
// for the class they combine into. The weights differ with the role: the
// side to move cashes in its threats first, so its shapes weigh more than
// the same shapes of the side that waits.
//
// The weights are in weights.json, embedded in the build, in thousandths
// of a logit of the expected result: fitted by logistic regression over
// quiet positions of games of Rapfi against itself and against this
// search (15×15 and 20×20, freestyle and exact, K = 5), aiming at half the
// game's result and half Rapfi's own evaluation of the position, by the
// program in engine/player/internal/evalfit, which writes the file. The
// tempo is not fitted, and a waiting side's shape weighs at most the side
// to move's. Positions the search scores without the evaluation (a five
// or an open four to make, a four-three against no four) are left out of
// the fit, so the top shapes keep round values that only order them above
// the rest. A shape's meaning does not depend on K, nor do the weights.

// role is whether a player's cells are judged as the side to move or the
// side that waits.
const (
	toMove  = 0
	waiting = 1
)

//go:embed weights.json
var weightsFile []byte

// Weights are the evaluation's weights, by role (index 0 the side to move,
// 1 the side that waits): per line shape, per class, and the worth of
// having the move.
type Weights struct {
	Shapes  [2][lineShapes]int32
	Classes [2][classCount]int32
	Tempo   int64
}

// The weights in force, from weightsFile.
var (
	weights    = mustParseWeights(weightsFile)
	lineWorth  = weights.Shapes
	classWorth = weights.Classes
	tempo      = weights.Tempo
)

// eval is the static value of the position for q, to move.
func (b *board) eval(q int) int64 {
	return b.worth[q][toMove] - b.worth[1-q][waiting] + tempo + b.renjuWorth(q)
}

// weightsJSON is the file's layout: weights by role, then by name.
type weightsJSON struct {
	ToMove  roleJSON `json:"toMove"`
	Waiting roleJSON `json:"waiting"`
	Tempo   int64    `json:"tempo"`
}

type roleJSON struct {
	Shapes  map[string]int32 `json:"shapes"`
	Classes map[string]int32 `json:"classes"`
}

// ParseWeights reads a weights file: every shape but none by name, the
// classes with a weight (the others weigh nothing) and the tempo. Unknown
// names and missing shapes are errors.
func ParseWeights(data []byte) (Weights, error) {
	var f weightsJSON
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return Weights{}, fmt.Errorf("duel: weights: %w", err)
	}
	var w Weights
	for r, role := range [2]roleJSON{f.ToMove, f.Waiting} {
		for name, v := range role.Shapes {
			s := slices.Index(shapeNames[:], name)
			if s <= int(lineNone) {
				return Weights{}, fmt.Errorf("duel: weights: unknown line shape %q", name)
			}
			w.Shapes[r][s] = v
		}
		if len(role.Shapes) != int(lineShapes)-1 {
			return Weights{}, fmt.Errorf("duel: weights: %d line shapes in role %d, want %d", len(role.Shapes), r, lineShapes-1)
		}
		for name, v := range role.Classes {
			c := slices.Index(classNames[:], name)
			if c <= int(classNone) {
				return Weights{}, fmt.Errorf("duel: weights: unknown class %q", name)
			}
			w.Classes[r][c] = v
		}
	}
	w.Tempo = f.Tempo
	return w, nil
}

func mustParseWeights(data []byte) Weights {
	w, err := ParseWeights(data)
	if err != nil {
		panic(err) // the embedded file is checked by the package's tests
	}
	return w
}

// Write writes w as a weights file, names in alphabetical order, classes
// weighing nothing left out.
func (w Weights) Write(out io.Writer) error {
	f := weightsJSON{Tempo: w.Tempo}
	for r, role := range [2]*roleJSON{&f.ToMove, &f.Waiting} {
		role.Shapes, role.Classes = map[string]int32{}, map[string]int32{}
		for s := lineNone + 1; s < lineShapes; s++ {
			role.Shapes[shapeNames[s]] = w.Shapes[r][s]
		}
		for c := classNone + 1; c < classCount; c++ {
			if v := w.Classes[r][c]; v != 0 {
				role.Classes[classNames[c]] = v
			}
		}
	}
	data, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return err
	}
	_, err = out.Write(append(data, '\n'))
	return err
}

// CurrentWeights are the weights the build embeds.
func CurrentWeights() Weights { return weights }
