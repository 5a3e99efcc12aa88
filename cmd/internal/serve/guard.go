package serve

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"path"
	"runtime/debug"
	"strings"
)

// requestIDHeader carries a request's id: taken from the client (a proxy
// in front, say) when it is plain, else made up, and always answered.
const requestIDHeader = "X-Request-Id"

// requestID returns the id the client sent, if it is short and made of
// letters, digits and ".-_" only (it goes into logs), or else a new one.
func requestID(r *http.Request) string {
	id := r.Header.Get(requestIDHeader)
	if id == "" || len(id) > 64 || strings.ContainsFunc(id, func(c rune) bool {
		return !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '-' || c == '_')
	}) {
		return newSecret(8)
	}
	return id
}

type logKey struct{}

// withLog returns ctx carrying a request's logger.
func withLog(ctx context.Context, l *slog.Logger) context.Context {
	return context.WithValue(ctx, logKey{}, l)
}

// logOf returns the logger of the request whose context ctx is, which
// names the request's id, or fallback outside a request.
func logOf(ctx context.Context, fallback *slog.Logger) *slog.Logger {
	if l, ok := ctx.Value(logKey{}).(*slog.Logger); ok {
		return l
	}
	return fallback
}

// guard serves a request that has its id and logger: it recovers from a
// panic in its handler, then checks the Host header, the client's rate,
// and that a request changing state comes from no foreign page, before
// routing it.
func (s *Server) guard(w *recorder, r *http.Request, addr string) {
	defer func() {
		v := recover()
		if v == nil {
			return
		}
		if v == http.ErrAbortHandler { // net/http's way to abort quietly: left to it
			panic(v)
		}
		logOf(r.Context(), s.log).Error("panic serving a request", "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
		if !w.wroteHeader {
			writeError(w, errorf(http.StatusInternalServerError, "internal error; the server's log has the details"))
		}
	}()
	if r.URL.Path != "/healthz" && !s.hostAllowed(r.Host) {
		writeError(w, errorf(http.StatusMisdirectedRequest, "this server does not answer for that host name"))
		return
	}
	if client := clientKey(addr); !s.limits.address(client) {
		w.Header().Set("Retry-After", "1")
		writeError(w, errorf(http.StatusTooManyRequests, "too many requests from %s; slow down", client))
		return
	}
	if err := s.crossSite(r); err != nil {
		writeError(w, errorf(http.StatusForbidden, "cross-site requests may only read; this one would change state"))
		return
	}
	s.mux.ServeHTTP(w, r)
}

// hostAllowed reports whether the Host header names this server, when
// [WithAllowedHosts] says which names do; it closes DNS rebinding, where a
// foreign page's own name is pointed at this server.
func (s *Server) hostAllowed(hostport string) bool {
	if len(s.allowedHosts) == 0 {
		return true
	}
	return matchHost(s.allowedHosts, strings.TrimSuffix(strings.Trim(hostOnly(hostport), "[]"), "."))
}

// matchHost reports whether host matches one of the patterns, as
// [WithOrigins] and [WithAllowedHosts] take them: "example.com",
// "*.example.com", case-insensitively.
func matchHost(patterns []string, host string) bool {
	host = strings.ToLower(host)
	for _, p := range patterns {
		if ok, err := path.Match(strings.ToLower(p), host); ok && err == nil {
			return true
		}
	}
	return false
}

// errCrossSite refuses a request that a foreign page made a browser send.
var errCrossSite = errors.New("serve: cross-site request")

// crossSite refuses a request that changes state and comes from a page of
// another origin, by Sec-Fetch-Site or Origin, unless that origin's host
// is one [WithOrigins] lets in. Requests without either header (from
// programs, not browsers) pass.
func (s *Server) crossSite(r *http.Request) error {
	if origin := r.Header.Get("Origin"); origin != "" && len(s.origins) > 0 {
		if i := strings.Index(origin, "://"); i >= 0 && matchHost(s.origins, hostOnly(origin[i+3:])) {
			return nil
		}
	}
	if err := http.NewCrossOriginProtection().Check(r); err != nil {
		return fmt.Errorf("%w: %w", errCrossSite, err)
	}
	return nil
}

// hostOnly strips the port from host:port.
func hostOnly(hostport string) string {
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		return h
	}
	return hostport
}
