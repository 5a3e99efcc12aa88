package duel

import (
	"context"
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
	"github.com/gomoku-engine/gomoku/sparse"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// movePace is the plan of a move of total ms aiming at aim ms, whose
// first iteration starts with the move.
func movePace(aim, total int) (pace, time.Time) {
	t0 := time.Unix(1000, 0)
	ms := time.Millisecond
	lim := core.Limits{Start: t0, Deadline: t0.Add(time.Duration(total) * ms)}
	if aim > 0 {
		lim.Optimum = t0.Add(time.Duration(aim) * ms)
	}
	return newPace(lim, t0), t0
}

// iterations feeds p iterations ending at the given ms after t0, each
// with value v, the best move changing where changed says; it returns
// the verdict after the last.
func iterations(p *pace, t0 time.Time, ends []int, values []int32, changed []bool) bool {
	goOn := true
	for n, e := range ends {
		goOn = p.iteration(t0.Add(time.Duration(e)*time.Millisecond), values[n], changed[n], false)
	}
	return goOn
}

func TestPace(t *testing.T) {
	flat := []int32{100, 100, 100, 100, 100}
	steady := []bool{false, false, false, false, false}
	// Iterations growing threefold: the next is estimated at three times
	// the last, and starts if 40% of it fits before the deadline.
	tests := []struct {
		name     string
		aim, tot int
		ends     []int
		values   []int32
		changed  []bool
		wantGoOn bool
		wantHalt core.Halt // the cause given for stopping
	}{
		{"before the aim, room for the next", 100, 1000, []int{1, 3, 9, 20, 60}, flat, steady, true, core.HaltNone},
		{"past the aim, steady", 100, 1000, []int{1, 4, 12, 36, 108}, flat, steady, false, core.HaltAim},
		{"no optimum: half the move", 0, 1000, []int{2, 8, 30, 100, 300}, flat, steady, true, core.HaltNone},
		{"no optimum, past half the move", 0, 1000, []int{5, 15, 50, 150, 510}, flat, steady, false, core.HaltAim},
		{"past the aim, but the best move keeps changing", 100, 1000, []int{1, 4, 12, 36, 108}, flat, []bool{false, true, true, true, true}, true, core.HaltNone},
		{"past the aim, the value falling", 100, 1000, []int{1, 4, 12, 36, 108}, []int32{100, 100, 100, 100, -150}, steady, true, core.HaltNone},
		{"before the aim, the value rising fast", 100, 1000, []int{1, 3, 9, 27, 85}, []int32{100, 100, 100, 100, 300}, steady, false, core.HaltAim},
		{"before the aim, but the next would not get 40% done", 100, 110, []int{1, 3, 9, 20, 60}, flat, steady, false, core.HaltReach},
		{"unsettled, but past 60% of the move", 1000, 1000, []int{1, 10, 60, 200, 610}, flat, []bool{false, true, true, true, true}, false, core.HaltAim},
		// Changing at every iteration and falling: stretched to the cap,
		// maxStretch optimums.
		{"unsettled, within maxStretch optimums", 100, 10_000, []int{1, 4, 12, 36, 108, 240}, []int32{100, 100, 100, 100, 100, -200}, []bool{false, true, true, true, true, true}, true, core.HaltNone},
		{"unsettled, past maxStretch optimums", 100, 10_000, []int{1, 4, 12, 36, 108, 260}, []int32{100, 100, 100, 100, 100, -200}, []bool{false, true, true, true, true, true}, false, core.HaltAim},
		{"mates do not count as a fall", 100, 1000, []int{1, 4, 12, 36, 108}, []int32{100, 100, 100, 100, -mateScore}, steady, false, core.HaltAim},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, t0 := movePace(tt.aim, tt.tot)
			assert.Equal(t, tt.wantGoOn, iterations(&p, t0, tt.ends, tt.values, tt.changed))
			assert.Equal(t, tt.wantHalt, p.halt)
		})
	}
}

func TestPaceWithoutDeadline(t *testing.T) {
	p := newPace(core.Limits{Start: time.Unix(1000, 0)}, time.Unix(1000, 0))
	for n := range 30 {
		require.True(t, p.iteration(time.Unix(1000+int64(n)*1000, 0), int32(-100*n), n%2 == 0, true), "iteration %d", n)
	}
}

func TestPaceStopsWhenOneMoveIsLeft(t *testing.T) {
	p, t0 := movePace(1000, 10_000)
	for n := range aloneIterations {
		goOn := p.iteration(t0.Add(time.Duration(n+1)*time.Millisecond), 50, false, true)
		assert.Equal(t, n+1 < aloneIterations, goOn, "iteration %d", n+1)
	}
	assert.Equal(t, core.HaltAlone, p.halt)
	// One iteration with a choice again starts the count afresh.
	q, t0 := movePace(1000, 10_000)
	q.iteration(t0.Add(time.Millisecond), 50, false, true)
	q.iteration(t0.Add(2*time.Millisecond), 50, false, false)
	assert.True(t, q.iteration(t0.Add(3*time.Millisecond), 50, false, true))
}

// TestPaceBounds plays random iterations: no iteration starts past 60% of
// the move, nor past maxStretch times the aim, nor when 40% of the
// estimated next one would end past the deadline; and one always starts
// while less than the least stretch of the aim (the fastest a settled,
// rising answer may stop) has passed and the estimated next fits whole.
func TestPaceBounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	least := minFalling * minSteady
	for range 2000 {
		total := 1 + rng.IntN(10_000)
		aim := 1 + rng.IntN(total)
		p, t0 := movePace(aim, total)
		end := 0
		for range 1 + rng.IntN(20) {
			end += rng.IntN(max(total/4, 1))
			v := int32(rng.IntN(2000) - 1000)
			if rng.IntN(10) == 0 {
				v = mateScore + int32(rng.IntN(10))
			}
			goOn := p.iteration(t0.Add(time.Duration(end)*time.Millisecond), v, rng.IntN(3) == 0, rng.IntN(20) == 0)
			elapsed := float64(end)
			est := float64(p.next()) / float64(time.Millisecond)
			if goOn {
				require.Less(t, elapsed, lastStart*float64(total)+1e-9, "aim %d of %d", aim, total)
				require.Less(t, elapsed, maxStretch*float64(aim)+1e-9, "aim %d of %d", aim, total)
				require.LessOrEqual(t, elapsed+reach*est, float64(total)+1, "aim %d of %d", aim, total)
			} else if p.alone == 0 && elapsed+est < float64(total)-1 {
				require.GreaterOrEqual(t, elapsed+1, min(least*float64(aim), lastStart*float64(total)), "aim %d of %d", aim, total)
			}
		}
	}
}

// TestDeepenGivesItsHalt: the search's figures say why deepening stopped,
// in an opening with no threat to shortcut it: its depth limit, its node
// limit cutting an iteration off, and the plan's aim (an optimum at the
// start of the move, so no second iteration starts).
func TestDeepenGivesItsHalt(t *testing.T) {
	g := gameOf(t, "h8i9g9")
	now := time.Now()
	tests := []struct {
		name string
		lim  func(core.Limits) core.Limits
		want core.Halt
	}{
		{"depth limit", func(l core.Limits) core.Limits { l.MaxDepth = 3; return l }, core.HaltDepth},
		{"node limit", func(l core.Limits) core.Limits { l.MaxNodes = 20_000; return l }, core.HaltStopped},
		{"past the aim", func(l core.Limits) core.Limits {
			l.Start, l.Optimum, l.Deadline = now, now, now.Add(time.Minute)
			return l
		}, core.HaltAim},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ds := &State{}
			fits, warm := ds.Sync(g, time.Time{})
			require.True(t, fits && warm)
			st := &core.Stats{}
			_, ok := ds.Choose(context.Background(), g, g.Turn(), tt.lim(unlimited()), st, &atomic.Pointer[sparse.Cell]{})
			require.True(t, ok)
			assert.Equal(t, core.ReasonSearch, st.Reason)
			assert.Equal(t, tt.want, st.Halt, "depth %d", st.Depth)
		})
	}
}
