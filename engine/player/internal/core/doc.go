// Package core holds what the player's search engines share: the four
// axes of a line, Zobrist keys, the worth of a run to a player who looks
// one move ahead, the limits of one move ([Limits]) and the meter that
// counts nodes against them ([Meter]), the figures a search reports
// ([Stats], [Reason]) and the scale of its scores ([WinValue]).
//
// It imports nothing of the engines; they import it. The public package
// engine/player has its own Reason type, whose constants are these
// values.
package core
