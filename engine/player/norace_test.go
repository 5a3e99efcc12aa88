//go:build !race

package player_test

const raceEnabled = false
