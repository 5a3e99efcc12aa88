package bench

import (
	"bytes"
	"context"
	"encoding/xml"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gomoku-engine/gomoku/sparse"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var tiny = sizes{
	marks:       []int{200, 1000},
	islandMarks: 400, islandSize: 100,
	extents:       []int64{1e3, 1e9, Plane},
	scatter:       []int{300},
	scatterExtent: 1e9,
	runMarks:      300, runLen: 100,
	ks:       []int{5, 50},
	fills:    []int{7},
	games:    []int{3000},
	memMarks: 2000,
}

func tinyOptions() Options { return Options{MinTime: 2 * time.Millisecond, sizes: &tiny} }

// checkWorkload asserts what every workload promises: distinct in-range
// cells, alternating players and a correct bounding box.
func checkWorkload(t *testing.T, w *Workload, n int) {
	t.Helper()
	require.Len(t, w.Moves, n)
	seen := map[[2]int32]bool{}
	for i, m := range w.Moves {
		c := [2]int32{m.Row, m.Col}
		require.False(t, seen[c], "move %d repeats %v", i, c)
		seen[c] = true
		require.True(t, int64(m.Row) >= w.MinRow && int64(m.Row) <= w.MaxRow && int64(m.Col) >= w.MinCol && int64(m.Col) <= w.MaxCol)
	}
}

func TestClusteredStaysNearEarlierMarks(t *testing.T) {
	w := Clustered(2000, 3)
	checkWorkload(t, w, 2000)
	seen := map[[2]int32]bool{}
	for i, m := range w.Moves {
		assert.Equal(t, uint8(i%2+1), m.Player)
		if i > 0 {
			near := false
			for dr := int32(-2); dr <= 2 && !near; dr++ {
				for dc := int32(-2); dc <= 2 && !near; dc++ {
					near = seen[[2]int32{m.Row + dr, m.Col + dc}]
				}
			}
			require.True(t, near, "move %d at (%d, %d) is not within 2 of a mark", i, m.Row, m.Col)
		}
		seen[[2]int32{m.Row, m.Col}] = true
	}
	assert.Less(t, w.Area(), 4*2000.0, "clustered play stays compact")
	assert.Equal(t, Clustered(2000, 3), w, "same seed, same workload")
}

func TestOtherWorkloads(t *testing.T) {
	s := Scattered(500, 1e9, 1)
	checkWorkload(t, s, 500)
	assert.Greater(t, s.Area(), 1e16, "scattered marks span the extent")

	for _, e := range []int64{1e3, 1e9, Plane} {
		w := Islands(1000, 100, e, 1)
		checkWorkload(t, w, len(w.Moves))
		assert.GreaterOrEqual(t, len(w.Moves), 1000)
	}

	r := Rows(250, 100)
	checkWorkload(t, r, 250)
	assert.Equal(t, Move{Row: 1, Col: 0, Player: 2}, r.Moves[100], "rows alternate players")
	assert.Equal(t, Move{Row: 2, Col: 49, Player: 1}, r.Moves[249])

	f := Fill(6, 1)
	checkWorkload(t, f, 36)
	assert.Equal(t, 36.0, f.Area())
}

// TestWorkloadsAreNeverWon plays every case's workload: a game subject
// fails on a win, and the dense reference and the naive rescan (a
// brute-force referee) must count none either, or a benchmark would stop
// measuring part-way or compare different work.
func TestWorkloadsAreNeverWon(t *testing.T) {
	wins := func(s subject, w *Workload) int {
		before := sink
		_, err := s(w)
		require.NoError(t, err)
		return sink - before
	}
	cases, err := Cases(tinyOptions())
	require.NoError(t, err)
	seen := map[string]bool{}
	for _, c := range cases {
		if c.Series == SeriesGame {
			continue
		}
		w, err := c.workload()
		require.NoError(t, err, c.Name())
		assert.Zero(t, wins(c.play, w), c.Name())
		if !seen[c.workloadKey] {
			seen[c.workloadKey] = true
			bounded := 0
			if c.Series == SeriesCheckers {
				bounded = int(w.MaxRow + 1)
			}
			assert.Zero(t, wins(naiveSubject(sparse.SwissTile, c.K, bounded), w), "%s: a run of K on the board", c.Name())
			if w.Area() <= maxDenseArea {
				assert.Zero(t, wins(denseSubject(c.K), w), c.Name())
			}
		}
	}
}

// TestWithoutWinsKeepsThePlay checks that withoutWins changes only the
// moves that would win: random clustered play keeps nearly all its
// players, and rows still build runs, of K - 1.
func TestWithoutWinsKeepsThePlay(t *testing.T) {
	original := Clustered(3000, 1)
	w, err := withoutWins(Clustered(3000, 1), 5, 0)
	require.NoError(t, err)
	changed := 0
	for i := range w.Moves {
		if w.Moves[i] != original.Moves[i] {
			changed++
			require.Equal(t, [2]int32{original.Moves[i].Row, original.Moves[i].Col}, [2]int32{w.Moves[i].Row, w.Moves[i].Col})
		}
	}
	assert.NotZero(t, changed, "random clustered play makes fives")
	assert.Less(t, changed, len(w.Moves)/20)

	const k, rowLen = 7, 50
	rows, err := withoutWins(Rows(4*rowLen, rowLen), k, 0)
	require.NoError(t, err)
	longest, run := 0, 0
	for i, m := range rows.Moves {
		if i%rowLen == 0 || m.Player != rows.Moves[i-1].Player {
			run = 0
		}
		run++
		longest = max(longest, run)
	}
	assert.Equal(t, k-1, longest)
}

func TestRunReportsProgressAndResults(t *testing.T) {
	var seen []Progress
	rep, err := Run(context.Background(), tinyOptions(), func(p Progress) { seen = append(seen, p) })
	require.NoError(t, err)
	cases, _ := Cases(tinyOptions())
	require.Len(t, rep.Results, len(cases))
	require.Len(t, seen, len(cases)+1)
	assert.Empty(t, seen[0].Case)
	for i, p := range seen {
		assert.Equal(t, i, p.Done)
		assert.Equal(t, len(cases), p.Total)
		if i > 0 {
			assert.Equal(t, rep.Results[i-1].Name(), p.Case)
		}
	}
	for _, r := range rep.Results {
		assert.Positive(t, r.NsPerMove, r.Name())
		assert.Positive(t, r.WallNsPerMove, r.Name())
		// At least three repetitions unless one alone lasted 3 × MinTime
		// (as under the race detector).
		assert.Positive(t, r.Reps, r.Name())
		assert.Positive(t, r.BytesPerMark, r.Name())
	}

	var md bytes.Buffer
	require.NoError(t, rep.Markdown(&md))
	out := md.String()
	for _, want := range []string{"| target | measured | limit | met |", "clustered play, swiss-tile ÷ dense",
		"#### " + SeriesMarks.Title(), "| store (× dense) | 200 | 1e3 |", "| dense |", "(1.00×)", "K=50", "naive"} {
		assert.Contains(t, out, want)
	}

	dir := t.TempDir()
	paths, err := rep.WriteCharts(filepath.Join(dir, "charts"))
	require.NoError(t, err)
	require.Len(t, paths, 4)
	for _, p := range paths {
		data, err := os.ReadFile(p)
		require.NoError(t, err)
		assert.NoError(t, xml.Unmarshal(data, new(struct{ XMLName xml.Name })), "%s is well-formed XML", p)
		assert.Contains(t, string(data), "<polyline")
	}
	entries, _ := os.ReadDir(filepath.Join(dir, "charts"))
	assert.Len(t, entries, 4, "no temporary files left behind")
}

func TestRunStopsOnCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	rep, err := Run(ctx, tinyOptions(), func(p Progress) {
		if n++; n == 3 {
			cancel()
		}
	})
	require.ErrorIs(t, err, context.Canceled)
	assert.NotEmpty(t, rep.Results, "the results finished before the cancel are kept")
	assert.Less(t, len(rep.Results), len(must(Cases(tinyOptions()))))
}

func TestOptionsAndNames(t *testing.T) {
	_, err := Run(context.Background(), Options{MinTime: -1}, nil)
	assert.ErrorIs(t, err, ErrBadOptions)
	_, err = Cases(Options{Series: []Series{Series(42)}})
	assert.ErrorIs(t, err, ErrBadOptions)
	for _, s := range AllSeries() {
		got, err := ParseSeries(s.String())
		require.NoError(t, err)
		assert.Equal(t, s, got)
	}
	_, err = ParseSeries("speed")
	assert.ErrorIs(t, err, ErrBadOptions)
	assert.Equal(t, []string{"1e3", "1e6", "plane", "250", "15"}, []string{Count(1e3), Count(1e6), Count(Plane), Count(250), Count(15)})

	full, err := Cases(Options{})
	require.NoError(t, err)
	names := map[string]bool{}
	for _, c := range full {
		assert.False(t, names[c.Name()], "duplicate case %s", c.Name())
		names[c.Name()] = true
		assert.Regexp(t, `^[A-Z][a-z]+/(store|checker)=[a-z-]+/[a-z]+=[0-9a-z]+$`, c.Name())
	}
	assert.True(t, names["Clustered/store=swiss-cell/marks=1e6"])
	assert.True(t, names["Clustered/store=dense/marks=1e7"])
	quick, _ := Cases(Options{Quick: true, Series: []Series{SeriesK}})
	for _, c := range quick {
		assert.Equal(t, SeriesK, c.Series)
	}
	assert.True(t, strings.HasPrefix(ThisMachine().GoVersion, "go"))
}

func TestYTicksCoverTheData(t *testing.T) {
	for _, tc := range []struct {
		lo, hi float64
		log    bool
	}{{20, 1100, true}, {0, 187, false}, {3, 4, true}, {0, 0.5, false}, {150, 7e6, true}} {
		ticks := yTicks(tc.lo, tc.hi, tc.log)
		require.NotEmpty(t, ticks)
		assert.LessOrEqual(t, ticks[0], tc.lo, "%v", tc)
		assert.GreaterOrEqual(t, ticks[len(ticks)-1], tc.hi, "%v", tc)
		assert.LessOrEqual(t, len(ticks), 13, "%v", tc)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestGameSeries plays the game series at a tiny size: its generators
// give the same moves as the workloads they stand for, every game is
// played to its length, and the peak memory is reported.
func TestGameSeries(t *testing.T) {
	buf := make([]Move, 0, 2500)
	assert.Equal(t, clearPlayers(Clustered(2500, 9).Moves), clearPlayers(clusteredMoves(2500, 9)(buf)))
	assert.Equal(t, clearPlayers(Scattered(2500, 1e9, 9).Moves), clearPlayers(scatteredMoves(9)(buf[:0])), "no repeats among so few")
	assert.Equal(t, clearPlayers(Clustered(2500, 9).Moves), clearPlayers(clusteredMoves(2500, 9)(buf[:0])), "a new generator starts again")

	defaults, err := Cases(tinyOptions())
	require.NoError(t, err)
	for _, c := range defaults {
		assert.NotEqual(t, SeriesGame, c.Series, "the game series runs only when asked for")
	}
	opts := tinyOptions()
	opts.Series = []Series{SeriesGame}
	rep, err := Run(context.Background(), opts, nil)
	require.NoError(t, err)
	require.Len(t, rep.Results, 2)
	for _, r := range rep.Results {
		assert.Equal(t, 3000, r.Moves, r.Name())
		assert.Positive(t, r.NsPerMove, r.Name())
		assert.Positive(t, r.PeakBytesPerMark, r.Name())
	}
	var md bytes.Buffer
	require.NoError(t, rep.Markdown(&md))
	assert.Contains(t, md.String(), "| clustered, K = 1000, 7 players | ")
	assert.Contains(t, md.String(), "peak memory of a whole game, scattered, K = 5, 2 players")
}

// clearPlayers zeroes the players of a workload's moves, which the game
// series leaves to the game.
func clearPlayers(ms []Move) []Move {
	out := slices.Clone(ms)
	for i := range out {
		out[i].Player = 0
	}
	return out
}
