package brain

import "time"

// unlimitedLeft is the time_left a manager sends when the match has no
// time limit (the spec: 2147483647).
const unlimitedLeft = 2147483647

// clock keeps the manager's time limits and plans each move's budget.
type clock struct {
	turn      time.Duration // timeout_turn; see turnSet
	turnSet   bool
	match     time.Duration // timeout_match, 0 = none
	left      time.Duration // time_left, valid when leftSet
	leftSet   bool
	used      time.Duration // time spent on moves this game, for timeout_match without time_left
	maxMemory int64
	// The increment is not in the protocol: it is inferred from time_left
	// before and after a move of known duration (lastLeft, lastTook).
	inc      time.Duration
	lastLeft time.Duration
	lastTook time.Duration
	haveLast bool
}

// setLeft applies INFO time_left and infers the increment from it.
func (c *clock) setLeft(d time.Duration) {
	if c.haveLast && c.lastLeft < unlimitedLeft*time.Millisecond {
		// A tenth of a millisecond of tolerance for the manager's rounding.
		c.inc = max(d-(c.lastLeft-c.lastTook)+time.Millisecond/10, 0)
	}
	c.left, c.leftSet = d, true
}

// moved records that a move took took under the current time_left.
func (c *clock) moved(took time.Duration) {
	c.lastLeft, c.lastTook, c.haveLast = c.left, took, c.leftSet
}

// newGame forgets what belongs to one game; limits stay, as managers send
// them once per match.
func (c *clock) newGame() {
	c.used = 0
	c.leftSet = false
	c.haveLast = false
}

// planMoves is how many moves the match clock is shared between.
const planMoves = 5

// plan returns the budget for a move: the turn limit (the default when the
// manager sent none, FastBudget for "as fast as possible"), capped by a
// share of the match time left plus most of the increment. The share is
// the time left divided by planMoves, or by the moves the brain can still
// make when the board has fewer free cells: a Gomoku game between strong
// players is decided in its first few dozen moves whatever the board's
// size, so the share is large at first (a fifth of the clock) and shrinks
// with the clock, down to about the increment. The budget never exceeds a
// third of the time left.
func (c *clock) plan(o Options, empties int) time.Duration {
	budget := o.DefaultTurnTime
	if c.turnSet {
		budget = c.turn
		if budget == 0 {
			budget = o.FastBudget
		}
	}
	if left, ok := c.matchLeft(); ok {
		togo := min(planMoves, max((empties+1)/2, 1))
		share := left/time.Duration(togo) + c.inc*3/4
		budget = min(budget, max(min(share, left/3), 0))
	}
	return budget
}

// matchLeft is the match time still available, and false when unlimited.
func (c *clock) matchLeft() (time.Duration, bool) {
	if c.leftSet {
		if c.left >= unlimitedLeft*time.Millisecond {
			return 0, false
		}
		return c.left, true
	}
	if c.match > 0 {
		return c.match - c.used, true
	}
	return 0, false
}

// deadlines splits a budget that started at start: the strategy must stop
// thinking by soft, and the brain answers with its fallback at hard if the
// strategy has not returned by then. The margin (a tenth of the budget, at
// least MinMargin) is kept back for the answer to reach the manager; half
// of it is the strategy's grace to return after its context ends.
func deadlines(o Options, start time.Time, budget time.Duration) (soft, hard time.Time) {
	margin := max(o.MinMargin, budget/10)
	if budget < 2*margin {
		// A tiny budget (a nearly spent match clock, or "as fast as
		// possible"): think for half of it, answer by three quarters.
		return start.Add(budget / 2), start.Add(budget * 3 / 4)
	}
	return start.Add(budget - margin), start.Add(budget - margin/2)
}
