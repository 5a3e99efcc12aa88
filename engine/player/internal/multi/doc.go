// Package multi is the look-ahead for three or more players, built on a
// [sparsesearch.Run].
//
// Every player, root or not, blocks the winning cells of the first player
// after it in turn order who has some, unless the players moving in
// between can block them all. A threat counts by the players who move
// before its owner again: N−1 opponents block N−1 cells, so a move leaving
// N winning cells wins and one leaving N−1 forces every opponent's reply.
//
// Each move ([Best], multi.go): a win; the block nobody else will make; a
// forcing win (every move of the line forcing all N−1 replies, every
// choice of the blockers tried); a forcing win in which the players not
// forced to block try their three best moves; else the look-ahead of the
// [Kind] asked for. [Planned] (plan.go) searches the root's moves alone,
// every other player answering as the run model (runmodel.go), a model of
// a player who looks one move ahead, predicts: a line that wins within six
// of the root's moves is played, else the move whose lines end best by the
// evaluation. [MaxN], [Paranoid] and [BestReply] (brs.go) search the best
// 24 candidates with every player moving; their horizon counts a short
// forcing win of the player to move as a win and, with an opponent to
// move, the cells from which the root would have one.
//
// The planned look-ahead deepens by the root's moves, not by plies, and
// starts another depth only while four times the last one fits before the
// phase ends; the other look-aheads use the sparse search's
// [sparsesearch.Run.Deepen].
package multi
