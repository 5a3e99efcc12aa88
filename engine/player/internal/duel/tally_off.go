//go:build !duelstats

package duel

// countTree turns the tree-shape counts (treeTally) on: see tally_on.go.
const countTree = false
