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
// and a few senders write it to every spectator, batching the frames of
// one that is behind into one write, and never waiting: a spectator whose
// socket is full goes to a slow lane, and is dropped when it takes
// nothing for a second (it reconnects and catches up). [WithFanoutWindow]
// trades latency for fewer writes. The server speaks
// the sending side of WebSocket itself, so that an idle spectator costs
// one parked goroutine with a shallow stack and no buffers (about 5 KB in
// all). Spectators are capped per game, per client address and in all.
//
// # Operation
//
// GET /metrics reports in the Prometheus text format; the README next to
// this file lists its metrics, the spectators' design and figures, and how
// to deploy the server behind a reverse proxy and as a service.
//
// # Hostile clients
//
// Every request passes [Server.ServeHTTP]'s guard before its handler: an
// id (X-Request-Id), recovery from a panic (500, the stack logged, the game
// unlocked and re-read from the store), the Host check of
// [WithAllowedHosts], the per-address rate, and for requests that change
// state the refusal of foreign pages (Sec-Fetch-Site, Origin). Bodies are
// strict JSON. Bots belong to a pool that bounds the games waiting for a
// worker and the search tables kept between moves; games with bots are
// capped per address and in total, and games of bots only need
// [Limits.BotOnlyGames]. The janitor ends abandoned games and deletes old
// ones ([WithRetention]). README.md's "Security and limits" has the
// figures and flags.
package serve
