// Package record reads and writes finished or unfinished two-player games in
// the formats the Gomoku world exchanges: Piskvork's .psq files, SGF as
// c-gomoku-cli writes it, and the compact move strings of opening books
// ("h8i9j10").
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
// # SGF
//
// The Smart Game Format records Gomoku and renju as game 4, the way the
// tournament manager c-gomoku-cli writes them:
//
//	(;FF[4]GM[4]SZ[15]RU[4]PB[black engine]PW[white engine]RE[B+1]
//	;B[hh]C[1203ms];W[ii]C[857ms])
//
// SZ is the board's side, or columns:rows for a rectangle. RU is the rule
// by its Gomocup number, 0 freestyle, 1 exactly five, 4 renju (the names
// are read too). A move is B[] or W[] with two letters, column then row
// from the top-left "aa", a..z then A..Z; moves alternate, black first,
// and a comment C[1203ms] is the move's time. The other root properties
// (GN, EV, DT, RO, RE, TE...) are kept verbatim in [Record.Info]; other
// comments and properties of move nodes are not kept. A file holding
// several games (c-gomoku-cli appends them) reads as its first; where the
// game tree branches the main line, the first variation, is followed.
// Stones set up before the game (AB, AW) and passes are refused: a record
// is a sequence of alternating moves. A record without a size (a move
// string) is written without SZ if its moves lie in the 52 × 52 cells
// the letters reach.
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
// All three formats describe flat boards. A torus (see [engine.WithTorus]) has
// no place in them: [FromGame] refuses one and [Record.Game] refuses to
// play a record on one, with [ErrUnsupported], rather than let a torus game
// be read back as a flat one.
package record
