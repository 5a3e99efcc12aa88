// Package web is the browser page of gomoku serve: a lobby that creates
// games and hands out their links, and a game page that shows an
// unbounded board on a canvas, plays the seat whose token it holds and
// follows the game live. The lobby offers the rules freestyle, exact and
// renju; in a renju game the cells the server lists as forbidden to black
// are drawn with a purple "no entry" sign while black is to move, and a
// click on one is answered on the page with the foul, nothing sent.
//
// The page is plain JavaScript modules and CSS embedded in the binary, with
// no build step; it uses only the server's public HTTP API and its live
// updates. [Handler] serves it:
//
//	/              the lobby
//	/game/{id}     a game; a seat's link adds #player=P&token=T
//	/assets/…      the scripts, styles and icon
//
// The game page exposes window.gomoku.cellToClient(row, col), the client
// coordinates of a cell's centre, so that tests and other automation can
// click cells on the canvas, and window.gomoku.view(), what the board
// shows (its centre, zoom, cursor, winning line and forbidden cells).
package web
