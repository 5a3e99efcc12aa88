// Package savefile reads and writes saved k-in-a-row games as JSON.
//
// A saved game records the configuration that defines the game (K, the
// number of players, the bounds, the rule and the turn order), the moves in
// the order they were played, the outcome they led to and, optionally, who
// sat in each seat. A file looks like this:
//
//	{
//	  "format": "gomoku-game",
//	  "version": 1,
//	  "config": {"k": 5, "players": 2, "rows": 0, "cols": 0, "rule": "freestyle", "order": "rotation"},
//	  "seats": ["human", "search"],
//	  "status": "ongoing",
//	  "winner": 0,
//	  "moves": [
//	    [0, 0, 1],
//	    [0, 1, 2]
//	  ]
//	}
//
// The fields:
//
//   - format: always "gomoku-game"; anything else is not a saved game.
//   - version: the format's version, 1. A reader refuses versions it does
//     not know rather than guess.
//   - config: k (1 or more), players (2..255), rows and cols (both 0 for an
//     unbounded board, both positive for a bounded one), rule ("freestyle"
//     or "exact") and order ("rotation" or "free"). A bounded board whose
//     lines wrap around its edges (a torus) adds "torus": true; the field
//     is written only then, and a missing one reads as false, so files of
//     flat boards are unchanged and a program that does not know tori
//     refuses such a file (an unknown field) instead of playing it flat.
//     How the engine checks wins and stores marks is not part of a game and
//     is not saved.
//   - seats: optional, one name per player (e.g. "human", "greedy"), for
//     programs that resume a game with the same line-up.
//   - status: "ongoing", "won" or "drawn" after the last move; winner is
//     the winning player's number, or 0.
//   - moves: [row, col, player] triples, oldest first. Coordinates are
//     signed 32-bit integers; row grows downwards, col to the right.
//
// [Save] writes atomically: the game goes to a temporary file in the same
// directory, which is flushed to disk and then renamed over the target, so
// a crash leaves either the old file or the new one, never half of one.
//
// [Read] and [Load] validate everything: unknown fields, missing fields,
// wrong types, an unknown version or configuration, and every move is
// replayed through the engine, so a move on an occupied cell, off the
// board, out of turn or after the end, or a status that does not match the
// moves, is reported with the move's number. A file that fails validation
// yields no game at all.
package savefile
