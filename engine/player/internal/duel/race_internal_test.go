//go:build race

package duel

// raceEnabled makes the referee's tests skip or shrink under the race
// detector: they run one goroutine, which it slows tenfold and checks
// nothing more in.
const raceEnabled = true
