// Package duel is the two-player search on a dense window: the search
// engine/player's Search runs for two players when K is 3 to 11 (10 under
// the exact rule) and the marks fit a window of 2^19 cells.
//
// It searches on a [dense.Board]: an array over the marks' bounding box
// plus a margin (windowMargin), or the whole of a bounded board up to
// 128×128, rebuilt when play leaves it, whose cells know the shapes and
// classes marking them would make. The search's own marks, placed after
// [State.Sync], are look-ahead marks that undo restores from saved
// states.
//
// Each move (root.go): a win; the block of the opponent's win (scored as
// a loss in two plies when the opponent keeps a five after it); a victory
// by continuous fours (VCF) or by fours and threes (VCT) (threats.go);
// else a principal-variation search (search.go) with iterative deepening
// (between iterations the root's moves that raised alpha go first by
// their values and the others keep their order, since a null window
// gives them only bounds), a transposition table (full keys, bound
// types, mate scores relative to the node; 2^18 entries unless
// [State.SetTableMemory] gives it more),
// move ordering (the table's move, then the threats a move makes and
// stops, strongest first, then value with killer and history bonuses,
// among the moves that value and the same bonuses select (after a long
// search the history's bonus often outweighs the values): the best 12 at
// a node up to 4 plies from the horizon, 4 more a ply beyond, every one
// from 8 plies (picker.go); a node not answering a threat
// tries the table's move before generating the others, and scores them,
// if it did not cut off, with the history as it was before it, so that
// the staged picker tries exactly what a full list would), late-move reductions
// (growing with log(depth)·log(move rank) from two plies left, searched
// again in full when the reduced search beats alpha), futility
// pruning and mate-distance pruning (a node's window narrowed to the
// soonest win and the latest loss still possible from it). A root move
// is screened for the opponent's VCF and VCT after it only when it is
// about to lead an iteration, and set aside if it loses: most moves never
// lead, and screening them all before the search took most of a short
// move's nodes; under a node limit a screen's threat searches get a share
// of the move's nodes, not a fixed budget that a small limit could spend
// whole. Inside the search a player facing a four has one move,
// one facing a three only its fours and the cells that spoil the three
// (at the horizon, only the fours that also make a three or spoil it,
// and when none of those saves the game the player's own VCF from any
// four is looked for before the loss is believed: a bare four can start
// a counter-attack), and neither costs depth; leaves try a short VCF.
//
// Five in a row under the freestyle and exact rules has a second search,
// the classic one, which [State.SetClassic] chooses (engine/player does
// by default): after the same root shortcuts but the VCT, a
// principal-variation search of the kind the strongest classical engines
// run, in fractional plies, that prunes and reduces on the static value,
// extends a table move that no other move comes near (a singular
// extension), and settles its leaves in a quiescence over fours (classic.go,
// classicqs.go, classicorder.go, classicroot.go; its node is described in
// classic.go). It evaluates by pairs of graded line shapes
// ([dense.Board.PairEval]). It orders moves by the
// cells' values to both players, the history and a counter move, and
// screens no root move: what the screens found, its quick wins and its
// quiescence find in the tree.
//
// Under renju the board judges which of black's cells are forbidden,
// once per position and only when asked: by the move lists, the forced
// block, the threats' cells and replies, and the evaluation. A white four
// whose only block is forbidden is a win; a black threat whose cells are
// all forbidden is none.
//
// A [State] is kept from move to move; [State.Sync] brings it in step with
// the game and [State.Choose] runs one move within a [core.Limits]. A
// [Horizon] set on it (by the evaluation's fitter) is told of the
// positions whose static value the search uses; unset, it costs a nil
// test a leaf. [State.SetWeights] has it evaluate with other weights than
// the embedded ones, and [Knobs] scale groups of them (tune.go): the
// evaluation's tuner plays such states against each other.
//
// Its iterative deepening is its own, not the sparse search's, and paced
// by pace.go: a move aims at its optimum ([core.Limits.Aim]: the
// caller's, or half the time to the deadline) and starts no deeper
// iteration past it, stretched while the best move changes (one optimum
// more for each change, the count halved at each iteration) or its value
// falls (up to twice for a fall of 300 from the mean of the two
// iterations before), shortened from the third iteration the best move
// holds (down to 0.6) or when the value rises; never past 2.5 optimums
// nor 60% of the move, nor when 40% of the next iteration (the last one's
// time times the growth between the last two) would end past the
// deadline. Three iterations in a row in which every other root move is
// lost end the deepening; so does a win or a loss that the depth covers,
// or that five iterations in a row found themselves (an iteration that
// took a cutoff from a mate an earlier move's search stored past its
// depth does not count: the table keeps the search each entry came
// from). The sparse search starts an iteration whenever
// three times the last one still fits; the two rules were tuned
// separately.
//
// The iterative deepening can run on several threads ("lazy SMP",
// threads.go, [State.SetThreads]): the calling thread and helpers each
// deepen over the same root moves on boards of their own, with history,
// killers and refutations of their own, and share the transposition
// table, whose slots they read and write without a lock (a slot keeps
// its key xor its other words, so that one read while another thread
// writes it fails the key check), so that what one settles the others
// read instead of searching. Helpers skip some depths, as Stockfish's
// did, so that the threads do not walk the same tree in step. The answer
// is the move of the thread that completed the deepest iteration, the
// calling thread's on a tie. The shortcuts before the deepening (a five,
// a block, the root's VCF and VCT) run on the calling thread alone. The
// calling thread's clock stops the helpers; a node limit counts every
// thread's nodes. A helper's board follows the calling thread's window
// and marks from move to move, as the state itself follows the game
// ([State.Verify] checks the helpers too).
package duel
