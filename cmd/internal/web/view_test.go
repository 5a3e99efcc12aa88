package web_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/require"
)

// view is what window.gomoku.view() reports of the board.
type view struct {
	CX, CY, Cell float64
	Cursor       struct{ Row, Col int }
	Shown        int
}

func (p *page) view() view {
	p.t.Helper()
	var v view
	p.eval(`window.gomoku.view()`, &v)
	return v
}

// cellAt is where a cell's centre is on screen, and whether it is in view.
func (p *page) cellAt(row, col int) (x, y float64, visible bool) {
	p.t.Helper()
	var at struct {
		X, Y    float64
		Visible bool
	}
	p.eval(fmt.Sprintf(`window.gomoku.cellToClient(%d, %d)`, row, col), &at)
	return at.X, at.Y, at.Visible
}

// drag drags the board with the mouse in steps, between two points given
// as fractions of the board's width and height.
func (p *page) drag(fx0, fy0, fx1, fy1 float64) {
	p.t.Helper()
	var r struct{ Left, Top, Width, Height float64 }
	p.eval(`document.getElementById('board').getBoundingClientRect().toJSON()`, &r)
	x0, y0 := r.Left+fx0*r.Width, r.Top+fy0*r.Height
	x1, y1 := r.Left+fx1*r.Width, r.Top+fy1*r.Height
	steps := []chromedp.Action[chromedp.Void]{chromedp.MouseEvent(chromedp.MousePressed, x0, y0, chromedp.ButtonLeft, chromedp.ClickCount(1))}
	for i := 1; i <= 10; i++ {
		f := float64(i) / 10
		steps = append(steps, chromedp.MouseEvent(chromedp.MouseMoved, x0+(x1-x0)*f, y0+(y1-y0)*f, chromedp.ButtonLeft))
	}
	steps = append(steps, chromedp.MouseEvent(chromedp.MouseReleased, x1, y1, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	p.do(steps...)
}

// keys presses keys on the board, which must have the focus.
func (p *page) keys(keys string, opts ...chromedp.KeyOption) {
	p.t.Helper()
	p.do(chromedp.KeyEvent(keys, opts...))
}

func TestKeyboardPanZoomAndLastMove(t *testing.T) {
	srv := startServer(t)
	b := newBrowser(t)
	_, l := b.createInLobby(srv, newGame{k: 5, seats: []string{"human", "human"}})
	one := b.openGame("player1", l.seats[1])
	two := b.openGame("player2", l.seats[2])
	one.waitText("#status", "Your turn")

	// Keyboard play: the board takes the focus like any control, the
	// arrows move a cursor from the origin, Enter plays there.
	one.eval(`document.getElementById('board').focus(), document.activeElement.id`, nil)
	var focused string
	one.eval(`document.activeElement.id`, &focused)
	require.Equal(t, "board", focused)
	one.keys(kb.ArrowRight + kb.ArrowRight + kb.ArrowDown)
	require.Equal(t, struct{ Row, Col int }{1, 2}, one.view().Cursor)
	one.keys(kb.Enter)
	one.waitMoves(1)
	two.waitMoves(1)
	require.Equal(t, "Move 1: Player 1 (blue cross) at row 1, column 2", two.moveList()[0])

	two.waitText("#status", "Your turn")
	two.clickCell(3, 3)
	one.waitText("#status", "Your turn")
	// Enter on a taken cell explains itself and plays nothing.
	one.keys(kb.ArrowDown + kb.ArrowDown + kb.ArrowRight)
	one.keys(kb.Enter)
	one.waitText("#toast", "That cell is taken by player 2.")
	require.Equal(t, 2, one.moveCount())
	one.keys(kb.ArrowLeft + kb.Enter)
	one.waitMoves(3)
	require.Equal(t, "Move 3: Player 1 (blue cross) at row 3, column 2", one.moveList()[2])

	// Zoom: + on the keyboard, the − button, the wheel about the pointer.
	cell := one.view().Cell
	one.keys("+")
	require.Greater(t, one.view().Cell, cell)
	cell = one.view().Cell
	one.click("#zoom-out")
	one.click("#zoom-out")
	require.Less(t, one.view().Cell, cell)
	x, y, visible := one.cellAt(3, 2)
	require.True(t, visible)
	cell = one.view().Cell
	// The protocol wants both deltas and drops a zero one from its JSON:
	// a hundredth of a pixel sideways stands in for none.
	one.do(chromedp.MouseEvent(chromedp.MouseWheel, x, y, func(p *input.DispatchMouseEventParams) { p.DeltaX, p.DeltaY = 0.01, -240 }))
	one.waitUntil("the wheel to zoom in", fmt.Sprintf(`window.gomoku.view().cell > %v`, cell))
	x2, y2, _ := one.cellAt(3, 2)
	require.InDelta(t, x, x2, 2, "the cell under the pointer stays there")
	require.InDelta(t, y, y2, 2)

	// Pan far away: drags (which must not play), then Shift+arrows.
	before := one.view()
	for range 4 {
		one.drag(0.9, 0.6, 0.2, 0.4)
	}
	after := one.view()
	require.Greater(t, after.CX, before.CX+10, "dragging left moves the view right")
	require.Equal(t, 3, one.moveCount(), "a drag is not a click")
	for range 30 {
		one.keys(kb.ArrowRight, chromedp.KeyModifiers(chromedp.ModifierShift))
	}
	far := one.view()
	require.Greater(t, far.CX, after.CX+50, "Shift+arrows pan a quarter view a press")
	_, _, visible = one.cellAt(3, 2)
	require.False(t, visible)
	// The rulers follow: the columns in view are far from the origin.
	require.Greater(t, math.Abs(far.CX), 80.0)

	// The other player moves meanwhile; the view stays where it was put.
	two.waitText("#status", "Your turn")
	two.clickCell(4, 4)
	one.waitMoves(4)
	require.InDelta(t, far.CX, one.view().CX, 0.01)

	// Last move brings it back and centres it.
	one.click("#go-last")
	_, _, visible = one.cellAt(4, 4)
	require.True(t, visible)
	v := one.view()
	require.InDelta(t, 4.5, v.CX, 0.01)
	require.InDelta(t, 4.5, v.CY, 0.01)

	// Fit all shows every mark, after zooming far out.
	for range 6 {
		one.keys("-")
	}
	one.click("#fit-all")
	for _, c := range [][2]int{{1, 2}, {3, 3}, {3, 2}, {4, 4}} {
		_, _, visible := one.cellAt(c[0], c[1])
		require.True(t, visible, "cell %v after Fit all", c)
	}

	// The move list shows the board as it was, then live again.
	one.click(`#moves button[data-ply="2"]`)
	one.waitText("#history-text", "Move 2 of 4")
	require.Equal(t, 2, one.view().Shown)
	one.clickCell(0, 0)
	one.waitText("#toast", "You are looking at move 2")
	one.click("#history-live")
	one.waitUntil("the live board", `document.getElementById('history').hidden`)
	require.Equal(t, 4, one.view().Shown)
	require.True(t, strings.HasPrefix(one.text("#status"), "Your turn"))
}
