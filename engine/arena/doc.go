// Package arena runs matches between players: built-in strategies or
// external Gomocup brains ([External], run through package
// engine/gomocup/manager). A match is many games of one configuration,
// any number of players for strategies (two for brains), seats assigned by
// a schedule so that every entrant gets to start, seeds so that a run
// repeats exactly, a move limit scored as a draw, a callback after every
// game (for progress or saving) and results aggregated per entrant.
//
// Games may start from opening positions, each played by a pair of games
// with the seats swapped; results are then also counted by pairs
// (pentanomial) for the Elo estimate and the SPRT of package elo, which can
// stop a match early. Move and game clocks with an increment and a
// tolerance apply to every player; a brain that overruns, crashes,
// answers garbage or ERROR, or plays an illegal cell forfeits the game
// (see [Fault]), while a built-in strategy that fails stops the match with
// [ErrStrategy], since that is a bug.
//
// Under [engine.Renju] brains are told INFO rule 4, and black's move onto
// a cell the rule forbids (an overline, a double four or a double three)
// loses the game for black, whoever chose it, as in c-gomoku-cli: Fault
// [ForbiddenMove], with the foul in the reason.
//
// Options.Concurrency games run at once, each worker with its own brain
// processes; the callback still sees the games in index order, and a game
// depends only on the options and its index, so a run with the same
// options, entrants and seed plays the same games at any concurrency (as
// long as the players are deterministic for a seed: a time-limited search
// is not).
package arena
