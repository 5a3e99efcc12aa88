package dense

import (
	_ "embed"
	"fmt"
	"io"
	"slices"
	"strings"
)

// The pair table is read from pairs.json, which the evaluation's fitter
// (engine/player/internal/evalfit pairs) writes: a value for each
// unordered pair of grades, named "g+h" with g the weaker grade, the
// pairs not named weighing nothing.

//go:embed pairs.json
var pairsFile []byte

// PairTable is a pair table: the value of a cell whose marking would make
// grades g and h on two of its axes, at [g][h] and [h][g].
type PairTable [lineGrades][lineGrades]int32

// Pairs is the number of unordered pairs of grades, a pair table's
// values.
const Pairs = int(lineGrades) * (int(lineGrades) + 1) / 2

// pairGrades are the two grades of each pair, weaker first, in the order
// of a pair table's values: by the weaker grade, then the stronger.
var pairGrades = func() (out [Pairs][2]lineGrade) {
	k := 0
	for g := range lineGrades {
		for h := g; h < lineGrades; h++ {
			out[k] = [2]lineGrade{g, h}
			k++
		}
	}
	return out
}()

// pairIndex is the index of the pair of grades g and h among Pairs.
var pairIndex = func() (out [lineGrades][lineGrades]int) {
	for k, gh := range pairGrades {
		out[gh[0]][gh[1]], out[gh[1]][gh[0]] = k, k
	}
	return out
}()

// PairName names pair k as the pair table's file does.
func PairName(k int) string {
	return gradeNames[pairGrades[k][0]] + "+" + gradeNames[pairGrades[k][1]]
}

// PairFitted reports whether the fit sets pair k's value: a pair that
// holds a blocked three or more. The weaker pairs keep theirs (nothing):
// their counts follow the number of marks more than the position.
func PairFitted(k int) bool { return pairGrades[k][1] >= gradeBlock3 }

// CurrentPairs is the pair table in force.
func CurrentPairs() PairTable { return pairWorth }

// Value is pair k's value in t.
func (t *PairTable) Value(k int) int32 { return t[pairGrades[k][0]][pairGrades[k][1]] }

// SetValue sets pair k's value in t.
func (t *PairTable) SetValue(k int, v int32) {
	g, h := pairGrades[k][0], pairGrades[k][1]
	t[g][h], t[h][g] = v, v
}

// pairsJSON is a pair table's file.
type pairsJSON struct {
	Pairs map[string]int32 `json:"pairs"`
}

// ParsePairs reads a pair table's file. Unknown names, a pair named
// twice (as "g+h" and "h+g") and negative values are errors.
func ParsePairs(data []byte) (PairTable, error) {
	var f pairsJSON
	if err := decodeStrict(data, &f); err != nil {
		return PairTable{}, fmt.Errorf("dense: pairs: %w", err)
	}
	var t PairTable
	seen := map[int]string{}
	for name, v := range f.Pairs {
		a, b, _ := strings.Cut(name, "+")
		g, h := slices.Index(gradeNames[:], a), slices.Index(gradeNames[:], b)
		if g < 0 || h < 0 {
			return PairTable{}, fmt.Errorf("dense: pairs: unknown pair %q", name)
		}
		k := pairIndex[g][h]
		if other, ok := seen[k]; ok {
			return PairTable{}, fmt.Errorf("dense: pairs: %q and %q name the same pair", other, name)
		}
		if v < 0 {
			return PairTable{}, fmt.Errorf("dense: pairs: %q is %d, below 0", name, v)
		}
		seen[k] = name
		t.SetValue(k, v)
	}
	return t, nil
}

// Write writes t as a pair table's file, names in alphabetical order,
// the pairs weighing nothing left out.
func (t PairTable) Write(out io.Writer) error {
	f := pairsJSON{Pairs: map[string]int32{}}
	for k := range Pairs {
		if v := t.Value(k); v != 0 {
			f.Pairs[PairName(k)] = v
		}
	}
	return writeIndented(out, f)
}

// PairCounts adds to x (of length Pairs), for each pair of grades, how
// many times two axes of an empty cell make it, the first player's cells
// less the second's: the position's pair sum is their dot product with
// the table's values. It reads nothing on a board without the pair
// evaluation.
func (b *Board) PairCounts(x []float64) {
	if b.Grades[0] == nil {
		return
	}
	for i := range b.Stone {
		if b.Stone[i] != 0 {
			continue
		}
		g := &b.Cell[i].grade
		for q := range 2 {
			sign := float64(1 - 2*q)
			for a := range 4 {
				for e := a + 1; e < 4; e++ {
					x[pairIndex[g[q][a]][g[q][e]]] += sign
				}
			}
		}
	}
}
