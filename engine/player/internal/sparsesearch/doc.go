// Package sparsesearch is the search on the sparse board: the one
// engine/player's Search runs for three or more players (through package
// multi), for K beyond the dense window's reach, and for marks too spread
// for a window.
//
// Its working position, the [Tracker] (tracker.go), is an engine.Game it
// plays and undoes moves on, plus what it keeps up to date with every
// move so that evaluating a position and finding threats never scans the
// board: per player, the worth of its live windows (K consecutive cells on
// an axis holding only its marks, none off the board and, under the exact
// rule, not flanked by its mark), the cells that complete a window (fours)
// and the cells of windows one mark short of a four (threes), each cell's
// one-move gain for the move ordering (order.go), and the candidate cells
// near the marks. A live window with c marks is worth 8^(c-1) to its
// owner, so a run open on both sides, lying in more live windows,
// outweighs one closed on a side, for any K.
//
// With two players, [Run.Best] (root.go) takes a win, looks for a victory
// by continuous fours (vcf.go) and then by continuous threats (vct.go),
// and otherwise runs a paranoid alpha-beta (alphabeta.go) with iterative
// deepening until its time budget or the context's deadline. When the
// opponent would have a VCF were it to move, the alpha-beta only considers
// the moves that leave it none. It considers the empty cells within
// distance 2 of a mark (1 for K ≤ 3), best first by their one-move gain,
// and only the best dozen of them below the root; a player facing a cell
// that wins for an opponent may only block it, counting threats as the
// players who move before their owner again can block them.
//
// A [State] is kept from move to move and brought in step with the game by
// [State.Sync]; a [Run] is one move, within a [core.Limits]. Package multi
// builds its look-aheads on a Run.
package sparsesearch
