package web_test

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestServerKilledAndRestartedMidGame(t *testing.T) {
	srv := startServer(t)
	b := newBrowser(t)
	_, l := b.createInLobby(srv, newGame{k: 4, seats: []string{"human", "human"}})
	id := gameID(t, l.spectator)
	one := b.openGame("player1", l.seats[1])
	two := b.openGame("player2", l.seats[2])
	one.waitText("#conn", "Live")
	two.waitText("#conn", "Live")

	pages := []*page{one, two}
	play := func(i int, m [2]int) {
		t.Helper()
		p := pages[i%2]
		p.waitText("#status", "Your turn")
		p.clickCell(m[0], m[1])
		one.waitMoves(i + 1)
		two.waitMoves(i + 1)
	}
	moves := [][2]int{{0, 0}, {2, 0}, {0, 1}, {2, 1}, {0, 2}, {3, 3}, {0, 3}}
	for i, m := range moves[:4] {
		play(i, m)
	}

	// Killed: both pages notice and keep their place.
	srv.kill()
	one.waitText("#conn", "Reconnecting")
	two.waitText("#conn", "Reconnecting")
	require.Equal(t, 4, one.moveCount())

	// A move made while the server is down waits on the page and goes
	// through once it is back (sending it again is safe).
	one.waitText("#status", "Your turn")
	one.clickCell(moves[4][0], moves[4][1])
	one.waitText("#toast", "The server cannot be reached")

	srv.restart()
	one.waitText("#conn", "Live")
	two.waitText("#conn", "Live")
	one.waitMoves(5)
	two.waitMoves(5)
	for i, m := range moves[5:] {
		play(5+i, m)
	}
	one.waitText("#status", "You won as Player 1")
	two.waitText("#status", "Player 1 (blue cross) won.")

	st := srv.state(id)
	require.Equal(t, "won", st.Status)
	require.Len(t, st.Moves, len(moves))
	for i, m := range moves {
		require.Equal(t, m, [2]int{st.Moves[i].Row, st.Moves[i].Col}, "move %d", i+1)
	}
	require.Equal(t, one.moveList(), two.moveList())
	require.Len(t, one.moveList(), len(moves))
}
