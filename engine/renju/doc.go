// Package renju decides which moves renju forbids to black.
//
// # The rule
//
// Renju is Gomoku for two players, black moving first, with five in a row
// to win and three restrictions on black that offset the first move's
// advantage. The Renju International Federation's rules (RIF, 1996, amended
// 1998) are the authority; in short:
//
//   - Black wins only with exactly five stones in an unbroken row. White
//     wins with five or more and has no restrictions.
//   - A four is a row of four stones that one more stone turns into a five;
//     a straight four is an unbroken four that two different stones turn
//     into a five. A three is a row of three that one more stone turns into
//     a straight four, that stone not making a five at the same time.
//   - Black may not play an overline (six or more in an unbroken row), a
//     double four (two or more fours at once, also two on the same line, as
//     in ●·●●●·●) or a double three (two or more threes at once).
//   - A three counts only if the stone that makes its straight four is
//     itself allowed to black. That stone may in turn be a double three
//     whose threes depend on further stones, so the definition is
//     recursive.
//   - A move that makes five wins, even if it also makes an overline,
//     a double four or a double three on other lines.
//
// Fours and threes count only if they contain the stone just played: a
// four already on the board elsewhere is not part of the move.
//
// # The detector
//
// [Check] reads the board through a [Board], one method call per cell, so
// a sparse map, a dense search array or a function ([BoardFunc]) all fit.
// It reads the cell's four lines, five cells each side, into base-3
// [LineKey]s and classifies each line from a table built once for every
// key (five, overline, number of fours, and the cells that would turn a
// three into a straight four). A search that keeps the keys up to date as
// stones come and go skips the reading: [CheckKeys]. Overline and double four are decided from the
// table alone. Only when two lines hold threes does it verify them, by
// placing the move and asking [Check] again about each three's
// completion stones, on an overlay of hypothetical black stones that
// never touches the caller's board. Most cells leave after the four
// lookups.
//
// Only a cell that has black stones within four cells on at least one of
// its lines can be forbidden, which [Near] enumerates: a display or a
// search lists the forbidden cells of a position from its black stones
// rather than from the whole board.
package renju
