package serve_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/cmd/internal/serve"
)

// TestMetrics scrapes /metrics after a known series of requests and
// checks what each metric says of them.
func TestMetrics(t *testing.T) {
	l := testLimits()
	l.MovesPerSecond = 0.001 // bursts of 1: a seat's second move is refused
	c, _ := startServer(t, serve.WithLimits(l))
	m := scrape(t, c)
	for _, name := range []string{"gomoku_spectators", "gomoku_bot_queue_depth", `gomoku_games_loaded{status="ongoing"}`,
		`gomoku_spectators_refused_total{reason="address"}`, "gomoku_store_commit_seconds_count", "gomoku_bot_think_seconds_count",
		"gomoku_spectator_events_sent_total", "gomoku_spectator_writes_total",
		`gomoku_spectators_dropped_total{reason="slow"}`, `gomoku_spectators_dropped_total{reason="silent"}`, "gomoku_http_requests_in_flight"} {
		assert.Contains(t, m, name, "present before anything happened")
	}
	assert.Positive(t, m["process_resident_memory_bytes"])
	assert.Positive(t, m["go_goroutines"])

	won := c.create(`{"k":1}`)
	c.mustMove(won.ID, won.token(1), 0, 0, 0)
	bot := c.create(`{"seats":["human","random"]}`)
	w := c.watch(bot.ID, 0)
	c.mustMove(bot.ID, bot.token(1), 0, 0, 0)
	c.waitFor(bot.ID, 10*time.Second, func(s state) bool { return s.Ply == 2 })
	assert.Equal(t, 1, w.next().Ply)
	assert.Equal(t, 2, w.next().Ply)
	code, _ := c.move(bot.ID, bot.token(1), 5, 5, 2)
	require.Equal(t, http.StatusTooManyRequests, code)
	code, _ = c.move(bot.ID, "not-a-token", 5, 5, 2)
	require.Equal(t, http.StatusUnauthorized, code)

	m = scrapeWhen(t, c, "gomoku_spectator_events_sent_total", 2)
	moves := `{route="/api/games/{id}/moves"}`
	for name, want := range map[string]float64{
		`gomoku_http_requests_total{code="201",route="/api/games"}`:                            2,
		`gomoku_http_requests_total{code="200",route="/api/games/{id}/moves"}`:                 2,
		`gomoku_http_requests_total{code="429",route="/api/games/{id}/moves"}`:                 1,
		`gomoku_http_requests_total{code="401",route="/api/games/{id}/moves"}`:                 1,
		`gomoku_http_requests_total{code="101",route="/api/games/{id}/events"}`:                1,
		"gomoku_http_request_duration_seconds_count" + moves:                                   4,
		"gomoku_rate_limited_total" + moves:                                                    1,
		"gomoku_store_commit_seconds_count":                                                    3, // two people's moves and the bot's
		`gomoku_games_ended_total{status="won"}`:                                               1,
		`gomoku_games_loaded{status="won"}`:                                                    1,
		`gomoku_games_loaded{status="ongoing"}`:                                                1,
		"gomoku_bot_think_seconds_count":                                                       1,
		"gomoku_bot_queue_depth":                                                               0,
		"gomoku_spectators":                                                                    1,
		"gomoku_spectator_events_sent_total":                                                   2,
		"gomoku_http_requests_in_flight":                                                       1, // this scrape
		`gomoku_http_request_duration_seconds_bucket{route="/api/games/{id}/moves",le="+Inf"}`: 4,
	} {
		assert.Equal(t, want, m[name], name)
	}
	// The two events went in one write or two, as the bot's move came.
	assert.InDelta(t, 1.5, m["gomoku_spectator_writes_total"], 0.5)
}
