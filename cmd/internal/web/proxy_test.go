package web_test

import (
	"errors"
	"io"
	"net"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// proxy is a TCP relay between pages and a server that the test can cut,
// as a dropped network would: the connections through it break, and new
// ones fail until it is restored. The server stays up and goes on with
// the game meanwhile. It needs nothing from the browser beyond TCP, so it
// holds across browser versions, unlike DevTools' network emulation.
type proxy struct {
	t      *testing.T
	ln     net.Listener
	target string
	wg     sync.WaitGroup

	mu      sync.Mutex
	down    bool
	conns   map[net.Conn]struct{} // both ends of every relayed connection
	refused int                   // connections turned away while down
	changed chan struct{}         // closed and replaced when refused grows
}

// newProxy relays a free local port to target, a host:port, until the
// test ends.
func newProxy(t *testing.T, target string) *proxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	p := &proxy{t: t, ln: ln, target: target, conns: map[net.Conn]struct{}{}, changed: make(chan struct{})}
	p.wg.Add(1)
	go p.accept()
	t.Cleanup(p.close)
	return p
}

// via is link with its host replaced by the proxy's, so that a page opened
// at it reaches the server, its API and its live feed through the proxy.
func (p *proxy) via(link string) string {
	p.t.Helper()
	u, err := url.Parse(link)
	require.NoError(p.t, err)
	u.Host = p.ln.Addr().String()
	return u.String()
}

func (p *proxy) accept() {
	defer p.wg.Done()
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		p.mu.Lock()
		if p.down {
			p.refused++
			close(p.changed)
			p.changed = make(chan struct{})
			p.mu.Unlock()
			reset(c)
			continue
		}
		p.conns[c] = struct{}{}
		p.mu.Unlock()
		p.wg.Add(1)
		go p.relay(c)
	}
}

// relay copies between the page's connection c and a new one to the
// server until either side ends or the proxy cuts them.
func (p *proxy) relay(c net.Conn) {
	defer p.wg.Done()
	s, err := net.DialTimeout("tcp", p.target, waitFor)
	p.mu.Lock()
	_, live := p.conns[c]
	if err != nil || !live {
		delete(p.conns, c)
		p.mu.Unlock()
		reset(c)
		if s != nil {
			reset(s)
		}
		return
	}
	p.conns[s] = struct{}{}
	p.mu.Unlock()

	done := make(chan struct{}, 2)
	pipe := func(dst, src net.Conn) {
		_, _ = io.Copy(dst, src)
		// Pass an orderly close on; the other direction may still carry
		// the rest of an answer.
		if tc, ok := dst.(*net.TCPConn); ok {
			_ = tc.CloseWrite()
		}
		done <- struct{}{}
	}
	go pipe(s, c)
	go pipe(c, s)
	<-done
	<-done
	p.mu.Lock()
	delete(p.conns, c)
	delete(p.conns, s)
	p.mu.Unlock()
	c.Close()
	s.Close()
}

// reset closes c with a TCP reset rather than an orderly close: the peer
// sees the connection fail, not end.
func reset(c net.Conn) {
	if tc, ok := c.(*net.TCPConn); ok {
		_ = tc.SetLinger(0)
	}
	_ = c.Close()
}

// cut breaks every connection through the proxy and turns new ones away
// until restore.
func (p *proxy) cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.down = true
	for c := range p.conns {
		reset(c)
		delete(p.conns, c)
	}
}

// restore lets connections through again.
func (p *proxy) restore() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.down = false
}

// waitRefused waits until the proxy has turned n connections away since
// it started, to know a page tried to reach the server while cut off.
func (p *proxy) waitRefused(n int) {
	p.t.Helper()
	deadline := time.After(waitFor)
	for {
		p.mu.Lock()
		got, changed := p.refused, p.changed
		p.mu.Unlock()
		if got >= n {
			return
		}
		select {
		case <-changed:
		case <-deadline:
			p.t.Fatalf("proxy: %d connections refused while cut, want %d", got, n)
		}
	}
}

func (p *proxy) close() {
	err := p.ln.Close()
	p.cut()
	p.wg.Wait()
	if err != nil && !errors.Is(err, net.ErrClosed) {
		p.t.Errorf("proxy: %v", err)
	}
}

// TestProxyCutsAndRestores checks the proxy on its own, against an echo
// server: it relays, a cut breaks the open connection and turns new ones
// away, and a restore lets them through again.
func TestProxyCutsAndRestores(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				_, _ = io.Copy(c, c)
			}()
		}
	}()
	p := newProxy(t, ln.Addr().String())
	echo := func(c net.Conn, msg string) error {
		require.NoError(t, c.SetDeadline(time.Now().Add(waitFor)))
		if _, err := io.WriteString(c, msg); err != nil {
			return err
		}
		buf := make([]byte, len(msg))
		if _, err := io.ReadFull(c, buf); err != nil {
			return err
		}
		require.Equal(t, msg, string(buf))
		return nil
	}
	dial := func() net.Conn {
		c, err := net.Dial("tcp", p.ln.Addr().String())
		require.NoError(t, err)
		t.Cleanup(func() { c.Close() })
		return c
	}

	before := dial()
	require.NoError(t, echo(before, "hello"))

	p.cut()
	require.Error(t, echo(before, "lost"), "an open connection breaks")
	// The reset of a refused connection can beat the end of its dial.
	refusedConn, err := net.Dial("tcp", p.ln.Addr().String())
	if err == nil {
		t.Cleanup(func() { refusedConn.Close() })
		err = echo(refusedConn, "refused")
	}
	require.Error(t, err, "a new one is turned away")
	p.waitRefused(1)

	p.restore()
	require.NoError(t, echo(dial(), "back"))
}
