package main

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player/internal/duel"
	"github.com/gomoku-engine/gomoku/engine/record"
	"github.com/gomoku-engine/gomoku/engine/savefile"
)

// sample is a quiet position: its game and input, the result for the side
// to move (1, ½ or 0), the win chance the engine that moved from it
// printed (NaN when none did), the target the fit aims at for it (the
// result, or the result mixed with that win chance; NaN when the position
// has none and is left out of the fit) and its features.
type sample struct {
	game   int
	input  int
	result float64
	engine float64
	target float64
	x      []float64
}

// input is a games.txt file, the configuration its games are replayed
// on, and the engines' evaluations of its positions (nil when unknown);
// or a positions file (see [positionsSuffix]) and the scale of its
// evaluations.
type input struct {
	path      string
	cfg       engine.Config
	evals     gameEvals
	positions bool
	scale     float64
}

// logName is the match log `gomoku match --log` writes, looked for in a
// save directory when the fit aims at engines' evaluations.
const logName = "match.log"

// summaryGame matches the game number of a games.txt line.
var summaryGame = regexp.MustCompile(`^\[Game "(\d+)"\]`)

// dirConfig is the board and rule of the games saved in dir (those of its
// first saved game, checked against the replay's needs), or def when dir
// holds none.
func dirConfig(dir string, def engine.Config) (engine.Config, error) {
	files, err := filepath.Glob(filepath.Join(dir, "game-*.json"))
	if err != nil || len(files) == 0 {
		return def, nil
	}
	slices.Sort(files)
	saved, err := savefile.Load(files[0])
	if err != nil {
		return def, err
	}
	cfg := saved.Game.Config()
	if _, err := duel.NewReplay(cfg); err != nil || cfg.K != 5 || cfg.Rule == engine.Renju {
		return def, fmt.Errorf("%s: games of %v: the fit replays two-player K = 5 freestyle or exact games on a bounded board", dir, cfg)
	}
	return cfg, nil
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

// samplesFrom replays the games of the inputs' games.txt files, each on
// its board, and collects their quiet positions with the features the fit
// reads of them (a position features refuses is left out), each
// distinct game once;
// it returns them with the number of games. With mix > 0 a position's
// target is (1 − mix)·result + mix·(the win chance of the engine that
// moved from it), and a position no engine evaluated has none; every
// sample keeps that win chance apart (NaN when there is none).
func samplesFrom(inputs []input, mix float64, features func(*duel.Replay) ([]float64, bool)) ([]sample, int, error) {
	var out []sample
	seen := map[string]bool{}
	games := 0
	for k, in := range inputs {
		if in.positions {
			var err error
			if out, games, err = positionSamples(in.path, k, in.scale, out, games, seen); err != nil {
				return nil, 0, err
			}
			continue
		}
		path, cfg := in.path, in.cfg
		f, err := os.Open(path)
		if err != nil {
			return nil, 0, err
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			moves, first, ok := parseSummary(sc.Text())
			var evals map[cellKey]float64
			if g := summaryGame.FindStringSubmatch(sc.Text()); g != nil {
				n, _ := strconv.Atoi(g[1]) // the pattern's digits; a number too large matches no game
				evals = in.evals[n]
			}
			id := fmt.Sprint(cfg, moves)
			if !ok || seen[id] {
				continue
			}
			seen[id] = true
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
				x, ok := features(b)
				if !ok {
					continue
				}
				res := first
				if n%2 == 0 { // the second mover is to move
					res = 1 - first
				}
				chance := math.NaN()
				if n+1 < len(moves) {
					if p, ok := evals[cellKey{moves[n+1].Row, moves[n+1].Col}]; ok {
						chance = p
					}
				}
				target := res
				if mix > 0 {
					target = (1-mix)*res + mix*chance
				}
				out = append(out, sample{game: games, input: k, result: res, engine: chance, target: target, x: x})
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

// evalFeatures are a replayed position's features for the evaluation's
// weights ([duel.Replay.Features]).
func evalFeatures(r *duel.Replay) ([]float64, bool) {
	x, _, ok := r.Features()
	return x, ok
}

// evalsIn reads the engines' evaluations from dir's match log; a
// directory without one has none.
func evalsIn(dir string, scale float64) (gameEvals, error) {
	f, err := os.Open(filepath.Join(dir, logName))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	ev, err := readEvals(f, scale)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", f.Name(), err)
	}
	return ev, nil
}
