package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"text/tabwriter"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/gomoku-engine/gomoku/engine/gomocup"
	"github.com/gomoku-engine/gomoku/engine/gomocup/manager"
	"github.com/gomoku-engine/gomoku/engine/internal/atomicfile"
	"github.com/gomoku-engine/gomoku/engine/internal/cliexit"
	"github.com/gomoku-engine/gomoku/engine/record"
)

// build is a brain to score and what it played.
type build struct {
	name   string
	spec   brainSpec
	played []record.Move
	took   time.Duration
}

// saveEvery is how many new labels are read between two writes of the
// suite file, so that an interrupted run keeps most of its readings.
const saveEvery = 20

// scoreSuite is the score command's action.
func scoreSuite(c *cli.Context) error {
	path := c.String("suite")
	s, err := loadSuite(path)
	if err != nil {
		return cli.Exit(fmt.Sprintf("score: %v", err), cliexit.Fail)
	}
	view := s.positions
	if n := c.Int("limit"); n > 0 && n < len(view) {
		view = view[:n]
	}
	if len(view) == 0 {
		return cli.Exit("score: the suite has no position", cliexit.Fail)
	}
	names := c.StringSlice("name")
	specs := c.StringSlice("brain")
	if len(names) > 0 && len(names) != len(specs) {
		return cli.Exit(fmt.Sprintf("score: %d --name for %d --brain", len(names), len(specs)), cliexit.Usage)
	}
	margin := c.Float64("margin")
	thinks, err := thinkTimes(c.StringSlice("think"), len(specs))
	if err != nil {
		return cli.Exit(fmt.Sprintf("score: %v", err), cliexit.Usage)
	}
	if margin < 0 || margin >= 1 {
		return cli.Exit("score: want 0 ≤ --margin < 1", cliexit.Usage)
	}
	builds := make([]*build, len(specs))
	for i, spec := range specs {
		prog, err := manager.ParseProgram(spec)
		if err != nil {
			return cli.Exit(fmt.Sprintf("score: --brain: %v", err), cliexit.Usage)
		}
		builds[i] = &build{name: prog.String(), spec: brainSpec{prog: prog, think: thinks[i], clear: c.String("brain-clear")}}
		if len(names) > 0 {
			builds[i].name = names[i]
		}
	}
	sub := &suite{positions: view}
	for _, b := range builds {
		if err := play(c, sub, b); err != nil {
			return cli.Exit(fmt.Sprintf("score: %s: %v", b.name, err), cliexit.Fail)
		}
	}
	if err := labelPlayed(c, s, sub, builds, path); err != nil {
		return err
	}
	report(c.App.Writer, sub, builds, margin, c.IntSlice("sizes"), c.Bool("verbose"))
	return nil
}

// thinkTimes reads the --think values: one for every build, or one per
// build in --brain order.
func thinkTimes(vals []string, builds int) ([]time.Duration, error) {
	if len(vals) == 0 {
		vals = []string{defaultThink.String()}
	}
	if len(vals) != 1 && len(vals) != builds {
		return nil, fmt.Errorf("%d --think for %d --brain: give one, or one per build", len(vals), builds)
	}
	out := make([]time.Duration, builds)
	for i := range out {
		v := vals[min(i, len(vals)-1)]
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return nil, fmt.Errorf("--think %q: want a positive duration such as 200ms", v)
		}
		out[i] = d
	}
	return out, nil
}

// play has b move in every position of s.
func play(c *cli.Context, s *suite, b *build) error {
	ev := b.spec.evaluator()
	defer ev.Close()
	start := time.Now()
	for i := range s.positions {
		p := &s.positions[i]
		r, err := ev.Evaluate(c.Context, b.spec.position(p.size, p.rule, p.moves))
		if err != nil && !errors.Is(err, manager.ErrNoEval) {
			return fmt.Errorf("%s: %w", p.source, err)
		}
		m := record.Move{Row: r.Move.Row, Col: r.Move.Col}
		if err := p.playable(m); err != nil {
			return fmt.Errorf("%s: an illegal move: %w", p.source, err)
		}
		b.played = append(b.played, m)
	}
	b.took = time.Since(start)
	fmt.Fprintf(c.App.ErrWriter, "%s played %d positions in %v\n", b.name, len(s.positions), b.took.Round(time.Second))
	return nil
}

// labelPlayed has the judge read every move played that has no label
// yet, and writes the whole suite back to path as the labels come.
func labelPlayed(c *cli.Context, whole, view *suite, builds []*build, path string) error {
	type job struct {
		i int
		m record.Move
	}
	var jobs []job
	for i := range view.positions {
		p := &view.positions[i]
		var pending []record.Move
		for _, b := range builds {
			m := b.played[i]
			if _, ok := p.labelOf(m); !ok && !slices.Contains(pending, m) {
				pending = append(pending, m)
				jobs = append(jobs, job{i, m})
			}
		}
	}
	if len(jobs) == 0 {
		return nil
	}
	if c.String("judge") == "" {
		return cli.Exit(fmt.Sprintf("score: %d moves played have no label: name the judge with --judge", len(jobs)), cliexit.Usage)
	}
	j, err := judgeOf(c)
	if err != nil {
		return err
	}
	defer j.close()
	save := func() error {
		if err := atomicfile.Write(path, whole.write); err != nil {
			return cli.Exit(fmt.Sprintf("score: %v", err), cliexit.Fail)
		}
		return nil
	}
	start := time.Now()
	for k, jb := range jobs {
		p := &view.positions[jb.i]
		var e gomocup.Eval
		if winningMove(p.size, p.rule, p.moves, jb.m) {
			e = gomocup.Eval{Value: 1, Mate: 1}
		} else {
			j.spec.nodes = p.nodes
			e, err = j.labelMove(c.Context, p, jb.m)
		}
		if err != nil {
			if serr := save(); serr != nil {
				return serr
			}
			return cli.Exit(fmt.Sprintf("score: judging %s at %s: %v", cellName(jb.m), p.source, err), cliexit.Fail)
		}
		p.setLabel(jb.m, e)
		if (k+1)%saveEvery == 0 {
			if err := save(); err != nil {
				return err
			}
		}
	}
	fmt.Fprintf(c.App.ErrWriter, "the judge read %d new moves in %v\n", len(jobs), time.Since(start).Round(time.Second))
	return save()
}

// report prints each build's score, then each build against the first.
func report(w io.Writer, s *suite, builds []*build, margin float64, sizes []int, verbose bool) {
	if verbose {
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprint(tw, "position\tbest")
		for _, b := range builds {
			fmt.Fprintf(tw, "\t%s", b.name)
		}
		fmt.Fprintln(tw)
		for i := range s.positions {
			p := &s.positions[i]
			be, _ := p.labelOf(p.best)
			fmt.Fprintf(tw, "%s\t%s %v", p.source, cellName(p.best), be)
			for _, b := range builds {
				l, _ := p.loss(b.played[i])
				fmt.Fprintf(tw, "\t%s %.3f", cellName(b.played[i]), l)
			}
			fmt.Fprintln(tw)
		}
		tw.Flush()
		fmt.Fprintln(w)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "build\tpositions\tmean loss [95%%]\tloss ≤ %.2f [95%%]\tjudge's move\tplay time\n", margin)
	for _, b := range builds {
		sm := summarize(s, b.played, margin)
		fmt.Fprintf(tw, "%s\t%d\t%.4f [%.4f, %.4f]\t%.1f%% [%.1f, %.1f]\t%.1f%%\t%v\n", b.name, sm.positions,
			sm.loss.mean, sm.loss.lo, sm.loss.hi, 100*sm.within.mean, 100*sm.within.lo, 100*sm.within.hi, 100*sm.best, b.took.Round(time.Second))
	}
	tw.Flush()
	for _, n := range sizes {
		if n <= 0 || n >= len(s.positions) {
			continue
		}
		first := &suite{positions: s.positions[:n]}
		fmt.Fprintf(w, "\non the first %d positions:\n", n)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		for _, b := range builds {
			sm := summarize(first, b.played[:n], margin)
			fmt.Fprintf(tw, "%s\t%.4f [%.4f, %.4f]\t%.1f%%\n", b.name, sm.loss.mean, sm.loss.lo, sm.loss.hi, 100*sm.within.mean)
		}
		tw.Flush()
		if len(builds) > 1 {
			pairs(w, first, builds)
		}
	}
	if len(builds) > 1 {
		fmt.Fprintln(w)
		pairs(w, s, builds)
	}
}

// pairs prints every build's mean loss minus the first's, paired by
// position.
func pairs(w io.Writer, s *suite, builds []*build) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, b := range builds[1:] {
		d, n := paired(s, b.played, builds[0].played)
		fmt.Fprintf(tw, "%s − %s\t%+.4f [%+.4f, %+.4f]\t%d positions\n", b.name, builds[0].name, d.mean, d.lo, d.hi, n)
	}
	tw.Flush()
}
