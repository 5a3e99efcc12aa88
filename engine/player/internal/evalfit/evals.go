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

// moveLine is an engine's move in the log.
var moveLine = regexp.MustCompile(`^(\d+),(\d+)$`)

// readEvals reads a match log: each engine's last printed evaluation
// before a move (gomocup.MessageEval; if it is a value) is that
// position's, turned into a win chance for the engine (the side to move)
// by sigmoid(eval/scale), a mate into 1 or 0.
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
		if field, found := gomocup.MessageEval(m[3], nil); found {
			delete(pending, who)
			if e, ok := gomocup.ParseEval(field); ok {
				pending[who] = e.WinChance(scale)
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
