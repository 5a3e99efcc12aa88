// Package player holds the computer players: strategies that answer
// "which cell?" for a seat of an [engine.Game]. Every one implements
// [engine.Strategy], so a person, a script or a bot can sit in any seat.
//
// The ladder, weakest first:
//
//   - [Scripted] replays a fixed list of cells (tests and demos).
//   - [Random] picks a uniformly random legal cell with its own seeded
//     source. On a bounded board it keeps a set of the empty cells and
//     picks in O(1); on an unbounded board, where the plane has no uniform
//     distribution, it picks near the existing marks (the first move is
//     the origin).
//   - [Greedy] wins when it can, else blocks the first opponent in turn
//     order who could win on their next move, else takes the cell with the
//     best local score. Ties are broken by its seeded source.
//   - [Search] looks ahead: threat-space search for forced wins (VCF, by
//     sequences of fours, and VCT, by fours and threes), then alpha-beta
//     with iterative deepening under a time budget, over candidate cells
//     next to the marks. Two-player games run on a dense window with
//     incremental line patterns: five in a row (freestyle or exact) with
//     the [Classic] search by default, a principal-variation search of
//     the strongest classical engines' kind on an evaluation by pairs of
//     line shapes, every other game with the [Screened] one
//     ([WithDuelSearch]); the classic search finds the wins by threes in
//     its tree rather than by a VCT before it. Other games run on the
//     sparse board, where threats
//     are counted by the players who move before their owner again and
//     the look-ahead plans the searcher's moves against the replies a
//     model of one-move-ahead players predicts, or is max-n, paranoid or
//     best-reply ([WithMultiSearch]).
//
// Every strategy is deterministic for a seed, given the same sequence of
// calls; the search is deterministic only when it is limited by depth or
// nodes rather than by time (see [WithMaxDepth]). Strategies keep state
// between calls and are not safe for concurrent use: give each seat its own.
//
// The state a strategy keeps follows whatever game it is handed next: the
// same game a few moves on, the game after an undo and another line, or
// another game altogether, under other rules or on another board. Its
// working position is brought to the new one through the longest prefix
// on which the two histories agree at every index (undoing the rest and
// playing the new moves), or rebuilt when they share nothing or the
// configuration differs. The search's tables (transpositions, killer,
// history and counter moves, refuted VCFs) are kept only while the game moves forward
// and cleared by any undo, so after a change of position Choose answers
// as a new strategy with the same seed and options would, up to ties its
// seeded source breaks and, on an unbounded board, where the two-player
// search's dense window lies.
//
// A strategy never returns a cell that cannot be played: on a game that is
// over, or for a player out of range, Choose returns an error instead.
//
// Under [engine.Renju] every strategy plays black's moves among the cells
// renju allows, fallbacks and first moves included, and a block that
// would be forbidden to black is no block: when white's four can only be
// stopped on such a cell, the search plays it as a win. The two-player
// search judges black's lines by the exact rule (only five wins), white's
// by freestyle, and checks black's forbidden cells where its threat
// searches and its move lists need them; README.md says how, and what
// that costs in speed.
//
// Random and Greedy play every configuration, a torus included (see
// [engine.WithTorus]): Greedy reads its lines across the edges. Search
// does not play a torus and says so with [ErrUnsupported] rather than play
// it as a flat board; [Supports] tells a program before the game starts.
//
// This package is the public face: the strategies, the names list, the
// search's options and [Stats]. The search engines live in internal
// packages, each keeping its own state between calls and taking the
// move's limits as a value: internal/duel (two players on a dense
// window, the board of internal/dense), internal/sparsesearch (the sparse board) and internal/multi
// (three or more players, on top of the sparse search), sharing
// internal/core. README.md next to this file maps them and says how to
// refit the evaluation.
package player
