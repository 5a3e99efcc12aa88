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
	tests := []struct {
		name    string
		c       clock
		empties int
		want    time.Duration
	}{
		{"no INFO: the default", clock{}, 400, 5 * time.Second},
		{"timeout_turn", clock{turn: ms(1000), turnSet: true}, 400, ms(1000)},
		{"as fast as possible", clock{turn: 0, turnSet: true}, 400, o.FastBudget},
		{"time_left unlimited", clock{turn: ms(1000), turnSet: true, left: ms(unlimitedLeft), leftSet: true}, 400, ms(1000)},
		{"time_left shares: a fifth on 15×15", clock{turn: ms(10000), turnSet: true, left: ms(40000), leftSet: true}, 225, ms(8000)},
		{"time_left shares: a fifth on 20×20 too", clock{turn: ms(10000), turnSet: true, left: ms(40000), leftSet: true}, 400, ms(8000)},
		{"time_left shares: a fifth on a huge board", clock{turn: ms(10000), turnSet: true, left: ms(40000), leftSet: true}, 1 << 30, ms(8000)},
		{"time_left shares: 10 free cells, 5 own moves", clock{turn: ms(10000), turnSet: true, left: ms(5000), leftSet: true}, 10, ms(1000)},
		{"time_left shares: 6 free cells, 3 own moves", clock{turn: ms(10000), turnSet: true, left: ms(6000), leftSet: true}, 6, ms(2000)},
		{"time_left shares: the last free cell, still a third at most", clock{turn: ms(10000), turnSet: true, left: ms(6000), leftSet: true}, 1, ms(2000)},
		{"plus three quarters of the increment", clock{turn: ms(10000), turnSet: true, left: ms(5000), leftSet: true, inc: ms(200)}, 10, ms(1150)},
		{"never beyond a third of the time left", clock{turn: ms(10000), turnSet: true, left: ms(300), leftSet: true, inc: ms(1000)}, 10, ms(100)},
		{"turn limit below the share", clock{turn: ms(200), turnSet: true, left: ms(60000), leftSet: true}, 400, ms(200)},
		{"time_left spent", clock{turn: ms(1000), turnSet: true, left: ms(-50), leftSet: true}, 400, 0},
		{"timeout_match without time_left counts own use", clock{turn: ms(10000), turnSet: true, match: ms(90000), used: ms(50000)}, 400, ms(8000)},
		{"time_left wins over timeout_match", clock{turn: ms(10000), turnSet: true, match: ms(90000), left: ms(2000), leftSet: true}, 400, ms(400)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.c.plan(o, tt.empties))
		})
	}
}

// TestClockPlanBounds checks the plan on random clocks: the move's last
// instant (the hard deadline) is never later than a third of the time
// left, nor the budget above the turn limit; and a clock with more time left
// never gets a smaller budget, so the brain uses the time it has.
func TestClockPlanBounds(t *testing.T) {
	o := Options{}.withDefaults()
	rng := rand.New(rand.NewPCG(3, 4))
	t0 := time.Unix(1000, 0)
	for range 5000 {
		c := clock{turn: time.Duration(rng.IntN(60_000)) * time.Millisecond, turnSet: true, leftSet: true,
			left: time.Duration(rng.IntN(400_000)-1000) * time.Millisecond, inc: time.Duration(rng.IntN(5_000)) * time.Millisecond}
		empties := 1 + rng.IntN(1000)
		budget := c.plan(o, empties)
		require.LessOrEqual(t, budget, max(c.left/3, 0), "%+v, %d free cells", c, empties)
		if c.turn > 0 {
			require.LessOrEqual(t, budget, c.turn, "%+v", c)
		}
		// The answer is due by hard, so at least two thirds of the time
		// left remain when it reaches the manager.
		soft, hard := deadlines(o, t0, budget)
		require.True(t, !soft.After(hard) && hard.Sub(t0) <= budget, "%+v", c)
		more := c
		more.left += time.Duration(1+rng.IntN(10_000)) * time.Millisecond
		require.GreaterOrEqual(t, more.plan(o, empties), budget, "more time left, no smaller budget: %+v", c)
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
