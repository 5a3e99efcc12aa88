// Command judge measures the quality of a Gomocup brain's moves by a
// stronger brain's reading of them, as a quick and quiet screen for
// search and evaluation changes where self-play needs hundreds of games.
//
// A suite (testdata/suite.txt, or the larger testdata/undecided300k.txt
// read at 300k nodes) holds quiet positions from real games
// (the side to move has no five to make and no four to stop, past the
// test opening, neither side judged won or lost), each with the judge's
// best move and its evaluation of the position after every move labelled
// so far, all read at one node budget with the judge's hash table
// cleared first, so that a reading does not depend on the time, the load
// or the readings before it. `judge score` has each build play every
// position, has the judge read the moves no one played before (and keeps
// those readings in the suite file), and reports the mean loss of win
// rate against the judge's best move with a bootstrap interval, the
// share of moves losing little, and each build against the first,
// paired by position; --brain-clear has each build's table cleared
// before every position too. `judge make` draws a suite from saved
// games.
//
// Usage:
//
//	go run ./engine/arena/judge make --judge PATH[:ARGS] [--nodes 100000] [--openings FILE]... --out FILE DIR...
//	go run ./engine/arena/judge score --suite FILE [--judge PATH[:ARGS]] --brain PATH[:ARGS]... [--name NAME]...
//
// README.md in this folder has the method, its validation against match
// results and the commands.
package main
