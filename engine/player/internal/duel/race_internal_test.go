//go:build race

package duel

// raceEnabled lets the referee's tests skip under the race detector: they
// run one goroutine, which it slows tenfold and checks nothing more in.
const raceEnabled = true
