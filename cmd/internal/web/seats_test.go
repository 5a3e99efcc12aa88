package web_test

import (
	"sync/atomic"
	"testing"

	cdpage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// answerDialogs answers every dialog the page opens with accept, counting
// them.
func (p *page) answerDialogs(accept *atomic.Bool, asked *atomic.Int32) {
	require.NoError(p.t, chromedp.Listen(p.ctx, func(ev any) {
		if _, ok := ev.(*cdpage.EventJavascriptDialogOpening); ok {
			asked.Add(1)
			go chromedp.Call(p.ctx, cdpage.HandleJavaScriptDialog, cdpage.HandleJavaScriptDialogParams{Accept: accept.Load()})
		}
	}))
}

// A link to another seat of a game never silently replaces the seat a
// browser holds in it, and "Forget my seat" forgets the creator's copy of
// the token too.
func TestSeatLinksAskBeforeReplacing(t *testing.T) {
	srv := startServer(t)
	b := newBrowser(t)
	lobby, l := b.createInLobby(srv, newGame{k: 5, seats: []string{"human", "human"}})
	require.Len(t, l.seats, 2)

	var accept atomic.Bool
	var asked atomic.Int32
	lobby.answerDialogs(&accept, &asked)
	lobby.open(l.seats[1])
	lobby.waitText("#you", "You play Player 1")
	assert.Zero(t, asked.Load(), "no seat held yet: nothing to ask")
	lobby.open(l.seats[1])
	assert.Zero(t, asked.Load(), "the same seat again: nothing to ask")

	lobby.open(l.seats[2]) // declined
	lobby.waitText("#you", "You play Player 1")
	assert.Equal(t, int32(1), asked.Load())
	accept.Store(true)
	lobby.open(l.seats[2])
	lobby.waitText("#you", "You play Player 2")
	assert.Equal(t, int32(2), asked.Load())

	tokens := func() []string {
		var out []string
		lobby.eval(`(JSON.parse(localStorage.getItem('gomoku.games')) || []).flatMap((g) => (g.seats || []).map((s) => s.token))`, &out)
		return out
	}
	require.Len(t, tokens(), 2, "the creator's copy of both tokens")
	lobby.eval(`document.getElementById('leave-seat').click() ?? true`, nil)
	lobby.waitText("#you", "You are watching")
	left := tokens()
	require.Len(t, left, 1, "player 2's token is forgotten")
	assert.Contains(t, l.seats[1], left[0], "player 1's stays")
	lobby.open(l.spectator)
	lobby.waitText("#you", "You are watching")
}
