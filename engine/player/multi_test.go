package player_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player"
	"github.com/gomoku-engine/gomoku/sparse"
)

// multiPosition plays, in rotation, each player's cells (marks[p-1] for
// player p) on a new game with the given options and n players, and
// returns it with player 1 to move. Players with fewer cells than the
// others fill their turns with isolated marks far from the action.
func multiPosition(t *testing.T, n int, opts []engine.Option, marks [][]sparse.Cell) *engine.Game {
	t.Helper()
	cfg := engine.DefaultConfig()
	cfg.Players = n
	g := newGame(t, append([]engine.Option{engine.WithConfig(cfg)}, opts...)...)
	rounds := 0
	for _, m := range marks {
		rounds = max(rounds, len(m))
	}
	filler := 0
	for i := range rounds {
		for p := 1; p <= n; p++ {
			var c sparse.Cell
			if p <= len(marks) && i < len(marks[p-1]) {
				c = marks[p-1][i]
			} else {
				// Three columns apart and on rows of their own: no two
				// fillers share a live window.
				c = sparse.Cell{Row: 3 * (filler / 6), Col: 30 + 3*(filler%6)}
				filler++
			}
			play(t, g, c)
		}
	}
	require.Equal(t, 1, g.Turn())
	return g
}

// multiBoards are the boards of the set positions: infinite, and bounded
// with room for the fillers.
var multiBoards = []struct {
	name string
	opts []engine.Option
}{
	{"infinite", nil},
	{"bounded", []engine.Option{engine.WithBounds(40, 50)}},
}

// searches builds one deterministic search per look-ahead.
func searches() map[string]*player.Search {
	out := map[string]*player.Search{}
	for _, m := range []player.MultiSearch{player.BestReply, player.Paranoid, player.MaxN, player.Planned} {
		out[m.String()] = player.NewSearch(player.WithBudget(0), player.WithMaxDepth(2), player.WithMultiSearch(m))
	}
	return out
}

// eachMulti runs f for every look-ahead, board and number of players.
func eachMulti(t *testing.T, ns []int, f func(t *testing.T, s *player.Search, n int, opts []engine.Option)) {
	for name, s := range searches() {
		for _, b := range multiBoards {
			for _, n := range ns {
				t.Run(fmt.Sprintf("%s/%s/N=%d", name, b.name, n), func(t *testing.T) { f(t, s, n, b.opts) })
			}
		}
	}
}

// TestMultiForcingDoubleThreat: player 1 has an open three on row 10 and
// three on column 14 ending below the row, the corner (10, 14) empty.
// Marking it makes two open fours: four winning cells, more than the N−1
// opponents can block before player 1 moves again for N = 3 and 4. An
// open four alone (two cells, the row's far end) is not enough against
// two or more blockers. With five players, four blockers take all four
// cells: the search must not count it a forced win.
func TestMultiForcingDoubleThreat(t *testing.T) {
	mine := append(run(10, 11, 3), column(11, 14, 3)...)
	eachMulti(t, []int{3, 4, 5}, func(t *testing.T, s *player.Search, n int, opts []engine.Option) {
		g := multiPosition(t, n, opts, [][]sparse.Cell{mine})
		c := chooseLegal(t, s, g)
		if n == 5 {
			assert.Equal(t, player.ReasonSearch, s.LastStats().Reason)
			assert.Less(t, s.LastStats().Score, int64(1)<<49, "a forced win claimed")
			return
		}
		assert.Equal(t, sparse.Cell{Row: 10, Col: 14}, c)
		assert.Equal(t, player.ReasonVCF, s.LastStats().Reason)
	})
}

// TestMultiNoForcingWithOneThreat: with only the open three, no move
// leaves more winning cells than two or more blockers can take, so the
// search claims no forcing win.
func TestMultiNoForcingWithOneThreat(t *testing.T) {
	eachMulti(t, []int{3, 4}, func(t *testing.T, s *player.Search, n int, opts []engine.Option) {
		g := multiPosition(t, n, opts, [][]sparse.Cell{run(10, 11, 3)})
		chooseLegal(t, s, g)
		assert.Equal(t, player.ReasonSearch, s.LastStats().Reason)
	})
}

// TestMultiLeavesThreatToNextOpponent: player 3 has a four (row 20,
// columns 10–13, blocked at column 9 by player 2), and player 2, who
// moves in between, can and will block its cell (20, 14). Player 1 does
// not: its open three on row 10 becomes an open four, player 2 is busy
// with player 3's four, player 3 blocks one end and player 1 wins at
// the other.
func TestMultiLeavesThreatToNextOpponent(t *testing.T) {
	marks := [][]sparse.Cell{
		run(10, 11, 3),
		{{Row: 20, Col: 9}},
		run(20, 10, 4),
	}
	eachMulti(t, []int{3}, func(t *testing.T, s *player.Search, n int, opts []engine.Option) {
		g := multiPosition(t, n, opts, marks)
		c := chooseLegal(t, s, g)
		assert.Contains(t, []sparse.Cell{{Row: 10, Col: 10}, {Row: 10, Col: 14}}, c)
		assert.Equal(t, player.ReasonVCF, s.LastStats().Reason)
	})
}

// TestMultiBlocksWhenNobodyElseWill: the same open three for player 1,
// but now the threat is one that no player moving before its owner can
// stop: player 2, next in turn, has the four, or player 3 has an open
// four (two cells) and player 2 can block only one. Player 1 blocks,
// since its own open four would come too late.
func TestMultiBlocksWhenNobodyElseWill(t *testing.T) {
	cases := []struct {
		name   string
		marks  [][]sparse.Cell
		blocks []sparse.Cell
	}{
		{"next player's four", [][]sparse.Cell{
			run(10, 11, 3),
			run(20, 10, 4),
			{{Row: 20, Col: 9}},
		}, []sparse.Cell{{Row: 20, Col: 14}}},
		{"open four two seats on", [][]sparse.Cell{
			run(10, 11, 3),
			nil,
			run(20, 10, 4),
		}, []sparse.Cell{{Row: 20, Col: 9}, {Row: 20, Col: 14}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			eachMulti(t, []int{3}, func(t *testing.T, s *player.Search, n int, opts []engine.Option) {
				g := multiPosition(t, n, opts, tc.marks)
				c := chooseLegal(t, s, g)
				assert.Contains(t, tc.blocks, c)
			})
		})
	}
}

// TestMultiSearchNames: every look-ahead's name reads back, and an
// unknown one is refused.
func TestMultiSearchNames(t *testing.T) {
	var names []string
	for _, m := range []player.MultiSearch{player.MaxN, player.Paranoid, player.BestReply, player.Planned} {
		got, err := player.ParseMultiSearch(m.String())
		require.NoError(t, err)
		assert.Equal(t, m, got)
		names = append(names, m.String())
	}
	assert.Equal(t, []string{"max-n", "paranoid", "best-reply", "planned"}, names)
	assert.False(t, slices.Contains(names, player.MultiSearch(9).String()))
	_, err := player.ParseMultiSearch("minimax")
	assert.ErrorIs(t, err, player.ErrUnknown)
}

// TestMultiBusyBlockers: four players. Player 1 can mark (10, 14) for an
// open four on row 10 and a four on column 14 (closed below by player 3):
// three winning cells, one short against three blockers. But player 4
// has a four of its own (row 20, closed by player 2): player 2, the first
// to move, must block it, so only two blockers are left for player 1's
// three cells, and the move wins. Without player 4's four it does not.
func TestMultiBusyBlockers(t *testing.T) {
	mine := append(run(10, 11, 3), column(11, 14, 3)...)
	for _, busy := range []bool{true, false} {
		marks := [][]sparse.Cell{mine, nil, {{Row: 14, Col: 14}}, nil}
		if busy {
			marks[1] = []sparse.Cell{{Row: 20, Col: 9}}
			marks[3] = run(20, 10, 4)
		}
		t.Run(fmt.Sprintf("busy=%v", busy), func(t *testing.T) {
			eachMulti(t, []int{4}, func(t *testing.T, s *player.Search, n int, opts []engine.Option) {
				g := multiPosition(t, n, opts, marks)
				c := chooseLegal(t, s, g)
				if !busy {
					assert.NotEqual(t, player.ReasonVCF, s.LastStats().Reason)
					return
				}
				assert.Equal(t, sparse.Cell{Row: 10, Col: 14}, c)
				assert.Equal(t, player.ReasonVCF, s.LastStats().Reason)
			})
		})
	}
}

// TestMultiWholeGames plays whole games of each look-ahead against
// greedy and random bots on random configurations with three to eight
// players: tiny bounded boards that fill up (forcing lines that end in a
// draw), larger ones, the infinite board, K from 3 to 6, both rules. Every
// move must be legal and leave the game as it was.
func TestMultiWholeGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	rounds := 15
	if testing.Short() {
		rounds = 6
	}
	looks := []player.MultiSearch{player.MaxN, player.Paranoid, player.BestReply, player.Planned}
	for round := range rounds {
		cfg := engine.DefaultConfig()
		cfg.Players = 3 + rng.IntN(6)
		cfg.K = 3 + rng.IntN(4)
		switch rng.IntN(3) {
		case 0:
			cfg.Rows, cfg.Cols = cfg.K+rng.IntN(3), cfg.K+rng.IntN(3)
		case 1:
			cfg.Rows, cfg.Cols = 12+rng.IntN(10), 12+rng.IntN(10)
		}
		if rng.IntN(2) == 0 {
			cfg.Rule = engine.Exact
		}
		look := looks[round%len(looks)]
		t.Run(fmt.Sprintf("%d/%v/%v", round, look, cfg), func(t *testing.T) {
			g := newGame(t, engine.WithConfig(cfg))
			bots := make([]engine.Strategy, cfg.Players)
			for p := range bots {
				switch p % 3 {
				case 0:
					bots[p] = player.NewSearch(player.WithSeed(uint64(round)), player.WithBudget(0),
						player.WithMaxNodes(200), player.WithMultiSearch(look))
				case 1:
					bots[p] = player.NewGreedy(uint64(round))
				default:
					bots[p] = player.NewRandom(uint64(round))
				}
			}
			for g.Status() == engine.Ongoing && g.Len() < 90 {
				play(t, g, chooseLegal(t, bots[g.Turn()-1], g))
			}
		})
	}
}

// TestMultiPlannedLine: four players, K = 5, fourteen moves into a game,
// the searcher (player 3) to move. No line of threats wins against every
// reply (the forcing searches find none), but one does against players
// who answer only what they see one move ahead: the planned look-ahead
// finds it, and, played out against three greedy bots, wins within the
// six moves it planned (the bots' blocks, their own runs and their cuts
// of its runs all as the run model predicts). Max-n, which lets each
// opponent play the move best for itself by the evaluation, plans
// nothing.
func TestMultiPlannedLine(t *testing.T) {
	opening := []sparse.Cell{
		{Row: 0, Col: 0}, {Row: 0, Col: -1}, {Row: -2, Col: 1}, {Row: -1, Col: 0},
		{Row: -1, Col: -1}, {Row: -2, Col: -2}, {Row: 0, Col: 3}, {Row: -2, Col: -1},
		{Row: -3, Col: -2}, {Row: -1, Col: -2}, {Row: -1, Col: 2}, {Row: -3, Col: 0},
		{Row: -2, Col: -3}, {Row: -3, Col: -1},
	}
	for _, look := range []player.MultiSearch{player.Planned, player.MaxN} {
		t.Run(look.String(), func(t *testing.T) {
			cfg := engine.DefaultConfig()
			cfg.Players = 4
			g := newGame(t, engine.WithConfig(cfg))
			play(t, g, opening...)
			require.Equal(t, 3, g.Turn())
			s := player.NewSearch(player.WithBudget(0), player.WithMaxNodes(40000), player.WithMultiSearch(look))
			bots := []engine.Strategy{player.NewGreedy(20), player.NewGreedy(21), s, player.NewGreedy(23)}
			play(t, g, chooseLegal(t, s, g))
			if look != player.Planned {
				assert.NotEqual(t, player.ReasonPlan, s.LastStats().Reason)
				return
			}
			require.Equal(t, player.ReasonPlan, s.LastStats().Reason)
			for g.Status() == engine.Ongoing && g.Len() < len(opening)+6*cfg.Players {
				play(t, g, chooseLegal(t, bots[g.Turn()-1], g))
			}
			assert.Equal(t, engine.Won, g.Status())
			assert.Equal(t, 3, g.Winner())
		})
	}
}
