package player

import "github.com/gomoku-engine/gomoku/engine/player/internal/core"

// Reason says how a [Search] found its move; its String is a few words
// ("vcf", "only move", "warm-up").
type Reason = core.Reason

// The reasons, in [Stats.Reason].
const (
	// ReasonNone: no move was chosen (the call failed).
	ReasonNone = core.ReasonNone
	// ReasonOpening: the first move of the game, or K = 1.
	ReasonOpening = core.ReasonOpening
	// ReasonWin: a move that wins at once.
	ReasonWin = core.ReasonWin
	// ReasonVCF: the first move of a victory by continuous fours.
	ReasonVCF = core.ReasonVCF
	// ReasonVCT: the first move of a victory by continuous threats (fours
	// and threes).
	ReasonVCT = core.ReasonVCT
	// ReasonPlan: a line that wins against the predicted replies (three
	// or more players, [Planned]).
	ReasonPlan = core.ReasonPlan
	// ReasonSearch: the look-ahead's choice.
	ReasonSearch = core.ReasonSearch
	// ReasonRefute: the look-ahead's choice among the only moves that stop
	// the opponent's VCF.
	ReasonRefute = core.ReasonRefute
	// ReasonOnlyMove: the one move that does not lose at once (a block).
	ReasonOnlyMove = core.ReasonOnlyMove
	// ReasonWarmUp: a win or block found around the latest moves while the
	// working copy of a long game is still being built.
	ReasonWarmUp = core.ReasonWarmUp
	// ReasonFallback: a legal move found without the search, which found
	// none it trusts.
	ReasonFallback = core.ReasonFallback
)
