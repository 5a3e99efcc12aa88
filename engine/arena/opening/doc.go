// Package opening reads opening suites: text files with one opening
// position a line, as engine managers play them (each opening twice, the
// engines swapping colours).
//
// Three notations are read, recognised line by line:
//
//   - Offsets from the centre, the Gomocup tournament's format and
//     c-gomoku-cli's "offset" type: "x,y, x,y, ...", x the column and y
//     the row counted from the centre cell (column ⌊width/2⌋, row
//     ⌊height/2⌋), negative to the left and up. "0,0, 1,0, 0,1" is the
//     centre, the cell to its right, the cell below it. A line with a
//     comma is read this way.
//   - Move strings, c-gomoku-cli's "pos" type and the notation of
//     [record.ParseMoveString]: "h8i9j10", a column letter from "a" and a
//     row number from 1 at the top. A line starting with a letter is read
//     this way.
//   - Row and column pairs, the notation of "gomoku replay": "7 7 7 8 8 8",
//     0-based, row 0 at the top. A line of whitespace-separated integers
//     is read this way.
//
// Moves alternate, the first player's first. Blank lines and everything
// from a "#" to the end of a line are ignored. A cell named twice is an
// error; whether the moves fit a board, and do not already end the game,
// is checked when an opening is placed ([Opening.Cells], [Check]).
package opening
