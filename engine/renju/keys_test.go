package renju_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine/renju"
)

// TestKeysKeptEqualKeysRead: keys updated move by move with KeyWeight, as
// a search keeps them, equal the keys read afresh from the board, also
// after stones are taken back; CheckKeys with them answers as Check does.
func TestKeysKeptEqualKeysRead(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const n = 15
	d := &dense{}
	// The edge is part of every key from the start: a key kept by a
	// search begins as the empty board's.
	var keys [n * n][4]renju.LineKey
	for i := range keys {
		keys[i] = renju.Keys(d, i/n, i%n)
	}
	digit := map[renju.Stone]renju.LineKey{renju.Black: 1, renju.White: 2}
	update := func(r, c int, s renju.Stone, sign int) {
		for k, dir := range renju.Directions() {
			for i := -5; i <= 5; i++ {
				rr, cc := r-i*dir[0], c-i*dir[1]
				if uint(rr) >= n || uint(cc) >= n || i == 0 {
					continue
				}
				// (r, c) is at offset i from (rr, cc).
				delta := digit[s] * renju.KeyWeight(i)
				if sign > 0 {
					keys[rr*n+cc][k] += delta
				} else {
					keys[rr*n+cc][k] -= delta
				}
			}
		}
	}
	var played []int
	for step := range 600 {
		if len(played) > 0 && (rng.IntN(4) == 0 || len(played) > 150) {
			i := played[len(played)-1]
			played = played[:len(played)-1]
			update(i/n, i%n, d[i], -1)
			d[i] = renju.Empty
		} else {
			i := rng.IntN(n * n)
			if d[i] != renju.Empty {
				continue
			}
			d[i] = renju.Stone(1 + rng.IntN(2))
			update(i/n, i%n, d[i], +1)
			played = append(played, i)
		}
		if step%20 != 0 {
			continue
		}
		for i := range keys {
			r, c := i/n, i%n
			require.Equal(t, renju.Keys(d, r, c), keys[i], "cell (%d, %d) at step %d", r, c, step)
			if d[i] == renju.Empty {
				require.Equal(t, renju.Check(d, r, c), renju.CheckKeys(d, r, c, keys[i]))
			}
		}
	}
}

func TestKeyWeight(t *testing.T) {
	require.Equal(t, renju.LineKey(1), renju.KeyWeight(5))
	require.Equal(t, renju.LineKey(3), renju.KeyWeight(4))
	require.Equal(t, renju.LineKey(3*3*3*3*3), renju.KeyWeight(-1))
	require.Equal(t, renju.LineKey(3*3*3*3*3*3*3*3*3), renju.KeyWeight(-5))
	for _, i := range []int{0, 6, -6, 100} {
		require.Zero(t, renju.KeyWeight(i))
	}
}
