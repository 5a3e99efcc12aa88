// Package store defines where the game server keeps its games: the records,
// the [Store] interface that the SQLite and PostgreSQL back ends implement,
// and the errors they share.
//
// A store keeps each game's configuration and seats, and its moves keyed by
// (game, ply). The uniqueness of that key is what decides between two
// conflicting moves: [Store.Append] of a ply that is already taken fails with
// [ErrConflict] and changes nothing. Append returns only once the move is
// durable, so a server may answer a move as soon as Append returns nil.
package store
