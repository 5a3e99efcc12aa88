package renju_test

import (
	"fmt"

	"github.com/gomoku-engine/gomoku/engine/renju"
)

func ExampleCheck() {
	// Black stones at (7, 5), (7, 6), (5, 7) and (6, 7): black at (7, 7)
	// would make two open threes, a row and a column.
	black := map[[2]int]bool{{7, 5}: true, {7, 6}: true, {5, 7}: true, {6, 7}: true}
	board := renju.BoardFunc(func(row, col int) renju.Stone {
		switch {
		case row < 0 || col < 0 || row >= 15 || col >= 15:
			return renju.Wall
		case black[[2]int{row, col}]:
			return renju.Black
		}
		return renju.Empty
	})
	fmt.Println(renju.Check(board, 7, 7))
	fmt.Println(renju.Check(board, 8, 8))
	// Output:
	// double three
	// none
}
