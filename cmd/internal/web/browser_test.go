package web_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto"
	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// waitFor bounds every wait on the page. Waits poll a condition, so they
// end as soon as it holds; the bound is generous for a loaded 2-core
// machine running Chromium, the server and its bots at once.
const waitFor = 60 * time.Second

// chromiumPath finds Debian's Chromium (or another Chrome). Without one
// the browser tests skip, except under CI, whose script installs it.
func chromiumPath(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("no Chromium found; .ci/run installs Debian's chromium package")
	}
	t.Skip("no Chromium found (apt-get install chromium); skipping the browser tests")
	return ""
}

// socketDir is a TMPDIR of the test's own for Chromium, which leaves its
// process-singleton socket directory there when it is killed, as chromedp
// does at the end. It is made short, not with t.TempDir, because the
// socket's path must fit in a Unix socket address (108 bytes); it is
// removed after the browser has exited, since cleanups run last first.
func socketDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "cr")
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, os.RemoveAll(dir)) })
	return dir
}

// browser is one headless Chromium for one test; each page in it gets a
// browser context of its own, so pages share no storage or cookies, as
// two people on two machines would.
type browser struct {
	t     *testing.T
	root  context.Context
	mu    sync.Mutex
	shots string // where screenshots go when the test fails, made on the first
}

func newBrowser(t *testing.T) *browser {
	t.Helper()
	path := chromiumPath(t)
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(t.TempDir()),
		chromedp.Env("TMPDIR=" + socketDir(t)),
		// As root Chromium needs --no-sandbox; the rest keep it from
		// reaching out to the network, which is closed here and would
		// otherwise stall or refuse its connections.
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("disable-default-apps", true),
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.Flag("disable-backgrounding-occluded-windows", true),
		chromedp.Flag("metrics-recording-only", true),
		chromedp.Flag("password-store", "basic"),
		chromedp.WindowSize(1200, 800),
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	root, cancelRoot := chromedp.NewContext(alloc)
	// The first Run starts the browser; it must not carry a timeout, which
	// would end the browser with it.
	t.Cleanup(func() {
		cancelRoot()
		cancelAlloc()
	})
	require.NoError(t, chromedp.Do(root), "starting Chromium at %s", path)
	announceVersion(t, root, path)
	return &browser{t: t, root: root}
}

var (
	versionOnce sync.Once
	// version is the browser's product and version, as in
	// "Chrome/148.0.7778.167", for failure messages; set by the first
	// browser a test starts.
	version    string
	versionErr error
)

// announceVersion prints the browser's version once per test binary, so
// that every run's log says which browser it tested. Browser.getVersion is
// a stable DevTools method, so this holds across browser versions.
func announceVersion(t *testing.T, root context.Context, path string) {
	t.Helper()
	versionOnce.Do(func() {
		ctx, cancel := context.WithTimeout(root, waitFor)
		defer cancel()
		v, err := chromedp.CallBrowser(ctx, cdpbrowser.GetVersion, cdp.Empty{})
		if err != nil {
			versionErr = fmt.Errorf("asking %s for its version with Browser.getVersion: %w", path, err)
			return
		}
		version = v.Product
		fmt.Printf("browser tests: %s (DevTools protocol %s, JavaScript %s) at %s\n", v.Product, v.ProtocolVersion, v.JsVersion, path)
	})
	require.NoError(t, versionErr)
}

// refused explains an error of a DevTools command that the browser does
// not know or whose parameters it does not take: the test needs a feature
// that this browser lacks or has changed. It is empty for any other error.
func refused(err error) string {
	var pe *cdproto.Error
	if !errors.As(err, &pe) || (pe.Code != -32601 && pe.Code != -32602) {
		return ""
	}
	return fmt.Sprintf(" (%s refused a DevTools command the test sends: it lacks a feature the test needs or changed how it is called; "+
		"use a browser that has it, or move the test to stable DevTools methods)", version)
}

// page is one tab in its own browser context.
type page struct {
	t    *testing.T
	name string
	ctx  context.Context
}

// newPage opens a tab of the given size in a new browser context.
func (b *browser) newPage(name string, width, height int64) *page {
	b.t.Helper()
	ctx, cancel := chromedp.NewContext(b.root, chromedp.WithNewBrowserContext())
	b.t.Cleanup(cancel)
	// The first Run opens the tab and ties it to its context: it must be
	// this long-lived one, not a timed child, or the tab closes with it.
	err := chromedp.Do(ctx)
	require.NoError(b.t, err, "opening a tab for %s%s", name, refused(err))
	p := &page{t: b.t, name: name, ctx: ctx}
	p.do(chromedp.EmulateViewport(width, height))
	// Cleanups run last first: this one sees the tab before cancel closes it.
	b.t.Cleanup(func() {
		if b.t.Failed() {
			b.screenshot(p)
		}
	})
	return p
}

// screenshot saves a page as it is into the test's folder of failure
// screenshots.
func (b *browser) screenshot(p *page) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.shots == "" {
		dir, err := os.MkdirTemp("", "gomoku-web-"+strings.ReplaceAll(b.t.Name(), "/", "_")+"-")
		if err != nil {
			b.t.Logf("screenshots: %v", err)
			return
		}
		b.shots = dir
	}
	ctx, cancel := context.WithTimeout(p.ctx, 15*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		b.t.Logf("screenshot of %s: %v", p.name, err)
		return
	}
	file := filepath.Join(b.shots, p.name+".png")
	if err := os.WriteFile(file, png, 0o644); err != nil {
		b.t.Logf("screenshot of %s: %v", p.name, err)
		return
	}
	b.t.Logf("screenshot of %s: %s", p.name, file)
}

// do runs actions on the page, failing the test on an error.
func (p *page) do(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, waitFor)
	defer cancel()
	err := chromedp.Do(ctx, actions...)
	require.NoError(p.t, err, "%s%s", p.name, refused(err))
}

// eval evaluates a JavaScript expression and decodes its JSON value into out.
func (p *page) eval(expr string, out any, opts ...chromedp.EvaluateOption) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, waitFor)
	defer cancel()
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[json.RawMessage](expr, opts...))
	require.NoError(p.t, err, "%s: evaluating %s%s", p.name, expr, refused(err))
	if out != nil {
		require.NoError(p.t, json.Unmarshal(raw, out), "%s: decoding %s", p.name, raw)
	}
}

// waitUntil waits until the JavaScript condition is true.
func (p *page) waitUntil(what, cond string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, waitFor)
	defer cancel()
	_, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](cond,
		chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(waitFor)))
	require.NoError(p.t, err, "%s: waiting for %s%s", p.name, what, refused(err))
}

// text is an element's text, trimmed.
func (p *page) text(selector string) string {
	p.t.Helper()
	var s string
	p.eval(fmt.Sprintf(`(document.querySelector(%q)?.textContent ?? '').trim()`, selector), &s)
	return s
}

// waitText waits until the element's text contains want.
func (p *page) waitText(selector, want string) {
	p.t.Helper()
	p.waitUntil(fmt.Sprintf("%s to contain %q (it says %q)", selector, want, p.text(selector)),
		fmt.Sprintf(`(document.querySelector(%q)?.textContent ?? '').includes(%q)`, selector, want))
}

// moveCount is the number of moves in the page's move list.
func (p *page) moveCount() int {
	p.t.Helper()
	var n int
	p.eval(`document.querySelectorAll('#moves li').length`, &n)
	return n
}

// waitMoves waits until the move list has at least n moves.
func (p *page) waitMoves(n int) {
	p.t.Helper()
	p.waitUntil(fmt.Sprintf("%d moves in the list", n), fmt.Sprintf(`document.querySelectorAll('#moves li').length >= %d`, n))
}

// moveList is the page's move list as "player:row,col" items.
func (p *page) moveList() []string {
	p.t.Helper()
	var out []string
	p.eval(`[...document.querySelectorAll('#moves button')].map(b => b.getAttribute('aria-label'))`, &out)
	return out
}

// clickCell clicks the centre of a cell on the canvas with the mouse. The
// cell must be in view.
func (p *page) clickCell(row, col int) {
	p.t.Helper()
	var at struct {
		X, Y    float64
		Visible bool
	}
	p.eval(fmt.Sprintf(`window.gomoku.cellToClient(%d, %d)`, row, col), &at)
	require.True(p.t, at.Visible, "%s: cell (%d, %d) is not in view", p.name, row, col)
	p.do(chromedp.MouseClickXY(at.X, at.Y))
}

// keepVisible brings a cell into view if it is not, with the Last move
// and Fit all buttons a player would use.
func (p *page) keepVisible(row, col int) {
	p.t.Helper()
	var at struct{ Visible bool }
	p.eval(fmt.Sprintf(`window.gomoku.cellToClient(%d, %d)`, row, col), &at)
	if !at.Visible {
		p.click("#fit-all")
	}
}

// click clicks the centre of an element with the mouse, as a person would,
// once it shows and nothing covers it, scrolling it into view first. A
// script finds where the element is: DevTools' own way, DOM.getContentQuads
// (which chromedp.Click uses), is experimental and may change with the
// browser.
func (p *page) click(selector string) {
	p.t.Helper()
	p.waitUntil(selector+" to show, not covered", fmt.Sprintf(`(() => {
		const el = document.querySelector(%q);
		if (!el || !el.checkVisibility({visibilityProperty: true})) return false;
		el.scrollIntoView({block: 'nearest', inline: 'nearest'});
		const r = el.getBoundingClientRect();
		return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
	})()`, selector))
	var at struct{ X, Y float64 }
	p.eval(fmt.Sprintf(`(() => {
		const r = document.querySelector(%q).getBoundingClientRect();
		return {x: r.left + r.width / 2, y: r.top + r.height / 2};
	})()`, selector), &at)
	p.do(chromedp.MouseClickXY(at.X, at.Y))
}

// screenshot saves the page as a PNG file.
func (p *page) screenshot(file string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, waitFor)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	require.NoError(p.t, err)
	require.NoError(p.t, os.WriteFile(file, png, 0o644))
}

// TestRefusedDevToolsCommandsAreExplained checks that a browser refusing a
// command, unknown or called with parameters it does not take, fails a
// test with the browser's version and what that means.
func TestRefusedDevToolsCommandsAreExplained(t *testing.T) {
	b := newBrowser(t)
	p := b.newPage("blank", 400, 300)
	ctx, cancel := context.WithTimeout(p.ctx, waitFor)
	defer cancel()
	call := func(method string, params any) error {
		return chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := cdp.Call(ctx, t, cdp.Command[any, cdp.Empty]{Method: method}, params)
			return err
		}))
	}
	for _, err := range []error{
		call("Page.noSuchMethod", struct{}{}),
		call("Page.navigate", struct{}{}), // without its url
	} {
		require.Error(t, err)
		require.Contains(t, refused(err), version+" refused a DevTools command", err)
	}
	require.Empty(t, refused(errors.New("some other error")))
	require.NoError(t, call("Page.navigate", map[string]string{"url": "about:blank"}))
}
