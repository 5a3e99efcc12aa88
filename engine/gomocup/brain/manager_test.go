package brain

import (
	"bufio"
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// manager plays the manager's side of an in-process brain over pipes.
type manager struct {
	t     testing.TB
	in    *io.PipeWriter
	out   *bufio.Reader
	lines chan string
	errc  chan error
}

func startManager(t testing.TB, opts Options) *manager {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	m := &manager{t: t, in: inW, out: bufio.NewReader(outR), lines: make(chan string, 64), errc: make(chan error, 1)}
	s := newServer(outW, opts)
	s.onMove = checkMoves(t, s)
	go func() {
		err := s.run(context.Background(), inR)
		outW.Close()
		m.errc <- err
	}()
	go func() {
		defer close(m.lines)
		for {
			l, err := m.out.ReadString('\n')
			if err != nil {
				return
			}
			m.lines <- strings.TrimRight(l, "\r\n")
		}
	}()
	t.Cleanup(func() { inW.Close() })
	return m
}

func (m *manager) send(cmd string) {
	m.t.Helper()
	_, err := io.WriteString(m.in, cmd+"\r\n")
	require.NoError(m.t, err)
}

// read returns the next answer line, failing after a generous timeout (a
// brain that never flushes would hang here).
func (m *manager) read() string {
	m.t.Helper()
	select {
	case l, ok := <-m.lines:
		require.True(m.t, ok, "brain closed its output")
		return l
	case <-time.After(20 * time.Second):
		m.t.Fatal("no answer from the brain")
		return ""
	}
}

func (m *manager) ask(cmd string) string {
	m.t.Helper()
	m.send(cmd)
	return m.read()
}

// wait waits for the brain to return after END.
func (m *manager) wait() error {
	m.t.Helper()
	select {
	case err := <-m.errc:
		return err
	case <-time.After(20 * time.Second):
		m.t.Fatal("brain did not stop")
		return nil
	}
}

// rest returns the answers left after the brain stopped.
func (m *manager) rest() []string {
	var out []string
	for l := range m.lines {
		out = append(out, l)
	}
	return out
}
