package brain

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
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
		{"time_left shares: 10 moves to go on 400 free cells", clock{turn: ms(10000), turnSet: true, left: ms(40000), leftSet: true}, 400, ms(4000)},
		{"time_left shares: at least 5 moves to go", clock{turn: ms(10000), turnSet: true, left: ms(5000), leftSet: true}, 10, ms(1000)},
		{"time_left shares: at most 30 moves to go", clock{turn: ms(10000), turnSet: true, left: ms(60000), leftSet: true}, 1 << 30, ms(2000)},
		{"plus three quarters of the increment", clock{turn: ms(10000), turnSet: true, left: ms(5000), leftSet: true, inc: ms(200)}, 10, ms(1150)},
		{"never beyond a third of the time left", clock{turn: ms(10000), turnSet: true, left: ms(300), leftSet: true, inc: ms(1000)}, 10, ms(100)},
		{"turn limit below the share", clock{turn: ms(200), turnSet: true, left: ms(60000), leftSet: true}, 400, ms(200)},
		{"time_left spent", clock{turn: ms(1000), turnSet: true, left: ms(-50), leftSet: true}, 400, 0},
		{"timeout_match without time_left counts own use", clock{turn: ms(10000), turnSet: true, match: ms(90000), used: ms(50000)}, 400, ms(4000)},
		{"time_left wins over timeout_match", clock{turn: ms(10000), turnSet: true, match: ms(90000), left: ms(2000), leftSet: true}, 400, ms(200)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.c.plan(o, tt.empties))
		})
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
