package sparsesearch

import (
	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/internal/cellkey"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
	"github.com/gomoku-engine/gomoku/sparse"
)

// Tracker is the search's working position: one engine.Game it plays and
// undoes moves on, plus what it keeps up to date with every move so that
// evaluating a position and finding threats never scans the board.
//
// Its unit is the window: K consecutive cells on one axis. A window is live
// for player p when its cells hold only p's marks and empty cells, none off
// the board, and, under the exact rule, neither cell just outside it holds
// p's mark (filling it would make an overline, which does not win). A live
// window with c of p's marks is worth weights[c] to p. This is the classic
// evaluation of open and closed runs generalised to any K: a run that can
// grow into a win on both sides lies in more live windows than one blocked
// on a side, and a run that cannot grow into K at all lies in none.
//
// Placing or removing a mark changes only the windows through it (and,
// under the exact rule, the two it flanks) on four axes: reading 2K+3
// cells per axis, a move updates the per-player score, the cells that
// complete a window (fours: they win now) and the cells of windows one
// mark short of a four (threes: they make a four), and the set of empty
// cells near a mark, the candidates for the next move.
type Tracker struct {
	g     *engine.Game
	cfg   engine.Config
	k, n  int
	exact bool
	// bounded caches cfg.Bounded() for the hot path.
	bounded bool
	radius  int
	// poolLimit is the number of empty cells near a mark beyond which
	// move generation looks only around the latest moves (see pool).
	poolLimit int
	// weights[c] is the worth of a live window holding c marks.
	weights []int64
	// score[p] is the sum of p's live windows' worth.
	score []int64
	// fours[p][cell] counts the live windows of p with K-1 marks whose empty
	// cell is cell; threes[p][cell] those with K-2 marks that cell is empty in.
	fours, threes []map[uint64]int32
	// gain[p][cell] sums, over p's live windows through the empty cell,
	// what p would gain by marking it (attack) and what another player
	// would take from p by marking it (defence): the move ordering reads a
	// cell's one-move gain from here instead of scanning its lines.
	gain []map[uint64]cellGain
	// near counts, for every cell within radius of a mark, those marks.
	near map[uint64]int32
	// hash is a Zobrist hash of the marks.
	hash uint64
	line []int // scratch for one axis: cells -(K+1)..K+1 around a move
}

// OffBoard stands in the line scratch for a cell no one can mark.
const OffBoard = -1

func NewTracker(cfg engine.Config) (*Tracker, error) {
	// The working game takes moves in any order: the multi-player search
	// asks what the searcher could do with another player to move (the
	// cells from which it would have a forcing win).
	free := cfg
	free.Order = engine.FreeOrder
	g, err := engine.New(engine.WithConfig(free))
	if err != nil {
		return nil, err
	}
	t := &Tracker{
		g: g, cfg: cfg, k: cfg.K, n: cfg.Players, exact: cfg.Rule == engine.Exact, bounded: cfg.Bounded(),
		radius: 2, poolLimit: localPool,
		weights: windowWeights(cfg.K),
		score:   make([]int64, cfg.Players+1),
		fours:   make([]map[uint64]int32, cfg.Players+1),
		threes:  make([]map[uint64]int32, cfg.Players+1),
		gain:    make([]map[uint64]cellGain, cfg.Players+1),
		near:    make(map[uint64]int32),
		line:    make([]int, 2*cfg.K+3),
	}
	if cfg.K <= 3 {
		t.radius = 1
	}
	if cfg.Players >= 3 {
		t.poolLimit = multiLocalPool
	}
	for p := 1; p <= cfg.Players; p++ {
		t.fours[p] = make(map[uint64]int32)
		t.threes[p] = make(map[uint64]int32)
		t.gain[p] = make(map[uint64]cellGain)
	}
	return t, nil
}

// cellGain is what marking an empty cell does to one player's windows.
type cellGain struct{ attack, defence int64 }

// windowWeights grows by 8 per mark and tops out at 8⁶ for a window one
// mark short of K, so that for large K the sums stay far from overflow.
// weights[K], a completed window, only serves the move ordering's gain.
func windowWeights(k int) []int64 {
	w := make([]int64, k+1)
	low := max(0, k-1-6)
	for c := 1; c <= k; c++ {
		w[c] = 1 << (3 * max(0, c-1-low))
	}
	w[k] *= 8
	return w
}

// cell reads the board for the tracker: a player, 0 or OffBoard.
func (t *Tracker) cell(r, c int) int {
	if !t.onBoard(r, c) {
		return OffBoard
	}
	return t.g.At(r, c)
}

// onBoard reports whether (r, c) is a cell of the board, empty or not.
func (t *Tracker) onBoard(r, c int) bool {
	return sparse.InRange(r, c) && (!t.bounded || (r >= 0 && r < t.cfg.Rows && c >= 0 && c < t.cfg.Cols))
}

// Place plays p at (r, c) on the working game and updates everything.
func (t *Tracker) Place(r, c, p int) (engine.Outcome, error) {
	out, err := t.g.PlayAs(r, c, p)
	if err != nil {
		return out, err
	}
	t.update(r, c, p, 1)
	return out, nil
}

// Undo takes back the latest move.
func (t *Tracker) Undo() {
	m, ok := t.g.LastMove()
	if !ok {
		return
	}
	t.update(m.Row, m.Col, m.Player, -1)
	if _, err := t.g.Undo(); err != nil {
		panic("player: undo of the tracker's own move failed: " + err.Error())
	}
}

// update moves the bookkeeping from "(r, c) empty" to "(r, c) holds p"
// (sign +1) or back (sign -1).
func (t *Tracker) update(r, c, p, sign int) {
	k := t.k
	center := k + 1
	for _, a := range core.Axes {
		for i := range t.line {
			off := i - center
			t.line[i] = t.cell(r+off*a.DR, c+off*a.DC)
		}
		t.line[center] = 0
		lo, hi := center-k+1, center
		if t.exact {
			lo, hi = lo-1, hi+1
		}
		for s := lo; s <= hi; s++ {
			t.shift(s, r, c, a.DR, a.DC, p, sign)
		}
	}
	for dr := -t.radius; dr <= t.radius; dr++ {
		for dc := -t.radius; dc <= t.radius; dc++ {
			if !t.onBoard(r+dr, c+dc) {
				continue
			}
			key := cellkey.Pack(r+dr, c+dc)
			if n := t.near[key] + int32(sign); n == 0 {
				delete(t.near, key)
			} else {
				t.near[key] = n
			}
		}
	}
	t.hash ^= core.Zobrist(cellkey.Pack(r, c), p)
}

// windowState is a window's owner and number of marks; owner 0 means it
// counts for nobody (empty, mixed, off the board, complete, or spoilt by
// an overline under the exact rule).
type windowState struct{ owner, count int }

// states returns the window at line index s with the move's cell (line
// index K+1) empty and holding p.
func (t *Tracker) states(s, p int) (empty, full windowState) {
	k := t.k
	center := k + 1
	owner, count := 0, 0
	for i := s; i < s+k; i++ {
		v := t.line[i]
		switch {
		case v == 0:
			continue
		case v == OffBoard:
			return
		case owner == 0:
			owner = v
		case v != owner:
			return
		}
		count++
	}
	empty = windowState{owner, count}
	full = empty
	if s <= center && center < s+k {
		switch owner {
		case 0, p:
			full = windowState{p, count + 1}
		default:
			full = windowState{}
		}
	}
	empty = t.settle(empty, s, 0)
	full = t.settle(full, s, p)
	return empty, full
}

// settle drops a state that counts for nobody: no marks, complete, or,
// under the exact rule, flanked by its owner's mark (centre holding mark).
func (t *Tracker) settle(st windowState, s, mark int) windowState {
	if st.count == 0 || st.count >= t.k {
		return windowState{}
	}
	if t.exact {
		center := t.k + 1
		left, right := t.line[s-1], t.line[s+t.k]
		if s-1 == center {
			left = mark
		}
		if s+t.k == center {
			right = mark
		}
		if left == st.owner || right == st.owner {
			return windowState{}
		}
	}
	return st
}

// shift applies the change of the window at line index s when p's mark
// arrives at (r, c) (sign +1) or leaves it (sign -1).
func (t *Tracker) shift(s, r, c, dr, dc, p, sign int) {
	empty, full := t.states(s, p)
	old, now := empty, full
	if sign < 0 {
		old, now = full, empty
	}
	if old == now {
		return
	}
	if old.owner != 0 {
		t.score[old.owner] -= t.weights[old.count]
	}
	if now.owner != 0 {
		t.score[now.owner] += t.weights[now.count]
	}
	k := t.k
	center := k + 1
	for i := s; i < s+k; i++ {
		if t.line[i] != 0 {
			continue
		}
		off := i - center
		key := cellkey.Pack(r+off*dr, c+off*dc)
		switch {
		case i == center && sign > 0:
			t.touch(old, key, -1) // the cell is no longer empty
		case i == center:
			t.touch(now, key, 1) // the cell is empty again
		case old.owner == now.owner:
			t.retouch(old, now, key)
		default:
			t.touch(old, key, -1)
			t.touch(now, key, 1)
		}
	}
}

// touch adds mult times st's share to one of its empty cells.
func (t *Tracker) touch(st windowState, key uint64, mult int) {
	if st.owner == 0 {
		return
	}
	m := int64(mult)
	t.addGain(st.owner, key, m*(t.weights[st.count+1]-t.weights[st.count]), m*t.weights[st.count])
	t.addLevel(st, key, int32(mult))
}

// retouch moves one empty cell's share from old to now, both owned by the
// same player, with a single update of its gain.
func (t *Tracker) retouch(old, now windowState, key uint64) {
	w := t.weights
	t.addGain(now.owner, key,
		(w[now.count+1]-w[now.count])-(w[old.count+1]-w[old.count]),
		w[now.count]-w[old.count])
	if t.k-old.count != t.k-now.count {
		t.addLevel(old, key, -1)
		t.addLevel(now, key, 1)
	}
}

func (t *Tracker) addGain(owner int, key uint64, attack, defence int64) {
	gain := t.gain[owner]
	g := gain[key]
	g.attack += attack
	g.defence += defence
	if g == (cellGain{}) {
		delete(gain, key)
	} else {
		gain[key] = g
	}
}

// addLevel counts a window one or two marks short of K at its empty cell.
func (t *Tracker) addLevel(st windowState, key uint64, mult int32) {
	var m map[uint64]int32
	switch t.k - st.count {
	case 1:
		m = t.fours[st.owner]
	case 2:
		m = t.threes[st.owner]
	default:
		return
	}
	if n := m[key] + mult; n == 0 {
		delete(m, key)
	} else {
		m[key] = n
	}
}

// Players is the number of players.
func (t *Tracker) Players() int { return t.n }

// K is the number of marks in a row that wins.
func (t *Tracker) K() int { return t.k }

// Radius is how far from a mark the candidate cells lie.
func (t *Tracker) Radius() int { return t.radius }

// Game is the working game; the caller must not change it.
func (t *Tracker) Game() *engine.Game { return t.g }

// Fours is the set of p's winning cells, each with the number of p's live
// windows it completes; the caller must not change it.
func (t *Tracker) Fours(p int) map[uint64]int32 { return t.fours[p] }

// Threes is the set of cells that would make a four for p, each with the
// number of p's live windows one mark short of a four through it; the
// caller must not change it.
func (t *Tracker) Threes(p int) map[uint64]int32 { return t.threes[p] }

// Score is the worth of p's live windows.
func (t *Tracker) Score(p int) int64 { return t.score[p] }

// Near is the set of cells within Radius of a mark, each with the number
// of those marks; the caller must not change it.
func (t *Tracker) Near() map[uint64]int32 { return t.near }

// Hash is a Zobrist hash of the marks.
func (t *Tracker) Hash() uint64 { return t.hash }

// Cell reads the board: a player, 0 for an empty cell, or OffBoard.
func (t *Tracker) Cell(r, c int) int { return t.cell(r, c) }
