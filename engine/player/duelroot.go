package player

import (
	"context"
	"slices"
	"time"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player/internal/history"
	"github.com/gomoku-engine/gomoku/sparse"
)

// duelState is what the two-player search keeps from one call to the
// next: the working board in step with the game, the transposition table
// and the move-ordering tables.
type duelState struct {
	cfg    engine.Config
	b      *duelBoard
	played []engine.Move
	tt     []ttSlot
	hist   [2][]int32
	kill   [][2]int32
}

// Window sizing of the two-player board.
const (
	// duelMargin is how far, beyond a pattern's reach, the window extends
	// past the marks; play within duelRoom of a window edge that is not
	// the board's rebuilds it.
	duelMargin = 12
	duelRoom   = 8
	// duelWholeArea: bounded boards up to this many cells are windowed
	// whole; duelMaxCells bounds any window (beyond it, the sparse search).
	duelWholeArea = 128 * 128
	duelMaxCells  = 1 << 19
)

// duelable reports whether the two-player search plays cfg's games.
func duelable(cfg engine.Config) bool {
	lr := lineRules{k: cfg.K, exact: cfg.Rule == engine.Exact}
	return cfg.Players == 2 && cfg.K >= 3 && lr.side() <= maxSide
}

// duelSync brings the working board in step with g: a board for another
// configuration or another game is built afresh, and otherwise the moves
// past the longest prefix it shares with g are undone and g's later ones
// played. The tables learnt on the way survive only while the game moves
// forward: a move undone clears them (see forget). The window is rebuilt
// when a move falls outside it or near an edge that is not the board's.
// fits is false when the marks do not fit a window. Replaying a long
// history stops at deadline (when not zero) with warm false; the next
// call goes on from there.
func (s *Search) duelSync(g *engine.Game, deadline time.Time) (fits, warm bool) {
	cfg := g.Config()
	if s.ds == nil || s.ds.cfg != cfg {
		s.ds = &duelState{cfg: cfg, tt: make([]ttSlot, 1<<duelTTBits), kill: make([][2]int32, duelMaxPly+2)}
	}
	ds := s.ds
	for range 2 {
		if ds.b == nil && !s.duelBuild(g) {
			return false, false
		}
		played, stopped, back := 0, false, false
		held := history.Sync(history.Moves(ds.played), g,
			func() {
				if !s.duelBuild(g) {
					ds.b = nil
				}
			},
			func() {
				ds.b.undo()
				ds.played = ds.played[:len(ds.played)-1]
				back = true
			},
			func(m engine.Move) bool {
				b := ds.b
				if b == nil {
					return false
				}
				played++
				if played%syncCheck == 0 && !deadline.IsZero() && time.Now().After(deadline) {
					stopped = true
					return false
				}
				idx, ok := b.index(m.Row, m.Col)
				if !ok || !b.roomy(idx) || b.stone[idx] != 0 || m.Player < 1 || m.Player > 2 {
					ds.b = nil
					return false
				}
				b.place(idx, m.Player-1)
				ds.played = append(ds.played, m)
				return true
			})
		if back && ds.b != nil {
			s.forget()
		}
		switch {
		case held == g.Len():
			return true, true
		case stopped:
			return true, false
		}
		// A move left the window: build one around all the marks.
	}
	return false, false
}

// duelBuild makes a fresh, empty window around g's marks, forgetting
// everything learnt on the previous one, or reports false when the marks
// do not fit one.
func (s *Search) duelBuild(g *engine.Game) bool {
	ds := s.ds
	cfg := g.Config()
	box, _ := g.BoundingBox()
	margin := lineRules{k: cfg.K, exact: cfg.Rule == engine.Exact}.side() + duelMargin
	r0, r1 := box.MinRow-margin, box.MaxRow+margin
	c0, c1 := box.MinCol-margin, box.MaxCol+margin
	if cfg.Bounded() {
		if cfg.Rows*cfg.Cols <= duelWholeArea {
			r0, r1, c0, c1 = 0, cfg.Rows-1, 0, cfg.Cols-1
		}
		r0, r1 = max(r0, 0), min(r1, cfg.Rows-1)
		c0, c1 = max(c0, 0), min(c1, cfg.Cols-1)
	}
	r0, r1 = max(r0, sparse.MinCoord), min(r1, sparse.MaxCoord)
	c0, c1 = max(c0, sparse.MinCoord), min(c1, sparse.MaxCoord)
	if r1-r0 >= duelMaxCells || c1-c0 >= duelMaxCells || (r1-r0+1)*(c1-c0+1) > duelMaxCells {
		return false
	}
	b := newDuelBoard(cfg, r0, c0, r1-r0+1, c1-c0+1)
	ds.played = ds.played[:0]
	ds.b = b
	ds.hist = [2][]int32{make([]int32, len(b.stone)), make([]int32, len(b.stone))}
	s.forget()
	return true
}

// forget clears what the two-player search learnt in earlier positions:
// the transposition table, the killer and history tables (array cells of
// the window) and the VCF refutations (which may have read the window's
// frame). Entries are checked against the full key and ordering hints
// only rank empty cells near the marks, so the tables could not make the
// search play an illegal cell; cleared, they cannot make it play
// differently from a fresh search either.
func (s *Search) forget() {
	ds := s.ds
	clear(ds.tt)
	clear(ds.kill)
	for q := range ds.hist {
		clear(ds.hist[q])
	}
	clear(s.vcfFailed)
}

// roomy reports whether array cell i is far enough from every window edge
// that is not an edge of the board.
func (b *duelBoard) roomy(i int) bool {
	y, x := i/b.w-b.side, i%b.w-b.side
	for _, e := range [4]struct {
		dist int
		r, c int
	}{{y, b.r0 - 1, b.c0 + x}, {b.rows - 1 - y, b.r0 + b.rows, b.c0 + x}, {x, b.r0 + y, b.c0 - 1}, {b.cols - 1 - x, b.r0 + y, b.c0 + b.cols}} {
		if e.dist < duelRoom && cellOnBoard(b.cfg, e.r, e.c) {
			return false
		}
	}
	return true
}

// duelScore converts a score to the scale of [Stats.Score].
func duelScore(v int32) int64 {
	switch {
	case v >= duelMate:
		return winValue - int64(duelWin-v)
	case v <= -duelMate:
		return -winValue + int64(duelWin+v)
	}
	return int64(v)
}

// best finds q's move: a win, the block of the opponent's win, a VCF or a
// VCT, else the iterative-deepening search over the moves after which the
// opponent has no VCF (nor, as far as time allows, a VCT).
func (d *duel) best(q int) (int, bool) {
	b := d.b
	o := 1 - q
	switch {
	case b.counts[q][classFive] > 0:
		d.stats.Reason, d.stats.Score = "win", winValue
		return b.find(q, classFive), true
	case b.counts[o][classFive] > 0:
		d.stats.Reason = "only move"
		return b.find(o, classFive), true
	}
	saved := d.deadline
	if d.vcf {
		d.deadline = d.phaseEnd(10)
		i := d.rootVCF(q, rootVCFNodes)
		d.deadline, d.stopped = saved, d.ctx.Err() != nil
		if i >= 0 {
			d.stats.Reason, d.stats.Score = "vcf", winValue
			return i, true
		}
	}
	if d.vct {
		d.vcfLeft = rootVCFNodes
		d.deadline = d.phaseEnd(5)
		i := d.threatWin(q, duelVCTDepth, b.lastOf(q))
		d.deadline, d.stopped = saved, d.ctx.Err() != nil
		if i >= 0 {
			d.stats.Reason, d.stats.Score = "vct", winValue
			return i, true
		}
	}
	all, _ := d.moves(q, 0, -1, -1)
	moves := slices.Clone(all)
	slices.SortFunc(moves, byBetter)
	if len(moves) == 0 {
		return -1, false
	}
	if d.vcf && len(moves) > 1 {
		moves = d.refute(q, moves)
	}
	if len(moves) == 1 {
		if d.stats.Reason == "" {
			d.stats.Reason = "only move"
		}
		return int(moves[0].i), true
	}
	if d.stats.Reason == "" {
		d.stats.Reason = "search"
	}
	d.publish(int(moves[0].i))
	return d.deepen(q, moves), true
}

// phaseEnd is the instant by which a phase allowed 1/share of the time
// must end (zero without a deadline).
func (d *duel) phaseEnd(share int) time.Time {
	if d.deadline.IsZero() {
		return time.Time{}
	}
	return d.start.Add(d.deadline.Sub(d.start) / time.Duration(share))
}

// refute drops the root moves after which the opponent has a VCF, and,
// while a share of the time lasts, a VCT. When every move loses it keeps
// them all: the search then picks the stubbornest.
func (d *duel) refute(q int, moves []scoredCell) []scoredCell {
	b := d.b
	o := 1 - q
	keep := moves[:0:0]
	last := b.lastOf(o)
	saved := d.deadline
	d.deadline = d.phaseEnd(3)
	vct := d.vct
	for _, m := range moves {
		b.place(int(m.i), q)
		d.vcfLeft = rootVCFNodes / 10
		lost := d.fourWin(o, duelVCFDepth, last) >= 0
		if !lost && vct && !d.stopped {
			d.vcfLeft = rootVCFNodes / 20
			lost = d.threatWin(o, refuteVCTDepth, last) >= 0
		}
		if d.stopped {
			vct = false
			d.stopped = d.ctx.Err() != nil
		}
		b.undo()
		if !lost {
			keep = append(keep, m)
		}
	}
	d.deadline, d.stopped = saved, d.ctx.Err() != nil
	if len(keep) == 0 {
		return moves
	}
	if len(keep) < len(moves) {
		d.stats.Reason = "refute"
	}
	return keep
}

// rootLateMoves is how many root moves, in the previous iteration's order,
// are searched to full depth before the rest are first tried a ply
// shallower (and searched again in full when they look better).
const rootLateMoves = 8

// deepen runs iterative deepening over the root moves and returns the best
// of the deepest iteration, or of an unfinished one when a move there
// proved better.
func (d *duel) deepen(q int, moves []scoredCell) int {
	o := 1 - q
	best := int(moves[0].i)
	values := make([]int32, len(moves))
	// Past half the time, start no deeper iteration unless the best move
	// just changed; then allow up to three quarters.
	soft := d.phaseEnd(2)
	longer := soft
	if !soft.IsZero() {
		longer = d.start.Add(d.deadline.Sub(d.start) * 3 / 4)
	}
	for depth := 1; depth <= d.maxDepth && depth < duelMaxPly; depth++ {
		alpha, beta := -duelInf, duelInf
		iterBest := -1
		for n, m := range moves {
			c := &d.b.cell[m.i]
			r := 0
			if depth >= 3 && n >= rootLateMoves && !c.class[q].makesFour() && c.class[o] < classOpenFour {
				r = 1
			}
			d.b.place(int(m.i), q)
			var v int32
			if n == 0 {
				v = -d.search(depth-1, -beta, -alpha, 1, o)
			} else {
				v = -d.search(depth-1-r, -alpha-1, -alpha, 1, o)
				if v > alpha && r > 0 && !d.stopped {
					v = -d.search(depth-1, -alpha-1, -alpha, 1, o)
				}
				if v > alpha && !d.stopped {
					v = -d.search(depth-1, -beta, -alpha, 1, o)
				}
			}
			d.b.undo()
			if d.stopped {
				break
			}
			values[n] = v
			if v > alpha {
				alpha, iterBest = v, n
			}
		}
		changed := false
		if iterBest >= 0 {
			changed = int(moves[iterBest].i) != best
			best = int(moves[iterBest].i)
		}
		if d.stopped {
			break
		}
		d.stats.Depth, d.stats.Score = depth, duelScore(alpha)
		d.publish(best)
		moves, values = byValueDesc(moves, values)
		if alpha >= duelMate || alpha <= -duelMate {
			break
		}
		if now := time.Now(); !soft.IsZero() && now.After(soft) && (!changed || now.After(longer)) {
			break
		}
	}
	return best
}

// publish makes array cell i the provisional answer.
func (d *duel) publish(i int) {
	c := d.b.cellAt(i)
	d.provisional.Store(&c)
}

// duelChoose runs the two-player search on the synced board. It reports
// false when it found no legal move it trusts, for the sparse search to
// decide instead.
func (s *Search) duelChoose(ctx context.Context, g *engine.Game, player int, start, deadline time.Time) (sparse.Cell, bool) {
	if s.vcfFailed == nil {
		s.vcfFailed = make(map[uint64]int)
	}
	// The ordering tables carry over from the previous move, fading.
	for q := range s.ds.hist {
		for i := range s.ds.hist[q] {
			s.ds.hist[q][i] /= 4
		}
	}
	d := &duel{Search: s, b: s.ds.b, ctx: ctx, start: start, deadline: deadline, width: s.width}
	d.stopped = ctx.Err() != nil
	if i, ok := d.best(player - 1); ok && i >= 0 {
		c := d.b.cellAt(i)
		if g.CanPlace(c.Row, c.Col) == nil {
			return c, true
		}
		s.ds = nil // out of step with the game: rebuild next time
	}
	return sparse.Cell{}, false
}
