// Package gamecli is what the gomoku commands share about games on the
// command line: the flags of the rules and tuning (--k, --players, --rows,
// --cols, --torus, --rule, --free-order, --checker) read into an engine
// configuration; the seats' bots checked against it; game files named on
// the command line (saved games, .psq records, move strings) told apart
// and loaded; move lines "ROW COL [PLAYER]" as typed or piped; refused
// moves explained in words; a bot's move that renju forbids to black
// replaced by the nearest allowed cell ([ReplaceForbidden]), for the front
// ends that must not stop on it; and the configuration as the JSON
// outputs show it.
package gamecli
