package duel

import (
	"time"

	"github.com/gomoku-engine/gomoku/engine/player/internal/core"
)

// How iterative deepening spends a move's time. The move may take the
// whole of its limits (Start to Deadline, which the node meter enforces),
// but aims at its optimum ([core.Limits.Aim]): past the optimum, scaled by
// how settled the answer looks, no deeper iteration starts.
const (
	// maxStretch caps the product of the factors below: an unsettled
	// answer may take up to this many optimums.
	maxStretch = 2.5
	// lastStart is the share of the move (Start to Deadline) after which
	// no iteration starts however unsettled the answer: the next one
	// costs about twice the time spent so far, so one started later
	// would be cut off before its first move was searched.
	lastStart = 0.6
	// reach is the part of the next iteration's estimated time that must
	// fit before the deadline for it to start: cut off early, an
	// iteration seldom gets past the best move's own search, and the time
	// is worth more on a later move.
	reach = 0.4
	// dropScale is the fall of the best value, in evaluation units, that
	// makes the search think twice as long; a rise lets it stop sooner,
	// down to minFalling.
	dropScale  = 300.0
	minFalling = 0.75
	maxFalling = 2.0
	// steadyFrom is how many iterations the best move must hold before
	// each further one shortens the aim by steadyStep, down to minSteady.
	steadyFrom = 3
	steadyStep = 0.1
	minSteady  = 0.6
	// aloneIterations is how many iterations in a row with every root
	// move but the best one lost end the deepening: there is nothing left
	// to choose.
	aloneIterations = 3
	// minGrowth and maxGrowth bound the estimate of how much longer the
	// next iteration takes than the last.
	minGrowth = 1.5
	maxGrowth = 4.0
)

// pace decides, between the iterations of one move, whether to start
// another one. Without a deadline it never stops the search.
type pace struct {
	start time.Time
	// aim is the optimum's share of the move (Start to Aim), total the
	// whole move (Start to Deadline); both zero without a deadline.
	aim, total time.Duration
	// lastEnd is when the latest iteration ended; last and prev are the
	// durations of the latest two.
	lastEnd    time.Time
	last, prev time.Duration
	// changes decays by half each iteration and counts one for each
	// change of the best move: 0 when steady, up to 2 when it changes at
	// every iteration.
	changes float64
	// steady counts the iterations since the best move last changed,
	// alone those in a row where it was the only move not lost.
	steady, alone int
	// values are the latest two iterations' best values, n how many
	// iterations have been recorded.
	values [2]int32
	n      int
	// halt is why the latest verdict was to stop: HaltAim, HaltReach or
	// HaltAlone.
	halt core.Halt
}

// newPace starts the plan of a move within lim whose first iteration
// starts at now.
func newPace(lim core.Limits, now time.Time) pace {
	p := pace{start: lim.Start, lastEnd: now}
	if !lim.Deadline.IsZero() {
		p.total = max(lim.Deadline.Sub(lim.Start), 1)
		p.aim = max(lim.Aim().Sub(lim.Start), 0)
	}
	return p
}

// iteration records an iteration that ended at now with value v for its
// best move, changed when that move differs from the previous
// iteration's, alone when every other root move is lost; it reports
// whether to start another.
func (p *pace) iteration(now time.Time, v int32, changed, alone bool) bool {
	p.prev, p.last, p.lastEnd = p.last, now.Sub(p.lastEnd), now
	falling := p.falling(v)
	p.values[0], p.values[1] = p.values[1], v
	p.n++
	p.changes /= 2
	p.steady++
	if changed {
		p.changes++
		p.steady = 0
	}
	p.alone++
	if !alone {
		p.alone = 0
	}
	if p.total == 0 {
		return true
	}
	elapsed := now.Sub(p.start)
	switch {
	case p.alone >= aloneIterations:
		p.halt = core.HaltAlone
	case elapsed >= p.target(falling):
		p.halt = core.HaltAim
	case elapsed+time.Duration(reach*float64(p.next())) > p.total:
		p.halt = core.HaltReach
	default:
		return true
	}
	return false
}

// falling is the factor for a best value of v after the values before
// it: the drop is measured from the mean of the previous two, since
// odd and even depths lean to different sides. Mates leave it at 1.
func (p *pace) falling(v int32) float64 {
	if p.n < 2 || !plain(v) || !plain(p.values[0]) || !plain(p.values[1]) {
		return 1
	}
	ref := (float64(p.values[0]) + float64(p.values[1])) / 2
	return min(max(1+(ref-float64(v))/dropScale, minFalling), maxFalling)
}

// plain reports whether v is a value rather than a mate.
func plain(v int32) bool { return v < mateScore && v > -mateScore }

// target is the time after which no iteration starts: the aim, longer
// while the best move keeps changing or its value falls, shorter once
// the best move has held for a few iterations, and never past lastStart
// of the move.
func (p *pace) target(falling float64) time.Duration {
	steady := 1.0
	if p.steady >= steadyFrom {
		steady = max(1-steadyStep*float64(p.steady-steadyFrom+1), minSteady)
	}
	f := min((1+p.changes)*falling*steady, maxStretch)
	return min(time.Duration(float64(p.aim)*f), time.Duration(lastStart*float64(p.total)))
}

// next estimates the next iteration's duration from the growth between
// the latest two, within minGrowth and maxGrowth.
func (p *pace) next() time.Duration {
	growth := maxGrowth
	if p.prev > 0 {
		growth = min(max(float64(p.last)/float64(p.prev), minGrowth), maxGrowth)
	}
	return time.Duration(float64(p.last) * growth)
}
