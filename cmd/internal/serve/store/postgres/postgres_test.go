package postgres_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store"
	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store/postgres"
	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store/postgres/pgtest"
	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store/storetest"
)

func TestContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) storetest.Opener {
		url := pgtest.URL(t)
		return func(t *testing.T) store.Store {
			st, err := postgres.Open(context.Background(), url)
			require.NoError(t, err)
			return st
		}
	})
}

func TestWatch(t *testing.T) {
	url := pgtest.URL(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	a, err := postgres.Open(ctx, url)
	require.NoError(t, err)
	defer a.Close()
	b, err := postgres.Open(ctx, url) // a second server's connection
	require.NoError(t, err)
	defer b.Close()

	type note struct {
		id string
		h  store.Head
	}
	var mu sync.Mutex
	var notes []note
	listening := make(chan struct{})
	done := make(chan error, 1)
	go func() {
		done <- b.Watch(ctx, func(id string, h store.Head) {
			if h.Ply < 0 {
				close(listening)
				return
			}
			mu.Lock()
			notes = append(notes, note{id, h})
			mu.Unlock()
		})
	}()
	<-listening
	g := storetest.Game(2)
	require.NoError(t, a.Create(ctx, g))
	for ply := range 3 {
		require.NoError(t, a.Append(ctx, g.ID, ply, store.Move{Row: ply, Player: ply%2 + 1}, store.Result{Status: "ongoing", Updated: time.Now()}))
	}
	// A refused move notifies nobody.
	assert.ErrorIs(t, a.Append(ctx, g.ID, 1, store.Move{Row: 7, Player: 2}, store.Result{Status: "ongoing", Updated: time.Now()}), store.ErrConflict)
	// Nor does a game that Expire leaves alone; one it ends does.
	idle := storetest.Game(2)
	idle.Updated = time.Now().Add(-time.Hour)
	require.NoError(t, a.Create(ctx, idle))
	require.NoError(t, a.Append(ctx, idle.ID, 0, store.Move{Player: 1}, store.Result{Status: "ongoing", Updated: idle.Updated}))
	ended, _, err := a.Expire(ctx, time.Now().Add(-time.Minute), time.Time{})
	require.NoError(t, err)
	require.Equal(t, []string{idle.ID}, ended)
	want := []note{{g.ID, store.Head{Ply: 1, Status: "ongoing"}}, {g.ID, store.Head{Ply: 2, Status: "ongoing"}},
		{g.ID, store.Head{Ply: 3, Status: "ongoing"}}, {idle.ID, store.Head{Ply: 1, Status: "ongoing"}},
		{idle.ID, store.Head{Ply: 1, Status: store.Abandoned}}}
	require.Eventually(t, func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(notes) >= len(want)
	}, 10*time.Second, 10*time.Millisecond)
	time.Sleep(100 * time.Millisecond)
	mu.Lock()
	assert.Equal(t, want, notes)
	mu.Unlock()
	cancel()
	assert.Error(t, <-done)
}

func TestHeads(t *testing.T) {
	st, err := postgres.Open(context.Background(), pgtest.URL(t))
	require.NoError(t, err)
	defer st.Close()
	g, h := storetest.Game(2), storetest.Game(3)
	require.NoError(t, st.Create(context.Background(), g))
	require.NoError(t, st.Create(context.Background(), h))
	require.NoError(t, st.Append(context.Background(), h.ID, 0, store.Move{Player: 1}, store.Result{Status: "ongoing", Updated: time.Now()}))
	require.NoError(t, st.Append(context.Background(), g.ID, 0, store.Move{Player: 1}, store.Result{Status: "won", Winner: 1, Updated: time.Now()}))
	heads, err := st.Heads(context.Background(), []string{g.ID, h.ID, "nosuchgame"})
	require.NoError(t, err)
	assert.Equal(t, map[string]store.Head{g.ID: {Ply: 1, Status: "won"}, h.ID: {Ply: 1, Status: "ongoing"}}, heads)
}

func TestRedact(t *testing.T) {
	assert.Equal(t, "postgres://gomoku:xxxxx@db.example/games", postgres.Redact("postgres://gomoku:secret@db.example/games"))
}
