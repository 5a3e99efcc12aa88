package core

import (
	"fmt"
	"time"

	"github.com/gomoku-engine/gomoku/sparse"
)

// Reason says how a search found its move.
type Reason uint8

const (
	// ReasonNone: no move was chosen (the call failed, or none was made).
	ReasonNone Reason = iota
	// ReasonOpening: the first move of the game, or K = 1.
	ReasonOpening
	// ReasonWin: a move that wins at once.
	ReasonWin
	// ReasonVCF: the first move of a victory by continuous fours.
	ReasonVCF
	// ReasonVCT: the first move of a victory by continuous threats.
	ReasonVCT
	// ReasonPlan: a line that wins against the predicted replies (three
	// or more players).
	ReasonPlan
	// ReasonSearch: the look-ahead's choice.
	ReasonSearch
	// ReasonRefute: the look-ahead's choice among the only moves that stop
	// the opponent's VCF.
	ReasonRefute
	// ReasonOnlyMove: the one move that does not lose at once.
	ReasonOnlyMove
	// ReasonWarmUp: a quick answer while the working copy of a long game
	// is still being built.
	ReasonWarmUp
	// ReasonFallback: a legal move found without the search, which found
	// none it trusts.
	ReasonFallback
	reasonCount
)

var reasonNames = [reasonCount]string{
	ReasonNone: "none", ReasonOpening: "opening", ReasonWin: "win", ReasonVCF: "vcf", ReasonVCT: "vct",
	ReasonPlan: "plan", ReasonSearch: "search", ReasonRefute: "refute", ReasonOnlyMove: "only move",
	ReasonWarmUp: "warm-up", ReasonFallback: "fallback",
}

// String is the reason in a few words: "vcf", "only move", "warm-up".
func (r Reason) String() string {
	if r < reasonCount {
		return reasonNames[r]
	}
	return fmt.Sprintf("Reason(%d)", uint8(r))
}

// Halt says why iterative deepening stopped, for the figures of a move
// its time plan is judged by.
type Halt uint8

const (
	// HaltNone: no iterative deepening ran (a shortcut found the move).
	HaltNone Halt = iota
	// HaltAim: the plan's target (the optimum, stretched or shortened by
	// how settled the answer looks) had passed.
	HaltAim
	// HaltReach: the next iteration would not get far enough before the
	// deadline to be worth starting.
	HaltReach
	// HaltAlone: every root move but one was lost for a few iterations.
	HaltAlone
	// HaltSettled: the value was a win or a loss the search trusts.
	HaltSettled
	// HaltStopped: the deadline or the node limit cut an iteration off.
	HaltStopped
	// HaltDepth: the depth limit was reached.
	HaltDepth
	haltCount
)

var haltNames = [haltCount]string{
	HaltNone: "none", HaltAim: "aim", HaltReach: "reach", HaltAlone: "alone",
	HaltSettled: "settled", HaltStopped: "stopped", HaltDepth: "depth",
}

// String is the cause in a word: "aim", "reach", "stopped".
func (h Halt) String() string {
	if h < haltCount {
		return haltNames[h]
	}
	return fmt.Sprintf("Halt(%d)", uint8(h))
}

// Stats are the figures of one move that an engine fills in.
type Stats struct {
	Depth  int
	Nodes  int64
	Score  int64
	Reason Reason
	Halt   Halt
}

// WinValue is the score of a won position; wins sooner are worth more.
const WinValue int64 = 1 << 50

// MaxDepth bounds iterative deepening when nothing else does.
const MaxDepth = 64

// Limits are what one move may spend, handed to an engine by value.
type Limits struct {
	// Start is when the move began; Deadline when it must end (zero: no
	// time limit).
	Start, Deadline time.Time
	// Optimum is when the move would ideally end: a search that
	// deepens step by step starts no step past it unless its answer is
	// still in doubt (see [Limits.Aim]). Zero: half way to the Deadline.
	Optimum time.Time
	// MaxDepth caps iterative deepening; MaxNodes, when positive, the
	// positions visited.
	MaxDepth int
	MaxNodes int64
	// Width is how many candidates the alpha-beta tries below the root
	// (the two-player search: near the leaves, more further up).
	Width int
	// VCF and VCT turn the threat searches on.
	VCF, VCT bool
	// Exclude lists cells the move may not be, for an analysis that asks
	// for the best move after the ones it already has. Only the two-player
	// search reads it; the caller checks other engines' answers.
	Exclude []sparse.Cell
}

// PhaseEnd is the instant by which a phase allowed 1/share of the time
// must end (zero without a deadline).
func (l Limits) PhaseEnd(share int) time.Time {
	if l.Deadline.IsZero() {
		return time.Time{}
	}
	return l.Start.Add(l.Deadline.Sub(l.Start) / time.Duration(share))
}

// Aim is the instant the move aims to end by: Optimum, or half way to
// the Deadline without one, never past the Deadline (zero without a
// deadline).
func (l Limits) Aim() time.Time {
	switch {
	case l.Deadline.IsZero():
		return time.Time{}
	case l.Optimum.IsZero():
		return l.PhaseEnd(2)
	case l.Optimum.After(l.Deadline):
		return l.Deadline
	case l.Optimum.Before(l.Start):
		return l.Start
	}
	return l.Optimum
}

// SyncCheck is how many moves a working copy replays between looks at
// the clock when it catches up with a game.
const SyncCheck = 64

// DefaultWidth is how many candidates the alpha-beta searches try below
// the root.
const DefaultWidth = 12
