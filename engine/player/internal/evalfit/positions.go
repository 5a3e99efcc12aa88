package main

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/gomocup"
	"github.com/gomoku-engine/gomoku/engine/player/internal/duel"
	"github.com/gomoku-engine/gomoku/engine/record"
)

// A positions file holds positions an engine evaluated one by one (what
// `evalfit label` writes), a line each:
//
//	15 freestyle GROUP MOVES EVAL
//
// the board's side, the rule, a group (the positions of one game share
// it, so that they are held out together), the moves as a move string
// and the engine's evaluation for the side to move, as Rapfi prints it
// ("-107", "+M29"). A positions file has no results: its positions'
// target is the engine's win chance whatever the mix, and they count in
// no log-loss against results.
const positionsSuffix = "positions.txt"

// isPositions reports whether the input named path is a positions file.
func isPositions(path string) bool { return strings.HasSuffix(path, positionsSuffix) }

// A reach file holds positions to label, a line each as in a positions
// file without the evaluation (what `evalfit reach` writes; `evalfit
// label` labels them).
const reachSuffix = "reach.txt"

// isReach reports whether the input named path is a reach file.
func isReach(path string) bool { return strings.HasSuffix(path, reachSuffix) }

// position is one line of a positions file.
type position struct {
	cfg   engine.Config
	group string
	moves []record.Move
	eval  string
}

// String is the position's line; a reach file's when it has no evaluation.
func (p position) String() string {
	s, _ := record.FormatMoveString(p.moves) // the moves were played on a board of at most 26 columns
	line := fmt.Sprintf("%d %v %s %s", p.cfg.Rows, p.cfg.Rule, p.group, s)
	if p.eval != "" {
		line += " " + p.eval
	}
	return line
}

// parsePosition reads a positions file's line, or a reach file's when
// labelled is false.
func parsePosition(line string, labelled bool) (position, error) {
	f := strings.Fields(line)
	switch {
	case labelled && len(f) != 5:
		return position{}, fmt.Errorf("want SIZE RULE GROUP MOVES EVAL, got %d fields", len(f))
	case !labelled && len(f) != 4:
		return position{}, fmt.Errorf("want SIZE RULE GROUP MOVES, got %d fields", len(f))
	}
	size, err := strconv.Atoi(f[0])
	if err != nil {
		return position{}, fmt.Errorf("size %q: %w", f[0], err)
	}
	rule, err := engine.ParseRule(f[1])
	if err != nil {
		return position{}, err
	}
	cfg := engine.DefaultConfig()
	cfg.Rows, cfg.Cols, cfg.Rule = size, size, rule
	if _, err := duel.NewReplay(cfg); err != nil || rule == engine.Renju {
		return position{}, fmt.Errorf("%dx%d %v: not a board the fit replays", size, size, rule)
	}
	rec, err := record.ParseMoveString(f[3])
	if err != nil {
		return position{}, err
	}
	p := position{cfg: cfg, group: f[2], moves: rec.Moves}
	if !labelled {
		return p, nil
	}
	if _, ok := gomocup.ParseEval(f[4]); !ok {
		return position{}, fmt.Errorf("evaluation %q: want a number or a mate like +M29", f[4])
	}
	p.eval = f[4]
	return p, nil
}

// readPositions reads a positions file, or a reach file when labelled is
// false; blank lines are skipped.
func readPositions(path string, labelled bool) ([]position, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []position
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		p, err := parsePosition(sc.Text(), labelled)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, n, err)
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return out, nil
}

// positionSamples reads a positions file and appends its positions'
// samples to out, numbering their groups as games after games; seen
// keeps each position once across inputs.
func positionSamples(path string, k int, scale float64, out []sample, games int, seen map[string]bool) ([]sample, int, error) {
	ps, err := readPositions(path, true)
	if err != nil {
		return nil, 0, err
	}
	groups := map[string]int{}
	for _, p := range ps {
		id := fmt.Sprint(p.cfg, p.moves)
		if seen[id] {
			continue
		}
		seen[id] = true
		b, err := duel.NewReplay(p.cfg)
		if err != nil {
			return nil, 0, err
		}
		ok := true
		for _, m := range p.moves {
			ok = ok && b.Play(m.Row, m.Col)
		}
		if !ok {
			return nil, 0, fmt.Errorf("%s: %v: a move off the board or on a taken cell", path, p)
		}
		x, _, ok := b.Features()
		if !ok {
			continue
		}
		g, ok := groups[p.group]
		if !ok {
			games++
			g = games
			groups[p.group] = g
		}
		e, _ := gomocup.ParseEval(p.eval)
		chance := e.WinChance(scale)
		out = append(out, sample{game: g, input: k, result: math.NaN(), engine: chance, target: chance, x: x})
	}
	return out, games, nil
}
