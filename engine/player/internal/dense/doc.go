// Package dense is the two-player searches' working position: a dense
// array over a window of a k-in-a-row board in which every empty cell
// knows, per player, the shapes and class that marking it would make,
// and the position its evaluation. engine/player/internal/duel searches
// on it; it follows the sparse game, which stays the source of truth.
//
// A [Board] (board.go) is an array over a window given by its top-left
// cell and size, framed by side cells that count as off the board (the
// search chooses the window: the marks' bounding box plus a margin, or a
// whole small bounded board, rebuilt when play leaves it). Every empty
// cell keeps, per player and axis, the pattern of the cells within K−1
// (K under the exact rule) of it, updated on [Board.Place] and
// [Board.Undo] for the cells a mark can see; a table derived from the
// rules for that K (shape.go) maps a pattern to the shape marking the
// cell would make (five, open or blocked four, three, two, one), and the
// four shapes to a class (a four and an open three, two open threes, …)
// and a value. A mark updates only the empty cells it can see: a marked
// cell's state stays as it was when the cell was marked, which no one
// reads while the mark stands and which is right again when the mark
// goes, since marks go last in, first out (about a quarter of the cells a
// mark sees in a middle game are marked). The marks placed after
// [Board.Lookahead] are undone by restoring the tallies and cell states
// saved when they were placed, instead of judging the forty-odd cells
// again (not under renju, whose list of doubtful cells is
// order-dependent): undo, a third of a search node's instructions, costs
// a fifth of what it did.
//
// Class counts find threats at once and values order moves; the static
// evaluation ([Board.Eval], eval.go) sums weights of the same shapes and
// classes, and of the combination of a cell's strong shapes, that differ
// for the side to move and the side that waits. A cell's weight is read
// from the same table of judgements as its class, so no weighting costs a
// node anything; the board holds the table of its [Evaluation], which
// [EvaluationFor] chooses from the game's configuration (not the window):
// bounded boards whose sides are at most 15 use the embedded
// weights.json, larger bounded boards and unbounded ones weights20.json,
// each with weights per combination, fitted on different games (15×15
// only, with positions labelled one by one, for weights.json);
// engine/player/internal/evalfit fits both. The sums start from those of
// an empty 15×15 board, the size the weights were fitted on, so that the
// empty cells of a larger board or window do not add to the side to
// move's score: a position far from the edges scores the same on every
// board.
//
// Five in a row under the freestyle and exact rules has a second
// evaluation, [Board.PairEval] (pair.go), by pairs of graded line shapes:
// the board then grades every pattern finely as well (grade.go: a two by
// its open-three points, a three by its open-four points) and keeps the
// sum of the empty cells' pair values on place and undo. Its table is
// pairs.json (pairs.go), which evalfit pairs fits, reading the pair
// counts of [Board.PairCounts].
//
// Under renju (renju.go) black's patterns are judged by the exact rule
// over K cells each side and white's by freestyle over as many, so that
// both share the board's pattern width; the outermost cell counts only
// when it holds a black stone and only in black's patterns, so a white
// mark updates as many cells as under freestyle. The board keeps, with
// the shapes, the cells where black may be forbidden (an overline, two
// lines with a three or a four, a line that may hold two fours); the
// forbidden ones among them are judged by renju.CheckKeys, with keys
// converted from the cells' patterns by a table, once per position and
// only when asked ([Board.Playable]). The evaluation takes black's shapes
// off its forbidden cells and counts white's there twice.
//
// [Board.Verify] recomputes from the marks alone everything the board
// keeps incrementally: the tests of the board and of the searches' kept
// state rest on it.
package dense
