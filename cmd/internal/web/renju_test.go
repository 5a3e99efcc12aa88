package web_test

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// forbiddenInk counts the pixels of the forbidden sign's purple in cell
// (row, col) of the page's board. The board draws on the next animation
// frame after its state changes, so the count waits for a frame: callbacks
// run in the order they were asked for, and the board's asked first.
func (p *page) forbiddenInk(row, col int) int {
	p.t.Helper()
	var n int
	p.eval(fmt.Sprintf(`(async () => {
		await new Promise((painted) => requestAnimationFrame(painted));
		const c = document.getElementById('board');
		const r = c.getBoundingClientRect();
		const at = window.gomoku.cellToClient(%d, %d);
		const s = window.gomoku.view().cell;
		const k = c.width / r.width;
		const x0 = Math.round((at.x - r.left - s / 2) * k), y0 = Math.round((at.y - r.top - s / 2) * k);
		const d = c.getContext('2d').getImageData(x0, y0, Math.round(s * k), Math.round(s * k)).data;
		let n = 0;
		for (let i = 0; i < d.length; i += 4) {
			if (Math.abs(d[i] - 0x7b) < 40 && Math.abs(d[i + 1] - 0x1f) < 40 && Math.abs(d[i + 2] - 0xa2) < 40) n++;
		}
		return n;
	})()`, row, col), &n, chromedp.EvalAwaitPromise)
	return n
}

// A renju game from the lobby's rule choice: when black is to move its
// forbidden cell is drawn for everyone, a click on it says why it is
// refused and changes nothing, and the sign goes once white is to move.
func TestRenjuForbiddenCells(t *testing.T) {
	srv := startServer(t)
	b := newBrowser(t)
	_, l := b.createInLobby(srv, newGame{k: 5, rows: 15, cols: 15, seats: []string{"human", "human"}, rule: "renju"})
	id := gameID(t, l.spectator)
	require.Equal(t, "renju", srv.state(id).Rule)
	black := b.openGame("black", l.seats[1])
	white := b.openGame("white", l.seats[2])
	watcher := b.openGame("spectator", l.spectator)
	black.waitText("#rules", "renju")

	// Black's threes 7 5..7 7 and 5 7..7 7 would meet at 7 7.
	moves := [][2]int{{7, 5}, {0, 0}, {7, 6}, {0, 2}, {5, 7}, {0, 4}, {6, 7}, {0, 6}}
	for i, m := range moves {
		p := []*page{black, white}[i%2]
		p.waitText("#status", "Your turn")
		assert.Zero(t, p.forbiddenInk(7, 7), "move %d: nothing forbidden yet", i+1)
		p.keepVisible(m[0], m[1])
		p.clickCell(m[0], m[1])
		for _, q := range []*page{black, white, watcher} {
			q.waitMoves(i + 1)
		}
	}
	for _, p := range []*page{black, white, watcher} {
		p.waitUntil("the forbidden cell", `JSON.stringify(window.gomoku.view().forbidden) === '["7,7"]'`)
		p.keepVisible(7, 7)
		assert.Positive(t, p.forbiddenInk(7, 7), "%s: the sign is drawn", p.name)
		assert.Zero(t, p.forbiddenInk(7, 8), "%s: on that cell only", p.name)
	}
	black.waitText("#status", "⊘ cells are forbidden to you under renju")

	black.clickCell(7, 7)
	black.waitText("#toast", "Forbidden to black (player 1) under renju: double three.")
	require.Equal(t, 8, srv.state(id).Ply, "nothing was sent")
	require.Equal(t, 8, black.moveCount())

	black.keepVisible(9, 9)
	black.clickCell(9, 9)
	for _, p := range []*page{black, white, watcher} {
		p.waitMoves(9)
		p.waitUntil("no forbidden cell", `window.gomoku.view().forbidden.length === 0`)
		assert.Zero(t, p.forbiddenInk(7, 7), "%s: white to move", p.name)
	}
}
