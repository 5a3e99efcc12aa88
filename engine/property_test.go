package engine

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/gomoku-engine/gomoku/sparse"
	"github.com/stretchr/testify/require"
)

// table is one configuration played by every checker that accepts it on
// every board layout, with a referee beside them.
type table struct {
	cfg   Config
	games []*Game
	ref   *referee
	// origin and span define the window moves are drawn from; unbounded
	// games may sit against the edge of the coordinate range.
	origin sparse.Cell
	span   int
}

var allCheckers = []CheckerKind{WalkChecker, RunsChecker, LinesChecker}

func newTable(t *testing.T, cfg Config, origin sparse.Cell, span int) *table {
	t.Helper()
	tb := &table{cfg: cfg, ref: newReferee(cfg), origin: origin, span: span}
	for _, k := range allCheckers {
		for _, l := range sparse.Layouts() {
			g, err := New(WithConfig(cfg), WithChecker(k), WithLayout(l))
			if errors.Is(err, ErrCheckerUnsupported) {
				continue
			}
			require.NoError(t, err)
			tb.games = append(tb.games, g)
		}
	}
	require.NotEmpty(t, tb.games, "no checker accepts %v", cfg)
	return tb
}

// randomConfig draws a configuration from the whole space the property
// tests cover: bounded or not, K 1..7, N 2..5, every rule (renju with its
// two players and K = 5) and both turn orders.
func randomConfig(rng *rand.Rand) (Config, sparse.Cell, int) {
	cfg := Config{K: 1 + rng.IntN(7), Players: 2 + rng.IntN(4), Rule: Rule(rng.IntN(2)), Order: TurnOrder(rng.IntN(2))}
	if rng.IntN(4) == 0 {
		cfg.K, cfg.Players, cfg.Rule = 5, 2, Renju
		if rng.IntN(2) == 0 {
			cfg.Rows, cfg.Cols = 5+rng.IntN(4), 1+rng.IntN(8)
			return cfg, sparse.Cell{Row: -1, Col: -1}, max(cfg.Rows, cfg.Cols) + 2
		}
	} else if rng.IntN(2) == 0 {
		if rng.IntN(3) == 0 { // square with K = n, where the line counters apply
			n := 1 + rng.IntN(6)
			cfg.Rows, cfg.Cols, cfg.K = n, n, n
		} else {
			cfg.Rows, cfg.Cols = 1+rng.IntN(7), 1+rng.IntN(7)
			cfg.K = 1 + rng.IntN(max(cfg.Rows, cfg.Cols))
		}
		return cfg, sparse.Cell{Row: -1, Col: -1}, max(cfg.Rows, cfg.Cols) + 2
	}
	origins := []sparse.Cell{
		{Row: 0, Col: 0},
		{Row: sparse.MaxCoord - 5, Col: sparse.MaxCoord - 5},
		{Row: sparse.MinCoord - 2, Col: sparse.MaxCoord - 8},
		{Row: sparse.MinCoord - 3, Col: sparse.MinCoord - 3},
	}
	return cfg, origins[rng.IntN(len(origins))], 5 + rng.IntN(5)
}

// step performs one random operation on every game and the referee, and
// checks they all agree.
func (tb *table) step(t *testing.T, rng *rand.Rand) {
	t.Helper()
	switch op := rng.IntN(20); {
	case op < 13:
		tb.play(t, tb.randomMove(rng))
	case op < 16:
		tb.undo(t)
	case op < 18:
		tb.redo(t)
	default:
		tb.wouldWin(t, tb.randomMove(rng))
	}
}

// play offers m to every game and checks each accepts or refuses it as the
// referee says, with the same outcome.
func (tb *table) play(t *testing.T, m Move) {
	t.Helper()
	want := tb.ref.refusal(m, true)
	wantOut := Ongoing
	if want == nil {
		tb.ref.play(m)
		tb.ref.redo = tb.ref.redo[:0]
		wantOut = tb.ref.status()
	}
	for _, g := range tb.games {
		out, err := g.PlayAs(m.Row, m.Col, m.Player)
		if want != nil {
			require.ErrorIs(t, err, want, "%v on %v", m, g.cfg)
			var me *MoveError
			require.ErrorAs(t, err, &me)
			require.Equal(t, m, me.Move)
			continue
		}
		require.NoError(t, err, "%v on %v", m, g.cfg)
		require.Equal(t, wantOut, out, "outcome of %v on %v", m, g.cfg)
	}
	tb.check(t)
}

func (tb *table) undo(t *testing.T) {
	t.Helper()
	for _, g := range tb.games {
		m, err := g.Undo()
		if len(tb.ref.history) == 0 {
			require.ErrorIs(t, err, ErrNothingToUndo)
			continue
		}
		require.NoError(t, err)
		require.Equal(t, tb.ref.history[len(tb.ref.history)-1], m)
	}
	if len(tb.ref.history) > 0 {
		tb.ref.undo()
	}
	tb.check(t)
}

func (tb *table) redo(t *testing.T) {
	t.Helper()
	var want Move
	ok := len(tb.ref.redo) > 0
	if ok {
		want = tb.ref.redo[len(tb.ref.redo)-1]
		tb.ref.redo = tb.ref.redo[:len(tb.ref.redo)-1]
		tb.ref.play(want)
	}
	for _, g := range tb.games {
		m, out, err := g.Redo()
		if !ok {
			require.ErrorIs(t, err, ErrNothingToRedo)
			continue
		}
		require.NoError(t, err)
		require.Equal(t, want, m)
		require.Equal(t, tb.ref.status(), out)
	}
	tb.check(t)
}

func (tb *table) wouldWin(t *testing.T, m Move) {
	t.Helper()
	want := tb.ref.refusal(m, false)
	for _, g := range tb.games {
		win, err := g.WouldWin(m.Row, m.Col, m.Player)
		if want != nil {
			require.ErrorIs(t, err, want)
			continue
		}
		require.NoError(t, err)
		require.Equal(t, tb.ref.wouldWin(m), win, "WouldWin %v on %v", m, g.cfg)
	}
	tb.check(t)
}

func (tb *table) check(t *testing.T) {
	t.Helper()
	fouls := tb.ref.fouls()
	for _, g := range tb.games {
		checkInvariants(t, g, tb.ref)
		checkForbidden(t, g, fouls)
	}
}

// randomMove mostly proposes plausible moves but also wrong players, bad
// player numbers and cells outside the window.
func (tb *table) randomMove(rng *rand.Rand) Move {
	m := Move{Row: tb.origin.Row + rng.IntN(tb.span), Col: tb.origin.Col + rng.IntN(tb.span), Player: tb.ref.turn()}
	switch rng.IntN(12) {
	case 0:
		m.Player = rng.IntN(tb.cfg.Players+2) - 0 // 0 and N+1 are out of range
	case 1:
		m.Player = 1 + rng.IntN(tb.cfg.Players)
	case 2:
		m.Row += 1 << 32 // would alias m.Row if truncated to 32 bits
	}
	if tb.cfg.Order == FreeOrder {
		// One busy player makes long runs, overlines and merged runs common.
		m.Player = []int{1, 1, 1 + rng.IntN(tb.cfg.Players)}[rng.IntN(3)]
	}
	return m
}

// scaled is n, or a tenth of it in -short and -race runs.
func scaled(n int) int {
	if testing.Short() || raceEnabled {
		return max(1, n/10)
	}
	return n
}

func TestRandomGamesAgainstReferee(t *testing.T) {
	games := scaled(2000)
	rng := rand.New(rand.NewPCG(2026, 11))
	played := playRandomTables(t, rng, games, func(*table) {}, randomConfig)
	t.Logf("%d configurations, %d checker-games of %d operations each", games, played, randomSteps)
}

// randomSteps is the number of operations of each random game.
const randomSteps = 80

// playRandomTables plays games configurations drawn by draw, each for
// randomSteps random operations checked against the referee, calls after
// on each table when done, and returns the number of checker-games.
func playRandomTables(t *testing.T, rng *rand.Rand, games int, after func(*table), draw func(*rand.Rand) (Config, sparse.Cell, int)) int {
	t.Helper()
	played := 0
	for range games {
		cfg, origin, span := draw(rng)
		tb := newTable(t, cfg, origin, span)
		for range randomSteps {
			tb.step(t, rng)
		}
		played += len(tb.games)
		after(tb)
	}
	return played
}

// randomTorus draws a torus configuration: 1 × n and n × 1 strips, squares
// (with K = n, where the line counters apply) and rectangles whose
// diagonals are longer than both sides, K often equal to a cycle's length
// (a row's, a column's or a diagonal's), both rules and turn orders.
func randomTorus(rng *rand.Rand) Config {
	cfg := Config{Torus: true, Players: 2 + rng.IntN(3), Rule: Rule(rng.IntN(2)), Order: TurnOrder(rng.IntN(2))}
	n := 1 + rng.IntN(7)
	switch rng.IntN(5) {
	case 0:
		cfg.Rows, cfg.Cols = 1, n
	case 1:
		cfg.Rows, cfg.Cols = n, 1
	case 2:
		cfg.Rows, cfg.Cols = n, n
	default:
		cfg.Rows, cfg.Cols = 2+rng.IntN(5), 2+rng.IntN(5)
	}
	cycles := []int{cfg.Cols, cfg.Rows, lcm(cfg.Rows, cfg.Cols)}
	if rng.IntN(3) == 0 {
		cfg.K = 1 + rng.IntN(cycles[2])
	} else {
		cfg.K = cycles[rng.IntN(3)]
	}
	return cfg
}

func TestRandomTorusGamesAgainstReferee(t *testing.T) {
	games := scaled(1500)
	rng := rand.New(rand.NewPCG(2026, 15))
	lines, wins := 0, 0
	// The shapes and rules that make a torus hard, each of which must occur.
	seen := map[string]int{}
	played := playRandomTables(t, rng, games, func(tb *table) {
		if len(tb.games) == len(allCheckers)*len(sparse.Layouts()) {
			lines++
		}
		if tb.ref.status() == Won {
			wins++
		}
		c := tb.cfg
		for name, ok := range map[string]bool{
			"1 × n":                           c.Rows == 1 && c.Cols > 1,
			"n × 1":                           c.Cols == 1 && c.Rows > 1,
			"rows ≠ cols":                     c.Rows > 1 && c.Cols > 1 && c.Rows != c.Cols,
			"K = a row's length":              c.K == c.Cols,
			"K = a column's length":           c.K == c.Rows,
			"K = a diagonal longer than both": c.K == lcm(c.Rows, c.Cols) && c.K > max(c.Rows, c.Cols),
			"exact":                           c.Rule == Exact,
			"freestyle":                       c.Rule == Freestyle,
			"free order":                      c.Order == FreeOrder,
		} {
			if ok {
				seen[name]++
			}
		}
	}, func(rng *rand.Rand) (Config, sparse.Cell, int) {
		cfg := randomTorus(rng)
		return cfg, sparse.Cell{Row: -1, Col: -1}, max(cfg.Rows, cfg.Cols) + 2
	})
	t.Logf("%d tori, %d checker-games of %d operations each (%d with the line counters, %d ending on a win)", games, played, randomSteps, lines, wins)
	t.Logf("%v", seen)
	require.Len(t, seen, 9, "every shape and rule was played")
	for name, n := range seen {
		require.Greater(t, n, games/50, name)
	}
	require.Positive(t, lines, "the line counters were never compared")
	require.Greater(t, wins, games/10, "wins are common enough to test")
}

// TestLongTorusRunsAgainstReferee builds long runs on tori wider than a
// tile of the board's store, mostly along one line at a time and across
// its edges, so that the walks read stretches of several tiles, wrap, and
// meet all around a cycle, with undo and redo between, against the
// referee.
func TestLongTorusRunsAgainstReferee(t *testing.T) {
	configs := scaled(60)
	rng := rand.New(rand.NewPCG(2026, 16))
	for range configs {
		cfg := Config{Torus: true, Players: 2, Rule: Rule(rng.IntN(2)), Order: FreeOrder}
		cfg.Rows, cfg.Cols = 1+rng.IntN(30), 9+rng.IntN(30)
		if rng.IntN(2) == 0 {
			cfg.Rows, cfg.Cols = cfg.Cols, cfg.Rows
		}
		cycles := []int{cfg.Cols, cfg.Rows, lcm(cfg.Rows, cfg.Cols)}
		cfg.K = min(cycles[rng.IntN(3)], 1+rng.IntN(40))
		tb := newTable(t, cfg, sparse.Cell{Row: -1, Col: -1}, max(cfg.Rows, cfg.Cols)+2)
		for range 12 {
			d := refereeDirs[rng.IntN(len(refereeDirs))]
			r, c := rng.IntN(cfg.Rows), rng.IntN(cfg.Cols)
			for range rng.IntN(cfg.K + 3) {
				switch {
				case tb.ref.status() != Ongoing:
					tb.undo(t)
				case rng.IntN(10) == 0:
					tb.step(t, rng)
				case tb.ref.marks[sparse.Cell{Row: r, Col: c}] == 0:
					tb.play(t, Move{Row: r, Col: c, Player: 1 + rng.IntN(12)/11})
				}
				r, c = (r+d[0]+cfg.Rows)%cfg.Rows, (c+d[1]+cfg.Cols)%cfg.Cols
			}
		}
	}
}
