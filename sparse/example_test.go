package sparse_test

import (
	"errors"
	"fmt"

	"github.com/gomoku-engine/gomoku/sparse"
)

func Example() {
	b, _ := sparse.New() // unbounded
	_ = b.Place(0, 0, 1)
	_ = b.Place(-1_000_000_000, 2_000_000_000, 2)
	_ = b.Place(5, -3, 1)

	for cell, mark := range b.All() {
		fmt.Println(cell, mark)
	}
	box, _ := b.BoundingBox()
	fmt.Println("marks:", b.Len(), "box:", box)

	err := b.Place(1<<32, 0, 1)
	fmt.Println(errors.Is(err, sparse.ErrOutOfRange))
	// Output:
	// (-1000000000, 2000000000) 2
	// (0, 0) 1
	// (5, -3) 1
	// marks: 3 box: rows -1000000000..5, cols -3..2000000000
	// true
}

func ExampleWithBounds() {
	b, _ := sparse.New(sparse.WithBounds(3, 3))
	fmt.Println(b.Place(1, 1, 1))
	fmt.Println(b.Place(3, 0, 1))
	fmt.Println(b.Place(1, 1, 2))
	// Output:
	// <nil>
	// sparse: cell off the board: (3, 0) is outside the 3 × 3 board
	// sparse: cell occupied: (1, 1)
}
