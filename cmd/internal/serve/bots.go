package serve

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/http"
	"runtime/debug"
	"slices"
	"sync"
	"time"

	"github.com/gomoku-engine/gomoku/cmd/internal/gamecli"
	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store"
	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player"
	"github.com/gomoku-engine/gomoku/sparse"
)

// botPool runs the bots' searches on a fixed number of workers, taking
// games in the order their bots came to move, so a long search holds one
// worker and never the others' games.
//
// A search keeps tables of several megabytes between its moves. The pool,
// not the games, owns the bots: it keeps the most recently used few (twice
// the workers and two more) between moves, drops a game's as soon as it is
// over and the others once idle, and builds afresh a bot it no longer
// holds. Memory for bots is so bounded by the workers, not by the games.
type botPool struct {
	s       *Server
	queueAt int // the most games waiting for a worker
	keep    int // the most bots held between moves

	mu      sync.Mutex
	queue   []*game
	held    map[botKey]heldBot
	wake    *sync.Cond
	stopped bool
	wg      sync.WaitGroup
}

// botKey names one bot seat of one game.
type botKey struct {
	game string
	seat int // 1-based
}

type heldBot struct {
	bot  engine.Strategy
	used time.Time
}

// testBots are bot kinds beyond [player.Names] that tests build in.
var testBots = map[string]func(seed uint64) engine.Strategy{}

// botKinds lists the kinds a seat may name besides "human".
func botKinds() []string {
	kinds := player.Names()
	for k := range testBots {
		kinds = append(kinds, k)
	}
	slices.Sort(kinds[len(player.Names()):])
	return kinds
}

func newBotPool(s *Server, workers, queueAt int) *botPool {
	p := &botPool{s: s, queueAt: queueAt, keep: 2*workers + 2, held: map[botKey]heldBot{}}
	p.wake = sync.NewCond(&p.mu)
	for range workers {
		p.wg.Add(1)
		go p.work()
	}
	return p
}

// full reports whether the queue has no room for another game's bot; a
// request that would hand the turn to a bot is then refused.
func (p *botPool) full() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.queueAt > 0 && len(p.queue) >= p.queueAt
}

// schedule queues g's bot if it is a bot's turn and it is not queued yet.
// Called with g.mu held, or on a game no other goroutine has yet. When the
// queue is full the bot is not queued: the janitor queues it later.
func (p *botPool) schedule(g *game) {
	v := g.view.Load()
	turn := g.turn(v.ply, v.status)
	if g.botQueued || !g.thinking(turn) {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stopped || p.queueAt > 0 && len(p.queue) >= p.queueAt {
		return
	}
	g.botQueued = true
	p.queue = append(p.queue, g)
	p.wake.Signal()
}

// stop ends the workers; a search under way is cancelled.
func (p *botPool) stop() {
	p.mu.Lock()
	p.stopped = true
	p.queue = nil
	p.wake.Broadcast()
	p.mu.Unlock()
	p.wg.Wait()
}

func (p *botPool) work() {
	defer p.wg.Done()
	for {
		p.mu.Lock()
		for len(p.queue) == 0 && !p.stopped {
			p.wake.Wait()
		}
		if p.stopped {
			p.mu.Unlock()
			return
		}
		g := p.queue[0]
		p.queue[0] = nil
		p.queue = p.queue[1:]
		p.mu.Unlock()
		p.moveSafely(g)
	}
}

// moveSafely moves g's bot, and keeps the worker alive if that panics.
func (p *botPool) moveSafely(g *game) {
	defer func() {
		if v := recover(); v != nil {
			p.s.log.Error("panic while a bot moved", "game", g.id, "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
		}
	}()
	p.move(g)
}

// bot returns the bot of seat in g, held or built afresh; it is the
// caller's until it gives it back with [botPool.put].
func (p *botPool) bot(g *game, seat, ply int) (engine.Strategy, error) {
	key := botKey{g.id, seat}
	p.mu.Lock()
	h, ok := p.held[key]
	delete(p.held, key)
	p.mu.Unlock()
	if ok {
		return h.bot, nil
	}
	kind := g.cfg.Seats[seat-1].Kind
	seed := seedFor(g.id, seat) ^ uint64(ply)
	if mk, ok := testBots[kind]; ok {
		return mk(seed), nil
	}
	return player.ByName(kind, seed, player.WithBudget(p.s.budget))
}

// put holds bot for its next move, dropping the least recently used bot
// beyond the pool's bound.
func (p *botPool) put(g *game, seat int, bot engine.Strategy) {
	if g.view.Load().status != engine.Ongoing {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stopped {
		return
	}
	p.held[botKey{g.id, seat}] = heldBot{bot: bot, used: time.Now()}
	for len(p.held) > p.keep {
		var oldest botKey
		first := true
		for k, h := range p.held {
			if first || h.used.Before(p.held[oldest].used) {
				oldest, first = k, false
			}
		}
		delete(p.held, oldest)
	}
}

// release drops the bots held for game id.
func (p *botPool) release(id string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for k := range p.held {
		if k.game == id {
			delete(p.held, k)
		}
	}
}

// sweep drops the bots that have not moved since cutoff.
func (p *botPool) sweep(cutoff time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for k, h := range p.held {
		if h.used.Before(cutoff) {
			delete(p.held, k)
		}
	}
}

// stats returns the games waiting for a worker and the bots held.
func (p *botPool) stats() (queued, held int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.queue), len(p.held)
}

// choose asks bot for a move, turning a panic into an error.
func choose(ctx context.Context, bot engine.Strategy, g *engine.Game, turn int) (c sparse.Cell, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("serve: the bot panicked: %v\n%s", v, debug.Stack())
		}
	}()
	return bot.Choose(ctx, g, turn)
}

// turnOf returns, for a game whose bot was queued, the bot's seat, a copy
// of the engine to search and the ply, or 0 when no bot is to move any
// more.
func (p *botPool) turnOf(g *game) (int, *engine.Game, int) {
	g.mu.Lock()
	defer p.s.unlock(g)
	v := g.view.Load()
	turn := g.turn(v.ply, v.status)
	if !g.thinking(turn) {
		g.botQueued = false
		return 0, nil, 0
	}
	return turn, g.eng.Clone(), v.ply
}

// move lets the bot whose turn it is in g choose and play. The search runs
// on a copy of the game, so readers and other servers' moves go on
// meanwhile; the move is then played like a person's, at the ply it was
// chosen for.
func (p *botPool) move(g *game) {
	s := p.s
	turn, snapshot, ply := p.turnOf(g)
	if turn == 0 {
		return
	}
	bot, err := p.bot(g, turn, ply)
	var cellChosen sparse.Cell
	if err == nil {
		ctx, cancel := context.WithTimeout(s.ctx, 3*s.budget+time.Second)
		start := time.Now()
		cellChosen, err = choose(ctx, bot, snapshot, turn)
		s.metrics.think.Observe(time.Since(start).Seconds())
		cancel()
	}
	if err == nil {
		if err = snapshot.CanPlace(cellChosen.Row, cellChosen.Col); err != nil {
			s.log.Error("bot chose an unplayable cell", "game", g.id, "bot", g.cfg.Seats[turn-1].Kind, "err", err)
		}
	}
	if err == nil {
		defer p.put(g, turn, bot)
	}
	if err != nil && s.ctx.Err() == nil {
		// A bot that cannot choose still moves: the random player always can.
		s.log.Warn("bot failed; playing a random move instead", "game", g.id, "err", err)
		cellChosen, err = player.NewRandom(seedFor(g.id, ply)).Choose(context.Background(), snapshot, turn)
	}
	if err == nil {
		// A bot that does not know renju would choose a forbidden cell
		// again after its refusal, for ever: the nearest allowed cell is
		// played instead.
		var note string
		cellChosen, note, err = gamecli.ReplaceForbidden(snapshot, cellChosen)
		if note != "" {
			s.log.Warn("bot chose a cell forbidden to black", "game", g.id, "bot", g.cfg.Seats[turn-1].Kind, "ply", ply, "choice", note)
		}
	}

	g.mu.Lock()
	defer s.unlock(g)
	g.botQueued = false
	if err != nil || s.ctx.Err() != nil {
		return // the server is closing: the bot moves again after the restart
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(s.ctx), storeTimeout)
	defer cancel()
	err = s.play(ctx, g, turn, cellChosen.Row, cellChosen.Col, ply)
	switch {
	case errors.Is(err, errUnstored):
		// The database is failing: try again in a while, not in a loop.
		s.log.Warn("bot move not stored; retrying in a second", "game", g.id, "ply", ply, "err", err)
		g.botQueued = true
		if s.track() {
			time.AfterFunc(time.Second, func() {
				defer s.wg.Done()
				g.mu.Lock()
				defer s.unlock(g)
				g.botQueued = false
				p.schedule(g)
			})
		}
		return
	case err != nil:
		// Another server moved first: its move is in the engine now.
		s.log.Info("bot move not played", "game", g.id, "ply", ply, "err", err)
	}
	p.schedule(g)
}

// botIdle is how long a bot that has not moved keeps its tables.
const botIdle = time.Minute

// requeue queues the bots whose turn it is in the games held in memory
// and that found the queue full.
func (s *Server) requeue() {
	s.mu.Lock()
	games := make([]*game, 0, len(s.games))
	for _, g := range s.games {
		games = append(games, g)
	}
	s.mu.Unlock()
	slices.SortFunc(games, func(a, b *game) int { return cmp.Compare(a.lastUsed.Load(), b.lastUsed.Load()) })
	for _, g := range games {
		if g.mu.TryLock() {
			s.bots.schedule(g)
			g.mu.Unlock()
		}
	}
}

// botGames counts the ongoing games with a bot seat held in memory: all
// of them, and those created from addr.
func (s *Server) botGames(addr string) (all, from int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, g := range s.games {
		if hasBot(g.cfg) && g.view.Load().status == engine.Ongoing {
			all++
			if g.cfg.Creator == addr {
				from++
			}
		}
	}
	return all, from
}

// admitBots refuses a new game with a bot seat beyond the caps on such
// games, or when its bot would move first and the queue is full. The
// caller holds s.botMu until the game is in memory or refused.
func (s *Server) admitBots(rec store.Game) *httpError {
	lim := s.settings.limits
	all, from := s.botGames(rec.Creator)
	switch {
	case lim.BotGamesPerAddress > 0 && from >= lim.BotGamesPerAddress:
		return errorf(http.StatusTooManyRequests, "%d games with bots from %s are going on already; finish one first", from, rec.Creator)
	case lim.BotGames > 0 && all >= lim.BotGames:
		return errorf(http.StatusServiceUnavailable, "this server hosts as many games with bots as it can; try again later")
	case rec.Seats[0].Kind != human && s.bots.full():
		return errorf(http.StatusServiceUnavailable, "the bots are busy; try again later")
	}
	return nil
}
