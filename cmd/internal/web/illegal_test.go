package web_test

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

func TestIllegalClicksExplainThemselves(t *testing.T) {
	srv := startServer(t)
	b := newBrowser(t)
	// A bounded board, to click off it too.
	_, l := b.createInLobby(srv, newGame{k: 5, rows: 7, cols: 9, seats: []string{"human", "human"}})
	id := gameID(t, l.spectator)
	one := b.openGame("player1", l.seats[1])
	two := b.openGame("player2", l.seats[2])
	watcher := b.openGame("spectator", l.spectator)
	one.waitText("#rules", "7 × 9")

	one.waitText("#status", "Your turn")
	one.clickCell(3, 4)
	two.waitMoves(1)
	watcher.waitMoves(1)

	unchanged := func(what string) {
		t.Helper()
		for _, p := range []*page{one, two, watcher} {
			require.Equal(t, 1, p.moveCount(), "%s: %s", p.name, what)
		}
		st := srv.state(id)
		require.Equal(t, 1, st.Ply, what)
		require.Equal(t, 2, st.Turn, what)
	}

	// Player 1 again: not their turn.
	one.clickCell(0, 0)
	one.waitText("#toast", "Not your turn: it is player 2’s turn.")
	unchanged("a click out of turn")

	// Player 2 on the taken cell.
	two.waitText("#status", "Your turn")
	two.clickCell(3, 4)
	two.waitText("#toast", "That cell is taken by player 1.")
	unchanged("a click on a taken cell")

	// Off the bounded board: the grey around it.
	two.click("#zoom-out")
	two.click("#zoom-out")
	x, y, _ := two.cellAt(3, 12)
	two.do(chromedp.MouseClickXY(x, y))
	two.waitText("#toast", "That is off the board.")
	unchanged("a click off the board")

	// A spectator cannot play.
	watcher.clickCell(0, 0)
	watcher.waitText("#toast", "You are watching this game")
	unchanged("a spectator's click")

	// A stale seat: the server refuses a forged token, the page says so
	// and becomes a spectator's.
	two.eval(`(() => { sessionStorage.clear(); localStorage.clear(); return true; })()`, nil)
	two.open(l.spectator + "#player=2&token=00000000000000000000000000000000")
	two.waitText("#status", "Your turn")
	two.clickCell(0, 0)
	two.waitText("#toast", "not valid for this game")
	two.waitText("#you", "You are watching")
	unchanged("a forged token")

	// And the game goes on from there with the real link.
	two.open(l.seats[2])
	two.waitText("#status", "Your turn")
	two.clickCell(0, 0)
	one.waitMoves(2)
	watcher.waitMoves(2)
}

func TestUnknownGameSaysSo(t *testing.T) {
	srv := startServer(t)
	b := newBrowser(t)
	p := b.newPage("unknown", 800, 600)
	p.do(chromedp.Navigate(srv.URL + "/game/nosuchgame"))
	p.waitText("#status", "There is no such game on this server.")
	p.waitText("#you", "Back to the lobby")
	var boardShown bool
	p.eval(`document.querySelector('.board-wrap').offsetParent !== null`, &boardShown)
	require.False(t, boardShown)
}

func TestLobbyExplainsARefusedGame(t *testing.T) {
	srv := startServer(t)
	b := newBrowser(t)
	p := b.newPage("lobby", 1100, 800)
	p.do(chromedp.Navigate(srv.URL + "/"))
	p.waitUntil("the lobby", `!document.getElementById('lobby').hidden`)
	p.eval(`(() => {
		document.querySelector('input[name=board][value=bounded]').click();
		document.getElementById('ng-rows').value = 3;
		document.getElementById('ng-cols').value = 3;
		document.getElementById('ng-k').value = 5;
		return true;
	})()`, nil)
	p.click("#new-game button[type=submit]")
	p.waitText("#ng-error", "Could not create the game: ")
	t.Logf("the lobby says: %s", p.text("#ng-error"))
	var created bool
	p.eval(`!document.getElementById('created').hidden`, &created)
	require.False(t, created)
	p.waitText("#server-games-note", "No game is in progress")
}
