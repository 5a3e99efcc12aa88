package main

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"strconv"

	"github.com/gomoku-engine/gomoku/engine/gomocup"
)

// gameEvals are, for each game of a match (numbered as in games.txt),
// the engines' win chances for the side to move before each of their
// moves, keyed by the move they then played: a cell is played once in a
// game, so it names the position.
type gameEvals map[int]map[cellKey]float64

// cellKey is a board cell, row then column.
type cellKey struct{ row, col int }

// logLine matches a line of the log `gomoku match --log` writes: time,
// game number, engine name, direction and the protocol line.
var logLine = regexp.MustCompile(`^\S+ game (\d+) (.+) -> (.*)$`)

// evalField is the evaluation in an engine's MESSAGE line, as Rapfi prints
// it ("... | Eval -107 | ...", "Eval +M29" for a mate in 29 plies; see
// gomocup.ParseEval).
var (
	evalField = regexp.MustCompile(`^MESSAGE .*\bEval (\S+)`)
	moveLine  = regexp.MustCompile(`^(\d+),(\d+)$`)
)

// readEvals reads a match log: each engine's last printed evaluation
// before a move (if it is a value) is that position's, turned into a win chance for the
// engine (the side to move) by sigmoid(eval/scale), a mate into 1 or 0.
// An evaluation not followed by a move of the same engine in the same
// game is dropped.
func readEvals(r io.Reader, scale float64) (gameEvals, error) {
	out := gameEvals{}
	type seat struct {
		game int
		name string
	}
	pending := map[seat]float64{}
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		m := logLine.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		game, err := strconv.Atoi(m[1])
		if err != nil {
			continue
		}
		who := seat{game, m[2]}
		if f := evalField.FindStringSubmatch(m[3]); f != nil {
			delete(pending, who)
			if p, ok := evalChance(f[1], scale); ok {
				pending[who] = p
			}
			continue
		}
		mv := moveLine.FindStringSubmatch(m[3])
		if mv == nil {
			continue
		}
		p, ok := pending[who]
		if !ok {
			continue
		}
		delete(pending, who)
		x, errX := strconv.Atoi(mv[1])
		y, errY := strconv.Atoi(mv[2])
		if errX != nil || errY != nil {
			continue
		}
		if out[game] == nil {
			out[game] = map[cellKey]float64{}
		}
		out[game][cellKey{row: y, col: x}] = p // Gomocup cells are x (column), y (row)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("engine log: %w", err)
	}
	return out, nil
}

// evalChance is the win chance for the side to move of an engine's
// evaluation as Rapfi prints it: sigmoid(eval/scale), a mate 1 or 0; ok
// is false for anything else (VAL_NONE).
func evalChance(field string, scale float64) (p float64, ok bool) {
	v, mate, ok := gomocup.ParseEval(field)
	switch {
	case !ok:
		return 0, false
	case mate != 0:
		return float64(mate+1) / 2, true
	}
	return sigmoid(float64(v) / scale), true
}
