package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"sync"

	"github.com/gomoku-engine/gomoku/cmd/internal/serve/store"
)

// maxGroup bounds the writes committed in one transaction, so one commit's
// latency stays bounded under any load.
const maxGroup = 512

// Store is a [store.Store] in an SQLite file.
type Store struct {
	read  *sql.DB // a pool of readers (WAL lets them run beside the writer)
	write *sql.DB // one connection, used only by the writer goroutine
	stmts writeStmts
	ops   chan *op

	mu     sync.RWMutex // guards closed against sends on ops
	closed bool
	done   chan struct{} // closed when the writer has stopped
}

// op is one write waiting for the writer.
type op struct {
	fn  func(ctx context.Context, tx *sql.Tx) error
	err chan error
}

// Open opens (creating when missing) the database file at path and brings
// its schema up to date.
func Open(ctx context.Context, path string) (*Store, error) {
	q := url.Values{}
	for _, p := range []string{"journal_mode(WAL)", "synchronous(FULL)", "busy_timeout(10000)", "foreign_keys(ON)"} {
		q.Add("_pragma", p)
	}
	q.Set("_txlock", "immediate")
	dsn := "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + q.Encode()
	write, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	write.SetMaxOpenConns(1)
	write.SetMaxIdleConns(1)
	write.SetConnMaxLifetime(0)
	if err := migrate(ctx, write); err != nil {
		write.Close()
		return nil, fmt.Errorf("sqlite: %s: %w", path, err)
	}
	stmts, err := prepare(ctx, write)
	if err != nil {
		write.Close()
		return nil, fmt.Errorf("sqlite: %s: %w", path, err)
	}
	read, err := sql.Open("sqlite", dsn)
	if err != nil {
		write.Close()
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	read.SetMaxOpenConns(8)
	read.SetMaxIdleConns(8)
	s := &Store{read: read, write: write, stmts: stmts, ops: make(chan *op, maxGroup), done: make(chan struct{})}
	go s.writer()
	return s, nil
}

// Close waits for the writes already submitted, then closes the database.
func (s *Store) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	close(s.ops)
	s.mu.Unlock()
	<-s.done
	return errors.Join(s.read.Close(), s.write.Close())
}

// do submits fn to the writer and waits until its group has committed.
// Once submitted, fn runs and its outcome is waited for even if ctx ends,
// so a caller never mistakes a committed write for a failed one.
func (s *Store) do(ctx context.Context, fn func(ctx context.Context, tx *sql.Tx) error) error {
	o := &op{fn: fn, err: make(chan error, 1)}
	s.mu.RLock()
	if s.closed {
		s.mu.RUnlock()
		return store.ErrClosed
	}
	select {
	case s.ops <- o:
	case <-ctx.Done():
		s.mu.RUnlock()
		return ctx.Err()
	}
	s.mu.RUnlock()
	return <-o.err
}

// writer commits the submitted writes in groups until the store closes.
func (s *Store) writer() {
	defer close(s.done)
	group := make([]*op, 0, maxGroup)
	for first := range s.ops {
		group = store.Gather(group, first, s.ops, maxGroup)
		s.commit(group)
	}
}

// commit runs a group of writes in one transaction and answers each once
// the transaction has committed. A write refused for its own reasons
// (store.ErrConflict, store.ErrNotFound) must have written nothing, so the
// others go on without it; any other failure rolls the whole group back.
func (s *Store) commit(group []*op) {
	ctx := context.Background()
	errs := make([]error, len(group))
	fail := func(err error) {
		for _, o := range group {
			o.err <- err
		}
	}
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		fail(fmt.Errorf("sqlite: begin: %w", err))
		return
	}
	for i, o := range group {
		errs[i] = o.fn(ctx, tx)
		if errs[i] != nil && !errors.Is(errs[i], store.ErrConflict) && !errors.Is(errs[i], store.ErrNotFound) {
			tx.Rollback()
			fail(errs[i])
			return
		}
	}
	if err := tx.Commit(); err != nil {
		fail(fmt.Errorf("sqlite: commit: %w", err))
		return
	}
	for i, o := range group {
		o.err <- errs[i]
	}
}
