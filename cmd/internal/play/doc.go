// Package play is a game of "gomoku play" at the terminal: a [Session]
// holds the game, who sits in each seat (a person or a bot), and the
// window on the board that follows the play, and plays in line mode: the
// board is printed after each move, and the prompt takes moves as ROW COL
// and its commands (undo, redo, pan, center, board, save, load, help,
// quit; prompt.go). The full-screen mode, package
// github.com/gomoku-engine/gomoku/cmd/internal/tui, drives the same
// session.
//
// Under renju both modes draw [ForbiddenMark] on the cells forbidden to
// black while black is to move, and a bot's choice of such a cell is
// replaced by the nearest allowed one (the session says so), since a bot
// that does not know the rule must not stop the game.
package play
