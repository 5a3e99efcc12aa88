//go:build !race

package duel

const raceEnabled = false
