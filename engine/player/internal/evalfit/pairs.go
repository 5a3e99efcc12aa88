package main

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/urfave/cli/v2"

	"github.com/gomoku-engine/gomoku/engine/internal/atomicfile"
	"github.com/gomoku-engine/gomoku/engine/internal/cliexit"
	"github.com/gomoku-engine/gomoku/engine/player/internal/dense"
	"github.com/gomoku-engine/gomoku/engine/player/internal/duel"
)

// pairScale is the pair table's units per logit: a position worth v is a
// win chance of sigmoid(v/pairScale), as Rapfi reads its own table's.
const pairScale = 200.0

// pairsCommand fits the classic search's pair table.
func pairsCommand() *cli.Command {
	return &cli.Command{
		Name:      "pairs",
		Usage:     "refit the classic search's pair table from saved games",
		ArgsUsage: "DIR|games.txt ...",
		Description: "Replays the games as the fit does (see evalfit --help: the same inputs, each\n" +
			"distinct game once, the same quiet positions, one game in five held out) and\n" +
			"fits the pair table (engine/player/internal/dense/pairs.json): the result for\n" +
			"the side to move as sigmoid(v/200) of the position's pair value v, the counts\n" +
			"of each pair of grades on the empty cells (the side to move's less the other\n" +
			"side's, averaged with those before the last mark, as the evaluation reads\n" +
			"them) times the table's values. Only the pairs that hold a blocked three or\n" +
			"more are fitted; the weaker keep their values. No value goes below 0. The fit\n" +
			"starts from the table in force and takes Newton steps on the mean log-loss\n" +
			"plus L2 times the sum of the squared values over 200, each halved until it\n" +
			"does not raise that, the values at 0 that would go below held there. It\n" +
			"prints the held-out log-loss of the fitted table and of the one in force, and\n" +
			"writes the table file.\n\n" +
			"Example:\n" +
			"   gomoku match --bots \"pbrain:./gomoku:pbrain --nodes 22222,pbrain:/opt/rapfi\" --info 2:max_node=22222 \\\n" +
			"       --rows 15 --cols 15 --tc 900+10 --openings bench/openings/balanced15.txt --games 250 --save-dir g/\n" +
			"   go run ./engine/player/internal/evalfit pairs --out engine/player/internal/dense/pairs.json g/\n" +
			"   go build ./cmd/gomoku   # the new table is embedded",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "out", Usage: "write the table to `FILE` (atomically) instead of standard output"},
			&cli.Float64Flag{Name: "l2", Value: 1e-4, Usage: "L2 regularisation `STRENGTH` on each value over 200"},
			&cli.IntFlag{Name: "iters", Value: 25, Usage: "Newton steps `N`"},
		}, boardFlags()...),
		Action: fitPairs,
	}
}

// fitPairs is the pairs command's action.
func fitPairs(c *cli.Context) error {
	if c.NArg() == 0 {
		return cli.Exit("pairs: no games: name DIR or games.txt files (see --help)", cliexit.Usage)
	}
	l2, iters := c.Float64("l2"), c.Int("iters")
	if !(l2 >= 0) || iters < 1 {
		return cli.Exit(fmt.Sprintf("pairs: --l2 %v --iters %d: want a penalty of 0 or more and at least 1 step", l2, iters), cliexit.Usage)
	}
	cfg, err := commandBoard(c, "pairs")
	if err != nil {
		return err
	}
	inputs, err := inputsOf(c.Args().Slice(), cfg, pairScale)
	if err != nil {
		return cli.Exit(fmt.Sprintf("pairs: %v", err), cliexit.Fail)
	}
	for _, in := range inputs {
		if in.positions {
			return cli.Exit(fmt.Sprintf("pairs: %s: positions files label positions for the evaluation's weights, not the pair table", in.path), cliexit.Usage)
		}
	}
	samples, games, err := samplesFrom(inputs, 0, (*duel.Replay).PairFeatures)
	if err != nil {
		return cli.Exit(fmt.Sprintf("pairs: %v", err), cliexit.Fail)
	}
	fmt.Fprintf(c.App.ErrWriter, "%d games, %d quiet positions\n", games, len(samples))
	if games < 5 {
		return cli.Exit(fmt.Sprintf("pairs: %d games: at least 5 are needed (one in five is held out)", games), cliexit.Fail)
	}
	current := dense.CurrentPairs()
	fitted, err := fitPairTable(samples, current, l2, iters)
	if err != nil {
		return cli.Exit(fmt.Sprintf("pairs: %v", err), cliexit.Fail)
	}
	all := func(sample) bool { return true }
	fmt.Fprintf(c.App.ErrWriter, "held-out log-loss: fitted %.4f, current table %.4f (a coin: %.4f)\n",
		logLoss(samples, all, result, pairValue(&fitted)), logLoss(samples, all, result, pairValue(&current)), math.Log(2))
	if out := c.String("out"); out != "" {
		if err := atomicfile.Write(out, fitted.Write); err != nil {
			return cli.Exit(fmt.Sprintf("pairs: %v", err), cliexit.Fail)
		}
		return nil
	}
	if err := fitted.Write(c.App.Writer); err != nil {
		return cli.Exit(fmt.Sprintf("pairs: %v", err), cliexit.Fail)
	}
	return nil
}

// pairValue is a sample's value under table t, in logits.
func pairValue(t *dense.PairTable) func(sample) float64 {
	return func(s sample) float64 {
		v := 0.0
		for k, x := range s.x {
			v += float64(t.Value(k)) * x
		}
		return v / pairScale
	}
}

// fitPairTable fits the fitted pairs' values of from (dense.PairFitted)
// to the training samples' results: projected Newton steps on the
// penalised mean log-loss in u = value/pairScale, each halved until it
// does not raise the loss, the values at 0 whose gradient is positive
// held there.
func fitPairTable(samples []sample, from dense.PairTable, l2 float64, iters int) (dense.PairTable, error) {
	var free []int
	for k := range dense.Pairs {
		if dense.PairFitted(k) {
			free = append(free, k)
		}
	}
	var train []sample
	for _, s := range samples {
		if !heldOut(s) {
			train = append(train, s)
		}
	}
	if len(train) == 0 {
		return from, errors.New("no position to fit on")
	}
	u := make([]float64, len(free))
	for j, k := range free {
		u[j] = float64(from.Value(k)) / pairScale
	}
	loss := func(u []float64) float64 {
		sum := 0.0
		for _, s := range train {
			z := 0.0
			for j, k := range free {
				z += u[j] * s.x[k]
			}
			sum += math.Log1p(math.Exp(-math.Abs(z))) + max(z, 0) - s.result*z
		}
		return sum/float64(len(train)) + l2*dot(u, u)
	}
	n := len(free)
	for range iters {
		grad := make([]float64, n)
		hess := make([]float64, n*n)
		for _, s := range train {
			z := 0.0
			for j, k := range free {
				z += u[j] * s.x[k]
			}
			p := sigmoid(z)
			r, w := p-s.result, p*(1-p)
			for a, ka := range free {
				xa := s.x[ka]
				if xa == 0 {
					continue
				}
				grad[a] += r * xa
				for b, kb := range free[:a+1] {
					hess[a*n+b] += w * xa * s.x[kb]
				}
			}
		}
		m := float64(len(train))
		var held []bool
		for a := range n {
			grad[a] = grad[a]/m + 2*l2*u[a]
			for b := range a + 1 {
				hess[a*n+b] /= m
				hess[b*n+a] = hess[a*n+b]
			}
			hess[a*n+a] += 2 * l2
			held = append(held, u[a] <= 0 && grad[a] > 0)
		}
		step := newtonStep(hess, grad, held)
		f0 := loss(u)
		next := slices.Clone(u)
		for t := 1.0; t > 1e-4; t /= 2 {
			for a := range n {
				next[a] = max(u[a]-t*step[a], 0)
			}
			if loss(next) <= f0 {
				break
			}
			copy(next, u)
		}
		u = next
	}
	out := from
	for j, k := range free {
		out.SetValue(k, int32(math.Round(u[j]*pairScale)))
	}
	return out, nil
}

// newtonStep solves hess·step = grad (hess symmetric positive definite,
// n×n row-major) over the variables not held, by Cholesky; held
// variables take no step.
func newtonStep(hess, grad []float64, held []bool) []float64 {
	n := len(grad)
	var idx []int
	for a := range n {
		if !held[a] {
			idx = append(idx, a)
		}
	}
	m := len(idx)
	l := make([]float64, m*m)
	for i := range m {
		for j := range i + 1 {
			v := hess[idx[i]*n+idx[j]]
			for k := range j {
				v -= l[i*m+k] * l[j*m+k]
			}
			if i == j {
				l[i*m+i] = math.Sqrt(max(v, 1e-12))
			} else {
				l[i*m+j] = v / l[j*m+j]
			}
		}
	}
	y := make([]float64, m)
	for i := range m {
		v := grad[idx[i]]
		for k := range i {
			v -= l[i*m+k] * y[k]
		}
		y[i] = v / l[i*m+i]
	}
	step := make([]float64, n)
	for i := m - 1; i >= 0; i-- {
		v := y[i]
		for k := i + 1; k < m; k++ {
			v -= l[k*m+i] * step[idx[k]]
		}
		step[idx[i]] = v / l[i*m+i]
	}
	return step
}

func dot(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}
