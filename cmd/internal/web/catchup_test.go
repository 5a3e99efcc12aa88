package web_test

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSpectatorCatchesUpAfterItsConnectionDrops cuts a spectator's page off
// the server, on the network between them, while the players go on: the
// page says it is reconnecting, keeps trying, and once the network is back
// shows every move it missed.
func TestSpectatorCatchesUpAfterItsConnectionDrops(t *testing.T) {
	srv := startServer(t)
	b := newBrowser(t)
	_, l := b.createInLobby(srv, newGame{k: 5, seats: []string{"human", "human"}})
	one := b.openGame("player1", l.seats[1])
	two := b.openGame("player2", l.seats[2])
	network := newProxy(t, srv.addr)
	watcher := b.openGame("spectator", network.via(l.spectator))
	watcher.waitText("#conn", "Live")

	moves := [][2]int{{0, 0}, {1, 1}, {0, 1}, {1, 2}, {0, 2}}
	pages := []*page{one, two}
	play := func(i int) {
		p := pages[i%2]
		p.waitText("#status", "Your turn")
		p.clickCell(moves[i][0], moves[i][1])
		one.waitMoves(i + 1)
		two.waitMoves(i + 1)
	}
	play(0)
	watcher.waitMoves(1)

	network.cut()
	watcher.waitText("#conn", "Reconnecting")
	for i := 1; i < len(moves); i++ {
		play(i)
	}
	network.waitRefused(1)
	require.Equal(t, 1, watcher.moveCount(), "nothing reaches a page that is cut off")

	network.restore()
	watcher.waitText("#conn", "Live")
	watcher.waitMoves(len(moves))
	require.Equal(t, one.moveList(), watcher.moveList())
}
