// Package tui is the full-screen mode of "gomoku play": the board fills
// the terminal, a cursor moves over it with the keys or the mouse, and a
// status line says whose turn it is. It drives the same [play.Session] as
// the line mode (moves, undo, redo, save, load, the bots' moves and the
// window that follows the play), so both modes play the same game.
// bubbletea runs it and restores the terminal however the program ends;
// bots think in the background, so the screen stays live and Ctrl-C stops
// them at once.
//
// [Wanted] tells whether the terminal allows the full screen; [Run] plays
// a session on it and then prints the outcome as the line mode would.
package tui
