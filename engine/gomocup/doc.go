// Package gomocup is the wire format of the Gomocup protocol (Petr
// Lastovička's "Gomoku AI protocol", the one Piskvork speaks:
// https://plastovicka.github.io/protocl2en.htm), written once for both
// sides of it:
//
//   - the manager (a tournament manager or GUI) sends [Command]s, one a
//     line, and the stones of BOARD ... DONE as [Stone]s "x,y,field";
//   - the brain (the program that plays) writes [Answer]s: OK, a move
//     "x,y", ERROR, UNKNOWN, MESSAGE and DEBUG lines, and its [About]
//     line.
//
// Each type reads with a Parse function and writes with its String method,
// so a line written by one side reads back on the other. [Reader] and
// [WriteLines] carry the lines on both sides. Package
// [github.com/gomoku-engine/gomoku/engine/gomocup/brain] serves a strategy
// as a brain on top of this package;
// [github.com/gomoku-engine/gomoku/engine/gomocup/manager] runs brain
// programs and plays the manager's side.
//
// # Where the spec is open
//
//   - Coordinates are 0-based, x the column and y the row. Numbers read
//     from the manager are whole, non-negative and at most 2^30, so that
//     arithmetic on them cannot overflow; a move read from a brain may be
//     negative, since judging it is the manager's business.
//   - Command and answer words are case-insensitive, as in Piskvork's
//     sample brain; arguments follow one or more spaces.
//   - A line ends at LF, CR or CR LF; empty lines are skipped. Lines are
//     written with LF, which the spec allows.
//   - An ABOUT value is quoted and may hold commas; a quote inside it is
//     written as ' so the line reads back.
package gomocup
