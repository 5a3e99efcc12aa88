package brain

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestClockPlan(t *testing.T) {
	o := Options{}.withDefaults()
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	const opening = 4 // stones on the board
	tests := []struct {
		name             string
		c                clock
		empties, stones  int
		optimum, maximum time.Duration
	}{
		{"no INFO: the default, half of it aimed at", clock{}, 400, opening, ms(2500), 5 * time.Second},
		{"timeout_turn", clock{turn: ms(1000), turnSet: true}, 400, opening, ms(500), ms(1000)},
		{"as fast as possible", clock{turn: 0, turnSet: true}, 400, opening, o.FastBudget / 2, o.FastBudget},
		{"time_left unlimited", clock{turn: ms(1000), turnSet: true, left: ms(unlimitedLeft), leftSet: true}, 400, opening, ms(500), ms(1000)},
		// 40 s over 21 moves (22 less half of the 2 made); at most a fifth.
		{"time_left shared: 15×15", clock{turn: ms(10000), turnSet: true, left: ms(42000), leftSet: true}, 221, opening, ms(2000), ms(8400)},
		{"time_left shared: 20×20 alike", clock{turn: ms(10000), turnSet: true, left: ms(42000), leftSet: true}, 396, opening, ms(2000), ms(8400)},
		{"time_left shared: a huge board alike", clock{turn: ms(10000), turnSet: true, left: ms(42000), leftSet: true}, 1 << 30, opening, ms(2000), ms(8400)},
		// The increments to come count: (5200 + 20·200) / 21.
		{"5 s + 0.2 s at the start", clock{turn: ms(5000), turnSet: true, left: ms(5200), leftSet: true, inc: ms(200)}, 221, opening, ms(438) + 95238, ms(1190)},
		// 40 stones: 12 moves to go, (2000 + 11·200) / 12, at most half of 400 + 150.
		{"5 s + 0.2 s in the middle game", clock{turn: ms(5000), turnSet: true, left: ms(2000), leftSet: true, inc: ms(200)}, 185, 40, ms(275), ms(550)},
		// 80 stones: minToGo.
		{"late: at least 10 moves to go", clock{turn: ms(60000), turnSet: true, left: ms(10000), leftSet: true}, 145, 80, ms(1000), ms(2000)},
		{"10 free cells, 5 own moves", clock{turn: ms(10000), turnSet: true, left: ms(5000), leftSet: true}, 10, 215, ms(500), ms(1000)},
		{"6 free cells, 3 own moves", clock{turn: ms(10000), turnSet: true, left: ms(6000), leftSet: true}, 6, 219, ms(1000), ms(2000)},
		{"the last free cell, still a third at most", clock{turn: ms(10000), turnSet: true, left: ms(6000), leftSet: true}, 1, 224, ms(1000), ms(2000)},
		{"never beyond a third of the time left", clock{turn: ms(10000), turnSet: true, left: ms(300), leftSet: true, inc: ms(1000)}, 10, 215, ms(50), ms(100)},
		{"turn limit below the share", clock{turn: ms(200), turnSet: true, left: ms(60000), leftSet: true}, 400, opening, ms(100), ms(200)},
		{"time_left spent", clock{turn: ms(1000), turnSet: true, left: ms(-50), leftSet: true}, 400, opening, 0, 0},
		{"timeout_match without time_left counts own use", clock{turn: ms(10000), turnSet: true, match: ms(92000), used: ms(50000)}, 396, opening, ms(2000), ms(8400)},
		{"time_left wins over timeout_match", clock{turn: ms(10000), turnSet: true, match: ms(90000), left: ms(2100), leftSet: true}, 396, opening, ms(100), ms(420)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			optimum, maximum := tt.c.plan(o, tt.empties, tt.stones)
			assert.Equal(t, tt.maximum, maximum, "maximum")
			assert.Equal(t, tt.optimum, optimum, "optimum")
		})
	}
}

// TestClockPlanBounds checks the plan on random clocks: the move's last
// instant (the hard deadline) is never later than a third of the time
// left, nor the maximum above the turn limit; the optimum is at most half
// the maximum and never negative; a clock with more time left never gets
// less time; and under a match clock every move to go can have its
// optimum: the optimum times the moves likely to remain is within the
// time left and the increments to come.
func TestClockPlanBounds(t *testing.T) {
	o := Options{}.withDefaults()
	rng := rand.New(rand.NewPCG(3, 4))
	t0 := time.Unix(1000, 0)
	for range 5000 {
		c := clock{turn: time.Duration(rng.IntN(60_000)) * time.Millisecond, turnSet: true, leftSet: true,
			left: time.Duration(rng.IntN(400_000)-1000) * time.Millisecond, inc: time.Duration(rng.IntN(5_000)) * time.Millisecond}
		empties := 1 + rng.IntN(1000)
		stones := rng.IntN(400)
		optimum, maximum := c.plan(o, empties, stones)
		require.LessOrEqual(t, maximum, max(c.left/3, 0), "%+v, %d free cells", c, empties)
		if c.turn > 0 {
			require.LessOrEqual(t, maximum, c.turn, "%+v", c)
		}
		require.True(t, optimum >= 0 && optimum <= maximum/2, "optimum %v, maximum %v: %+v", optimum, maximum, c)
		togo := time.Duration(min(max(gameMoves-stones/4, minToGo), max((empties+1)/2, 1)))
		require.LessOrEqual(t, optimum*togo, max(c.left, 0)+c.inc*(togo-1), "%+v, %d stones", c, stones)
		// The answer is due by hard, so at least two thirds of the time
		// left remain when it reaches the manager.
		soft, hard := deadlines(o, t0, maximum)
		require.True(t, !soft.After(hard) && hard.Sub(t0) <= maximum, "%+v", c)
		more := c
		more.left += time.Duration(1+rng.IntN(10_000)) * time.Millisecond
		mo, mm := more.plan(o, empties, stones)
		require.GreaterOrEqual(t, mm, maximum, "more time left, no smaller maximum: %+v", c)
		require.GreaterOrEqual(t, mo, optimum, "more time left, no smaller optimum: %+v", c)
	}
}

func TestClockInfersIncrement(t *testing.T) {
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	var c clock
	c.setLeft(ms(5000))
	assert.Zero(t, c.inc, "nothing to infer from before a move")
	c.moved(ms(700))
	c.setLeft(ms(4500)) // 5000 − 700 + 200
	assert.InDelta(t, float64(ms(200)), float64(c.inc), float64(time.Millisecond))
	c.moved(ms(300))
	c.setLeft(ms(4200)) // no increment
	assert.InDelta(t, 0, float64(c.inc), float64(time.Millisecond))
	c.newGame()
	c.setLeft(ms(5000))
	assert.InDelta(t, 0, float64(c.inc), float64(time.Millisecond), "kept from the last game until a move says otherwise")
}

func TestDeadlines(t *testing.T) {
	o := Options{}.withDefaults()
	t0 := time.Unix(1000, 0)
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	tests := []struct {
		budget     time.Duration
		soft, hard time.Duration
	}{
		{ms(1000), ms(900), ms(950)}, // margin a tenth
		{ms(200), ms(150), ms(175)},  // margin the 50 ms minimum
		{ms(60), ms(30), ms(45)},     // tiny: half and three quarters
		{ms(10), ms(5), ms(7) + 500*time.Microsecond},
		{0, 0, 0},
	}
	for _, tt := range tests {
		soft, hard := deadlines(o, t0, tt.budget)
		assert.Equal(t, tt.soft, soft.Sub(t0), "soft for %v", tt.budget)
		assert.Equal(t, tt.hard, hard.Sub(t0), "hard for %v", tt.budget)
		assert.True(t, !hard.Before(soft) && hard.Sub(t0) <= tt.budget)
	}
}

func TestUnsupportedRule(t *testing.T) {
	for mask, want := range map[int]bool{0: false, 1: false, 2: false, 3: false, 4: false, 6: false, 5: true, 8: true, 9: true, 12: true, 16: true} {
		assert.Equal(t, want, unsupportedRule(mask) != "", "rule %d", mask)
	}
}

func TestDeadlineReachesTheStrategy(t *testing.T) {
	rec := &recorder{}
	converse(t, Options{NewStrategy: rec.factory}, "INFO timeout_turn 1000\nSTART 20\nBEGIN\nINFO timeout_turn 200\nTURN 5,5\n")
	if assert.Len(t, rec.deadlines, 2) {
		// The deadline counts from the command's arrival, so the strategy
		// sees at most soft - start (900 ms, then 150 ms); how much less
		// depends on the machine's load, so only the bound is checked (the
		// arithmetic itself is TestDeadlines').
		assert.LessOrEqual(t, rec.deadlines[0], 900*time.Millisecond)
		assert.LessOrEqual(t, rec.deadlines[1], 150*time.Millisecond)
	}
}
