package brain

import (
	"github.com/gomoku-engine/gomoku/engine/gomocup"

	"cmp"
	"fmt"
	"slices"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/renju"
	"github.com/gomoku-engine/gomoku/sparse"
)

// stone is a stone as the manager described it.
type stone struct {
	x, y int
	f    gomocup.Field
}

// position is the board as the protocol sees it: the brain's, the
// opponent's and dead stones in the order they arrived. It is the single
// authority on which cells are free; the engine game handed to a strategy is
// rebuilt from it for every move.
type position struct {
	cols, rows int
	stones     []stone
	at         map[[2]int]gomocup.Field
}

func newPosition(cols, rows int) *position {
	return &position{cols: cols, rows: rows, at: make(map[[2]int]gomocup.Field)}
}

func (p *position) onBoard(x, y int) bool { return x >= 0 && x < p.cols && y >= 0 && y < p.rows }

// free explains why (x, y) cannot take a stone, or returns nil.
func (p *position) free(x, y int) error {
	if !p.onBoard(x, y) {
		return fmt.Errorf("%d,%d is off the %dx%d board (coordinates are 0-based)", x, y, p.cols, p.rows)
	}
	if p.at[[2]int{x, y}] != 0 {
		return fmt.Errorf("%d,%d is occupied", x, y)
	}
	return nil
}

func (p *position) place(x, y int, f gomocup.Field) {
	p.stones = append(p.stones, stone{x, y, f})
	p.at[[2]int{x, y}] = f
}

// remove takes the stone at (x, y) away and reports whether there was one.
func (p *position) remove(x, y int) bool {
	if p.at[[2]int{x, y}] == 0 {
		return false
	}
	delete(p.at, [2]int{x, y})
	p.stones = slices.DeleteFunc(p.stones, func(s stone) bool { return s.x == x && s.y == y })
	return true
}

// toMove is whose stone comes next as the counts tell: the opponent's when
// the brain has one stone more and there are no dead stones, else the
// brain's (the side a move request asks for).
func (p *position) toMove() gomocup.Field {
	var n [4]int
	for _, s := range p.stones {
		n[s.f]++
	}
	if n[gomocup.FieldDead] == 0 && n[gomocup.FieldOwn] == n[gomocup.FieldOpponent]+1 {
		return gomocup.FieldOpponent
	}
	return gomocup.FieldOwn
}

// seenBy is the position as the side f sees it: p itself for the brain,
// a copy with the brain's and the opponent's stones swapped for the
// opponent.
func (p *position) seenBy(f gomocup.Field) *position {
	if f == gomocup.FieldOwn {
		return p
	}
	q := newPosition(p.cols, p.rows)
	for _, s := range p.stones {
		switch s.f {
		case gomocup.FieldOwn:
			s.f = gomocup.FieldOpponent
		case gomocup.FieldOpponent:
			s.f = gomocup.FieldOwn
		}
		q.place(s.x, s.y, s.f)
	}
	return q
}

func (p *position) full() bool { return len(p.stones) >= p.cols*p.rows }

func (p *position) empties() int { return p.cols*p.rows - len(p.stones) }

// game builds the engine game a strategy sees and the player number the
// brain has in it. When the colours can be told apart (as many own stones
// as the opponent's: the brain began; one fewer: the opponent began) the
// stones are replayed alternately in rotation, so the strategy sees an
// ordinary game in which it is to move. Otherwise (dead stones, or counts
// no alternating game could reach, as a human may set up) the stones are
// placed in free order, dead ones as a third player. It returns nil when
// the position holds a finished game (a five already on the board), which
// no strategy can be asked about; the fallback move covers that case.
func (p *position) game(k int, rule engine.Rule) (*engine.Game, int) {
	var own, opp, dead []stone
	for _, s := range p.stones {
		switch s.f {
		case gomocup.FieldOwn:
			own = append(own, s)
		case gomocup.FieldOpponent:
			opp = append(opp, s)
		default:
			dead = append(dead, s)
		}
	}
	opts := []engine.Option{engine.WithK(k), engine.WithRule(rule), engine.WithBounds(p.rows, p.cols)}
	if len(dead) == 0 && (len(own) == len(opp) || len(opp) == len(own)+1) {
		first, second, me := own, opp, 1
		if len(opp) > len(own) {
			first, second, me = opp, own, 2
		}
		moves := make([]engine.Move, 0, len(p.stones))
		for i := range first {
			moves = append(moves, engine.Move{Row: first[i].y, Col: first[i].x, Player: 1})
			if i < len(second) {
				moves = append(moves, engine.Move{Row: second[i].y, Col: second[i].x, Player: 2})
			}
		}
		if g, me := playable(moves, me, opts...); g != nil || rule != engine.Renju {
			return g, me
		}
		// Stones sent in another order than they were played can make a
		// black stone forbidden on the way (a double three that a white
		// stone sent later stops): take black's stones in the first
		// order that renju allows.
		return renjuOrder(moves, me, opts...)
	}
	if rule == engine.Renju && len(dead) > 0 {
		return nil, 0 // renju has no third player
	}
	players := 2
	if len(dead) > 0 {
		players = 3
	}
	moves := make([]engine.Move, len(p.stones))
	for i, s := range p.stones {
		moves[i] = engine.Move{Row: s.y, Col: s.x, Player: int(s.f)}
	}
	return playable(moves, int(gomocup.FieldOwn), append(opts, engine.WithFreeOrder(), engine.WithPlayers(players))...)
}

// renjuOrder replays moves alternately, white's in their order and, at
// each of black's turns, the first of black's remaining stones renju
// allows then. It returns nil when at some turn none is allowed.
func renjuOrder(moves []engine.Move, me int, opts ...engine.Option) (*engine.Game, int) {
	g, err := engine.New(opts...)
	if err != nil {
		return nil, 0
	}
	var black, white []engine.Move
	for _, m := range moves {
		if m.Player == 1 {
			black = append(black, m)
		} else {
			white = append(white, m)
		}
	}
	for len(black)+len(white) > 0 {
		next := &white
		if g.Turn() == 1 {
			next = &black
		}
		i := slices.IndexFunc(*next, func(m engine.Move) bool {
			return g.CanPlace(m.Row, m.Col) == nil && g.Forbidden(m.Row, m.Col) == renju.None
		})
		if i < 0 {
			return nil, 0
		}
		if _, err := g.Play((*next)[i].Row, (*next)[i].Col); err != nil || g.Status() != engine.Ongoing {
			return nil, 0
		}
		*next = slices.Delete(*next, i, i+1)
	}
	return g, me
}

// playable replays moves on a game configured by opts and returns it with
// me, or nil when a move is refused or the game is over.
func playable(moves []engine.Move, me int, opts ...engine.Option) (*engine.Game, int) {
	g, err := engine.FromMoves(moves, opts...)
	if err != nil || g.Status() != engine.Ongoing {
		return nil, 0
	}
	return g, me
}

// fallback chooses a legal cell at once, without search: a cell that wins
// for the brain, else one that stops the opponent's five, else the free
// cell with the most stones around it (nearest the centre on ties), else
// the centre, else the first free cell; under renju, for black, only cells
// renju allows. g may be nil. It reports false on a full board, or when
// renju forbids black every free cell.
func (p *position) fallback(g *engine.Game, me int) (x, y int, ok bool) {
	if p.full() {
		return 0, 0, false
	}
	cands := p.candidates()
	if g != nil {
		// Under renju black may not mark a forbidden cell, not even to
		// block: such a block is no block.
		cands = slices.DeleteFunc(cands, func(c sparse.Cell) bool { return g.Forbidden(c.Row, c.Col) != renju.None })
		opp := 3 - me
		if g.Config().Players == 3 {
			opp = int(gomocup.FieldOpponent)
		}
		for _, who := range []int{me, opp} {
			for _, c := range cands {
				if won, err := g.WouldWin(c.Row, c.Col, who); err == nil && won {
					return c.Col, c.Row, true
				}
			}
		}
	}
	if len(cands) > 0 {
		return cands[0].Col, cands[0].Row, true
	}
	allowed := func(x, y int) bool {
		return p.free(x, y) == nil && (g == nil || g.Forbidden(y, x) == renju.None)
	}
	cx, cy := p.cols/2, p.rows/2
	if allowed(cx, cy) {
		return cx, cy, true
	}
	for y := range p.rows {
		for x := range p.cols {
			if allowed(x, y) {
				return x, y, true
			}
		}
	}
	return 0, 0, false // every free cell is forbidden to black
}

// candidates lists the free cells within two of a stone, most crowded
// first, then nearest the centre, then in row-major order, so the choice
// never depends on map order.
func (p *position) candidates() []sparse.Cell {
	score := make(map[[2]int]int)
	for _, s := range p.stones {
		for dy := -2; dy <= 2; dy++ {
			for dx := -2; dx <= 2; dx++ {
				x, y := s.x+dx, s.y+dy
				if p.free(x, y) != nil {
					continue
				}
				w := 1
				if max(abs(dx), abs(dy)) == 1 {
					w = 3 // adjacent stones count more
				}
				score[[2]int{x, y}] += w
			}
		}
	}
	cells := make([]sparse.Cell, 0, len(score))
	for k := range score {
		cells = append(cells, sparse.Cell{Row: k[1], Col: k[0]})
	}
	cx, cy := p.cols/2, p.rows/2
	slices.SortFunc(cells, func(a, b sparse.Cell) int {
		sa, sb := score[[2]int{a.Col, a.Row}], score[[2]int{b.Col, b.Row}]
		if c := cmp.Compare(sb, sa); c != 0 {
			return c
		}
		da := max(abs(a.Col-cx), abs(a.Row-cy))
		db := max(abs(b.Col-cx), abs(b.Row-cy))
		if c := cmp.Compare(da, db); c != 0 {
			return c
		}
		return a.Compare(b)
	})
	return cells
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
