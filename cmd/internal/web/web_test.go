package web_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/cmd/internal/web"
	"github.com/gomoku-engine/gomoku/engine/player"
)

func get(t *testing.T, h http.Handler, method, path string, header ...string) *http.Response {
	t.Helper()
	req := httptest.NewRequest(method, path, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

func body(t *testing.T, res *http.Response) string {
	t.Helper()
	b, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return string(b)
}

func TestHandlerRoutes(t *testing.T) {
	h := web.Handler()
	tests := []struct {
		path   string
		status int
		ctype  string
		has    string
	}{
		{"/", 200, "text/html; charset=utf-8", `<canvas id="board"`},
		{"/index.html", 200, "text/html; charset=utf-8", `<section id="lobby"`},
		{"/game/abc123", 200, "text/html; charset=utf-8", `<script type="module" src="/assets/app.js">`},
		{"/game/abc123/", 200, "text/html; charset=utf-8", `<title>Gomoku</title>`},
		{"/assets/app.js", 200, "text/javascript; charset=utf-8", `import { GamePage }`},
		{"/assets/board.js", 200, "text/javascript; charset=utf-8", `export class BoardView`},
		{"/assets/style.css", 200, "text/css; charset=utf-8", `.board-wrap`},
		{"/assets/icon.svg", 200, "image/svg+xml", `<svg`},
		{"/assets/missing.js", 404, "text/plain; charset=utf-8", "404 page not found"},
		{"/assets/../web.go", 404, "", ""},
		{"/game/", 404, "text/html; charset=utf-8", `id="not-found"`},
		{"/game/a/b", 404, "text/html; charset=utf-8", `id="not-found"`},
		{"/elsewhere", 404, "text/html; charset=utf-8", `id="not-found"`},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			res := get(t, h, http.MethodGet, tt.path)
			assert.Equal(t, tt.status, res.StatusCode)
			if tt.ctype != "" {
				assert.Equal(t, tt.ctype, res.Header.Get("Content-Type"))
			}
			assert.Contains(t, body(t, res), tt.has)
			assert.Contains(t, res.Header.Get("Content-Security-Policy"), "default-src 'self'")
			assert.Equal(t, "nosniff", res.Header.Get("X-Content-Type-Options"))
			assert.Equal(t, "no-referrer", res.Header.Get("Referrer-Policy"))
		})
	}
}

func TestHandlerOffersThisBinarysBots(t *testing.T) {
	page := body(t, get(t, web.Handler(), http.MethodGet, "/"))
	assert.Contains(t, page, fmt.Sprintf(`data-bots="%s"`, strings.Join(player.Names(), " ")))
	assert.NotContains(t, page, "{{")
}

func TestHandlerRevalidates(t *testing.T) {
	h := web.Handler()
	res := get(t, h, http.MethodGet, "/assets/game.js")
	require.Equal(t, http.StatusOK, res.StatusCode)
	etag := res.Header.Get("ETag")
	require.NotEmpty(t, etag)
	assert.Equal(t, "no-cache", res.Header.Get("Cache-Control"))

	again := get(t, h, http.MethodGet, "/assets/game.js", "If-None-Match", etag)
	assert.Equal(t, http.StatusNotModified, again.StatusCode)
	assert.Empty(t, body(t, again))

	other := get(t, h, http.MethodGet, "/assets/board.js", "If-None-Match", etag)
	assert.Equal(t, http.StatusOK, other.StatusCode, "another file's tag does not match")
}

func TestHandlerMethods(t *testing.T) {
	h := web.Handler()
	head := get(t, h, http.MethodHead, "/")
	assert.Equal(t, http.StatusOK, head.StatusCode)
	assert.Empty(t, body(t, head))
	for _, m := range []string{http.MethodPost, http.MethodPut, http.MethodDelete} {
		res := get(t, h, m, "/")
		assert.Equal(t, http.StatusMethodNotAllowed, res.StatusCode, m)
		assert.Equal(t, "GET, HEAD", res.Header.Get("Allow"))
	}
}

func ExampleHandler() {
	srv := httptest.NewServer(web.Handler())
	defer srv.Close()
	for _, path := range []string{"/", "/game/4f2a9c", "/assets/app.js", "/nowhere"} {
		res, err := http.Get(srv.URL + path)
		if err != nil {
			fmt.Println(err)
			return
		}
		res.Body.Close()
		fmt.Println(path, res.StatusCode, res.Header.Get("Content-Type"))
	}
	// Output:
	// / 200 text/html; charset=utf-8
	// /game/4f2a9c 200 text/html; charset=utf-8
	// /assets/app.js 200 text/javascript; charset=utf-8
	// /nowhere 404 text/html; charset=utf-8
}
