package duel

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/record"
)

// The evaluation's weights (eval.go) are refitted from saved games by
// TestFitEvaluation: a logistic regression of each game's result, for the
// side to move, on the counts the evaluation weighs, over the positions the
// search would score with it (no five or open four to make, no four-three
// against a side without fours).

// fitShapes are the line shapes whose weights are fitted: the top two
// never reach the evaluation.
var fitShapes = []lineShape{lineBlock1, lineFlex1, lineBlock2, lineFlex2, lineBlock3, lineFlex3, lineBlock4}

// fitClasses are the classes fitted on top of their shapes' weights: the
// combinations. A class that is a single shape is left to that shape.
var fitClasses = []cellClass{classTwoTwos, classFlex3Block2, classFlex3Plus, classDoubleThree, classFourBlock2, classFourPlus, classFourThree}

// fitClassNames spell fitClasses as the source does.
var fitClassNames = []string{"classTwoTwos", "classFlex3Block2", "classFlex3Plus", "classDoubleThree", "classFourBlock2", "classFourPlus", "classFourThree"}

// fitTied is how many of the weakest shapes weigh the same in both roles:
// their counts follow the number of marks, so a free weight per role would
// trade off against the tempo term.
const fitTied = 3

// fitSample is a quiet position: its game, the result for the side to
// move (1, ½ or 0), its features and the current evaluation, in logits.
type fitSample struct {
	game   int
	result float64
	x      []float64
	eval   float64
}

// fitWidth is the number of features: per role, the fitted shapes and
// classes.
var fitWidth = 2 * (len(fitShapes) + len(fitClasses))

// summaryResult matches the result tag of a `gomoku match` games.txt line.
var summaryResult = regexp.MustCompile(`\[Result "(1-0|0-1|1/2-1/2)"\]`)

// parseSummary reads a two-player games.txt line: its moves and the first
// mover's score. Games lost on time or by an engine's fault are refused:
// their result says nothing of the position.
func parseSummary(line string) (moves []record.Move, firstScore float64, ok bool) {
	m := summaryResult.FindStringSubmatch(line)
	if m == nil || !strings.Contains(line, `[Termination "`) || strings.Contains(line, "forfeits") {
		return nil, 0, false
	}
	i := strings.LastIndex(line, "] ")
	if i < 0 {
		return nil, 0, false
	}
	rec, err := record.ParseMoveString(line[i+2:])
	if err != nil || len(rec.Moves) == 0 {
		return nil, 0, false
	}
	firstScore = map[string]float64{"1-0": 1, "0-1": 0, "1/2-1/2": 0.5}[m[1]]
	return rec.Moves, firstScore, true
}

// fitFeatures are the counts of q's cells (q to move) and of the
// opponent's, the opponent's negated so that every weight is a worth; ok
// is false when the search would not evaluate the position.
func fitFeatures(b *board, q int) (x []float64, ok bool) {
	o := 1 - q
	if b.counts[q][classFive]+b.counts[o][classFive]+b.counts[q][classOpenFour]+b.counts[o][classOpenFour] > 0 ||
		(b.counts[q][classFourThree] > 0 && b.fours(o) == 0) {
		return nil, false
	}
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
	x = make([]float64, 0, fitWidth)
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
	}
	return x, true
}

// fitSamplesFrom replays the games of the games.txt files on a bounded
// board of cfg and collects their quiet positions, each game once.
func fitSamplesFrom(t *testing.T, cfg engine.Config, paths []string) []fitSample {
	var out []fitSample
	seen := map[string]bool{}
	games := 0
	for _, path := range paths {
		f, err := os.Open(path)
		require.NoError(t, err)
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			moves, first, ok := parseSummary(sc.Text())
			if !ok || seen[fmt.Sprint(moves)] {
				continue
			}
			seen[fmt.Sprint(moves)] = true
			games++
			b := newBoard(cfg, 0, 0, cfg.Rows, cfg.Cols)
			for n, m := range moves {
				i, ok := b.index(m.Row, m.Col)
				if !ok || b.stone[i] != 0 {
					break
				}
				b.place(i, n%2)
				q := (n + 1) % 2
				if n < 3 {
					continue // the opening is given, not played
				}
				x, ok := fitFeatures(b, q)
				if !ok {
					continue
				}
				res := first
				if q == 1 {
					res = 1 - first
				}
				out = append(out, fitSample{game: games, result: res, x: x, eval: float64(b.eval(q)) / 1000})
			}
		}
		require.NoError(t, sc.Err())
		require.NoError(t, f.Close())
	}
	t.Logf("%d games, %d quiet positions", games, len(out))
	return out
}

func sigmoid(z float64) float64 { return 1 / (1 + math.Exp(-z)) }

// heldOut puts one game in five aside to judge a fit.
func heldOut(s fitSample) bool { return s.game%5 == 0 }

// logLoss is the mean cross-entropy of the predictions z(s) on the held-out
// games (or the others).
func logLoss(samples []fitSample, held bool, z func(fitSample) float64) float64 {
	sum, n := 0.0, 0
	for _, s := range samples {
		if heldOut(s) != held {
			continue
		}
		p := min(max(sigmoid(z(s)), 1e-9), 1-1e-9)
		sum -= s.result*math.Log(p) + (1-s.result)*math.Log(1-p)
		n++
	}
	return sum / float64(n)
}

// fitLogistic fits w (the last entry the tempo) on the training games by
// full-batch Adam with a cosine-decayed step scaled by each feature's
// spread, L2 regularisation, combination weights kept non-negative and the
// weakest shapes tied across roles.
func fitLogistic(samples []fitSample, l2 float64, iters int) []float64 {
	n := fitWidth
	per := len(fitShapes) + len(fitClasses)
	w := make([]float64, n+1)
	scale := make([]float64, n+1)
	scale[n] = 1
	for j := range n {
		s1, s2, c := 0.0, 0.0, 0.0
		for _, s := range samples {
			s1, s2, c = s1+s.x[j], s2+s.x[j]*s.x[j], c+1
		}
		if sd := math.Sqrt(max(s2/c-(s1/c)*(s1/c), 0)); sd > 1e-3 {
			scale[j] = 1 / sd
		} else {
			scale[j] = 1
		}
	}
	m, v, g := make([]float64, n+1), make([]float64, n+1), make([]float64, n+1)
	for it := 1; it <= iters; it++ {
		clear(g)
		cnt := 0
		for _, s := range samples {
			if heldOut(s) {
				continue
			}
			z := w[n]
			for j, x := range s.x {
				z += w[j] * x
			}
			e := sigmoid(z) - s.result
			for j, x := range s.x {
				g[j] += e * x
			}
			g[n] += e
			cnt++
		}
		for j := range fitTied {
			g[j], g[per+j] = (g[j]+g[per+j])/2, (g[j]+g[per+j])/2
		}
		rate := 0.01 * 0.5 * (1 + math.Cos(math.Pi*float64(it)/float64(iters)))
		for j := range w {
			g[j] /= float64(cnt)
			if j < n {
				g[j] += l2 * w[j]
			}
			m[j] = 0.9*m[j] + 0.1*g[j]
			v[j] = 0.999*v[j] + 0.001*g[j]*g[j]
			mh := m[j] / (1 - math.Pow(0.9, float64(it)))
			vh := v[j] / (1 - math.Pow(0.999, float64(it)))
			w[j] -= rate * scale[j] * mh / (math.Sqrt(vh) + 1e-8)
			if j < n && j%per >= len(fitShapes) {
				w[j] = max(w[j], 0)
			}
		}
	}
	return w
}

// TestFitEvaluation refits the evaluation's weights from the games.txt
// files that `gomoku match --save-dir` writes (two players, K = 5, a
// bounded board), named by EVALFIT_GAMES (comma-separated), and prints
// them as eval.go spells them with the held-out log-loss of the fit
// and of the current weights. EVALFIT_SIZE sets the board (default 15).
// Without EVALFIT_GAMES it is skipped.
func TestFitEvaluation(t *testing.T) {
	paths := os.Getenv("EVALFIT_GAMES")
	if paths == "" {
		t.Skip("set EVALFIT_GAMES to games.txt files to refit the evaluation")
	}
	size := 15
	if s := os.Getenv("EVALFIT_SIZE"); s != "" {
		_, err := fmt.Sscan(s, &size)
		require.NoError(t, err)
	}
	cfg := engine.DefaultConfig()
	cfg.Rows, cfg.Cols = size, size
	samples := fitSamplesFrom(t, cfg, strings.Split(paths, ","))
	require.NotEmpty(t, samples)
	w := fitLogistic(samples, 3e-4, 4000)
	z := func(s fitSample) float64 {
		v := w[len(w)-1]
		for j, x := range s.x {
			v += w[j] * x
		}
		return v
	}
	current := func(s fitSample) float64 { return s.eval }
	t.Logf("held-out log-loss: fitted %.4f, current weights %.4f (a coin: %.4f)",
		logLoss(samples, true, z), logLoss(samples, true, current), math.Log(2))
	per := len(fitShapes) + len(fitClasses)
	milli := func(x float64) int { return int(math.Round(1000 * x)) }
	var sb strings.Builder
	sb.WriteString("lineWorth = [2][lineShapes]int32{\n")
	for r, name := range []string{"toMove", "waiting"} {
		fmt.Fprintf(&sb, "\t%s: {0", name)
		for k := range fitShapes {
			fmt.Fprintf(&sb, ", %d", milli(w[r*per+k]))
		}
		fmt.Fprintf(&sb, ", %d, %d},\n", lineWorth[r][lineFlex4], lineWorth[r][lineFive])
	}
	sb.WriteString("}\nclassWorth = [2][classCount]int32{\n")
	for r, name := range []string{"toMove", "waiting"} {
		fmt.Fprintf(&sb, "\t%s: {", name)
		for k, c := range fitClassNames {
			if v := milli(w[r*per+len(fitShapes)+k]); v != 0 {
				fmt.Fprintf(&sb, "%s: %d, ", c, v)
			}
		}
		fmt.Fprintf(&sb, "classOpenFour: %d, classFive: %d},\n", classWorth[r][classOpenFour], classWorth[r][classFive])
	}
	fmt.Fprintf(&sb, "}\ntempo int64 = %d\n", milli(w[len(w)-1]))
	t.Log("\n" + sb.String())
}

// TestParseSummary reads the games.txt lines the fit learns from and
// refuses the ones it must not.
func TestParseSummary(t *testing.T) {
	line := `[Game "2"] [Black "b"] [White "a"] [Result "0-1"] [Termination "five in a row"] [Opening "openings60.txt:14"] [PlyCount "4"] h8g9h7h3`
	moves, first, ok := parseSummary(line)
	require.True(t, ok)
	assert.Equal(t, 0.0, first)
	assert.Equal(t, []record.Move{{Row: 7, Col: 7}, {Row: 8, Col: 6}, {Row: 6, Col: 7}, {Row: 2, Col: 7}}, moves)
	_, first, ok = parseSummary(strings.Replace(line, `"0-1"`, `"1/2-1/2"`, 1))
	require.True(t, ok)
	assert.Equal(t, 0.5, first)
	for _, bad := range []string{
		strings.Replace(line, `"five in a row"`, `"player 2 forfeits (time): engine did not answer in time"`, 1),
		strings.Replace(line, `[Result "0-1"]`, `[Result "P2"]`, 1),
		strings.Replace(line, "h8g9h7h3", "h8h8", 1),
		"",
	} {
		_, _, ok := parseSummary(bad)
		assert.False(t, ok, bad)
	}
}
