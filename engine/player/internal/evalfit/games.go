package main

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"strings"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player/internal/duel"
	"github.com/gomoku-engine/gomoku/engine/record"
)

// sample is a quiet position: its game, the result for the side to move
// (1, ½ or 0), its features and the current evaluation, in logits.
type sample struct {
	game   int
	result float64
	x      []float64
	eval   float64
}

// summaryResult matches the result tag of a games.txt line.
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

// samplesFrom replays the games of the games.txt files on a board of cfg
// and collects their quiet positions, each distinct game once; it returns
// them with the number of games.
func samplesFrom(cfg engine.Config, paths []string) ([]sample, int, error) {
	var out []sample
	seen := map[string]bool{}
	games := 0
	for _, path := range paths {
		f, err := os.Open(path)
		if err != nil {
			return nil, 0, err
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			moves, first, ok := parseSummary(sc.Text())
			if !ok || seen[fmt.Sprint(moves)] {
				continue
			}
			seen[fmt.Sprint(moves)] = true
			games++
			b, err := duel.NewReplay(cfg)
			if err != nil {
				f.Close()
				return nil, 0, err
			}
			for n, m := range moves {
				if !b.Play(m.Row, m.Col) {
					break
				}
				if n < 3 {
					continue // the opening is given, not played
				}
				x, eval, ok := b.Features()
				if !ok {
					continue
				}
				res := first
				if n%2 == 0 { // the second mover is to move
					res = 1 - first
				}
				out = append(out, sample{game: games, result: res, x: x, eval: eval})
			}
		}
		err = sc.Err()
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return nil, 0, fmt.Errorf("%s: %w", path, err)
		}
	}
	return out, games, nil
}
