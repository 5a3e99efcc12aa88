package web_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

// touch sends one touch event with the given fingers, each an (x, y).
func touch(typ input.DispatchTouchEventType, fingers ...[2]float64) chromedp.Action[chromedp.Void] {
	points := make([]*input.TouchPoint, len(fingers))
	for i, f := range fingers {
		id := float64(i)
		points[i] = &input.TouchPoint{X: f[0], Y: f[1], ID: &id}
	}
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		if _, err := cdp.Call(ctx, t, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: points}); err != nil {
			return fmt.Errorf("%s %s: %w", input.DispatchTouchEvent.Method, typ, err)
		}
		return nil
	})
}

func TestPhoneTapPinchAndDrag(t *testing.T) {
	srv := startServer(t)
	b := newBrowser(t)
	_, l := b.createInLobby(srv, newGame{k: 5, seats: []string{"human", "human"}})
	phone := b.newPage("phone", 390, 844)
	phone.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch))
	var touchPoints int
	phone.eval(`navigator.maxTouchPoints`, &touchPoints)
	require.Positive(t, touchPoints, "%s does not emulate a touch screen (Emulation.setTouchEmulationEnabled): the test needs one", version)
	phone.open(l.seats[1])
	two := b.openGame("player2", l.seats[2])
	phone.waitText("#status", "Your turn")

	// The layout fits the width: the board on top, the panel below.
	var fit struct{ Scroll, Board, Side float64 }
	phone.eval(`({scroll: document.documentElement.scrollWidth,
		board: document.getElementById('board').getBoundingClientRect().bottom,
		side: document.querySelector('.side').getBoundingClientRect().top})`, &fit)
	require.LessOrEqual(t, fit.Scroll, 390.0)
	require.LessOrEqual(t, fit.Board, fit.Side+1)

	// A tap plays.
	x, y, visible := phone.cellAt(0, 0)
	require.True(t, visible)
	phone.do(touch(input.DispatchTouchEventTypeTouchStart, [2]float64{x, y}), touch(input.DispatchTouchEventTypeTouchEnd))
	two.waitMoves(1)
	require.Equal(t, "Move 1: Player 1 (blue cross) at row 0, column 0", two.moveList()[0])

	// Two fingers apart zoom in; a drag with one finger pans and plays nothing.
	before := phone.view()
	phone.do(
		touch(input.DispatchTouchEventTypeTouchStart, [2]float64{150, 250}),
		touch(input.DispatchTouchEventTypeTouchStart, [2]float64{150, 250}, [2]float64{240, 250}),
		touch(input.DispatchTouchEventTypeTouchMove, [2]float64{120, 250}, [2]float64{270, 250}),
		touch(input.DispatchTouchEventTypeTouchMove, [2]float64{90, 250}, [2]float64{300, 250}),
		touch(input.DispatchTouchEventTypeTouchEnd),
	)
	zoomed := phone.view()
	require.Greater(t, zoomed.Cell, before.Cell*1.5)
	phone.do(
		touch(input.DispatchTouchEventTypeTouchStart, [2]float64{300, 300}),
		touch(input.DispatchTouchEventTypeTouchMove, [2]float64{250, 300}),
		touch(input.DispatchTouchEventTypeTouchMove, [2]float64{100, 300}),
		touch(input.DispatchTouchEventTypeTouchEnd),
	)
	require.Greater(t, phone.view().CX, zoomed.CX+1)
	require.Equal(t, 1, phone.moveCount())

	two.waitText("#status", "Your turn")
	two.clickCell(1, 1)
	phone.waitMoves(2)
	phone.click("#fit-all")
	saveReadmeShot(phone, "phone.png")
}
