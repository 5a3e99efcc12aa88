// Package brain makes a Gomocup brain of any [engine.Strategy]: [Serve]
// speaks the brain's side of the Gomocup (Piskvork, "pbrain") protocol on
// a reader and a writer, as tournament managers and GUIs drive brains
// through pipes. The wire format (commands, BOARD lines, answers, ABOUT)
// is package [github.com/gomoku-engine/gomoku/engine/gomocup]; the
// manager's side is package
// [github.com/gomoku-engine/gomoku/engine/gomocup/manager].
//
// Every command of the protocol is handled:
//
//   - START n and RECTSTART w,h answer OK for sides 5..Options.MaxSide
//     (default 1024), ERROR otherwise. Width is x, the column; height is y,
//     the row. RESTART clears the board, keeping its size.
//   - BEGIN, TURN x,y and BOARD ... DONE ask for a move, answered "x,y"
//     (0-based, x the column). BOARD lines "x,y,field" may come in any
//     order; field 1 is the brain's stone, 2 the opponent's, 3 a stone of
//     a completed line in a continuous game (occupied, nobody's).
//   - SWAP2BOARD lines "x,y" up to DONE (black first) ask for a swap2
//     opening decision (see below).
//   - TAKEBACK x,y removes a stone and answers OK. PLAY x,y (the answer to
//     a SUGGEST) places the brain's stone there and echoes it.
//   - INFO keys timeout_turn, timeout_match, time_left, max_memory, rule
//     and Yixin-board's thread_num are used; game_type, evaluate, folder
//     and unknown keys are ignored.
//   - ABOUT answers name="…", version="…", author="…", country="…".
//   - END stops at once, writing nothing more, also while thinking.
//   - The Yixin-board extensions renju GUIs and tools send, answered as
//     Rapfi answers them: YXBOARD lines "x,y,field" up to DONE set a
//     position as BOARD does but without thinking, and answer nothing (a
//     bad stone: ERROR, position unchanged); YXSHOWFORBID answers
//     "FORBID " followed by each cell renju forbids black, in row-major
//     order, as two-digit x then two-digit y, then "." ("FORBID 0707.",
//     "FORBID ." when black is not to move or the rule is not renju);
//     YXHASHCLEAR has the kept search start afresh and answers "MESSAGE
//     hash cleared". YXNBEST n thinks for the side to move and lists its
//     n best moves (see below). Any other YX command answers ERROR, so a
//     GUI waiting for an answer never hangs.
//   - Anything else answers UNKNOWN; a known command with bad arguments,
//     or one that cannot be obeyed (a move on an occupied cell, a board
//     size out of range), answers ERROR with the reason and changes
//     nothing.
//
// # Decisions where the protocol is open
//
//   - Lines are read and written as package gomocup says (case-insensitive
//     words; LF, CR or CR LF line ends; answers ending in LF). A line over
//     4096 bytes is answered with ERROR. Answers are written one by one.
//   - Rules: the rule mask's bit 4 selects engine.Renju, else bit 1
//     (exactly five) engine.Exact, otherwise freestyle; bit 2 (continuous
//     game) is accepted. Renju with exactly five (5, no such rule), caro
//     (8) and undefined bits are refused. Since the manager does not
//     read answers to INFO, the refusal is the ERROR answer to the next
//     move request (BEGIN, TURN, BOARD), which the spec names as the place
//     to report an unachievable INFO. The same holds for a max_memory below
//     16 MiB. A malformed INFO value is reported by a MESSAGE line before
//     the next answer and otherwise ignored.
//   - A malformed BOARD is read up to DONE and then answered with ERROR
//     naming the stone at fault; the previous position stays. A command
//     inside BOARD (other than DONE) means the manager gave up on it: ERROR,
//     then the command is obeyed. END inside BOARD just ends.
//   - SWAP2BOARD (the swap2 opening) is answered without ever swapping:
//     with no stones, three stones around the centre ("x,y x,y x,y"); with
//     three or five, the brain stays white and answers the next stone with
//     its search, and the position becomes those stones plus its answer, so
//     TURN may follow as well as BOARD. Other stone counts get ERROR.
//   - BEGIN on a board with stones is refused; TURN, BOARD and PLAY work on
//     any position.
//
// # Games, positions and what the brain keeps
//
// One process may play many games, as managers reuse brains:
//
//   - START and RECTSTART begin a game on an empty board of their size,
//     RESTART one of the same size; BOARD and SWAP2BOARD set a whole new
//     position; TAKEBACK removes a stone. After any of them the brain
//     answers as a fresh process would after START (same size), the INFO
//     settings in force and a BOARD of the same stones in the same order,
//     up to warm tables: the strategy is handed the game built from the
//     stones (see below) and follows it whatever it saw before. A kept
//     [player.Search] brings its working board to the new position and
//     keeps its tables, keyed by whole positions, only while the game
//     moves forward, so its answer is exactly a fresh process's unless the
//     new position is the previous one plus stones. Tables never make an
//     answer illegal nor miss a win or a forced block, which are found
//     before any table is read.
//   - The time and memory limits and the increment inferred from
//     time_left belong to the match and stay; the time used, for
//     timeout_match, belongs to the game.
//   - INFO rule takes effect at once until the brain is asked for a move
//     of the game under way (or PLAY places its stone); sent later, while
//     it thinks included, it waits for the next game, which START,
//     RECTSTART, RESTART, BOARD and SWAP2BOARD begin. The board size
//     changes only with START and RECTSTART, which begin a game.
//
// # Renju
//
// Under renju black is the player who began: the brain when it has as
// many stones as the opponent. The brain never answers a cell renju
// forbids black: a strategy's answer that is forbidden is replaced by the
// fallback, which leaves forbidden cells out, also when one would block a
// five (renju lets white win there). Stones that a BOARD sends in another
// order than they were played may make a black stone forbidden on the
// way; the game is then rebuilt taking, at each of black's turns, the
// first of black's remaining stones that renju allows.
//
// # YXNBEST: the n best moves
//
// YXNBEST n, which analysis GUIs send after YXBOARD, is answered as Rapfi
// answers it: the brain thinks for the side to move (the brain, unless it
// has one stone more than the opponent: then the opponent), lists the n
// best moves in MESSAGE lines as it finds them, answers the best as for a
// move request and plays it on the board for that side, so that a second
// YXNBEST ranks the other side's moves. The search ([player.Search.ChooseExcept])
// runs n times, each time with the moves already found excluded and an
// equal share of the time the move's budget (timeout_turn and the match
// clock, as for any move) has left, so the answer comes within the same
// limits as a move. Each line reads
//
//	MESSAGE (i) eval | depth | move
//
// in the form Rapfi writes after YXSHOWINFO: eval is the search's score
// for the mover, or +M<plies> / -M<plies> for a forced win or loss in that
// many moves, +M* for a win the threat searches proved without counting
// its moves; depth is the deepest look-ahead iteration completed (no
// selective depth: this search does not track one), 0 for a move found
// without it (a win, a forced block, the only move left, or a cell listed
// because the search had no candidate left, whose eval is then 0); move is
// the column as a letter from A and the row from 1 ("H8" is 7,7), or "x,y"
// on boards wider than 26 columns. Under renju black's forbidden cells are
// never listed. When the time runs out first, the moves found so far are
// listed and the best answered. n must be a whole number from 1 to the
// number of cells the side to move may play (under renju black's
// forbidden cells do not count); otherwise, and when the strategy cannot
// rank moves (only the search can), the position holds a finished game or
// no board was started, the answer is ERROR and nothing changes.
//
// # Colours and the game a strategy sees
//
// The brain keeps the stones as the manager sent them and rebuilds an
// [engine.Game] for every move: two players in rotation when the counts
// allow it (equal: the brain began and is player 1; one fewer own stone:
// the brain is player 2), else free order, with dead stones as a third
// player. The strategy is asked for the brain's player in that game.
//
// # Time
//
// Each move gets a maximum, its budget: timeout_turn (5 s when the manager
// sends none; 10 ms when it is 0, "as fast as possible"), capped by the
// match time left divided by five (or by the moves the brain can still
// make, when fewer cells are free), plus three quarters of the increment,
// and by a third of the time left. It also gets an optimum, the time it
// aims to take, handed to the search with [player.ContextWithOptimum]:
// under a match clock, the time left and the increments still to come
// shared over the moves likely to remain (22 less half the brain's moves
// so far, at least 10, at most the moves it can still make), at most half
// the maximum; under a turn limit alone, half the maximum. The search
// stops deepening near the optimum when its answer is settled and goes on
// towards the maximum when the best move keeps changing or its value
// falls. Neither depends on the board's size: games between strong
// players are decided in their first few dozen moves on 20×20 as on
// 15×15. time_left is used when sent; otherwise timeout_match minus the
// time the brain has used. The protocol does not send the increment: the
// brain infers it from time_left before and after its own move. The
// budget counts from the moment the command arrived. A margin of a tenth
// of the budget, at least 50 ms, is kept back for the answer to reach the
// manager. The strategy's context ends at budget − margin; if the
// strategy has not answered by budget − margin/2, the brain answers with
// its fallback move instead. With --debug, each move's DEBUG line gives
// the budget, the time taken, the optimum and the search's reason, depth,
// nodes, value (as YXNBEST writes it) and why deepening stopped.
//
// # The fallback and legality
//
// Before asking the strategy, the brain computes a fallback move without
// search: a winning cell, else a cell stopping the opponent's five, else
// the free cell with most stones around it. The fallback is played when the
// strategy fails, panics, overruns or names a cell that is off the board or
// taken. So the brain never answers an illegal cell, whatever the strategy
// does. A strategy that overruns but can tell its best move so far (a
// Provisional() (sparse.Cell, bool) method, as [player.Search] has) has
// that move played instead, when it is a free cell: on a loaded machine
// the search may be descheduled past its deadline, and its best move so
// far is far better than a move chosen without search.
//
// # Memory
//
// max_memory is passed to the strategy factory (Think.MaxMemory) so a
// strategy can size its tables ([ByName]'s search gives half of it to its
// transposition table: 2^22 entries, 96 MiB, for Gomocup's 350 MB), and, with Options.ApplyMemoryLimit, sets
// the Go runtime's soft memory limit to three quarters of it, leaving the
// rest for the binary, stacks and the collector's overshoot. The soft limit
// makes the collector work harder near the limit; it is not a hard cap.
//
// # Threads
//
// thread_num (at most 256) is passed to the strategy factory
// (Think.Threads): [ByName]'s search then thinks on that many threads,
// which share its transposition table. Without it the search runs on
// the threads its options give, one by default.
package brain
