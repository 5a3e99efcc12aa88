package renju_test

import (
	"math/rand/v2"
	"testing"

	"github.com/gomoku-engine/gomoku/engine/renju"
)

// dense is a 15 × 15 board in an array, the kind a search keeps.
type dense [15 * 15]renju.Stone

func (d *dense) At(row, col int) renju.Stone {
	if uint(row) >= 15 || uint(col) >= 15 {
		return renju.Wall
	}
	return d[row*15+col]
}

// playedPositions are positions of games played at random next to the
// stones already down, black never playing a forbidden cell, stopped
// after 20 to 80 moves: the crowded middle of real games, where threes
// and fours are everywhere.
func playedPositions(n int) []*dense {
	rng := rand.New(rand.NewPCG(15, 15))
	var out []*dense
	for len(out) < n {
		d := &dense{}
		d[7*15+7] = renju.Black
		moves := 20 + rng.IntN(61)
		for m := 1; m < moves; m++ {
			stone := renju.Black
			if m%2 == 1 {
				stone = renju.White
			}
			for try := 0; try < 200; try++ {
				i := rng.IntN(len(d))
				r, c := i/15, i%15
				if d[i] != renju.Empty || !nextToStone(d, r, c) {
					continue
				}
				if stone == renju.Black && renju.Check(d, r, c) != renju.None {
					continue
				}
				d[i] = stone
				break
			}
		}
		out = append(out, d)
	}
	return out
}

func nextToStone(d *dense, r, c int) bool {
	for dr := -2; dr <= 2; dr++ {
		for dc := -2; dc <= 2; dc++ {
			if s := d.At(r+dr, c+dc); s == renju.Black || s == renju.White {
				return true
			}
		}
	}
	return false
}

// BenchmarkCheck times one Check of an empty cell near the stones of a
// played position, on the array board a search keeps and on a map, and
// CheckKeys with the cell's line keys kept by the caller, as a search
// that updates them with each move would.
func BenchmarkCheck(b *testing.B) {
	positions := playedPositions(64)
	type query struct {
		d    *dense
		r, c int
	}
	var queries []query
	forbidden := 0
	for _, d := range positions {
		for i := range d {
			if r, c := i/15, i%15; d[i] == renju.Empty && nextToStone(d, r, c) {
				queries = append(queries, query{d, r, c})
				if renju.Check(d, r, c) != renju.None {
					forbidden++
				}
			}
		}
	}
	b.Logf("%d cells, %d forbidden", len(queries), forbidden)
	b.Run("board=array/keys=kept", func(b *testing.B) {
		keys := make([][4]renju.LineKey, len(queries))
		for i, q := range queries {
			keys[i] = renju.Keys(q.d, q.r, q.c)
		}
		i := 0
		for b.Loop() {
			j := i % len(queries)
			q := queries[j]
			renju.CheckKeys(q.d, q.r, q.c, keys[j])
			i++
		}
	})
	b.Run("board=array/keys=read", func(b *testing.B) {
		i := 0
		for b.Loop() {
			q := queries[i%len(queries)]
			renju.Check(q.d, q.r, q.c)
			i++
		}
	})
	b.Run("board=map/keys=read", func(b *testing.B) {
		maps := map[*dense]*position{}
		for _, d := range positions {
			p := &position{stones: map[[2]int]renju.Stone{}, rows: 15, cols: 15}
			for i, s := range d {
				p.set(i/15, i%15, s)
			}
			maps[d] = p
		}
		i := 0
		for b.Loop() {
			q := queries[i%len(queries)]
			renju.Check(maps[q.d], q.r, q.c)
			i++
		}
	})
}
