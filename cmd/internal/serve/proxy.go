package serve

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// WithTrustedProxies names the reverse proxies in front of the server:
// for a request from one of them, the client's address is the last one in
// X-Forwarded-For that is not itself a trusted proxy, and every limit kept
// per address, and the log, use it. Without this option (or for a request
// from anywhere else) the address is the TCP peer's and X-Forwarded-For is
// ignored, since any client can write it.
func WithTrustedProxies(prefixes ...netip.Prefix) Option {
	return func(s *settings) { s.proxies = append(s.proxies, prefixes...) }
}

// ParseProxies reads --trusted-proxy values: addresses (192.0.2.7, ::1)
// or networks (10.0.0.0/8, fd00::/8).
func ParseProxies(values []string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, v := range values {
		if p, err := netip.ParsePrefix(v); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(v)
		if err != nil {
			return nil, fmt.Errorf("serve: trusted proxy %q is neither an address nor a network", v)
		}
		out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
	}
	return out, nil
}

// trusted reports whether a is one of the trusted proxies.
func (s *settings) trusted(a netip.Addr) bool {
	a = a.Unmap()
	for _, p := range s.proxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// forwarded returns r with RemoteAddr set to the client's address when r
// comes through a trusted proxy; otherwise r itself.
func (s *Server) forwarded(r *http.Request) *http.Request {
	if len(s.proxies) == 0 {
		return r
	}
	peer, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil || !s.trusted(peer.Addr()) {
		return r
	}
	var hops []string
	for _, v := range r.Header.Values("X-Forwarded-For") {
		hops = append(hops, strings.Split(v, ",")...)
	}
	client := peer.Addr()
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			break // a proxy wrote what it should not: trust nothing further left
		}
		client = a.Unmap()
		if !s.trusted(client) {
			break
		}
	}
	if client == peer.Addr() {
		return r
	}
	r = r.WithContext(r.Context())
	r.RemoteAddr = net.JoinHostPort(client.String(), "0")
	return r
}
