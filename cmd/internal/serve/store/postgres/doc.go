// Package postgres keeps the game server's games in PostgreSQL through
// github.com/jackc/pgx/v5, so that several servers can share them.
//
// The games row's ply decides between conflicting moves: a move is stored
// by one statement that advances the row from the ply the move was judged
// at and inserts the move, so of two servers storing the same ply, the
// second finds the row moved on and stores nothing (moves' primary key
// (game_id, ply) stands behind it).
//
// Once a move has committed, NOTIFY gomoku_moves 'id:ply:status' tells the
// other servers, which [Store.Watch] relays; so does a game that
// [Store.Expire] ended, with the status "abandoned". The notifications are sent apart
// from the moves, several in one transaction that does not wait for its
// commit record to reach the disk: PostgreSQL serialises the commits of
// notifying transactions, which would cost each move a disk flush of its
// own. A notification lost in a crash only delays the others, which also
// compare their games' plies and statuses ([Store.Heads]) every few
// seconds.
package postgres
