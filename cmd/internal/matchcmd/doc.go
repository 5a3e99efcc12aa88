// Package matchcmd is the match command of the gomoku program: it reads
// the command line into entrants (built-in bots, or Gomocup brains run
// through package engine/gomocup/manager) and options of package
// engine/arena, plays the match with a progress bar, saves the games when
// asked (JSON saved games, .psq records or move strings, and a summary line
// per game in games.txt) and prints the results as a table or one JSON
// document: per entrant, head to head with the Elo estimate and the SPRT,
// forfeits with their records, and with --stats the wins by seat and the
// search's figures.
//
// The command takes its streams from the urfave/cli app, so tests run it
// in-process.
package matchcmd
