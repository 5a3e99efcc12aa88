package dense

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/gomoku-engine/gomoku/engine"
)

// The static evaluation of the two-player search: every empty cell is
// worth, to each player, a weight for each of its four line shapes, one
// for the class they combine into and one for the combination of its
// strong shapes (below). The weights differ with the role: the
// side to move cashes in its threats first, so its shapes weigh more than
// the same shapes of the side that waits.
//
// The weights are in two files embedded in the build, in thousandths of
// a logit of the expected result: weights.json for bounded boards whose
// sides are at most 15 (the fit starts from it), fitted on 1,076 games of
// 15×15 (freestyle and exact) and 18,611 of their positions and
// neighbours labelled one by one by Rapfi, and weights20.json for larger
// bounded boards and unbounded ones, fitted on 1,024 games of 15×15 and
// 20×20 (it won on 20×20 and lost a little on 15×15; an unbounded
// board's games spread like a large board's, a choice not measured
// apart). Both weigh combinations of strong shapes, and both are fitted
// by logistic regression over quiet positions of games of Rapfi against
// itself and against this search (K = 5, openings of
// bench/openings/fit125.txt), aiming at half the game's result and half
// Rapfi's own evaluation of the position, by the program in
// engine/player/internal/evalfit, which writes the file.
// The tempo is not fitted, and a waiting side's shape weighs at most the
// side to move's. Positions the search scores without the evaluation (a
// five or an open four to make, a four-three against no four) are left
// out of the fit, so the top shapes keep round values that only order
// them above the rest. A shape's meaning does not depend on K, nor do the
// weights.

// role is whether a player's cells are judged as the side to move or the
// side that waits.
const (
	ToMove  = 0
	Waiting = 1
)

//go:embed weights.json
var weightsFile []byte

//go:embed weights20.json
var weights20File []byte

// Weights are the evaluation's weights, by role (index 0 the side to move,
// 1 the side that waits): per line shape, per class, and the worth of
// having the move.
type Weights struct {
	Shapes  [2][LineShapes]int32
	Classes [2][ClassCount]int32
	// Combos are indexed like ComboNames.
	Combos [2][]int32
	Tempo  int64
}

// The weights in force: weightsFile's on boards of side at most
// smallSide, which the fit and its starting point read; weights20File's
// on larger and unbounded boards.
var (
	SmallWeights = mustParse(ParseWeights, weightsFile)
	LargeWeights = mustParse(ParseWeights, weights20File)
)

// smallSide is the longest side of the boards that use weights.json.
// weights20.json weighs combinations of strong shapes, which won on
// 20×20 boards and lost a little on 15×15 ones; an unbounded board plays
// like a large one, its games spreading over more than 15 cells.
const smallSide = 15

// An evaluation is one set of weights as the board reads them: the
// judgement of every combination key, and the worth of having the move.
type Evaluation struct {
	judged []judgement
	tempo  int64
}

var (
	SmallEval = NewEvaluation(SmallWeights)
	LargeEval = NewEvaluation(LargeWeights)
)

// EvaluationFor is the evaluation of the boards of cfg.
func EvaluationFor(cfg engine.Config) *Evaluation {
	if cfg.Bounded() && max(cfg.Rows, cfg.Cols) <= smallSide {
		return SmallEval
	}
	return LargeEval
}

// NewEvaluation judges every combination key with w's weights.
func NewEvaluation(w Weights) *Evaluation {
	return &Evaluation{judged: judge(w), tempo: w.Tempo}
}

// Eval is the static value of the position for q, to move.
func (b *Board) Eval(q int) int64 {
	return b.Worth[q][ToMove] - b.Worth[1-q][Waiting] + b.tempo + b.renjuWorth(q)
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
	Combos  map[string]int32 `json:"combos,omitempty"`
}

// ParseWeights reads a weights file: every shape but none by name, the
// classes and combinations with a weight (the others weigh nothing) and
// the tempo. Unknown names and missing shapes are errors.
func ParseWeights(data []byte) (Weights, error) {
	var f weightsJSON
	if err := decodeStrict(data, &f); err != nil {
		return Weights{}, fmt.Errorf("dense: weights: %w", err)
	}
	w := Weights{Combos: [2][]int32{make([]int32, len(ComboNames)), make([]int32, len(ComboNames))}}
	for r, role := range [2]roleJSON{f.ToMove, f.Waiting} {
		for name, v := range role.Shapes {
			s := slices.Index(ShapeNames[:], name)
			if s <= int(lineNone) {
				return Weights{}, fmt.Errorf("dense: weights: unknown line shape %q", name)
			}
			w.Shapes[r][s] = v
		}
		if len(role.Shapes) != int(LineShapes)-1 {
			return Weights{}, fmt.Errorf("dense: weights: %d line shapes in role %d, want %d", len(role.Shapes), r, LineShapes-1)
		}
		for name, v := range role.Classes {
			c := slices.Index(ClassNames[:], name)
			if c <= int(ClassNone) {
				return Weights{}, fmt.Errorf("dense: weights: unknown class %q", name)
			}
			w.Classes[r][c] = v
		}
		for name, v := range role.Combos {
			c := slices.Index(ComboNames, name)
			if c < 0 {
				return Weights{}, fmt.Errorf("dense: weights: unknown combination %q", name)
			}
			w.Combos[r][c] = v
		}
	}
	w.Tempo = f.Tempo
	return w, nil
}

// mustParse is parse's reading of an embedded file, which cannot fail in
// a build whose tests pass.
func mustParse[T any](parse func([]byte) (T, error), data []byte) T {
	v, err := parse(data)
	if err != nil {
		panic(err) // the embedded file is checked by the package's tests
	}
	return v
}

// Write writes w as a weights file, names in alphabetical order, classes
// and combinations weighing nothing left out.
func (w Weights) Write(out io.Writer) error {
	f := weightsJSON{Tempo: w.Tempo}
	for r, role := range [2]*roleJSON{&f.ToMove, &f.Waiting} {
		role.Shapes, role.Classes = map[string]int32{}, map[string]int32{}
		for s := lineNone + 1; s < LineShapes; s++ {
			role.Shapes[ShapeNames[s]] = w.Shapes[r][s]
		}
		for c := ClassNone + 1; c < ClassCount; c++ {
			if v := w.Classes[r][c]; v != 0 {
				role.Classes[ClassNames[c]] = v
			}
		}
		for c, v := range w.Combos[r] {
			if v != 0 {
				if role.Combos == nil {
					role.Combos = map[string]int32{}
				}
				role.Combos[ComboNames[c]] = v
			}
		}
	}
	return writeIndented(out, f)
}

// decodeStrict decodes the JSON in data into v, refusing fields v does
// not have: a misspelt name in a weights or table file is an error, not
// a weight silently left out.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// writeIndented writes v to out as indented JSON and a newline, as the
// embedded files are kept.
func writeIndented(out io.Writer, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = out.Write(append(data, '\n'))
	return err
}

// CurrentWeights are the weights of weights.json, which boards of side at
// most 15 use and the fit starts from.
func CurrentWeights() Weights { return SmallWeights.Clone() }

// Clone is w with slices of its own: changing one does not change the other.
func (w Weights) Clone() Weights {
	for r := range 2 {
		w.Combos[r] = slices.Clone(w.Combos[r])
	}
	return w
}

// A combination is what a cell's strong line shapes make together, for
// the player who would mark it: the multiset of its shapes from a blocked
// two to a blocked four when there are at least two of them, with at most
// one four (two make an open four, which the search does not evaluate).
// Its weight corrects the sum of its shapes' and class's weights, so that
// a blocked three with an open two need not be worth the two apart; it is
// looked up with the class, in the table of judgements, and costs the
// search nothing. Weaker shapes stay additive: they are many and alike.
const (
	comboLow  = LineBlock2
	comboHigh = LineBlock4
)

// ComboNames spell the combinations in the weights file, the shapes
// strongest first joined by "+"; ComboOfKey is the combination of each
// combination key of four shapes, or −1.
var ComboNames, ComboOfKey = combinations()

func combinations() ([]string, []int16) {
	n := int(LineShapes)
	of := make([]int16, n*n*n*n)
	var names []string
	index := map[string]int16{}
	for k := range of {
		var m []LineShape
		fours := 0
		for a := range 4 {
			s := LineShape(k / int(ShapeDigit[a]) % n)
			if s >= comboLow && s <= comboHigh {
				m = append(m, s)
			}
			if s == LineBlock4 {
				fours++
			}
		}
		of[k] = -1
		if len(m) < 2 || fours > 1 {
			continue
		}
		slices.Sort(m)
		slices.Reverse(m)
		parts := make([]string, len(m))
		for i, s := range m {
			parts[i] = ShapeNames[s]
		}
		name := strings.Join(parts, "+")
		c, ok := index[name]
		if !ok {
			c = int16(len(names))
			index[name] = c
			names = append(names, name)
		}
		of[k] = c
	}
	return names, of
}
