package web_test

import (
	"context"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

// offline cuts the page's network (true) or gives it back (false), as a
// lost Wi-Fi would: requests fail, and the browser says it is offline.
func (p *page) offline(off bool) {
	p.t.Helper()
	p.do(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		if _, err := cdp.Call(ctx, t, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, t, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
			MatchedNetworkConditions: []*network.Conditions{{Offline: off, DownloadThroughput: -1, UploadThroughput: -1}},
		})
		if err != nil {
			return err
		}
		_, err = cdp.Call(ctx, t, network.OverrideNetworkState, network.OverrideNetworkStateParams{
			Offline: off, DownloadThroughput: -1, UploadThroughput: -1,
		})
		return err
	}))
}

func TestSpectatorCatchesUpAfterItsConnectionDrops(t *testing.T) {
	srv := startServer(t)
	b := newBrowser(t)
	_, l := b.createInLobby(srv, newGame{k: 5, seats: []string{"human", "human"}})
	one := b.openGame("player1", l.seats[1])
	two := b.openGame("player2", l.seats[2])
	watcher := b.openGame("spectator", l.spectator)
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

	watcher.offline(true)
	watcher.waitText("#conn", "Reconnecting")
	for i := 1; i < len(moves); i++ {
		play(i)
	}
	require.Equal(t, 1, watcher.moveCount(), "nothing reaches a page that is offline")

	watcher.offline(false)
	watcher.waitText("#conn", "Live")
	watcher.waitMoves(len(moves))
	require.Equal(t, one.moveList(), watcher.moveList())
}
