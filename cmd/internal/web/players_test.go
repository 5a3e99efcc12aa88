package web_test

import (
	"context"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

// TestPlayerLooks checks the page's palette in the browser: every player
// up to 64 has a look of its own, and the first eight differ in both
// colour and symbol, so colour is never the only cue.
func TestPlayerLooks(t *testing.T) {
	srv := startServer(t)
	b := newBrowser(t)
	p := b.newPage("looks", 800, 600)
	p.do(chromedp.Navigate(srv.URL + "/"))
	ctx, cancel := context.WithTimeout(p.ctx, waitFor)
	defer cancel()
	looks, err := chromedp.Run(ctx, chromedp.Evaluate[[]struct {
		Colour, ColourName, Symbol, Label string
	}](`import('/assets/players.js').then(m => Array.from({length: 64}, (_, i) => m.lookOf(i + 1)))`, chromedp.EvalAwaitPromise))
	require.NoError(t, err)
	require.Len(t, looks, 64)
	seen := map[string]int{}
	for i, l := range looks {
		key := l.Colour + "/" + l.Symbol
		prev, dup := seen[key]
		require.False(t, dup, "players %d and %d look the same (%s)", prev+1, i+1, l.Label)
		seen[key] = i
		require.Equal(t, l.ColourName+" "+l.Symbol, l.Label)
	}
	colours, symbols := map[string]bool{}, map[string]bool{}
	for _, l := range looks[:8] {
		colours[l.Colour], symbols[l.Symbol] = true, true
	}
	require.Len(t, colours, 8)
	require.Len(t, symbols, 8)
}
