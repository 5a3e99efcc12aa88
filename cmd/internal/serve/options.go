package serve

import (
	"log/slog"
	"net/http"
	"net/netip"
	"runtime"
	"time"
)

// Limits bounds what clients may do. A rate of zero means unlimited.
type Limits struct {
	// RequestsPerSecond is each client address's sustained request rate,
	// with bursts of twice as many.
	RequestsPerSecond float64
	// MovesPerSecond is each seat token's sustained move rate, with bursts
	// of twice as many.
	MovesPerSecond float64
	// GamesPerMinute is how many games each address may create a minute,
	// with bursts of as many.
	GamesPerMinute float64
	// MaxPlayers is the most players a game may have.
	MaxPlayers int
	// MaxMoves ends a game as a draw when it reaches this many moves.
	MaxMoves int
	// MaxK is the longest winning row a game may ask for.
	MaxK int
	// MaxWatchers is the most live-update connections (spectators) one
	// game may have in one server process; 0 means no cap.
	MaxWatchers int
	// MaxWatchersPerAddress is the most live-update connections one client
	// address may hold open in one server process; 0 means no cap.
	MaxWatchersPerAddress int
	// MaxWatchersTotal is the most live-update connections one server
	// process holds; 0 means no cap. Each takes a file descriptor.
	MaxWatchersTotal int

	// BotOnlyGames lets clients create games without a human seat, which
	// play themselves to the end; by default a game needs a human seat.
	BotOnlyGames bool
	// BotGames is the most ongoing games with a bot seat that one server
	// process holds for clients at once, and resumes after a restart
	// (0: unlimited).
	BotGames int
	// BotGamesPerAddress is the most of those created from one client
	// address (0: unlimited).
	BotGamesPerAddress int
	// BotQueue is the most games whose bot may wait for a worker; a move
	// or a new game that would queue one more is refused with 503 and
	// Retry-After (0: unlimited).
	BotQueue int
}

// DefaultLimits are the limits of a server started without options.
func DefaultLimits() Limits {
	return Limits{
		RequestsPerSecond: 50,
		MovesPerSecond:    10,
		GamesPerMinute:    30,
		MaxPlayers:        16,
		MaxMoves:          20000,
		MaxK:              100,
		MaxWatchers:       10000,

		MaxWatchersPerAddress: 50,
		MaxWatchersTotal:      DefaultMaxConns - 1000, // the rest for requests

		BotGames:           200,
		BotGamesPerAddress: 5,
		BotQueue:           64,
	}
}

// maxBody bounds a request body; the largest valid one, a game for
// MaxPlayers seats, is well under it.
const maxBody = 4 << 10

// settings is what the options set.
type settings struct {
	page       http.Handler
	log        *slog.Logger
	limits     Limits
	budget     time.Duration
	workers    int
	origins    []string
	evictAfter time.Duration
	// fanoutWindow is the least time between two hand-overs of a game's
	// spectators to the senders.
	fanoutWindow time.Duration

	allowedHosts []string
	abandonAfter time.Duration
	retainFor    time.Duration
	proxies      []netip.Prefix // trusted reverse proxies
}

func defaultSettings() settings {
	return settings{
		log:        slog.New(slog.DiscardHandler),
		limits:     DefaultLimits(),
		budget:     DefaultBotBudget,
		workers:    max(1, runtime.GOMAXPROCS(0)),
		evictAfter: 10 * time.Minute,

		abandonAfter: DefaultAbandonAfter,
		retainFor:    DefaultRetain,
	}
}

// Option adjusts a [Server].
type Option func(*settings)

// WithPage serves h for every path outside /api/ and /healthz: the web page
// and its assets.
func WithPage(h http.Handler) Option { return func(s *settings) { s.page = h } }

// WithLogger logs one line per request, and the server's events, to l.
func WithLogger(l *slog.Logger) Option { return func(s *settings) { s.log = l } }

// WithLimits replaces [DefaultLimits].
func WithLimits(l Limits) Option { return func(s *settings) { s.limits = l } }

// DefaultBotBudget is the time a bot may think about one move unless
// [WithBotBudget] says otherwise: longer than the search's own default,
// since a person waits for the answer anyway.
const DefaultBotBudget = time.Second

// WithBotBudget sets the time a bot may think about one move
// ([DefaultBotBudget] by default).
func WithBotBudget(d time.Duration) Option { return func(s *settings) { s.budget = d } }

// WithBotWorkers sets how many bots may think at once (GOMAXPROCS by
// default); the others wait their turn in order.
func WithBotWorkers(n int) Option { return func(s *settings) { s.workers = max(1, n) } }

// WithOrigins lets pages from these origins, besides the server's own,
// open WebSockets and send requests that change state (create games, play
// moves), as host patterns like "example.com" or "*.example.com".
func WithOrigins(patterns ...string) Option {
	return func(s *settings) { s.origins = append(s.origins, patterns...) }
}

// WithAllowedHosts makes the server answer only requests whose Host header
// matches one of these host patterns ("games.example.com",
// "*.example.com"; any port), with 421 otherwise. It closes DNS
// rebinding, where a foreign page points its own name at this server.
// /healthz answers whatever the host. By default any host is answered.
func WithAllowedHosts(patterns ...string) Option {
	return func(s *settings) { s.allowedHosts = append(s.allowedHosts, patterns...) }
}

// Retention defaults: an ongoing game without a move for a week is ended as
// abandoned, and a game over is deleted three months after its last move.
const (
	DefaultAbandonAfter = 7 * 24 * time.Hour
	DefaultRetain       = 90 * 24 * time.Hour
)

// WithFanoutWindow makes the moves of a game that come within d of the
// last hand-over of its spectators to the senders wait for d to pass, and
// go out together: one write a spectator for all of them, not one each.
// Under a load the CPU cannot keep up with, that is more moves a second
// for the same CPU; each move may reach its spectators up to d later.
// Zero, the default, sends each move at once.
func WithFanoutWindow(d time.Duration) Option {
	return func(s *settings) { s.fanoutWindow = max(0, d) }
}

// WithRetention ends as "abandoned" the ongoing games without a move for
// abandonAfter, and deletes the games over, with their moves, retainFor
// after their last move ([DefaultAbandonAfter], [DefaultRetain]); zero
// keeps them forever. A game's creator's address is forgotten once it is
// over.
func WithRetention(abandonAfter, retainFor time.Duration) Option {
	return func(s *settings) { s.abandonAfter, s.retainFor = abandonAfter, retainFor }
}

// Defaults of the HTTP server that "gomoku serve" runs: connections held
// open at once, and the time a client may take to send a request or take
// in an answer.
const (
	DefaultMaxConns  = 20000
	DefaultIOTimeout = 30 * time.Second
)
