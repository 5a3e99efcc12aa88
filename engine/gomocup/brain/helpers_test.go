package brain

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/gomocup"
	"github.com/gomoku-engine/gomoku/engine/renju"
	"github.com/gomoku-engine/gomoku/sparse"
)

// firstFree plays the first free cell in row-major order: predictable
// answers for scripted dialogues.
type firstFree struct{}

func (firstFree) Name() string { return "first-free" }

func (firstFree) Choose(_ context.Context, g *engine.Game, _ int) (sparse.Cell, error) {
	cfg := g.Config()
	for r := range cfg.Rows {
		for c := range cfg.Cols {
			if g.At(r, c) == 0 {
				return sparse.Cell{Row: r, Col: c}, nil
			}
		}
	}
	return sparse.Cell{}, errors.New("full")
}

// waiter thinks until its context ends, like a search using all its time,
// then plays the first free cell.
type waiter struct{}

func (waiter) Name() string { return "waiter" }

func (waiter) Choose(ctx context.Context, g *engine.Game, p int) (sparse.Cell, error) {
	<-ctx.Done()
	return firstFree{}.Choose(ctx, g, p)
}

// runaway ignores its context and answers long after any deadline.
type runaway struct{ d time.Duration }

func (runaway) Name() string { return "runaway" }

func (r runaway) Choose(ctx context.Context, g *engine.Game, p int) (sparse.Cell, error) {
	time.Sleep(r.d)
	return sparse.Cell{}, errors.New("too late")
}

// ponderer ignores its context like runaway, but has a best move so far.
type ponderer struct {
	runaway
	best sparse.Cell
}

func (ponderer) Name() string { return "ponderer" }

func (p ponderer) Provisional() (sparse.Cell, bool) { return p.best, true }

// liar answers cells that must not be played, or fails.
type liar struct{ mode int }

func (liar) Name() string { return "liar" }

func (l liar) Choose(_ context.Context, g *engine.Game, _ int) (sparse.Cell, error) {
	switch l.mode % 6 {
	case 0: // an occupied cell, when there is one
		for c := range g.Marks() {
			return c, nil
		}
		return sparse.Cell{Row: 0, Col: 0}, nil
	case 1:
		return sparse.Cell{Row: -1, Col: 3}, nil
	case 2:
		return sparse.Cell{Row: 3, Col: 1 << 40}, nil
	case 3:
		return sparse.Cell{}, errors.New("no idea")
	case 4:
		panic("liar gives up")
	default: // a cell renju forbids, when there is one
		for c := range g.ForbiddenCells() {
			return c, nil
		}
		return sparse.Cell{Row: -1, Col: -1}, nil
	}
}

// recorder is a factory that remembers every Think and context deadline.
type recorder struct {
	mu        sync.Mutex
	thinks    []Think
	deadlines []time.Duration // deadline minus the moment Choose was called
	s         engine.Strategy
}

func (r *recorder) factory(t Think) (engine.Strategy, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.thinks = append(r.thinks, t)
	return recordingStrategy{r}, nil
}

type recordingStrategy struct{ r *recorder }

func (recordingStrategy) Name() string { return "recorder" }

func (rs recordingStrategy) Choose(ctx context.Context, g *engine.Game, p int) (sparse.Cell, error) {
	if dl, ok := ctx.Deadline(); ok {
		rs.r.mu.Lock()
		rs.r.deadlines = append(rs.r.deadlines, time.Until(dl))
		rs.r.mu.Unlock()
	}
	s := rs.r.s
	if s == nil {
		s = firstFree{}
	}
	return s.Choose(ctx, g, p)
}

// converse runs a whole dialogue and returns the answer lines.
func converse(t testing.TB, opts Options, input string) []string {
	t.Helper()
	var out strings.Builder
	if opts.NewStrategy == nil {
		opts.NewStrategy = Fixed(firstFree{})
	}
	s := newServer(&out, opts)
	s.onMove = checkMoves(t, s)
	err := s.run(context.Background(), strings.NewReader(input))
	require.NoError(t, err)
	text := out.String()
	if text == "" {
		return nil
	}
	require.True(t, strings.HasSuffix(text, "\n"), "every answer ends its line: %q", text)
	return strings.Split(strings.TrimSuffix(text, "\n"), "\n")
}

// checkMoves is an onMove hook asserting the invariant of every answer: the
// cell is on the board and free, and, under renju, not forbidden to black.
func checkMoves(t testing.TB, s *server) func(x, y int, pos *position) {
	return func(x, y int, pos *position) {
		t.Helper()
		require.NoError(t, pos.free(x, y), "brain answered %d,%d", x, y)
		if s.engineRule() == engine.Renju {
			if g, _ := pos.game(k, engine.Renju); g != nil {
				require.Equal(t, renju.None, g.Forbidden(y, x), "brain answered %d,%d, forbidden to black", x, y)
			}
		}
	}
}

// parseMove reads an "x,y" answer.
func parseMove(t testing.TB, line string) (int, int) {
	t.Helper()
	a := gomocup.ParseAnswer(line)
	require.Equal(t, gomocup.AnswerMove, a.Kind, "want a move, got %q", line)
	return a.X, a.Y
}
