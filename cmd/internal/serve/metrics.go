package serve

import (
	"net/http"
	"strconv"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/gomoku-engine/gomoku/engine"
)

// metrics is what GET /metrics reports, in the Prometheus text format.
// Each server has its own registry, so that servers in one process (tests)
// count apart.
type metrics struct {
	reg *prometheus.Registry

	requests *prometheus.CounterVec   // route, code
	duration *prometheus.HistogramVec // route
	inFlight prometheus.Gauge
	limited  *prometheus.CounterVec // route

	commit prometheus.Histogram
	ended  *prometheus.CounterVec // status
	think  prometheus.Histogram

	spectators prometheus.Gauge
	refused    *prometheus.CounterVec // reason
	sent       prometheus.Counter
	writes     prometheus.Counter
	dropped    *prometheus.CounterVec // reason
}

// Why the server drops a spectator.
const (
	dropSlow   = "slow"   // a live write failed, or waited liveTimeout: it stopped reading
	dropSilent = "silent" // no answer to a ping within pingEvery+pongTimeout, or the ping could not be written
)

// Latency buckets, in seconds: from a fraction of a millisecond (a move
// answered from memory and a group commit) to the ten seconds after which
// requests give up.
var latencyBuckets = []float64{.0005, .001, .002, .005, .01, .02, .05, .1, .2, .5, 1, 2, 5, 10}

func newMetrics(s *Server) *metrics {
	m := &metrics{reg: prometheus.NewRegistry()}
	f := func(c prometheus.Collector) { m.reg.MustRegister(c) }
	m.requests = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "gomoku_http_requests_total",
		Help: "HTTP requests answered, by route (the pattern that matched) and status code."}, []string{"route", "code"})
	m.duration = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "gomoku_http_request_duration_seconds",
		Help:    `Time to answer a request, by route; route="/api/games/{id}/moves" is the latency of a move, committed included. A WebSocket's request ends once its backlog is sent.`,
		Buckets: latencyBuckets}, []string{"route"})
	m.inFlight = prometheus.NewGauge(prometheus.GaugeOpts{Name: "gomoku_http_requests_in_flight",
		Help: "Requests being answered now."})
	m.limited = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "gomoku_rate_limited_total",
		Help: "Requests refused with 429 (a rate limit or a cap per address), by route."}, []string{"route"})
	m.commit = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "gomoku_store_commit_seconds",
		Help: "Time to store a move, until the store has committed it (grouped commits included).", Buckets: latencyBuckets})
	m.ended = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "gomoku_games_ended_total",
		Help: "Games this server ended with a move, by outcome (won or drawn)."}, []string{"status"})
	m.think = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "gomoku_bot_think_seconds",
		Help: "Time a bot took to choose a move.", Buckets: latencyBuckets})
	m.spectators = prometheus.NewGauge(prometheus.GaugeOpts{Name: "gomoku_spectators",
		Help: "Live-update WebSocket connections open now."})
	m.refused = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "gomoku_spectators_refused_total",
		Help: "Live-update connections refused by a cap: per game, per address or in total."}, []string{"reason"})
	m.sent = prometheus.NewCounter(prometheus.CounterOpts{Name: "gomoku_spectator_events_sent_total",
		Help: "Move events written to spectators."})
	m.writes = prometheus.NewCounter(prometheus.CounterOpts{Name: "gomoku_spectator_writes_total",
		Help: "Writes (system calls) that sent the spectators their events: several events go in one write to a spectator that is behind."})
	m.dropped = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "gomoku_spectators_dropped_total",
		Help: `Spectators the server dropped (they reconnect and catch up), by reason: "slow", a live event's write failed or waited a second; "silent", no answer to the last ping.`}, []string{"reason"})
	for _, c := range []prometheus.Collector{m.requests, m.duration, m.inFlight, m.limited, m.commit, m.ended, m.think,
		m.spectators, m.refused, m.sent, m.writes, m.dropped} {
		f(c)
	}
	for _, r := range []string{"game", "address", "total"} {
		m.refused.WithLabelValues(r) // present from the start, at 0
	}
	for _, r := range []string{dropSlow, dropSilent} {
		m.dropped.WithLabelValues(r)
	}
	f(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "gomoku_bot_queue_depth",
		Help: "Bots waiting for a worker (not counting those thinking)."}, func() float64 { return float64(s.bots.depth()) }))
	f(gamesCollector{s})
	f(collectors.NewGoCollector())
	f(collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// handler answers GET /metrics.
func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}

// observe counts one answered request.
func (m *metrics) observe(route string, status int, seconds float64) {
	if route == "" {
		route = "none"
	}
	m.requests.WithLabelValues(route, strconv.Itoa(status)).Inc()
	m.duration.WithLabelValues(route).Observe(seconds)
	if status == http.StatusTooManyRequests {
		m.limited.WithLabelValues(route).Inc()
	}
}

// depth is the number of bots waiting for a worker.
func (p *botPool) depth() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.queue)
}

// gamesCollector reports the games held in memory by status, counted
// when scraped.
type gamesCollector struct{ s *Server }

var gamesDesc = prometheus.NewDesc("gomoku_games_loaded",
	"Games held in this server's memory (played or watched lately, or with a bot to move), by status.", []string{"status"}, nil)

func (c gamesCollector) Describe(ch chan<- *prometheus.Desc) { ch <- gamesDesc }

func (c gamesCollector) Collect(ch chan<- prometheus.Metric) {
	var n [3]int
	c.s.mu.Lock()
	for _, g := range c.s.games {
		switch g.view.Load().status {
		case engine.Ongoing:
			n[0]++
		case engine.Won:
			n[1]++
		default:
			n[2]++
		}
	}
	c.s.mu.Unlock()
	for i, st := range []string{"ongoing", "won", "drawn"} {
		ch <- prometheus.MustNewConstMetric(gamesDesc, prometheus.GaugeValue, float64(n[i]), st)
	}
}
