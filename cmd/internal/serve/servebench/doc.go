// Package servebench is "gomoku serve-bench", the game server's load test:
// it plays many games against running servers over HTTP and measures the
// committed moves per second and each move's latency, or holds many
// spectators on the games' event streams and measures delivery, order,
// latency and the servers' memory per spectator. It is a client, speaking
// only the server's public HTTP and WebSocket protocol.
package servebench
