package serve

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store"
	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store/sqlite"
	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/sparse"
)

// testServer is a server on a fresh SQLite file, called in-process.
type testServer struct {
	t  *testing.T
	s  *Server
	st store.Store
}

func newTestServer(t *testing.T, lim Limits, opts ...Option) *testServer {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	require.NoError(t, err)
	return newTestServerOn(t, st, lim, opts...)
}

func newTestServerOn(t *testing.T, st store.Store, lim Limits, opts ...Option) *testServer {
	t.Helper()
	lim.RequestsPerSecond, lim.MovesPerSecond, lim.GamesPerMinute = 0, 0, 0
	s, err := New(context.Background(), st, append([]Option{WithLimits(lim), WithBotBudget(20 * time.Millisecond)}, opts...)...)
	require.NoError(t, err)
	t.Cleanup(func() {
		s.Close()
		st.Close()
	})
	return &testServer{t: t, s: s, st: st}
}

// call serves one request from addr.
func (ts *testServer) call(addr, method, path, token, body string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.RemoteAddr = addr
	if method == http.MethodPost {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	rec := httptest.NewRecorder()
	ts.s.ServeHTTP(rec, req)
	return rec
}

// create makes a game from addr and returns its id and tokens, or fails.
func (ts *testServer) create(addr, body string) (string, []string) {
	ts.t.Helper()
	rec := ts.call(addr, "POST", "/api/games", "", body)
	require.Equal(ts.t, http.StatusCreated, rec.Code, "%s", rec.Body)
	var out createResponse
	require.NoError(ts.t, json.Unmarshal(rec.Body.Bytes(), &out))
	tokens := make([]string, 0, len(out.Seats))
	for _, s := range out.Seats {
		tokens = append(tokens, s.Token)
	}
	return out.ID, tokens
}

// waitPly waits until game id is at ply n or more.
func (ts *testServer) waitPly(id string, n int, within time.Duration) {
	ts.t.Helper()
	require.Eventually(ts.t, func() bool {
		g, err := ts.s.game(context.Background(), id)
		return err == nil && g.view.Load().ply >= n
	}, within, 5*time.Millisecond)
}

func TestBotOnlyGamesNeedAHuman(t *testing.T) {
	ts := newTestServer(t, DefaultLimits())
	for _, body := range []string{`{"seats":["search","search"]}`, `{"seats":["random","greedy","random"]}`} {
		rec := ts.call("192.0.2.1:1", "POST", "/api/games", "", body)
		assert.Equal(t, http.StatusForbidden, rec.Code, "%s", rec.Body)
	}
	assert.Empty(t, ts.s.games)
	ts.create("192.0.2.1:1", `{"seats":["human","search"]}`)

	lim := DefaultLimits()
	lim.BotOnlyGames = true
	opted := newTestServer(t, lim)
	id, tokens := opted.create("192.0.2.1:1", `{"seats":["random","random"],"rows":3,"cols":3,"k":3}`)
	assert.Empty(t, tokens)
	opted.waitPly(id, 5, 10*time.Second)
}

func TestBotGameCaps(t *testing.T) {
	lim := DefaultLimits()
	lim.BotGames, lim.BotGamesPerAddress = 3, 2
	ts := newTestServer(t, lim)
	a, b, c := "192.0.2.1:1", "192.0.2.2:1", "192.0.2.3:1"
	ts.create(a, `{"seats":["human","search"]}`)
	ts.create(a, `{"seats":["human","random"]}`)
	rec := ts.call(a, "POST", "/api/games", "", `{"seats":["human","greedy"]}`)
	assert.Equal(t, http.StatusTooManyRequests, rec.Code, "%s", rec.Body)
	assert.NotEmpty(t, rec.Header().Get("Retry-After"))
	ts.create(a, `{}`) // games without bots are not capped so
	id, tokens := ts.create(b, `{"seats":["human","random"],"k":3,"rows":3,"cols":3}`)
	rec = ts.call(c, "POST", "/api/games", "", `{"seats":["human","random"]}`)
	assert.Equal(t, http.StatusServiceUnavailable, rec.Code, "%s", rec.Body)
	assert.NotEmpty(t, rec.Header().Get("Retry-After"))

	// A game that ends frees its place.
	for ply := 0; ; ply += 2 {
		g, err := ts.s.game(context.Background(), id)
		require.NoError(t, err)
		v := g.view.Load()
		if v.status != engine.Ongoing {
			break
		}
		// The published view, not the engine, which the bot's move changes
		// under g.mu meanwhile.
		taken := map[cell]bool{}
		for _, m := range v.moves {
			taken[cell{Row: m.Row, Col: m.Col}] = true
		}
		for r := range 3 {
			for col := range 3 {
				if !taken[cell{Row: r, Col: col}] && v.ply == ply {
					ts.call(b, "POST", "/api/games/"+id+"/moves", tokens[0], `{"row":`+itoa(r)+`,"col":`+itoa(col)+`,"ply":`+itoa(ply)+`}`)
				}
			}
		}
		ts.waitPly(id, ply+1, 5*time.Second)
		if g.view.Load().status == engine.Ongoing {
			ts.waitPly(id, ply+2, 5*time.Second)
		}
	}
	ts.create(c, `{"seats":["human","random"]}`)
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// slowBot thinks until released, so that the queue fills.
type slowBot struct{ release chan struct{} }

func (b slowBot) Name() string { return "slow" }
func (b slowBot) Choose(ctx context.Context, g *engine.Game, p int) (sparse.Cell, error) {
	select {
	case <-b.release:
	case <-ctx.Done():
	}
	return sparse.Cell{}, ctx.Err()
}

func TestBotQueueBound(t *testing.T) {
	release := make(chan struct{})
	testBots["slow"] = func(uint64) engine.Strategy { return slowBot{release} }
	t.Cleanup(func() { delete(testBots, "slow") })
	lim := DefaultLimits()
	lim.BotQueue, lim.BotGamesPerAddress = 2, 0
	ts := newTestServer(t, lim, WithBotWorkers(1), WithBotBudget(10*time.Second))
	addr := "192.0.2.1:1"
	ids, tokens := make([]string, 4), make([]string, 4)
	for i := range ids {
		var tk []string
		ids[i], tk = ts.create(addr, `{"seats":["human","slow"]}`)
		tokens[i] = tk[0]
	}
	move := func(i int) *httptest.ResponseRecorder {
		return ts.call(addr, "POST", "/api/games/"+ids[i]+"/moves", tokens[i], `{"row":0,"col":0,"ply":0}`)
	}
	require.Equal(t, http.StatusOK, move(0).Code)
	require.Eventually(t, func() bool { q, _ := ts.s.bots.stats(); return q == 0 }, 5*time.Second, time.Millisecond, "the worker takes the first")
	require.Equal(t, http.StatusOK, move(1).Code)
	require.Equal(t, http.StatusOK, move(2).Code)
	rec := move(3)
	assert.Equal(t, http.StatusServiceUnavailable, rec.Code, "%s", rec.Body)
	assert.NotEmpty(t, rec.Header().Get("Retry-After"))
	g, err := ts.s.game(context.Background(), ids[3])
	require.NoError(t, err)
	assert.Equal(t, 0, g.view.Load().ply, "the refused move was not played")
	rec = ts.call(addr, "POST", "/api/games", "", `{"seats":["slow","human"]}`)
	assert.Equal(t, http.StatusServiceUnavailable, rec.Code, "a bot to move first: %s", rec.Body)
	q, _ := ts.s.bots.stats()
	assert.Equal(t, 2, q)
	close(release)
	for i := range 3 {
		ts.waitPly(ids[i], 2, 10*time.Second)
	}
	require.Equal(t, http.StatusOK, move(3).Code)
	ts.waitPly(ids[3], 2, 10*time.Second)
}

// Bots keep their tables between moves only while their game goes on,
// at most a few at a time, and not once idle.
func TestBotTablesReleased(t *testing.T) {
	lim := DefaultLimits()
	lim.BotGamesPerAddress = 0
	ts := newTestServer(t, lim, WithBotWorkers(1))
	addr := "192.0.2.1:1"
	keep := ts.s.bots.keep
	type played struct {
		id    string
		token string
	}
	var games []played
	for i := range keep + 3 {
		id, tk := ts.create(addr, `{"seats":["human","search"]}`)
		rec := ts.call(addr, "POST", "/api/games/"+id+"/moves", tk[0], `{"row":0,"col":`+itoa(3*i)+`,"ply":0}`)
		require.Equal(t, http.StatusOK, rec.Code, "%s", rec.Body)
		ts.waitPly(id, 2, 10*time.Second)
		games = append(games, played{id, tk[0]})
		_, held := ts.s.bots.stats()
		assert.LessOrEqual(t, held, keep)
	}
	_, held := ts.s.bots.stats()
	assert.Equal(t, keep, held)

	// A game that ends drops its bot's tables at once.
	last := games[len(games)-1]
	ts.s.bots.mu.Lock()
	_, ok := ts.s.bots.held[botKey{last.id, 2}]
	ts.s.bots.mu.Unlock()
	require.True(t, ok, "the most recent bot is held")
	g, err := ts.s.game(context.Background(), last.id)
	require.NoError(t, err)
	g.mu.Lock()
	ts.s.moved(g) // as a move would, once the game is over
	g.mu.Unlock()
	ts.s.bots.release(last.id)
	_, held = ts.s.bots.stats()
	assert.Equal(t, keep-1, held)

	ts.s.bots.sweep(time.Now().Add(time.Second))
	_, held = ts.s.bots.stats()
	assert.Zero(t, held, "idle bots hold nothing")
}

// A panicking bot neither kills the server nor stops its game: a random
// legal move is played instead, and the panic logged.
func TestBotPanic(t *testing.T) {
	testBots["panicky"] = func(uint64) engine.Strategy { return panicky{} }
	t.Cleanup(func() { delete(testBots, "panicky") })
	var logs strings.Builder
	var mu sync.Mutex
	ts := newTestServer(t, DefaultLimits(), WithLogger(slogTo(&mu, &logs)))
	id, tokens := ts.create("192.0.2.1:1", `{"seats":["human","panicky"]}`)
	for ply := 0; ply < 6; ply += 2 {
		rec := ts.call("192.0.2.1:1", "POST", "/api/games/"+id+"/moves", tokens[0], `{"row":100,"col":`+itoa(7*ply)+`,"ply":`+itoa(ply)+`}`)
		require.Equal(t, http.StatusOK, rec.Code, "%s", rec.Body)
		ts.waitPly(id, ply+2, 10*time.Second)
	}
	mu.Lock()
	defer mu.Unlock()
	assert.Contains(t, logs.String(), "the bot panicked: panicky: boom")
	_, held := ts.s.bots.stats()
	assert.Zero(t, held, "a bot that panicked is not kept")
}

type panicky struct{}

func (panicky) Name() string { return "panicky" }
func (panicky) Choose(context.Context, *engine.Game, int) (sparse.Cell, error) {
	panic("panicky: boom")
}

// Resuming after a restart loads at most BotGames games with bots.
func TestResumeBounded(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	st, err := sqlite.Open(context.Background(), path)
	require.NoError(t, err)
	lim := DefaultLimits()
	lim.BotOnlyGames, lim.BotGamesPerAddress = true, 0
	s := &Server{settings: defaultSettings()}
	s.settings.limits = lim
	for range 6 {
		rec, _, e := s.newRecord(createRequest{Seats: []string{"search", "human"}}, "192.0.2.1")
		require.Nil(t, e)
		require.NoError(t, st.Create(context.Background(), rec))
	}
	lim.BotGames = 4
	ts := newTestServerOn(t, st, lim, WithBotBudget(time.Millisecond))
	ts.s.mu.Lock()
	n := len(ts.s.games)
	ts.s.mu.Unlock()
	assert.Equal(t, 4, n)
}

// The janitor never drops a game it sees idle after it was handed to a
// request.
func TestEvictRacesLookup(t *testing.T) {
	ts := newTestServer(t, DefaultLimits())
	id, _ := ts.create("192.0.2.1:1", `{}`)
	for range 30000 {
		g, err := ts.s.game(context.Background(), id)
		require.NoError(t, err)
		g.lastUsed.Store(0)
		start := time.Now()
		var wg sync.WaitGroup
		var stop atomic.Bool
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !stop.Load() {
				ts.s.evict(start)
			}
		}()
		got, err := ts.s.game(context.Background(), id)
		stop.Store(true)
		require.NoError(t, err)
		wg.Wait()
		ts.s.mu.Lock()
		held := ts.s.games[id]
		ts.s.mu.Unlock()
		require.Same(t, got, held, "the game handed to a request was evicted")
	}
}

func slogTo(mu *sync.Mutex, b *strings.Builder) *slog.Logger {
	return slog.New(slog.NewTextHandler(lockedWriter{mu, b}, nil))
}

type lockedWriter struct {
	mu *sync.Mutex
	b  *strings.Builder
}

func (w lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

// A bot that chooses a cell renju forbids to black does not loop on its
// refusal: the nearest allowed cell is played, and the choice logged. The
// API seats no bot in renju games while the bots do not know the rule;
// the game is stored as a server that seats them would.
func TestBotForbiddenChoice(t *testing.T) {
	// Black's fifth stone, 7 7, would make the threes 7 5..7 7 and 5 7..7 7.
	script := []sparse.Cell{{Row: 7, Col: 5}, {Row: 7, Col: 6}, {Row: 5, Col: 7}, {Row: 6, Col: 7}, {Row: 7, Col: 7}, {Row: 7, Col: 7}}
	testBots["stubborn"] = func(uint64) engine.Strategy { return stubborn(script) }
	t.Cleanup(func() { delete(testBots, "stubborn") })
	var logs strings.Builder
	var mu sync.Mutex
	ts := newTestServer(t, DefaultLimits(), WithLogger(slogTo(&mu, &logs)))
	rec, tokens, e := ts.s.newRecord(createRequest{Rule: ptr("renju"), Rows: ptr(15), Cols: ptr(15)}, "192.0.2.1")
	require.Nil(t, e)
	rec.Seats[0] = store.Seat{Kind: "stubborn"}
	require.NoError(t, ts.st.Create(context.Background(), rec))
	ts.waitPly(rec.ID, 1, 10*time.Second)
	for ply, col := range []int{0, 2, 4, 6} {
		resp := ts.call("192.0.2.1:1", "POST", "/api/games/"+rec.ID+"/moves", tokens[1], `{"row":0,"col":`+itoa(col)+`,"ply":`+itoa(2*ply+1)+`}`)
		require.Equal(t, http.StatusOK, resp.Code, "%s", resp.Body)
		ts.waitPly(rec.ID, 2*ply+3, 10*time.Second)
	}
	g, err := ts.s.game(context.Background(), rec.ID)
	require.NoError(t, err)
	v := g.view.Load()
	assert.Equal(t, store.Move{Row: 6, Col: 6, Player: 1}, v.moves[8], "the first allowed cell next to 7 7")
	mu.Lock()
	defer mu.Unlock()
	assert.Contains(t, logs.String(), "chose 7 7, forbidden to black (double three): plays 6 6 instead")
}

// stubborn plays its script, one cell for each of its moves, whatever
// the board.
type stubborn []sparse.Cell

func (stubborn) Name() string { return "stubborn" }
func (s stubborn) Choose(_ context.Context, g *engine.Game, _ int) (sparse.Cell, error) {
	return s[min(g.Len()/2, len(s)-1)], nil
}

func ptr[T any](v T) *T { return &v }
