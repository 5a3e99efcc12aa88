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
	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store"
	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store/postgres"
	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store/sqlite"
)

const description = `Serves k-in-a-row games for any number of players over HTTP, with live
updates over WebSocket, keeping every game in a database: an SQLite file by
default (created if missing), or PostgreSQL when --db is a postgres:// URL,
which several servers can share. A move is answered only once it is committed.

Bot seats are played by the server, --bot-workers at a time, each move within
--bot-budget; after a restart, bots whose turn it is move again.

Stop it with Ctrl-C (SIGINT) or SIGTERM: requests under way finish, then the
database is closed.

Examples:
   gomoku serve
   gomoku serve --addr :9000 --db /var/lib/gomoku/games.db
   gomoku serve --db postgres://gomoku@localhost/gomoku --bot-budget 2s
   curl -s -X POST localhost:8080/api/games -d '{"players":3,"seats":["human","human","search"]}'`

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
			&cli.IntFlag{Name: "max-watchers", Value: def.MaxWatchers, Usage: "most live-update connections (spectators) of one game on this server (0: no cap)"},
			&cli.IntFlag{Name: "max-watchers-per-addr", Value: def.MaxWatchersPerAddress, Usage: "most live-update connections from one client address (0: no cap)"},
			&cli.IntFlag{Name: "max-watchers-total", Value: def.MaxWatchersTotal, Usage: "most live-update connections on this server, each an open file (0: no cap)"},
			&cli.StringSliceFlag{Name: "trusted-proxy", Usage: "a reverse proxy's `ADDRESS` or network (CIDR): take the client's address from its X-Forwarded-For"},
			&cli.StringFlag{Name: "pprof", Usage: "also serve Go's profiles under /debug/pprof/ on this separate `HOST:PORT` (keep it private: off by default)"},
			&cli.StringSliceFlag{Name: "origin", Usage: "also accept WebSockets from pages on this host `PATTERN` (e.g. *.example.com)"},
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
	}
	switch {
	case limits.RequestsPerSecond < 0 || limits.MovesPerSecond < 0 || limits.GamesPerMinute < 0:
		return cli.Exit("gomoku serve: rates must not be negative", exitcode.Usage)
	case limits.MaxPlayers < 2 || limits.MaxPlayers > 255:
		return cli.Exit("gomoku serve: --max-players must be from 2 to 255", exitcode.Usage)
	case limits.MaxMoves < 1:
		return cli.Exit("gomoku serve: --max-moves must be positive", exitcode.Usage)
	case c.Duration("bot-budget") <= 0 || c.Int("bot-workers") < 1:
		return cli.Exit("gomoku serve: --bot-budget and --bot-workers must be positive", exitcode.Usage)
	case limits.MaxWatchers < 0 || limits.MaxWatchersPerAddress < 0 || limits.MaxWatchersTotal < 0:
		return cli.Exit("gomoku serve: --max-watchers, --max-watchers-per-addr and --max-watchers-total must not be negative", exitcode.Usage)
	}
	// Spectators must not take the files that requests and the database
	// need: the cap stays below the open-file limit.
	if n := fdLimit(); n > 2*fdHeadroom && (limits.MaxWatchersTotal == 0 || uint64(limits.MaxWatchersTotal)+fdHeadroom > n) {
		limits.MaxWatchersTotal = int(n - fdHeadroom)
		log.Warn("the open-file limit is low: spectators capped below it; raise it (ulimit -n, LimitNOFILE=) for more",
			"open_files", n, "max_watchers_total", limits.MaxWatchersTotal)
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
		WithBotWorkers(c.Int("bot-workers")), WithOrigins(c.StringSlice("origin")...), WithTrustedProxies(proxies...))
	srv, err := New(ctx, st, all...)
	if err != nil {
		return fail("%v", err)
	}
	ln, err := net.Listen("tcp", c.String("addr"))
	if err != nil {
		srv.Close()
		return fail("%v", err)
	}
	// ReadTimeout bounds a request's body as well as its header (a slow
	// sender holds no connection for long); live-update connections lift
	// it once upgraded.
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second, IdleTimeout: 2 * time.Minute}
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

// fdHeadroom is the open files a server needs besides its spectators:
// requests, the database, logs.
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
