package engine

import (
	"cmp"
	"maps"
	"slices"
	"testing"

	"github.com/gomoku-engine/gomoku/engine/renju"
	"github.com/gomoku-engine/gomoku/sparse"
	"github.com/stretchr/testify/require"
)

// referee is the brute-force oracle: it keeps the marks in a builtin map and
// judges a position by scanning every mark on every axis, sharing no code
// with the checkers or the board.
type referee struct {
	cfg     Config
	marks   map[sparse.Cell]int
	history []Move
	redo    []Move
	// judged caches winner() until the marks change: the scan is the
	// slowest part of the property tests.
	judged bool
	won    int
}

func newReferee(cfg Config) *referee {
	return &referee{cfg: cfg, marks: map[sparse.Cell]int{}}
}

// winner returns the player owning a winning run anywhere on the board, or 0.
func (r *referee) winner() int {
	if !r.judged {
		r.won, r.judged = r.scan(), true
	}
	return r.won
}

var refereeDirs = [][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}}

func (r *referee) scan() int {
	if r.cfg.Torus {
		return r.scanTorus()
	}
	for c, p := range r.marks {
		for _, d := range refereeDirs {
			if r.marks[sparse.Cell{Row: c.Row - d[0], Col: c.Col - d[1]}] == p {
				continue // not the start of the run
			}
			n := 0
			for r.marks[sparse.Cell{Row: c.Row + n*d[0], Col: c.Col + n*d[1]}] == p {
				n++
			}
			if r.winning(n, p) {
				return p
			}
		}
	}
	return 0
}

// scanTorus lists every cycle of the torus from scratch, cell by cell in
// each direction until the walk comes back to its start, and judges the
// runs around each cycle.
func (r *referee) scanTorus() int {
	rows, cols := r.cfg.Rows, r.cfg.Cols
	wrap := func(x, m int) int { return ((x % m) + m) % m }
	for _, d := range refereeDirs {
		seen := map[sparse.Cell]bool{}
		for row := range rows {
			for col := range cols {
				start := sparse.Cell{Row: row, Col: col}
				if seen[start] {
					continue
				}
				var cycle []int
				for c := start; ; {
					seen[c] = true
					cycle = append(cycle, r.marks[c])
					c = sparse.Cell{Row: wrap(c.Row+d[0], rows), Col: wrap(c.Col+d[1], cols)}
					if c == start {
						break
					}
				}
				if p := r.cycleWinner(cycle); p != 0 {
					return p
				}
			}
		}
	}
	return 0
}

// cycleWinner returns the player owning a winning run on a cycle of marks,
// or 0. A cycle filled by one player is one run as long as the cycle.
func (r *referee) cycleWinner(cycle []int) int {
	n := len(cycle)
	start := -1 // a cell where a run begins: its predecessor differs
	for i := range n {
		if cycle[i] != cycle[(i+n-1)%n] {
			start = i
			break
		}
	}
	if start < 0 { // one value all around
		if p := cycle[0]; p != 0 && r.winning(n, p) {
			return p
		}
		return 0
	}
	for i := 0; i < n; {
		p, length := cycle[(start+i)%n], 0
		for i < n && cycle[(start+i)%n] == p {
			i, length = i+1, length+1
		}
		if p != 0 && r.winning(length, p) {
			return p
		}
	}
	return 0
}

// winning reports whether a run of n of player p's marks wins: under
// renju, black (player 1) needs exactly K, white K or more.
func (r *referee) winning(n, p int) bool {
	return n == r.cfg.K || (n > r.cfg.K && (r.cfg.Rule == Freestyle || r.cfg.Rule == Renju && p != 1))
}

// At shows the referee's marks to the renju detector, which is proven
// against its own brute-force referee in package renju.
func (r *referee) At(row, col int) renju.Stone {
	const lo, hi = -1 << 31, 1<<31 - 1
	if row < lo || row > hi || col < lo || col > hi ||
		r.cfg.Bounded() && (row < 0 || row >= r.cfg.Rows || col < 0 || col >= r.cfg.Cols) {
		return renju.Wall
	}
	return renju.Stone(r.marks[sparse.Cell{Row: row, Col: col}])
}

func (r *referee) full() bool {
	return r.cfg.Bounded() && len(r.marks) == r.cfg.Rows*r.cfg.Cols
}

func (r *referee) status() Outcome {
	switch {
	case r.winner() != 0:
		return Won
	case r.full():
		return Drawn
	}
	return Ongoing
}

func (r *referee) turn() int {
	if len(r.history) == 0 {
		return 1
	}
	return r.history[len(r.history)-1].Player%r.cfg.Players + 1
}

// refusal is the sentinel a move should be refused with, or nil.
func (r *referee) refusal(m Move, enforceTurn bool) error {
	const lo, hi = -1 << 31, 1<<31 - 1
	switch {
	case r.status() != Ongoing:
		return ErrGameOver
	case m.Player < 1 || m.Player > r.cfg.Players:
		return ErrBadPlayer
	case enforceTurn && r.cfg.Order == Rotation && m.Player != r.turn():
		return ErrWrongTurn
	case m.Row < lo || m.Row > hi || m.Col < lo || m.Col > hi:
		return ErrOutOfRange
	case r.cfg.Bounded() && (m.Row < 0 || m.Row >= r.cfg.Rows || m.Col < 0 || m.Col >= r.cfg.Cols):
		return ErrOffBoard
	case r.marks[sparse.Cell{Row: m.Row, Col: m.Col}] != 0:
		return ErrOccupied
	case r.cfg.Rule == Renju && m.Player == 1 && renju.Check(r, m.Row, m.Col) != renju.None:
		return ErrForbidden
	}
	return nil
}

func (r *referee) play(m Move) {
	r.marks[sparse.Cell{Row: m.Row, Col: m.Col}] = m.Player
	r.history = append(r.history, m)
	r.judged = false
}

func (r *referee) undo() Move {
	m := r.history[len(r.history)-1]
	r.history = r.history[:len(r.history)-1]
	delete(r.marks, sparse.Cell{Row: m.Row, Col: m.Col})
	r.redo = append(r.redo, m)
	r.judged = false
	return m
}

// wouldWin answers the look-ahead by brute force.
func (r *referee) wouldWin(m Move) bool {
	c := sparse.Cell{Row: m.Row, Col: m.Col}
	r.marks[c] = m.Player
	defer delete(r.marks, c)
	return r.scan() == m.Player
}

// checkInvariants compares everything observable about g with the referee.
func checkInvariants(t *testing.T, g *Game, ref *referee) {
	t.Helper()
	require.Equal(t, nilIfEmpty(ref.history), nilIfEmpty(g.History()), "history")
	require.Equal(t, len(ref.history), g.Len())
	require.Equal(t, len(ref.redo), g.RedoLen(), "redo stack depth")
	require.Equal(t, len(ref.marks), g.board.Len(), "marks on the board")

	cells := slices.SortedFunc(maps.Keys(ref.marks), func(a, b sparse.Cell) int {
		return cmp.Or(cmp.Compare(a.Row, b.Row), cmp.Compare(a.Col, b.Col))
	})
	// Compare whole slices: a require call per mark would dominate the run.
	type mark struct {
		cell   sparse.Cell
		player int
	}
	want := make([]mark, 0, len(cells))
	for _, c := range cells {
		want = append(want, mark{c, ref.marks[c]})
	}
	got := make([]mark, 0, len(cells))
	for c, p := range g.Marks() {
		got = append(got, mark{c, p})
		if g.At(c.Row, c.Col) != p {
			require.Equal(t, p, g.At(c.Row, c.Col), "At disagrees with Marks at %v", c)
		}
	}
	require.Equal(t, want, got, "Marks, in row-major order")

	status := ref.status()
	require.Equal(t, status, g.Status(), "status")
	if status == Won {
		require.Equal(t, ref.winner(), g.Winner(), "winner")
		require.Equal(t, ref.history[len(ref.history)-1].Player, g.Winner(), "only the last mover can have won")
	} else {
		require.Zero(t, g.Winner())
	}
	require.Equal(t, ref.turn(), g.Turn(), "turn")

	box, ok := g.BoundingBox()
	require.Equal(t, len(cells) > 0, ok)
	if ok {
		want := sparse.Rect{MinRow: cells[0].Row, MaxRow: cells[len(cells)-1].Row, MinCol: cells[0].Col, MaxCol: cells[0].Col}
		for _, c := range cells {
			want.MinCol, want.MaxCol = min(want.MinCol, c.Col), max(want.MaxCol, c.Col)
		}
		require.Equal(t, want, box, "bounding box")
	}
}

func nilIfEmpty(ms []Move) []Move {
	if len(ms) == 0 {
		return nil
	}
	return ms
}

// fouls lists the cells forbidden to the player to move, in row-major
// order, by asking the renju detector about every cell of the 11 × 11
// squares around the marks, where a game asks only about the cells on
// black's marks' lines.
func (r *referee) fouls() []cellFoul {
	if r.cfg.Rule != Renju || r.status() != Ongoing || r.turn() != 1 {
		return nil
	}
	seen := map[sparse.Cell]bool{}
	for c := range r.marks {
		for row := c.Row - 5; row <= c.Row+5; row++ {
			for col := c.Col - 5; col <= c.Col+5; col++ {
				seen[sparse.Cell{Row: row, Col: col}] = true
			}
		}
	}
	cells := slices.SortedFunc(maps.Keys(seen), func(a, b sparse.Cell) int {
		return cmp.Or(cmp.Compare(a.Row, b.Row), cmp.Compare(a.Col, b.Col))
	})
	var out []cellFoul
	for _, c := range cells {
		if f := renju.Check(r, c.Row, c.Col); f != renju.None {
			out = append(out, cellFoul{c, f})
		}
	}
	return out
}

type cellFoul struct {
	cell sparse.Cell
	foul Foul
}

// checkForbidden compares the cells g says are forbidden to the player to
// move with want, the referee's.
func checkForbidden(t *testing.T, g *Game, want []cellFoul) {
	t.Helper()
	var got []cellFoul
	for c, f := range g.ForbiddenCells() {
		got = append(got, cellFoul{c, f})
		if g.Forbidden(c.Row, c.Col) != f {
			require.Equal(t, f, g.Forbidden(c.Row, c.Col), "Forbidden at %v", c)
		}
	}
	require.Equal(t, want, got, "ForbiddenCells")
}
