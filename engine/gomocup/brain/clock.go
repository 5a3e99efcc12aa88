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

// The match clock's shares. A Gomoku game between strong players is
// decided in its first few dozen moves whatever the board's size, so the
// plan counts moves, not free cells (except when the cells run out).
const (
	// maxShare: a move may take up to the time left over maxShare, plus
	// most of the increment, and never more than a third of the time
	// left.
	maxShare = 5
	// gameMoves is how many moves of its own the brain expects to think
	// about in a game; the optimum shares the time left, with the
	// increments still to come, over gameMoves less half the moves it
	// made, and at least minToGo: the early moves, which decide most
	// games, get more than the late ones, and the increment banked by
	// moves answered at once (forced blocks, wins) is spent later.
	gameMoves = 22
	minToGo   = 10
)

// plan returns a move's optimum (the time it aims to take) and maximum
// (its budget, the most it may take) when the board has empties free
// cells and stones marks. The maximum is the turn limit (the default when
// the manager sent none, FastBudget for "as fast as possible"), capped
// by a share of the match time left: the time left over maxShare (or
// over the moves the brain can still make when fewer cells are free),
// plus three quarters of the increment, never more than a third of the
// time left. The optimum is half the maximum under a turn limit alone
// (a move's unused time is lost); under a match clock it is the time left
// and the increments to come shared over the moves likely to remain (see
// gameMoves), at most half the maximum.
func (c *clock) plan(o Options, empties, stones int) (optimum, maximum time.Duration) {
	maximum = o.DefaultTurnTime
	if c.turnSet {
		maximum = c.turn
		if maximum == 0 {
			maximum = o.FastBudget
		}
	}
	left, ok := c.matchLeft()
	if !ok {
		return maximum / 2, maximum
	}
	mine := max((empties+1)/2, 1) // the moves the brain can still make
	share := left/time.Duration(min(maxShare, mine)) + c.inc*3/4
	maximum = min(maximum, max(min(share, left/3), 0))
	togo := min(max(gameMoves-stones/4, minToGo), mine)
	optimum = (max(left, 0) + c.inc*time.Duration(togo-1)) / time.Duration(togo)
	return min(optimum, maximum/2), maximum
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
