package serve_test

import (
	"net/http"
	"net/netip"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/cmd/internal/serve"
)

// createFrom creates a game with these X-Forwarded-For headers and
// returns the status.
func createFrom(t *testing.T, c *client, xff ...string) int {
	t.Helper()
	req, err := http.NewRequest("POST", c.base+"/api/games", strings.NewReader(`{}`))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	for _, v := range xff {
		req.Header.Add("X-Forwarded-For", v)
	}
	resp, err := c.http.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	return resp.StatusCode
}

func TestTrustedProxy(t *testing.T) {
	l := testLimits()
	l.GamesPerMinute = 1 // one game per address, then 429
	t.Run("trusted", func(t *testing.T) {
		proxies, err := serve.ParseProxies([]string{"127.0.0.1", "10.0.0.0/8"})
		require.NoError(t, err)
		c, _ := startServer(t, serve.WithLimits(l), serve.WithTrustedProxies(proxies...))
		assert.Equal(t, http.StatusCreated, createFrom(t, c, "203.0.113.1"))
		assert.Equal(t, http.StatusTooManyRequests, createFrom(t, c, "203.0.113.1"), "the same client")
		assert.Equal(t, http.StatusCreated, createFrom(t, c, "203.0.113.2"), "another client")
		assert.Equal(t, http.StatusTooManyRequests, createFrom(t, c, "6.6.6.6, 203.0.113.2"),
			"what the client wrote left of its own address is not believed")
		assert.Equal(t, http.StatusTooManyRequests, createFrom(t, c, "203.0.113.2", "10.1.2.3"),
			"a chain of trusted proxies is skipped, over several headers")
		assert.Equal(t, http.StatusCreated, createFrom(t, c, "::ffff:203.0.113.3"))
		assert.Equal(t, http.StatusTooManyRequests, createFrom(t, c, "203.0.113.3"), "an IPv4-mapped address is the IPv4 one")
		assert.Equal(t, http.StatusCreated, createFrom(t, c), "no header: the proxy's own address")
		assert.Equal(t, http.StatusTooManyRequests, createFrom(t, c, "not-an-address"), "garbage: the proxy's own address")
	})
	t.Run("not trusted", func(t *testing.T) {
		c, _ := startServer(t, serve.WithLimits(l), serve.WithTrustedProxies(netip.MustParsePrefix("192.0.2.0/24")))
		assert.Equal(t, http.StatusCreated, createFrom(t, c, "203.0.113.1"))
		assert.Equal(t, http.StatusTooManyRequests, createFrom(t, c, "203.0.113.2"), "a client's own header is ignored")
	})
	t.Run("parsing", func(t *testing.T) {
		_, err := serve.ParseProxies([]string{"10.0.0.0/33"})
		assert.Error(t, err)
		_, err = serve.ParseProxies([]string{"proxy.example"})
		assert.Error(t, err)
		p, err := serve.ParseProxies([]string{"10.1.2.3/8", "::1"})
		require.NoError(t, err)
		assert.Equal(t, []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("::1/128")}, p)
	})
}
