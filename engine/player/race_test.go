//go:build race

package player_test

// raceEnabled lets the slowest tests skip under the race detector, which
// slows them tenfold and checks nothing more there.
const raceEnabled = true
