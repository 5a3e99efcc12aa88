package serve

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/gomoku-engine/gomoku/engine/player"
)

// botPool runs the bots' searches on a fixed number of workers, taking
// games in the order their bots came to move, so a long search holds one
// worker and never the others' games.
type botPool struct {
	s *Server

	mu      sync.Mutex
	queue   []*game
	wake    *sync.Cond
	stopped bool
	wg      sync.WaitGroup
}

func newBotPool(s *Server, workers int) *botPool {
	p := &botPool{s: s}
	p.wake = sync.NewCond(&p.mu)
	for range workers {
		p.wg.Add(1)
		go p.work()
	}
	return p
}

// schedule queues g's bot if it is a bot's turn and it is not queued yet.
// Called with g.mu held, or on a game no other goroutine has yet.
func (p *botPool) schedule(g *game) {
	v := g.view.Load()
	turn := g.turn(v.ply, v.status)
	if g.botQueued || !g.thinking(turn) {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stopped {
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
		p.move(g)
	}
}

// move lets the bot whose turn it is in g choose and play. The search runs
// on a copy of the game, so readers and other servers' moves go on
// meanwhile; the move is then played like a person's, at the ply it was
// chosen for.
func (p *botPool) move(g *game) {
	s := p.s
	g.mu.Lock()
	v := g.view.Load()
	turn := g.turn(v.ply, v.status)
	if !g.thinking(turn) {
		g.botQueued = false
		g.mu.Unlock()
		return
	}
	bot, snapshot, ply := g.bots[turn-1], g.eng.Clone(), v.ply
	g.mu.Unlock()

	ctx, cancel := context.WithTimeout(s.ctx, 3*s.budget+time.Second)
	start := time.Now()
	cellChosen, err := bot.Choose(ctx, snapshot, turn)
	s.metrics.think.Observe(time.Since(start).Seconds())
	cancel()
	if err == nil {
		if err = snapshot.CanPlace(cellChosen.Row, cellChosen.Col); err != nil {
			s.log.Error("bot chose an unplayable cell", "game", g.id, "bot", g.cfg.Seats[turn-1].Kind, "err", err)
		}
	}
	if err != nil && s.ctx.Err() == nil {
		// A bot that cannot choose still moves: the random player always can.
		s.log.Warn("bot failed; playing a random move instead", "game", g.id, "err", err)
		cellChosen, err = player.NewRandom(seedFor(g.id, ply)).Choose(context.Background(), snapshot, turn)
	}

	g.mu.Lock()
	defer g.mu.Unlock()
	g.botQueued = false
	if err != nil || s.ctx.Err() != nil {
		return // the server is closing: the bot moves again after the restart
	}
	ctx, cancel = context.WithTimeout(context.WithoutCancel(s.ctx), storeTimeout)
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
				defer g.mu.Unlock()
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
