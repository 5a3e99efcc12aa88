package web_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

// readmeShots names the folder for the README's screenshots, when set.
var readmeShots = os.Getenv("GOMOKU_WEB_SCREENSHOTS")

func saveReadmeShot(p *page, name string) {
	if readmeShots == "" {
		return
	}
	require.NoError(p.t, os.MkdirAll(readmeShots, 0o755))
	p.screenshot(filepath.Join(readmeShots, name))
}

// links are a new game's links, as the lobby shows them.
type links struct {
	seats     map[int]string
	spectator string
}

// newGame is a game to create in the lobby.
type newGame struct {
	k          int
	rows, cols int // both 0 for an infinite board
	seats      []string
	rule       string // "" leaves the lobby's default, freestyle
}

// createInLobby opens the lobby in a page of its own and creates g through
// its form, as a person would.
func (b *browser) createInLobby(srv *testServer, g newGame) (*page, links) {
	b.t.Helper()
	p := b.newPage("lobby", 1100, 800)
	p.do(chromedp.Navigate(srv.URL + "/"))
	p.waitUntil("the lobby", `!document.getElementById('lobby').hidden`)
	fill := fmt.Sprintf(`(() => {
		const set = (el, v) => { el.value = v; el.dispatchEvent(new Event('input', {bubbles: true})); el.dispatchEvent(new Event('change', {bubbles: true})); };
		if (%[6]q) set(document.getElementById('ng-rule'), %[6]q);
		if (%[1]d > 0) {
			document.querySelector('input[name=board][value=bounded]').click();
			set(document.getElementById('ng-rows'), %[1]d);
			set(document.getElementById('ng-cols'), %[2]d);
		}
		set(document.getElementById('ng-k'), %[3]d);
		set(document.getElementById('ng-players'), %[4]d);
		%[5]s.forEach((s, i) => set(document.getElementById('ng-seat-' + (i + 1)), s));
		return true;
	})()`, g.rows, g.cols, g.k, len(g.seats), jsArray(g.seats), g.rule)
	p.eval(fill, nil)
	p.click("#new-game button[type=submit]")
	p.waitUntil("the game's links", `!document.getElementById('created').hidden`)
	var got struct {
		Seats     map[string]string
		Spectator string
	}
	p.eval(`({seats: Object.fromEntries([...document.querySelectorAll('#created-links a[data-seat]')].map(a => [a.dataset.seat, a.href])),
		spectator: document.getElementById('created-watch').href})`, &got)
	l := links{seats: map[int]string{}, spectator: got.Spectator}
	for k, v := range got.Seats {
		n, err := strconv.Atoi(k)
		require.NoError(p.t, err)
		l.seats[n] = v
	}
	return p, l
}

// openGame opens a game's link in a new page of its own.
func (b *browser) openGame(name, link string) *page {
	b.t.Helper()
	p := b.newPage(name, 1000, 720)
	p.open(link)
	return p
}

func jsArray(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = strconv.Quote(x)
	}
	return "[" + strings.Join(q, ",") + "]"
}

// open navigates to a game's link and waits for the game to show. It
// leaves the current page first: a link that differs from the address
// only in its fragment would otherwise not load the page anew.
func (p *page) open(link string) {
	p.t.Helper()
	p.do(chromedp.Navigate("about:blank"), chromedp.Navigate(link))
	p.waitUntil("the game to load", `document.getElementById('rules').textContent !== ''`)
}

func TestTwoSeatsPlayToAWinWithASpectator(t *testing.T) {
	srv := startServer(t)
	b := newBrowser(t)
	_, l := b.createInLobby(srv, newGame{k: 5, seats: []string{"human", "human"}})
	require.Len(t, l.seats, 2)
	one := b.openGame("player1", l.seats[1])
	two := b.openGame("player2", l.seats[2])
	watcher := b.openGame("spectator", l.spectator)
	one.waitText("#status", "Your turn")
	two.waitText("#status", "Player 1 (blue cross) to move")
	watcher.waitText("#you", "You are watching")

	// The token left the address bar once stored.
	var hash string
	one.eval(`location.hash`, &hash)
	require.Empty(t, hash)

	moves := [][2]int{{0, 0}, {1, 1}, {0, 1}, {1, 2}, {0, 2}, {-1, 2}, {0, 3}, {2, 3}, {0, 4}}
	pages := []*page{one, two}
	for i, m := range moves {
		mover := pages[i%2]
		mover.waitText("#status", "Your turn")
		mover.clickCell(m[0], m[1])
		for _, p := range []*page{one, two, watcher} {
			p.waitMoves(i + 1)
		}
		if i == 4 {
			saveReadmeShot(watcher, "game-in-progress.png")
		}
	}
	one.waitText("#status", "You won as Player 1 (blue cross)!")
	two.waitText("#status", "Player 1 (blue cross) won.")
	watcher.waitText("#status", "Player 1 (blue cross) won.")

	want := one.moveList()
	require.Len(t, want, len(moves))
	require.Equal(t, want, two.moveList())
	require.Equal(t, want, watcher.moveList())
	for i, m := range moves {
		require.Equal(t, fmt.Sprintf("Move %d: Player %d (%s) at row %s, column %s", i+1, i%2+1,
			[]string{"blue cross", "vermilion ring"}[i%2], minus(m[0]), minus(m[1])), want[i])
	}
	var win [][2]int
	watcher.eval(`window.gomoku.view().winLine`, &win)
	require.Equal(t, [][2]int{{0, 0}, {0, 4}}, win)
	var title string
	watcher.eval(`document.title`, &title)
	require.Contains(t, title, "Player 1 won")
}

func minus(n int) string {
	if n < 0 {
		return "−" + strconv.Itoa(-n)
	}
	return strconv.Itoa(n)
}
