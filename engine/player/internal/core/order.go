package core

import (
	"cmp"
	"slices"
)

// ByValueDesc reorders items by their values, highest first, keeping the
// order of equals (iterative deepening tries the previous iteration's best
// moves first), and returns both reordered.
func ByValueDesc[T any, V cmp.Ordered](items []T, values []V) ([]T, []V) {
	order := make([]int, len(items))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(values[b], values[a]) })
	sortedItems, sortedValues := make([]T, len(items)), make([]V, len(items))
	for i, j := range order {
		sortedItems[i], sortedValues[i] = items[j], values[j]
	}
	return sortedItems, sortedValues
}

// Bounds of a transposition-table entry's value.
const (
	ExactBound int8 = iota
	LowerBound
	UpperBound
)
