//go:build race

package serve_test

// raceEnabled: the race detector slows the in-process SQLite driver about
// thirtyfold, so the racing tests play fewer rounds under it.
const raceEnabled = true
