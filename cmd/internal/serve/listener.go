package serve

import (
	"errors"
	"net"
	"sync"
	"time"
)

// capListener holds at most a fixed number of connections open, all
// clients together: it closes at once the connections beyond, so that a
// flood of idle connections cannot use up the process's file descriptors
// and memory, and those already open go on being served. Waiting in
// Accept instead would stall every new client behind the flood.
type capListener struct {
	net.Listener
	slots chan struct{}
}

// LimitConns returns l holding at most n connections open at once.
func LimitConns(l net.Listener, n int) net.Listener {
	return &capListener{Listener: l, slots: make(chan struct{}, n)}
}

func (l *capListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				time.Sleep(10 * time.Millisecond)
				continue
			}
			return nil, err
		}
		select {
		case l.slots <- struct{}{}:
			return &slotConn{Conn: c, slots: l.slots}, nil
		default:
			c.Close()
		}
	}
}

// slotConn gives its slot back when closed, once.
type slotConn struct {
	net.Conn
	slots chan struct{}
	once  sync.Once
}

func (c *slotConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() { <-c.slots })
	return err
}

func (c *slotConn) underlying() net.Conn { return c.Conn }
