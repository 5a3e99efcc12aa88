package web_test

import (
	"bufio"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/cmd/internal/gomokutest"
)

// The browser tests run the real gomoku binary, so that the page, the
// server and their wiring are tested together, and so that a server can be
// killed as a crash would kill it.
func TestMain(m *testing.M) {
	code := m.Run()
	gomokutest.Cleanup()
	os.Exit(code)
}

// testServer is a running "gomoku serve" with its SQLite file.
type testServer struct {
	t     *testing.T
	URL   string
	addr  string
	db    string
	flags []string
	cmd   *exec.Cmd
	done  chan struct{}
}

var listening = regexp.MustCompile(`listening on http://(\S+)`)

// startServer starts gomoku serve on a free port with a new database;
// flags are added to its command line.
func startServer(t *testing.T, flags ...string) *testServer {
	t.Helper()
	s := &testServer{t: t, db: filepath.Join(t.TempDir(), "games.db"), addr: "127.0.0.1:0", flags: flags}
	s.start()
	t.Cleanup(s.kill)
	return s
}

// start runs the server on s.addr (port 0 the first time) and waits until
// it answers.
func (s *testServer) start() {
	s.t.Helper()
	args := append([]string{"serve", "--addr", s.addr, "--db", s.db, "--bot-budget", "300ms", "--log", "none"}, s.flags...)
	cmd := exec.Command(gomokutest.Binary(s.t), args...)
	stdout, err := cmd.StdoutPipe()
	require.NoError(s.t, err)
	cmd.Stderr = os.Stderr
	require.NoError(s.t, cmd.Start())
	s.cmd = cmd
	s.done = make(chan struct{})
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if m := listening.FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
			}
		}
	}()
	go func() {
		cmd.Wait()
		close(s.done)
	}()
	select {
	case a := <-addr:
		s.addr = a
		s.URL = "http://" + a
	case <-s.done:
		s.t.Fatalf("gomoku serve exited: %v", cmd.ProcessState)
	case <-time.After(waitFor):
		s.t.Fatal("gomoku serve did not start listening")
	}
	res, err := http.Get(s.URL + "/healthz")
	require.NoError(s.t, err)
	res.Body.Close()
	require.Equal(s.t, http.StatusOK, res.StatusCode)
}

// kill ends the server with SIGKILL, as a crash would: no graceful
// shutdown, connections dropped.
func (s *testServer) kill() {
	if s.cmd == nil {
		return
	}
	_ = s.cmd.Process.Signal(syscall.SIGKILL)
	<-s.done
	s.cmd = nil
}

// restart starts the server again on the same address and database.
func (s *testServer) restart() {
	s.t.Helper()
	s.start()
}
