package main

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/arena/opening"
	"github.com/gomoku-engine/gomoku/engine/record"
	"github.com/gomoku-engine/gomoku/engine/savefile"
)

// game is a saved two-player game the suite may take positions from.
type game struct {
	source  string // folder/file, e.g. free15/game-0001
	size    int
	rule    engine.Rule
	moves   []record.Move
	opening int // how many first moves an opening suite gave
}

// loadGames reads the saved games (game-*.json) of every folder, or the
// files named, and keeps the two-player five-in-a-row games on a square
// board a move string can write.
func loadGames(paths []string) ([]game, error) {
	var files []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			files = append(files, p)
			continue
		}
		fs, err := filepath.Glob(filepath.Join(p, "game-*.json"))
		if err != nil {
			return nil, err
		}
		slices.Sort(fs)
		files = append(files, fs...)
	}
	var out []game
	for _, f := range files {
		saved, err := savefile.Load(f)
		if err != nil {
			return nil, err
		}
		cfg := saved.Game.Config()
		if cfg.Players != 2 || cfg.K != 5 || cfg.Torus || cfg.Rows != cfg.Cols || cfg.Rows < 5 ||
			cfg.Cols > record.MaxMoveStringCols || cfg.Rule == engine.Renju {
			continue
		}
		g := game{
			source: sourceName(f),
			size:   cfg.Rows, rule: cfg.Rule,
		}
		for _, m := range saved.Moves() {
			g.moves = append(g.moves, record.Move{Row: m.Row, Col: m.Col})
		}
		out = append(out, g)
	}
	return out, nil
}

// sourceName names a saved game by its last two folders and its file,
// e.g. r5/free15/game-0001: the match folder alone repeats across rounds.
func sourceName(path string) string {
	dir := filepath.Dir(path)
	return filepath.ToSlash(filepath.Join(filepath.Base(filepath.Dir(dir)), filepath.Base(dir), strings.TrimSuffix(filepath.Base(path), ".json")))
}

// openingLength is the length of the longest opening that the game begins
// with, stone for stone, or 0.
func openingLength(g game, ops []opening.Opening) int {
	longest := 0
	for _, o := range ops {
		cells, err := o.Cells(g.size, g.size)
		if err != nil || len(cells) > len(g.moves) || len(cells) <= longest {
			continue
		}
		same := true
		for i, c := range cells {
			if g.moves[i].Row != c.Row || g.moves[i].Col != c.Col {
				same = false
				break
			}
		}
		if same {
			longest = len(cells)
		}
	}
	return longest
}

// choice says which positions of a game may enter the suite.
type choice struct {
	minStones, maxStones int // stones on the board
	perGame              int // at most this many positions of one game
}

// candidates are up to perGame positions of each game, drawn at random
// among the quiet ones past its opening (at least one move played after
// the opening's stones) with minStones to maxStones stones, none twice
// (the same stones of each colour, whatever the order), in a random order
// over all games. Positions whose key is in exclude are left out.
func candidates(games []game, ch choice, exclude map[string]bool, rng *rand.Rand) []position {
	seen := maps.Clone(exclude)
	if seen == nil {
		seen = map[string]bool{}
	}
	var out []position
	for _, g := range games {
		var plies []int
		for n := max(ch.minStones, g.opening+1); n <= ch.maxStones && n < len(g.moves); n++ {
			if quiet(g.size, g.rule, g.moves[:n]) {
				plies = append(plies, n)
			}
		}
		rng.Shuffle(len(plies), func(i, j int) { plies[i], plies[j] = plies[j], plies[i] })
		taken := 0
		for _, n := range plies {
			if taken == ch.perGame {
				break
			}
			k := stonesKey(g.size, g.rule, g.moves[:n])
			if seen[k] {
				continue
			}
			seen[k] = true
			taken++
			out = append(out, position{
				moves: slices.Clone(g.moves[:n]), rule: g.rule, size: g.size,
				source: fmt.Sprintf("%s@%d", g.source, n),
			})
		}
	}
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// stonesKey names a position by its board, rule and the stones of each
// colour, so that transpositions are one position.
func stonesKey(size int, rule engine.Rule, moves []record.Move) string {
	var sides [2][]string
	for i, m := range moves {
		sides[i%2] = append(sides[i%2], cellName(m))
	}
	slices.Sort(sides[0])
	slices.Sort(sides[1])
	return fmt.Sprintf("%d %v %s / %s", size, rule, strings.Join(sides[0], ""), strings.Join(sides[1], ""))
}
