// Command gomoku plays, replays and matches k-in-a-row games on bounded,
// infinite or torus boards.
//
// Usage:
//
//	gomoku replay [flags] [FILE]   check a move list or a saved game, one result per move
//	gomoku play [flags]            a game in the terminal (full screen, or a prompt with --plain): people and bots in any seats
//	gomoku match [flags]           many games between bots, with a table of results
//	gomoku bench [flags]           what a move costs on every board store, beside a dense array
//	gomoku pbrain [flags]          a Gomocup (Piskvork) engine on standard input and output
//	gomoku serve [flags]           the game server: HTTP API, live updates, bots, the web page
//	gomoku serve-bench [flags]     load-test a running server
//
// Run "gomoku COMMAND --help" for the flags. Exit status: 0 on success, 1
// when the input is bad, 2 when the command line is, 130 when interrupted.
//
// The program is built by newApp around its input and output streams, so
// the tests run it in-process; main only wires it to the process. replay
// and bench live here; the other commands have packages of their own under
// cmd/internal: matchcmd (match), play and tui (play, in line mode and full
// screen), pbraincmd (pbrain) and serve (serve, serve-bench), with what
// they share in gamecli (game flags, game files, move lines), terminal and
// exitcode.
//
// The build is profile-guided: default.pgo is a CPU profile of the
// two-player search at node limits, which go build reads from this
// directory (and cmd/pbrain-gomoku from its copy). It changes no move,
// only how the compiler inlines and lays out the hot code; how it was
// made and what it gains is in engine/player/README.md, "How fast they
// search".
package main
