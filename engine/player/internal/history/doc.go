// Package history brings a working copy of a game, one that a strategy
// keeps from move to move (a dense board, a tracker, a set of empty
// cells), up to the game's current history.
//
// A copy holds the moves it has applied, in order. The game it follows may
// since have grown, been undone and replayed differently, or been replaced
// by another game altogether. The only part of the copy that is still
// right is the longest prefix on which its moves and the game's agree at
// every index: a later index where the two coincide says nothing, since
// the moves before it may differ. [Sync] undoes the copy's moves past that
// prefix, or starts the copy afresh when the prefix is empty, then plays
// the game's later moves. [Common] is the prefix alone.
//
// Rules are not a history's business: a copy built for other rules (board
// size, K, players, exact or freestyle) must be rebuilt by its owner before
// calling Sync.
package history
