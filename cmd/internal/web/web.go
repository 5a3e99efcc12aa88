package web

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"html"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"

	"github.com/gomoku-engine/gomoku/engine/player"
)

//go:embed assets
var assets embed.FS

// securityHeaders keep the page to its own origin: no inline scripts, no
// framing, no referrer (seat tokens live in the fragment, which browsers
// never send, but the page's address still names the game).
var securityHeaders = map[string]string{
	"Content-Security-Policy": "default-src 'self'; img-src 'self' data:; connect-src 'self'; " +
		"frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
	"X-Content-Type-Options": "nosniff",
	"Referrer-Policy":        "no-referrer",
}

// file is one asset, ready to serve.
type file struct {
	name string
	body []byte
	etag string
}

var (
	filesOnce sync.Once
	files     map[string]*file // by path below /assets/, "index.html" included
)

// loadFiles reads the embedded assets once and fills in the page's list of
// bots, so the lobby offers what this binary can play.
func loadFiles() {
	files = map[string]*file{}
	err := fs.WalkDir(assets, "assets", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		body, err := assets.ReadFile(p)
		if err != nil {
			return err
		}
		name := strings.TrimPrefix(p, "assets/")
		if name == "index.html" {
			bots := html.EscapeString(strings.Join(player.Names(), " "))
			body = bytes.ReplaceAll(body, []byte("{{BOTS}}"), []byte(bots))
		}
		sum := sha256.Sum256(body)
		files[name] = &file{name: name, body: body, etag: `"` + hex.EncodeToString(sum[:12]) + `"`}
		return nil
	})
	if err != nil {
		// The assets are compiled into the binary: failing to read them is
		// a broken build, not a run-time condition.
		panic("web: reading embedded assets: " + err.Error())
	}
}

// Handler serves the page. Mount it at "/" beside the API: it answers
// GET and HEAD for the lobby, the game pages and their assets, and 404
// (with the page, which says so) for anything else.
func Handler() http.Handler {
	filesOnce.Do(loadFiles)
	return http.HandlerFunc(serve)
}

func serve(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	for k, v := range securityHeaders {
		h.Set(k, v)
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		h.Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	p := r.URL.Path
	switch {
	case p == "/" || p == "/index.html" || isGamePath(p):
		send(w, r, files["index.html"], http.StatusOK)
	case strings.HasPrefix(p, "/assets/"):
		f, ok := files[strings.TrimPrefix(p, "/assets/")]
		if !ok {
			http.NotFound(w, r)
			return
		}
		send(w, r, f, http.StatusOK)
	default:
		send(w, r, files["index.html"], http.StatusNotFound)
	}
}

// isGamePath reports whether p is /game/{id} with a non-empty id.
func isGamePath(p string) bool {
	id, ok := strings.CutPrefix(p, "/game/")
	id = strings.TrimSuffix(id, "/")
	return ok && id != "" && !strings.Contains(id, "/")
}

// send writes f. Browsers revalidate every time (no-cache) and get 304
// while the binary is the same, so a new build is never half cached.
func send(w http.ResponseWriter, r *http.Request, f *file, status int) {
	h := w.Header()
	h.Set("Cache-Control", "no-cache")
	ctype := mime.TypeByExtension(path.Ext(f.name))
	if ctype == "" {
		ctype = "application/octet-stream"
	}
	h.Set("Content-Type", ctype)
	if status != http.StatusOK {
		w.WriteHeader(status)
		if r.Method != http.MethodHead {
			_, _ = w.Write(f.body)
		}
		return
	}
	h.Set("ETag", f.etag)
	http.ServeContent(w, r, f.name, time.Time{}, bytes.NewReader(f.body))
}
