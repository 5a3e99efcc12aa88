//go:build duelstats

package duel

// countTree turns the tree-shape counts (treeTally) on, in a build with
// the duelstats tag.
const countTree = true
