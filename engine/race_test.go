//go:build race

package engine

// raceEnabled lets the slowest property tests play fewer games under the
// race detector, which slows them tenfold and checks nothing more there.
const raceEnabled = true
