// Package arena runs matches between strategies: many games of one
// configuration, any number of players, seats assigned by a schedule so
// that every entrant gets to start, seeds so that a run repeats exactly,
// a move limit scored as a draw, a callback after every game (for progress
// or saving) and results aggregated per entrant.
//
// Games run one after another in index order, so the callback sees them
// in order and a run with the same options, entrants and seed plays the
// same games (as long as the strategies themselves are deterministic for
// a seed: a time-limited search is not).
package arena
