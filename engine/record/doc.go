// Package record reads and writes finished or unfinished two-player games in
// the formats the Gomoku world exchanges: Piskvork's .psq files and the
// compact move strings of opening books ("h8i9j10").
//
// # Piskvork .psq
//
// Piskvork, the manager of the Gomocup tournament, saves a game as text:
//
//	Piskvorky 15x15, 11:11, 0
//	8,8,1203
//	9,9,857
//	pbrain-one.zip
//	pbrain-two.zip
//	0
//
// The header gives the board's width (x, columns) and height (y, rows), the
// two seats' levels (0 a human, n > 0 a computer at level n) and which seat
// began (0 or 1). Each move line is "x,y,time": 1-based column, 1-based row
// and the milliseconds the move took (Piskvork also reads "x,y"). The moves
// alternate, first mover first. A trailer follows: the two players' names,
// first mover first (written by tournaments and command-line games), a
// result code, and, in Gomocup archives, further lines such as
// "0,Freestyle15_1". The trailer is kept verbatim so a record read and
// written back is unchanged, apart from line ends (always LF on output).
//
// The moves end at the first line that is not "int,int[,int]". A line that
// begins like a move (a digit or a minus sign, then a comma somewhere) but
// does not parse is an error, not the start of the trailer, so a typo in a
// move is reported instead of silently cutting the game short.
//
// # Move strings
//
// An opening book writes a game as one string of moves, each a column letter
// from "a" and a row number from 1: "h8i9" is (col 7, row 7) then
// (col 8, row 8). Rows count downwards from the top, the orientation of
// Piskvork, the Gomocup protocol (y grows downwards) and this engine (row 0
// is the top). That choice makes a move string independent of the board's
// height: "a1" is the top-left cell of every board, and a string parses the
// same for a 15×15 board, a 20×20 board or an unbounded one. Renju
// diagrams that print row 1 at the bottom are the mirror image; read them
// with [ParseMoveStringBottomUp], which needs the board's height. Letters
// stop at "z", so a move string holds columns 0..25; parsing accepts upper
// case and whitespace between moves, writing produces lower case with no
// separators.
//
// # Detecting and loading
//
// [Detect] recognises a format from the content alone, so a command can take
// any record file; [Load] detects and parses, and [Record.Game] replays the
// moves on an [engine.Game]. [Save] writes atomically (a temporary file
// renamed over the target).
//
// Both formats describe flat boards. A torus (see [engine.WithTorus]) has
// no place in them: [FromGame] refuses one and [Record.Game] refuses to
// play a record on one, with [ErrUnsupported], rather than let a torus game
// be read back as a flat one.
package record
