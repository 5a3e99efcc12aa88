package serve_test

import (
	"bufio"
	"io"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/cmd/internal/gomokutest"
)

// TestBinaryPprof: --pprof serves the profiles on its own address, and
// only there; /metrics is on the main one.
func TestBinaryPprof(t *testing.T) {
	cmd := exec.Command(gomokutest.Binary(t), "serve", "--addr", "127.0.0.1:0", "--pprof", "127.0.0.1:0",
		"--db", filepath.Join(t.TempDir(), "games.db"), "--log", "none")
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
	})
	lines := bufio.NewScanner(out)
	var addrs []string // the API's, then the profiles'
	for len(addrs) < 2 && lines.Scan() {
		_, rest, ok := strings.Cut(lines.Text(), " on http://")
		require.True(t, ok, lines.Text())
		host := strings.FieldsFunc(rest, func(r rune) bool { return r == ' ' || r == '/' })[0]
		addrs = append(addrs, "http://"+host)
	}
	require.Len(t, addrs, 2)
	go io.Copy(io.Discard, out)
	hc := &http.Client{Timeout: 30 * time.Second}
	get := func(url string) (int, string) {
		resp, err := hc.Get(url)
		require.NoError(t, err)
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		return resp.StatusCode, string(b)
	}
	code, body := get(addrs[1] + "/debug/pprof/goroutine?debug=1")
	assert.Equal(t, http.StatusOK, code)
	assert.Contains(t, body, "goroutine profile:")
	code, _ = get(addrs[0] + "/debug/pprof/goroutine?debug=1")
	assert.Equal(t, http.StatusNotFound, code, "no profiles on the public address")
	code, body = get(addrs[0] + "/metrics")
	assert.Equal(t, http.StatusOK, code)
	assert.Contains(t, body, "gomoku_spectators ")
}
