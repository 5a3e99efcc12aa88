package duel

// treeTally counts where a search's nodes go, for the tree-shape
// measurement (tally_test.go). Only a build with the duelstats tag counts
// (countTree): otherwise every count is dead code and the search pays
// nothing for it.
type treeTally struct {
	// nodes counts search's nodes by ply; leaves those scored by the
	// static value at the horizon, horizon those searched on past it
	// (threatened), futile those cut by futility.
	nodes                   [maxPly + 1]int64
	leaves, horizon, futile int64
	// leafVCF and horizonVCF are the threat-search nodes spent at the
	// leaves and in the horizon's escape; rootVCF, rootVCT and screen
	// those of the root's threat searches and of the screening of root
	// moves.
	leafVCF, horizonVCF, rootVCF, rootVCT, screen int64
	// leafVCFCalls and horizonVCFCalls count those threat searches, and
	// leafVCFWins and horizonVCFWins those that found a win.
	leafVCFCalls, leafVCFWins, horizonVCFCalls, horizonVCFWins int64
	// inner counts the interior nodes before the horizon, free those of
	// them whose moves cost no depth (a forced reply, or few replies to a
	// threat).
	inner, free int64
	// probes, hits and cuts count the table's probes, those that found
	// the position and those that settled it.
	probes, hits, cuts int64
	// interior counts the nodes that tried moves, listed the moves they
	// would try (the table's move alone while it has not been refuted),
	// tried the moves tried and cutNodes those that cut off.
	interior, listed, tried, cutNodes int64
	// generating counts the interior nodes that generated their moves
	// (not cut off by the table's move first), generated the moves they
	// generated (before keeping the best width of them).
	generating, generated int64
	// scout counts the null-window searches of later moves and rescout
	// those searched again with the full window; reduced counts the
	// reduced searches and unreduced those searched again unreduced.
	scout, rescout, reduced, unreduced int64
	// iterNodes are the nodes spent when each iteration ended.
	iterNodes []int64
}

// counts is the run's tally, made on first use: a run made for a test
// rather than by Choose has none until it counts.
func (d *run) counts() *treeTally {
	if d.tally == nil {
		d.tally = &treeTally{}
	}
	return d.tally
}
