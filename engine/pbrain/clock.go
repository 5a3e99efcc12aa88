package pbrain

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
}

// newGame forgets what belongs to one game; limits stay, as managers send
// them once per match.
func (c *clock) newGame() {
	c.used = 0
	c.leftSet = false
}

// plan returns the budget for a move: the turn limit (the default when the
// manager sent none, FastBudget for "as fast as possible"), capped by a
// share of the match time left. The share is the time left divided by an
// estimate of the brain's moves to come: a quarter of the free cells,
// between 8 and 30 (a Gomoku game rarely fills a quarter of a 15×15 or
// 20×20 board; the cap keeps early moves from starving later ones).
func (c *clock) plan(o Options, empties int) time.Duration {
	budget := o.DefaultTurnTime
	if c.turnSet {
		budget = c.turn
		if budget == 0 {
			budget = o.FastBudget
		}
	}
	if left, ok := c.matchLeft(); ok {
		togo := min(max(empties/4, 8), 30)
		budget = min(budget, max(left/time.Duration(togo), 0))
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
