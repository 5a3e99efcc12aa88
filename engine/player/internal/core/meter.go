package core

import (
	"context"
	"sync/atomic"
	"time"
)

// Meter counts a search's nodes into its [Stats] and says when to stop:
// at the node limit, past the current phase's end, or when the context is
// done. It reads the clock only every few nodes: a node costs
// microseconds, a clock read tens of nanoseconds.
type Meter struct {
	ctx      context.Context
	stats    *Stats
	maxNodes int64
	mask     int64
	// Limit is when the current phase ends (zero: no time limit).
	Limit time.Time
	// Stopped is set once a limit is reached; the search unwinds.
	Stopped bool
	// pool, when set, sums the nodes of the meters searching one move
	// together (see Share); pooled is how many of this meter's are in it.
	pool   *atomic.Int64
	pooled int64
}

// NewMeter returns a meter counting into st, stopping at maxNodes (when
// positive) and checking the clock every `every` nodes (a power of two).
// It starts stopped when ctx is already done.
func NewMeter(ctx context.Context, st *Stats, maxNodes int64, every int64) Meter {
	return Meter{ctx: ctx, stats: st, maxNodes: maxNodes, mask: every - 1, Stopped: ctx.Err() != nil}
}

// Tick counts a node and, every so many nodes, checks the limits.
func (m *Meter) Tick() {
	m.stats.Nodes++
	if m.stats.Nodes&m.mask != 0 || m.Stopped {
		return
	}
	n := m.stats.Nodes
	if m.pool != nil {
		n = m.pool.Add(n - m.pooled)
		m.pooled = m.stats.Nodes
	}
	if m.maxNodes > 0 && n >= m.maxNodes {
		m.Stopped = true
	}
	if !m.Limit.IsZero() && time.Now().After(m.Limit) {
		m.Stopped = true
	}
	if m.ctx.Err() != nil {
		m.Stopped = true
	}
}

// Share makes the node limit count the nodes of every meter sharing
// pool, this one's so far included, as threads searching one move
// together do: each adds its own to pool every so many nodes.
func (m *Meter) Share(pool *atomic.Int64) { m.pool, m.pooled = pool, 0 }

// Resume clears a stop caused by a phase's time or node limit, after the
// phase: the search goes on unless the context is done.
func (m *Meter) Resume() { m.Stopped = m.ctx.Err() != nil }

// Done reports whether the context is done.
func (m *Meter) Done() bool { return m.ctx.Err() != nil }
