package storetest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"math"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store"
)

// Opener opens the store under test, on the same database each time it is
// called within one test.
type Opener func(t *testing.T) store.Store

// Run runs the contract's tests. newDB returns, for each test, an Opener
// on a new, empty database.
func Run(t *testing.T, newDB func(t *testing.T) Opener) {
	t.Run("create and read", func(t *testing.T) { testCreate(t, newDB(t)) })
	t.Run("append", func(t *testing.T) { testAppend(t, newDB(t)) })
	t.Run("concurrent appends", func(t *testing.T) { testConcurrent(t, newDB(t)) })
	t.Run("list", func(t *testing.T) { testList(t, newDB(t)) })
	t.Run("reopen", func(t *testing.T) { testReopen(t, newDB(t)) })
	t.Run("expire", func(t *testing.T) { testExpire(t, newDB(t)) })
	t.Run("largest board", func(t *testing.T) { testLargestBoard(t, newDB(t)) })
}

var ctx = context.Background()

// Game returns a game record for tests, with a fresh id.
func Game(players int) store.Game {
	b := make([]byte, 8)
	rand.Read(b)
	now := time.Now().UTC().Truncate(time.Microsecond)
	seats := make([]store.Seat, players)
	for i := range seats {
		seats[i] = store.Seat{Kind: "human", TokenHash: []byte{byte(i), 1, 2, 3}}
	}
	seats[players-1] = store.Seat{Kind: "search"}
	return store.Game{ID: hex.EncodeToString(b), K: 5, Players: players, Rows: 0, Cols: 0, Rule: "freestyle",
		MaxMoves: 1000, Seats: seats, Status: "ongoing", Creator: "192.0.2.1", Created: now, Updated: now}
}

func open(t *testing.T, o Opener) store.Store {
	st := o(t)
	t.Cleanup(func() { st.Close() })
	return st
}

func testCreate(t *testing.T, o Opener) {
	st := open(t, o)
	g := Game(3)
	require.NoError(t, st.Create(ctx, g))
	got, moves, err := st.Game(ctx, g.ID)
	require.NoError(t, err)
	assert.Equal(t, g, got)
	assert.Empty(t, moves)
	assert.ErrorIs(t, st.Create(ctx, g), store.ErrConflict)
	_, _, err = st.Game(ctx, "nosuchgame")
	assert.ErrorIs(t, err, store.ErrNotFound)
}

func testAppend(t *testing.T, o Opener) {
	st := open(t, o)
	g := Game(2)
	require.NoError(t, st.Create(ctx, g))
	ongoing := store.Result{Status: "ongoing", Updated: g.Created}
	var want []store.Move
	for ply := range 5 {
		m := store.Move{Row: ply, Col: -ply * 1000000, Player: ply%2 + 1}
		require.NoError(t, st.Append(ctx, g.ID, ply, m, ongoing))
		want = append(want, m)
	}
	m := store.Move{Row: 2147483647, Col: -2147483648, Player: 2}
	assert.ErrorIs(t, st.Append(ctx, g.ID, 3, m, ongoing), store.ErrConflict, "a taken ply")
	assert.ErrorIs(t, st.Append(ctx, g.ID, 6, m, ongoing), store.ErrConflict, "a ply ahead")
	assert.ErrorIs(t, st.Append(ctx, "nosuchgame", 0, m, ongoing), store.ErrNotFound)
	end := time.Now().UTC().Truncate(time.Microsecond)
	require.NoError(t, st.Append(ctx, g.ID, 5, m, store.Result{Status: "won", Winner: 2, Updated: end}))
	want = append(want, m)

	got, moves, err := st.Game(ctx, g.ID)
	require.NoError(t, err)
	assert.Equal(t, want, moves)
	assert.Equal(t, 6, got.Ply)
	assert.Equal(t, "won", got.Status)
	assert.Equal(t, 2, got.Winner)
	assert.Equal(t, end, got.Updated)
	tail, err := st.Moves(ctx, g.ID, 4)
	require.NoError(t, err)
	assert.Equal(t, want[4:], tail)
	none, err := st.Moves(ctx, g.ID, 6)
	require.NoError(t, err)
	assert.Empty(t, none)
}

func testConcurrent(t *testing.T, o Opener) {
	st := open(t, o)
	const games, writers, plies = 4, 8, 10
	ids := make([]string, games)
	for i := range ids {
		g := Game(2)
		ids[i] = g.ID
		require.NoError(t, st.Create(ctx, g))
	}
	// Every writer tries every ply of every game; exactly one wins each.
	wins := make([][]int, games)
	for i := range wins {
		wins[i] = make([]int, plies)
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ply := range plies {
				for gi, id := range ids {
					err := st.Append(ctx, id, ply, store.Move{Row: ply, Col: w, Player: ply%2 + 1}, store.Result{Status: "ongoing", Updated: time.Now()})
					if errors.Is(err, store.ErrConflict) {
						continue
					}
					if !assert.NoError(t, err) {
						return
					}
					mu.Lock()
					wins[gi][ply]++
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	for gi, id := range ids {
		for ply, n := range wins[gi] {
			assert.Equal(t, 1, n, "game %d ply %d", gi, ply)
		}
		_, moves, err := st.Game(ctx, id)
		require.NoError(t, err)
		assert.Len(t, moves, plies)
	}
}

func testList(t *testing.T, o Opener) {
	st := open(t, o)
	var ids []string
	for i := range 5 {
		g := Game(2)
		g.Created = g.Created.Add(time.Duration(i) * time.Second)
		if i%2 == 1 {
			g.Status = "drawn"
		}
		require.NoError(t, st.Create(ctx, g))
		ids = append(ids, g.ID)
	}
	all, err := st.List(ctx, store.Filter{})
	require.NoError(t, err)
	require.Len(t, all, 5)
	for i, g := range all {
		assert.Equal(t, ids[4-i], g.ID, "newest first")
	}
	ongoing, err := st.List(ctx, store.Filter{Status: "ongoing", Limit: 2})
	require.NoError(t, err)
	require.Len(t, ongoing, 2)
	assert.Equal(t, []string{ids[4], ids[2]}, []string{ongoing[0].ID, ongoing[1].ID})
}

func testReopen(t *testing.T, o Opener) {
	st := o(t)
	g := Game(2)
	require.NoError(t, st.Create(ctx, g))
	for ply := range 3 {
		require.NoError(t, st.Append(ctx, g.ID, ply, store.Move{Row: ply, Col: ply, Player: ply%2 + 1}, store.Result{Status: "ongoing", Updated: time.Now()}))
	}
	require.NoError(t, st.Close())
	assert.Error(t, st.Append(ctx, g.ID, 3, store.Move{Player: 2}, store.Result{Status: "ongoing"}), "a closed store refuses writes")

	st = open(t, o)
	_, moves, err := st.Game(ctx, g.ID)
	require.NoError(t, err)
	assert.Len(t, moves, 3)
	require.NoError(t, st.Append(ctx, g.ID, 3, store.Move{Row: 9, Col: 9, Player: 2}, store.Result{Status: "ongoing", Updated: time.Now()}))
}

func testExpire(t *testing.T, o Opener) {
	st := open(t, o)
	now := time.Now().UTC().Truncate(time.Microsecond)
	at := func(g store.Game, status string, updated time.Duration) store.Game {
		g.Status, g.Updated = status, now.Add(-updated)
		require.NoError(t, st.Create(ctx, g))
		return g
	}
	idle := at(Game(2), "ongoing", 10*time.Hour)
	busy := at(Game(2), "ongoing", time.Minute)
	oldWon := at(Game(2), "ongoing", 100*time.Hour) // won by its move below
	newWon := at(Game(2), "drawn", time.Hour)
	require.NoError(t, st.Append(ctx, oldWon.ID, 0, store.Move{Player: 1}, store.Result{Status: "won", Winner: 1, Updated: oldWon.Updated}))
	got, _, err := st.Game(ctx, oldWon.ID)
	require.NoError(t, err)
	assert.Empty(t, got.Creator, "a game over keeps no creator")

	ended, deleted, err := st.Expire(ctx, now.Add(-5*time.Hour), now.Add(-50*time.Hour))
	require.NoError(t, err)
	assert.Equal(t, []string{idle.ID}, ended)
	assert.Equal(t, 1, deleted)
	got, moves, err := st.Game(ctx, idle.ID)
	require.NoError(t, err)
	assert.Equal(t, store.Abandoned, got.Status)
	assert.Empty(t, got.Creator)
	assert.Empty(t, moves)
	// An abandoned game takes no move: one judged before it ended is
	// refused and changes nothing.
	err = st.Append(ctx, idle.ID, 0, store.Move{Player: 1}, store.Result{Status: "ongoing", Updated: now})
	assert.ErrorIs(t, err, store.ErrAbandoned)
	assert.ErrorIs(t, st.Append(ctx, idle.ID, 3, store.Move{Player: 1}, store.Result{Status: "ongoing", Updated: now}), store.ErrConflict,
		"a ply the game never had is a conflict, as in a game going on")
	got, moves, err = st.Game(ctx, idle.ID)
	require.NoError(t, err)
	assert.Equal(t, store.Abandoned, got.Status)
	assert.Zero(t, got.Ply)
	assert.Empty(t, moves)
	_, _, err = st.Game(ctx, oldWon.ID)
	assert.ErrorIs(t, err, store.ErrNotFound, "deleted with its moves")
	for _, g := range []store.Game{busy, newWon} {
		got, _, err := st.Game(ctx, g.ID)
		require.NoError(t, err)
		assert.Equal(t, g.Status, got.Status)
		assert.Equal(t, g.Creator, got.Creator)
	}

	// The abandoned game goes in turn, once old enough.
	ended, deleted, err = st.Expire(ctx, time.Time{}, now.Add(-5*time.Minute))
	require.NoError(t, err)
	assert.Empty(t, ended)
	assert.Equal(t, 2, deleted)
	all, err := st.List(ctx, store.Filter{})
	require.NoError(t, err)
	require.Len(t, all, 1)
	assert.Equal(t, busy.ID, all[0].ID)
}

func testLargestBoard(t *testing.T, o Opener) {
	st := open(t, o)
	g := Game(2)
	g.Rows, g.Cols = math.MaxInt32, math.MaxInt32
	require.NoError(t, st.Create(ctx, g))
	m := store.Move{Row: math.MaxInt32 - 1, Col: math.MaxInt32 - 1, Player: 1}
	require.NoError(t, st.Append(ctx, g.ID, 0, m, store.Result{Status: "ongoing", Updated: g.Updated}))
	got, moves, err := st.Game(ctx, g.ID)
	require.NoError(t, err)
	assert.Equal(t, math.MaxInt32, got.Rows)
	assert.Equal(t, []store.Move{m}, moves)
}
