package serve

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os/signal"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/gomoku-engine/gomoku/cmd/internal/exitcode"
	"github.com/gomoku-engine/gomoku/cmd/internal/openfiles"
	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store"
	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store/postgres"
	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store/sqlite"
)

const description = `Serves k-in-a-row games for any number of players over HTTP, with live
updates over WebSocket, keeping every game in a database: an SQLite file by
default (created if missing), or PostgreSQL when --db is a postgres:// URL,
which several servers can share. A move is answered only once it is committed.

Bot seats are played by the server, --bot-workers at a time, each move within
--bot-budget; after a restart, bots whose turn it is move again. A game needs
a human seat unless --bot-only-games; games with bots are capped per client
address and in total, and a move that would queue a bot beyond --bot-queue is
refused with 503 and Retry-After.

An ongoing game without a move for --abandon-after is ended as abandoned, and
games are deleted --retain after they ended (durations in hours: 168h is a
week); a game's creator's address is forgotten once it is over.

Stop it with Ctrl-C (SIGINT) or SIGTERM: requests under way finish, then the
database is closed.

Examples:
   gomoku serve
   gomoku serve --addr :9000 --db /var/lib/gomoku/games.db
   gomoku serve --db postgres://gomoku@localhost/gomoku --bot-budget 2s
   gomoku serve --abandon-after 72h --retain 720h --max-bot-games 50 --bot-queue 32
   gomoku serve --addr 127.0.0.1:8080 --allowed-hosts games.example.com --origin '*.example.com'
   curl -s -X POST localhost:8080/api/games -H 'Content-Type: application/json' \
        -d '{"players":3,"seats":["human","human","search"]}'`

// Command is the "serve" command. opts are applied to the server before the
// command line's own settings; the web page comes in through [WithPage].
func Command(opts ...Option) *cli.Command {
	def := DefaultLimits()
	return &cli.Command{
		Name:        "serve",
		Usage:       "run the game server (HTTP API, live updates, bots), keeping games in SQLite or PostgreSQL",
		Description: description,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "addr", Value: "127.0.0.1:8080", Usage: "`HOST:PORT` to listen on (port 0 picks a free one)"},
			&cli.StringFlag{Name: "db", Value: "gomoku.db", Usage: "SQLite file `PATH`, or a postgres:// URL"},
			&cli.DurationFlag{Name: "bot-budget", Value: DefaultBotBudget, Usage: "time a bot may think about one move"},
			&cli.IntFlag{Name: "bot-workers", Value: runtime.GOMAXPROCS(0), Usage: "bots that may think at once"},
			&cli.Float64Flag{Name: "rate", Value: def.RequestsPerSecond, Usage: "requests a second per client address (bursts of twice as many; 0: unlimited)"},
			&cli.Float64Flag{Name: "move-rate", Value: def.MovesPerSecond, Usage: "moves a second per seat (bursts of twice as many; 0: unlimited)"},
			&cli.Float64Flag{Name: "game-rate", Value: def.GamesPerMinute, Usage: "games created a minute per client address (0: unlimited)"},
			&cli.IntFlag{Name: "max-players", Value: def.MaxPlayers, Usage: "most players in a game"},
			&cli.IntFlag{Name: "max-moves", Value: def.MaxMoves, Usage: "moves after which a new game is drawn"},
			&cli.BoolFlag{Name: "bot-only-games", Usage: "let clients create games without a human seat, which play themselves"},
			&cli.IntFlag{Name: "max-bot-games", Value: def.BotGames, Usage: "ongoing games with a bot seat held at once, and resumed after a restart (0: unlimited)"},
			&cli.IntFlag{Name: "max-bot-games-per-address", Value: def.BotGamesPerAddress, Usage: "ongoing games with a bot seat created from one client address (0: unlimited)"},
			&cli.IntFlag{Name: "bot-queue", Value: def.BotQueue, Usage: "games whose bot may wait for a worker; beyond, moves handing a bot the turn get 503 (0: unlimited)"},
			&cli.DurationFlag{Name: "abandon-after", Value: DefaultAbandonAfter, Usage: "end as abandoned the ongoing games without a move for this long (0: never)"},
			&cli.DurationFlag{Name: "retain", Value: DefaultRetain, Usage: "delete games this long after they ended, with their moves (0: keep forever)"},
			&cli.StringSliceFlag{Name: "origin", Usage: "also accept requests and WebSockets from pages on this host `PATTERN` (e.g. *.example.com)"},
			&cli.StringSliceFlag{Name: "allowed-hosts", Usage: "answer only requests whose Host header matches this `PATTERN` (repeatable, e.g. games.example.com); closes DNS rebinding"},
			&cli.IntFlag{Name: "max-conns", Value: DefaultMaxConns, Usage: "connections held open at once, live updates included; those beyond are closed at once"},
			&cli.DurationFlag{Name: "io-timeout", Value: DefaultIOTimeout, Usage: "time a client may take to send a request, or to take in an answer (live updates excepted); slower ones are cut off"},
			&cli.IntFlag{Name: "max-watchers", Value: def.MaxWatchers, Usage: "most live-update connections (spectators) of one game on this server (0: no cap)"},
			&cli.IntFlag{Name: "max-watchers-per-addr", Value: def.MaxWatchersPerAddress, Usage: "most live-update connections from one client address (0: no cap)"},
			&cli.IntFlag{Name: "max-watchers-total", Value: def.MaxWatchersTotal, Usage: "most live-update connections on this server, each an open file (0: no cap)"},
			&cli.DurationFlag{Name: "fanout-window", Usage: "least time between two sendings of a game's moves to its spectators: moves within it go out together, one write each (0: every move at once)"},
			&cli.StringSliceFlag{Name: "trusted-proxy", Usage: "a reverse proxy's `ADDRESS` or network (CIDR): take the client's address from its X-Forwarded-For"},
			&cli.StringFlag{Name: "pprof", Usage: "also serve Go's profiles under /debug/pprof/ on this separate `HOST:PORT` (keep it private: off by default)"},
			&cli.StringFlag{Name: "log", Value: "text", Usage: "log format on standard error: text, json or none"},
		},
		Action: func(c *cli.Context) error { return run(c, opts) },
	}
}

func run(c *cli.Context, opts []Option) error {
	if c.Args().Present() {
		return cli.Exit(fmt.Sprintf("gomoku serve: unexpected argument %q", c.Args().First()), exitcode.Usage)
	}
	fail := func(format string, args ...any) error {
		return cli.Exit("gomoku serve: "+fmt.Sprintf(format, args...), exitcode.Fail)
	}
	var log *slog.Logger
	switch c.String("log") {
	case "text":
		log = slog.New(slog.NewTextHandler(c.App.ErrWriter, nil))
	case "json":
		log = slog.New(slog.NewJSONHandler(c.App.ErrWriter, nil))
	case "none":
		log = slog.New(slog.DiscardHandler)
	default:
		return cli.Exit(fmt.Sprintf("gomoku serve: --log must be text, json or none, not %q", c.String("log")), exitcode.Usage)
	}
	limits := Limits{
		RequestsPerSecond: c.Float64("rate"), MovesPerSecond: c.Float64("move-rate"), GamesPerMinute: c.Float64("game-rate"),
		MaxPlayers: c.Int("max-players"), MaxMoves: c.Int("max-moves"), MaxK: DefaultLimits().MaxK,
		MaxWatchers: c.Int("max-watchers"), MaxWatchersPerAddress: c.Int("max-watchers-per-addr"), MaxWatchersTotal: c.Int("max-watchers-total"),
		BotOnlyGames: c.Bool("bot-only-games"), BotGames: c.Int("max-bot-games"),
		BotGamesPerAddress: c.Int("max-bot-games-per-address"), BotQueue: c.Int("bot-queue"),
	}
	switch {
	case limits.RequestsPerSecond < 0 || limits.MovesPerSecond < 0 || limits.GamesPerMinute < 0:
		return cli.Exit("gomoku serve: rates must not be negative", exitcode.Usage)
	case limits.MaxPlayers < 2 || limits.MaxPlayers > 255:
		return cli.Exit("gomoku serve: --max-players must be from 2 to 255", exitcode.Usage)
	case limits.MaxMoves < 1:
		return cli.Exit("gomoku serve: --max-moves must be positive", exitcode.Usage)
	case limits.BotGames < 0 || limits.BotGamesPerAddress < 0 || limits.BotQueue < 0:
		return cli.Exit("gomoku serve: --max-bot-games, --max-bot-games-per-address and --bot-queue must not be negative", exitcode.Usage)
	case c.Int("max-conns") < 1 || c.Duration("io-timeout") <= 0:
		return cli.Exit("gomoku serve: --max-conns and --io-timeout must be positive", exitcode.Usage)
	case c.Duration("abandon-after") < 0 || c.Duration("retain") < 0:
		return cli.Exit("gomoku serve: --abandon-after and --retain must not be negative", exitcode.Usage)
	case c.Duration("bot-budget") <= 0 || c.Int("bot-workers") < 1:
		return cli.Exit("gomoku serve: --bot-budget and --bot-workers must be positive", exitcode.Usage)
	case c.Duration("fanout-window") < 0 || c.Duration("fanout-window") > time.Second:
		return cli.Exit("gomoku serve: --fanout-window must be from 0 to 1s", exitcode.Usage)
	case limits.MaxWatchers < 0 || limits.MaxWatchersPerAddress < 0 || limits.MaxWatchersTotal < 0:
		return cli.Exit("gomoku serve: --max-watchers, --max-watchers-per-addr and --max-watchers-total must not be negative", exitcode.Usage)
	}
	// Spectators must not take the connections and files that requests and
	// the database need: their cap stays fdHeadroom below --max-conns and
	// the open-file limit.
	room := uint64(c.Int("max-conns"))
	if n := openfiles.Limit(); n > 0 {
		room = min(room, n)
	}
	if room > 2*fdHeadroom && (limits.MaxWatchersTotal == 0 || uint64(limits.MaxWatchersTotal)+fdHeadroom > room) {
		limits.MaxWatchersTotal = int(room - fdHeadroom)
		log.Warn("spectators capped below --max-conns and the open-file limit; raise those (ulimit -n, LimitNOFILE=) for more",
			"max_conns", c.Int("max-conns"), "open_files", openfiles.Limit(), "max_watchers_total", limits.MaxWatchersTotal)
	}

	proxies, err := ParseProxies(c.StringSlice("trusted-proxy"))
	if err != nil {
		return cli.Exit("gomoku serve: --trusted-proxy: "+strings.TrimPrefix(err.Error(), "serve: "), exitcode.Usage)
	}

	ctx, stop := signal.NotifyContext(c.Context, syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	st, where, err := Open(ctx, c.String("db"))
	if err != nil {
		return fail("%v", err)
	}
	defer st.Close()
	all := append([]Option{WithLogger(log)}, opts...)
	all = append(all, WithLimits(limits), WithBotBudget(c.Duration("bot-budget")),
		WithBotWorkers(c.Int("bot-workers")), WithOrigins(c.StringSlice("origin")...),
		WithAllowedHosts(c.StringSlice("allowed-hosts")...), WithRetention(c.Duration("abandon-after"), c.Duration("retain")),
		WithTrustedProxies(proxies...), WithFanoutWindow(c.Duration("fanout-window")))
	srv, err := New(ctx, st, all...)
	if err != nil {
		return fail("%v", err)
	}
	ln, err := net.Listen("tcp", c.String("addr"))
	if err != nil {
		srv.Close()
		return fail("%v", err)
	}
	ln = LimitConns(ln, c.Int("max-conns"))
	// ReadTimeout bounds a request's body as well as its header, and
	// WriteTimeout the answer, so that neither a slow sender nor a client
	// that stops reading holds a connection for long; live-update
	// connections lift both once upgraded.
	io := c.Duration("io-timeout")
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: min(10*time.Second, io), ReadTimeout: io, WriteTimeout: io,
		IdleTimeout: 2 * time.Minute, MaxHeaderBytes: 16 << 10,
		ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	fmt.Fprintf(c.App.Writer, "gomoku serve: listening on http://%s (games in %s)\n", ln.Addr(), where)
	if a := c.String("pprof"); a != "" {
		pl, err := net.Listen("tcp", a)
		if err != nil {
			ln.Close()
			srv.Close()
			return fail("--pprof: %v", err)
		}
		ps := &http.Server{Handler: pprofHandler(), ReadHeaderTimeout: 10 * time.Second}
		go ps.Serve(pl)
		defer ps.Close()
		fmt.Fprintf(c.App.Writer, "gomoku serve: profiles on http://%s/debug/pprof/\n", pl.Addr())
	}
	log.Info("listening", "addr", ln.Addr().String(), "db", where)
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	select {
	case err = <-served:
	case <-ctx.Done():
		log.Info("shutting down")
		sctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		err = hs.Shutdown(sctx)
		cancel()
	}
	srv.Close()
	if cerr := st.Close(); err == nil || errors.Is(err, http.ErrServerClosed) {
		err = cerr
	}
	if err != nil {
		return fail("%v", err)
	}
	log.Info("stopped")
	return nil
}

// fdHeadroom is the open files and connections a server needs besides its
// spectators: requests, the database, logs.
const fdHeadroom = 1000

// Open opens the store that a --db value names: a postgres:// or
// postgresql:// URL, or else an SQLite file's path. It also returns where
// the games are, for messages, without any password.
func Open(ctx context.Context, db string) (store.Store, string, error) {
	if strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://") {
		st, err := postgres.Open(ctx, db)
		return st, postgres.Redact(db), err
	}
	st, err := sqlite.Open(ctx, db)
	return st, db, err
}
