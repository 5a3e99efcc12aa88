package multi

import (
	"slices"

	"github.com/gomoku-engine/gomoku/engine/internal/cellkey"
	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
	"github.com/gomoku-engine/gomoku/engine/player/internal/sparsesearch"
)

// runModel predicts the free move of a player who looks one move ahead
// and judges a cell by the runs it joins and cuts: on each axis the run of
// its own marks the cell would extend and the run of another player's it
// would cut, longer and more open runs counting more, attack 5/4 of
// defence. That is how a player with no deeper plan picks a cell, and it
// is Greedy's local score exactly (flat boards; the search plays no
// torus), so the model predicts such a player move for move, bar ties.
//
// It keeps, for every empty cell within distance 2 of a mark (the cells
// such a player considers), what lies on each side of it on each axis,
// and updates the cells a mark can change as the search plays and takes
// back moves: the cells within K−1 of it on its axes, and the cells it
// brings within distance 2.
type runModel struct {
	t     *sparsesearch.Tracker
	index map[uint64]int32
	cells []modelCell
	// log holds the cells' states before each change; frames[i] is the
	// log's length before the i-th applied move.
	log    []modelChange
	frames []int
	// scratch is storage for predictions, reused.
	scratch []uint64
}

// runSide is what lies next to an empty cell in one direction: owner is
// the adjacent cell's player, 0 when it is empty, sparsesearch.OffBoard when it is off
// the board; n is the length of owner's run from there (at most K−1) and
// open whether the cell ending it is empty (for owner 0: always).
type runSide struct {
	owner int16
	n     int8
	open  bool
}

// modelCell is one candidate cell: its sides on each axis (index 0 in
// the axis's direction, 1 against it), and whether it has been taken.
type modelCell struct {
	key   uint64
	sides [4][2]runSide
	taken bool
}

// modelChange is a cell's state before a change; added marks a cell that
// the change brought into the model.
type modelChange struct {
	idx   int32
	old   modelCell
	added bool
}

// modelRadius is the distance from a mark within which the modelled
// player considers cells.
const modelRadius = 2

// newRunModel builds the model of the tracker's position.
func newRunModel(t *sparsesearch.Tracker) *runModel {
	m := &runModel{t: t, index: make(map[uint64]int32, len(t.Near()))}
	if t.Radius() >= modelRadius {
		for key := range t.Near() {
			m.add(key)
		}
		return m
	}
	for c := range t.Game().Marks() {
		m.addAround(c.Row, c.Col)
	}
	return m
}

// addAround brings into the model the empty cells within modelRadius of
// (r, c) that it does not hold yet.
func (m *runModel) addAround(r, c int) {
	for dr := -modelRadius; dr <= modelRadius; dr++ {
		for dc := -modelRadius; dc <= modelRadius; dc++ {
			key := cellkey.Pack(r+dr, c+dc)
			if _, ok := m.index[key]; !ok {
				m.add(key)
			}
		}
	}
}

// add brings the cell key into the model if it is empty, reading its
// sides, and reports whether it did.
func (m *runModel) add(key uint64) bool {
	r, c := cellkey.Unpack(key)
	if m.t.Cell(r, c) != 0 {
		return false
	}
	e := modelCell{key: key}
	for a, ax := range core.Axes {
		e.sides[a][0] = m.side(r, c, ax.DR, ax.DC)
		e.sides[a][1] = m.side(r, c, -ax.DR, -ax.DC)
	}
	m.index[key] = int32(len(m.cells))
	m.cells = append(m.cells, e)
	return true
}

// side reads the line from the empty (r, c) in direction (dr, dc).
func (m *runModel) side(r, c, dr, dc int) runSide {
	t := m.t
	first := t.Cell(r+dr, c+dc)
	if first <= 0 {
		return runSide{owner: int16(first), open: first == 0}
	}
	n := 1
	for step := 2; step < t.K(); step++ {
		v := t.Cell(r+step*dr, c+step*dc)
		if v != first {
			return runSide{owner: int16(first), n: int8(n), open: v == 0}
		}
		n++
	}
	return runSide{owner: int16(first), n: int8(n)}
}

// apply brings the model up to date with the mark the tracker just placed
// at (r, c).
func (m *runModel) apply(r, c int) {
	m.frames = append(m.frames, len(m.log))
	if i, ok := m.index[cellkey.Pack(r, c)]; ok {
		m.save(i)
		m.cells[i].taken = true
	}
	for a, ax := range core.Axes {
		for s, sign := range [2]int{1, -1} {
			// Cells in direction sign from the mark see it on their side
			// against that direction.
			for d := 1; d < m.t.K(); d++ {
				xr, xc := r+sign*d*ax.DR, c+sign*d*ax.DC
				i, ok := m.index[cellkey.Pack(xr, xc)]
				if !ok || m.cells[i].taken {
					continue
				}
				m.save(i)
				m.cells[i].sides[a][1-s] = m.side(xr, xc, -sign*ax.DR, -sign*ax.DC)
			}
		}
	}
	for dr := -modelRadius; dr <= modelRadius; dr++ {
		for dc := -modelRadius; dc <= modelRadius; dc++ {
			key := cellkey.Pack(r+dr, c+dc)
			if _, ok := m.index[key]; !ok && m.add(key) {
				m.log = append(m.log, modelChange{idx: int32(len(m.cells) - 1), added: true})
			}
		}
	}
}

// save logs cell i's state before a change.
func (m *runModel) save(i int32) {
	m.log = append(m.log, modelChange{idx: i, old: m.cells[i]})
}

// undo takes back the latest apply.
func (m *runModel) undo() {
	start := m.frames[len(m.frames)-1]
	m.frames = m.frames[:len(m.frames)-1]
	for j := len(m.log) - 1; j >= start; j-- {
		ch := m.log[j]
		if ch.added {
			delete(m.index, m.cells[ch.idx].key)
			m.cells = m.cells[:ch.idx]
			continue
		}
		m.cells[ch.idx] = ch.old
	}
	m.log = m.log[:start]
}

// score is the cell's local score for player p: on each axis, the run of
// p's marks it joins and the other players' runs it cuts, a run of n marks
// with e open ends worth (n+1)²·(e+1); attack weighs 5, defence 4.
func (e *modelCell) score(p int) int {
	attack, defence := 0, 0
	for a := range e.sides {
		an, ao, dn, do := 0, 0, 0, 0
		for _, s := range e.sides[a] {
			switch {
			case s.owner == 0:
				ao++
				do++
			case s.owner < 0:
			case int(s.owner) == p:
				an += int(s.n)
				if s.open {
					ao++
				}
			default:
				dn += int(s.n)
				if s.open {
					do++
				}
			}
		}
		attack += core.RunWorth(an, ao)
		defence += core.RunWorth(dn, do)
	}
	return core.LocalWorth(attack, defence)
}

// best appends to out p's highest-scoring cells among cells (all the
// model's cells when nil), in row-major order.
func (m *runModel) best(p int, cells []uint64, out []uint64) []uint64 {
	base, bestScore := len(out), -1
	consider := func(key uint64, s int) {
		switch {
		case s > bestScore:
			bestScore, out = s, append(out[:base], key)
		case s == bestScore:
			out = append(out, key)
		}
	}
	if cells != nil {
		for _, key := range cells {
			if i, ok := m.index[key]; ok {
				consider(key, m.cells[i].score(p))
			}
		}
	} else {
		for i := range m.cells {
			if e := &m.cells[i]; !e.taken {
				consider(e.key, e.score(p))
			}
		}
	}
	slices.SortFunc(out[base:], cellkey.Compare)
	return out
}

// predict appends to out the moves the model expects of p, all equally
// likely: its winning cell (won true), else the blocks of the first player
// after p in turn order who has a winning cell (those p scores best), else
// p's best cells. It appends nothing when p has no cell to play.
func (m *runModel) predict(p int, out []uint64) (moves []uint64, won bool) {
	t := m.t
	if len(t.Fours(p)) > 0 {
		return append(out, sparsesearch.SortedCells(t.Fours(p))[0]), true
	}
	for i := 1; i < t.Players(); i++ {
		q := (p+i-1)%t.Players() + 1
		if len(t.Fours(q)) > 0 {
			if moves = m.best(p, sparsesearch.SortedCells(t.Fours(q)), out); len(moves) > len(out) {
				return moves, false
			}
		}
	}
	return m.best(p, nil, out), false
}
