// Package serve is the authoritative game server behind "gomoku serve": an
// HTTP and WebSocket API for k-in-a-row games of any number of players on
// bounded or unbounded boards, kept in a [store.Store] (an SQLite file, or
// PostgreSQL shared by several servers).
//
// # Guarantees
//
// Every move goes through the engine before it is stored, and is answered
// and broadcast only after the store has committed it: an answered move is
// never lost. The store's uniqueness of (game, ply) decides between
// conflicting moves, so two moves for the same ply are never both accepted,
// even from two server processes on one PostgreSQL database.
//
// # Seats
//
// A game has one seat per player. A human seat is held by whoever presents
// its secret token (128 random bits, stored only as a SHA-256 hash and
// compared in constant time); a bot seat is played by the server with a
// per-move time budget, in a bounded pool of workers.
//
// # Live updates
//
// GET /api/games/{id}/events upgrades to a WebSocket that sends one JSON
// event per move, each with its ply, from the ply given in ?after= on, in
// order and without gaps; a client that reconnects with the last ply it saw
// gets exactly what it missed.
//
// Each move's event is encoded once per game, as a ready WebSocket frame,
// and a pool of senders writes it to every spectator, batching the frames
// of one that is behind into one write; a spectator whose writes block is
// dropped without holding up the others. The server speaks the sending
// side of WebSocket itself, so that an idle spectator costs one parked
// goroutine with a shallow stack and no buffers (about 5 KB in all).
// Spectators are capped per game, per client address and in all.
//
// # Operation
//
// GET /metrics reports in the Prometheus text format; the README next to
// this file lists its metrics, the spectators' design and figures, and how
// to deploy the server behind a reverse proxy and as a service.
package serve
