// Package engine plays k-in-a-row games (tic-tac-toe, Gomoku and their
// generalisations) for two or more players on bounded, huge or unbounded
// boards.
//
// A [Game] holds a [sparse.Board], a win checker, the history of moves
// and a redo stack. Configure it with options on top of [DefaultConfig]:
//
//	g, err := engine.New(engine.WithK(3), engine.WithBounds(3, 3))
//
// The options set the game's rules, a [Config] (what [Game.Config]
// returns and a saved game keeps), or its tuning: how it keeps its board
// ([WithLayout]) and judges moves ([WithChecker]), which changes speed and
// memory but never a result.
//
// # Rules
//
// A move wins when it completes K marks of its player in a row on one of
// four axes: a row, a column or either diagonal. Under [Freestyle] a run of
// K or more wins; under [Exact] only a run of exactly K does (an overline
// does not), as in standard Gomoku. A move that fills a bounded board
// without winning is a draw; an unbounded board never draws.
//
// [WithTorus] joins a bounded board's opposite edges: every line wraps
// around into a cycle (Cols cells along a row, Rows down a column,
// lcm(Rows, Cols) along a diagonal), a run is counted along the cycle and
// is never longer than it, so a cycle filled by one player is a run of
// exactly its length. Moves are still given on the board; [Config.Wrap]
// and [Config.Cycle] read lines across the edges the way the checkers do.
//
// [Renju] is the rule of the Renju International Federation: two players,
// K = 5, no wrap (any bounded size or the unbounded board). Black, player
// 1, wins only with exactly five and may not play an overline, a double
// four or a double three, unless the move makes five; white wins with five
// or more and has no restrictions. Package renju states the rule and
// detects the fouls; [Game.Forbidden] and [Game.ForbiddenCells] tell a
// display which cells are forbidden to the player to move.
//
// Players 1..N move in [Rotation] starting with 1, or, with [FreeOrder],
// every move names its player and nobody's turn is enforced, like the
// classic move(row, col, player) interview API ([Replay]).
//
// # Refused moves
//
// A move on an occupied cell, off the board, out of the 32-bit coordinate
// range, by a player out of range, out of turn or after the game ended is
// refused with a [*MoveError] wrapping [ErrOccupied], [ErrOffBoard],
// [ErrOutOfRange] (the board's own sentinels, also known as
// [sparse.ErrOccupied] and so on), [ErrBadPlayer], [ErrWrongTurn] or
// [ErrGameOver], and changes nothing at all. So is a move renju forbids to
// black: the error wraps a [*ForbiddenError] naming the [Foul], which
// wraps [ErrForbidden].
//
// # Win checkers
//
// Win detection is a checker chosen with [WithChecker]; [Game.Checker]
// reports the one in use. The walk counts outward from the new mark, O(K)
// per move whatever the board's size or the number of moves. The
// run-length checker is O(1) per move for any K; the line counters are
// O(1) for the n × n, K = n special case. [AutoChecker], the default,
// picks the walk or, for long lines, the run-length checker. All give
// identical answers on every configuration they accept.
//
// # History
//
// [Game.Undo] takes back moves one by one, also a winning one (the game
// reopens), and [Game.Redo] replays them until a new move is played.
// [Game.WouldWin] answers "would this cell win for that player?" by
// placing, checking and removing on the live board.
//
// # Concurrency
//
// A Game is for one goroutine. [Shared] wraps one for many goroutines,
// making each move, undo, redo and look-ahead atomic.
package engine
