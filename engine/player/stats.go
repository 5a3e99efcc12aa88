package player

import "github.com/gomoku-engine/gomoku/engine/player/internal/core"

// Reason says how a [Search] found its move.
type Reason uint8

// String is the reason in a few words: "vcf", "only move", "warm-up".
func (r Reason) String() string { return core.Reason(r).String() }

// The reasons, in [Stats.Reason].
const (
	// ReasonNone: no move was chosen (the call failed).
	ReasonNone Reason = iota
	// ReasonOpening: the first move of the game, or K = 1.
	ReasonOpening
	// ReasonWin: a move that wins at once.
	ReasonWin
	// ReasonVCF: the first move of a victory by continuous fours.
	ReasonVCF
	// ReasonVCT: the first move of a victory by continuous threats (fours
	// and threes).
	ReasonVCT
	// ReasonPlan: a line that wins against the predicted replies (three
	// or more players, [Planned]).
	ReasonPlan
	// ReasonSearch: the look-ahead's choice.
	ReasonSearch
	// ReasonRefute: the look-ahead's choice among the only moves that stop
	// the opponent's VCF.
	ReasonRefute
	// ReasonOnlyMove: the one move that does not lose at once (a block).
	ReasonOnlyMove
	// ReasonWarmUp: a win or block found around the latest moves while the
	// working copy of a long game is still being built.
	ReasonWarmUp
	// ReasonFallback: a legal move found without the search, which found
	// none it trusts.
	ReasonFallback
)

// Halt says why a [Search]'s iterative deepening stopped, for judging
// its time plan.
type Halt uint8

// String is the cause in a word: "aim", "reach", "stopped".
func (h Halt) String() string { return core.Halt(h).String() }

// The causes, in [Stats.Halt].
const (
	// HaltNone: no iterative deepening ran (a shortcut found the move).
	HaltNone Halt = iota
	// HaltAim: the plan's target (its optimum, stretched or shortened by
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
)

// MateIn reads [Stats.Score] as a forced result. ok is false when the
// score is an evaluation. Otherwise plies is the number of moves to the
// end of the game, the chosen move included, positive when the mover wins
// and negative when it loses; 0 for a win the threat searches proved
// without counting its moves (a VCF or a VCT found before the look-ahead).
func (s Stats) MateIn() (plies int, ok bool) {
	switch {
	case s.Reason == ReasonWin:
		return 1, true
	case s.Score > core.WinValue/2:
		return int(core.WinValue - s.Score), true
	case s.Score < -core.WinValue/2:
		return -int(core.WinValue + s.Score), true
	}
	return 0, false
}
