package serve

import (
	"net/netip"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// idleLimiter is how long a rate limiter is kept after its last use; by
// then it has refilled, so dropping it forgets nothing.
const idleLimiter = 10 * time.Minute

// limiters holds the rate limiters per client address and per seat.
type limiters struct {
	cfg Limits

	mu      sync.Mutex
	byAddr  map[string]*entry
	byGames map[string]*entry
	bySeat  map[string]*entry
}

type entry struct {
	lim  *rate.Limiter
	used time.Time
}

func newLimiters(cfg Limits) *limiters {
	return &limiters{cfg: cfg, byAddr: map[string]*entry{}, byGames: map[string]*entry{}, bySeat: map[string]*entry{}}
}

// take takes one token from key's limiter in m, creating it when missing.
func (l *limiters) take(m map[string]*entry, key string, r rate.Limit, burst int) bool {
	if r <= 0 {
		return true
	}
	now := time.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	e, ok := m[key]
	if !ok {
		e = &entry{lim: rate.NewLimiter(r, burst)}
		m[key] = e
	}
	e.used = now
	return e.lim.AllowN(now, 1)
}

// clientKey is the client that addr, an IP address, counts as for limits:
// an IPv4 address, or an IPv6 address's /64 network, which one subscriber
// usually holds whole.
func clientKey(addr string) string {
	ip, err := netip.ParseAddr(addr)
	if err != nil {
		return addr
	}
	ip = ip.Unmap()
	if ip.Is4() {
		return ip.String()
	}
	p, _ := ip.WithZone("").Prefix(64)
	return p.String()
}

// address takes one request from client's allowance (a [clientKey]).
func (l *limiters) address(client string) bool {
	return l.take(l.byAddr, client, rate.Limit(l.cfg.RequestsPerSecond), max(1, int(2*l.cfg.RequestsPerSecond)))
}

// create takes one game creation from client's allowance (a [clientKey]).
func (l *limiters) create(client string) bool {
	return l.take(l.byGames, client, rate.Limit(l.cfg.GamesPerMinute/60), max(1, int(l.cfg.GamesPerMinute)))
}

// seat takes one move from a seat's allowance; the seat is known by its
// token's hash.
func (l *limiters) seat(tokenHash []byte) bool {
	return l.take(l.bySeat, string(tokenHash), rate.Limit(l.cfg.MovesPerSecond), max(1, int(2*l.cfg.MovesPerSecond)))
}

// sweep drops the limiters idle for long enough to have refilled.
func (l *limiters) sweep() {
	cutoff := time.Now().Add(-idleLimiter)
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, m := range []map[string]*entry{l.byAddr, l.byGames, l.bySeat} {
		for k, e := range m {
			if e.used.Before(cutoff) {
				delete(m, k)
			}
		}
	}
}
