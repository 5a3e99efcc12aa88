package core

import "github.com/gomoku-engine/gomoku/engine/internal/mix"

// Axes are the four directions of a line, as row and column steps.
var Axes = [4]struct{ DR, DC int }{{0, 1}, {1, 0}, {1, 1}, {1, -1}}

// Zobrist is a pseudo-random 64-bit value for a mark of player p on the
// cell packed as key (see engine/internal/cellkey): the exclusive or of a
// position's marks' values is its hash.
func Zobrist(key uint64, p int) uint64 {
	return mix.Finalise(key*mix.Golden + uint64(p)*0xd1b54a32d192ed03)
}

// RunWorth is what joining or cutting a run of n marks with open empty
// ends is worth in a local score: longer and more open runs dominate.
func RunWorth(n, open int) int { return (n + 1) * (n + 1) * (open + 1) }

// LocalWorth combines a cell's attack and defence: attack counts 5/4 of
// defence, so a player extends its own run before cutting an equal one.
func LocalWorth(attack, defence int) int { return 5*attack + 4*defence }
