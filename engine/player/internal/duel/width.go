package duel

// The width that follows the depth, as measured: each knob picks one of
// the variants the player README's log reports. With these values a node
// below the root and above the horizon tries moveCount moves (Rapfi's
// counts) in the order the picker hands them out, once it holds a move
// that does not lose.
var (
	// mcDiv divides the count of a node whose mover is not improving
	// (2: Rapfi's; 1: improving or not alike).
	mcDiv = 2
	// mcShift counts a node as that many plies deeper.
	mcShift = 0
	// mcPV applies the count at principal-variation nodes too.
	mcPV = true
	// mcMin is the least depth left at which the count applies.
	mcMin = 1
	// mcSel counts moves by the score that chose them for the list
	// (2·own value + the opponent's, table move, killers, history), not by
	// their place in the threat-first order.
	mcSel = false
	// mcCut reduces a late move of an expected cut node that is not a
	// killer a ply more (Rapfi: 1.8 plies).
	mcCut = false
	// mcOff turns the count off.
	mcOff = false
)
