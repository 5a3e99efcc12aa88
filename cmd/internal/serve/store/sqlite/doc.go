// Package sqlite keeps the game server's games in an SQLite file through
// the pure-Go driver modernc.org/sqlite, in WAL mode with synchronous=FULL.
//
// All writes go through one writer goroutine that commits them in groups:
// every write waiting when a transaction starts joins it, and one fsync
// makes the whole group durable. A write's caller is answered only after
// that commit, so grouping costs no durability; under load it turns
// thousands of small transactions a second into a few hundred.
package sqlite
