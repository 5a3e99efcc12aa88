// Command balance makes opening suites whose positions a strong engine
// reads as even, for self-play screening where a game pair's result
// should depend on which build is stronger and not on the colours.
//
// It draws random compact openings (black's first stone on the centre,
// each next stone near an earlier one, no three or four for either side,
// none equal up to the board's symmetries and translation to another or
// to an opening of an --exclude file), has a Gomocup brain think a fixed
// time on each through the project's manager
// (engine/gomocup/manager; BOARD ... DONE, as a match
// would ask), reads the last evaluation the brain printed in a MESSAGE
// line before its move (Rapfi's "Eval -23" by default; any brain whose
// MESSAGE lines a --pattern matches will do), for the side to move, and
// keeps the openings within ±WINDOW. The suite is written in Gomocup
// offsets from the centre, each line with its evaluation as a comment,
// so `gomoku match --openings` plays it centred on any board. --from
// judges the openings of existing files instead.
//
// Usage:
//
//	go run ./engine/arena/opening/balance --brain PATH[:ARGS] [--size 15] [--rule freestyle] [--think 500ms]
//	    [--window 40] [--count 150] [--exclude FILE]... [--all FILE] [--out FILE]
//
// bench/openings/README.md lists the suites made this way, with the
// commands and their validation in self-play.
package main
