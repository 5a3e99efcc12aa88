package engine_test

import (
	"errors"
	"fmt"

	"github.com/gomoku-engine/gomoku/engine"
)

func Example() {
	g, _ := engine.New(engine.WithK(3), engine.WithBounds(3, 3))
	for _, c := range [][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}} {
		out, _ := g.Play(c[0], c[1])
		fmt.Println(c, out)
	}
	fmt.Println("winner:", g.Winner())
	// Output:
	// [0 0] ongoing
	// [1 0] ongoing
	// [0 1] ongoing
	// [1 1] ongoing
	// [0 2] won
	// winner: 1
}

func ExampleReplay() {
	moves := []engine.Move{
		{Row: 0, Col: 0, Player: 1}, {Row: 0, Col: 2, Player: 2}, {Row: 2, Col: 2, Player: 1},
		{Row: 1, Col: 1, Player: 2}, {Row: 2, Col: 0, Player: 1}, {Row: 1, Col: 0, Player: 2},
		{Row: 2, Col: 1, Player: 1},
	}
	results, err := engine.Replay(moves, engine.WithBounds(3, 3), engine.WithK(3), engine.WithFreeOrder())
	fmt.Println(results, err)
	// Output:
	// [0 0 0 0 0 0 1] <nil>
}

func ExampleGame_Undo() {
	g, _ := engine.New(engine.WithK(2))
	g.Play(0, 0) // player 1
	g.Play(5, 5) // player 2
	out, _ := g.Play(0, 1)
	fmt.Println(out, g.Winner())

	m, _ := g.Undo()
	fmt.Println("took back", m, "- now", g.Status(), "and player", g.Turn(), "to move")
	m, out, _ = g.Redo()
	fmt.Println("replayed", m, "-", out)
	// Output:
	// won 1
	// took back (0, 1) by player 1 - now ongoing and player 1 to move
	// replayed (0, 1) by player 1 - won
}

func ExampleGame_WouldWin() {
	g, _ := engine.New() // K = 5, unbounded
	for _, c := range [][2]int{{0, 0}, {9, 9}, {0, 1}, {9, 8}, {0, 2}, {9, 7}, {0, 3}, {-9, 0}} {
		g.Play(c[0], c[1])
	}
	for _, col := range []int{-1, 4, 5} {
		win, _ := g.WouldWin(0, col, 1)
		fmt.Printf("(0, %d) wins for 1: %v\n", col, win)
	}
	fmt.Println("moves still", g.Len())
	// Output:
	// (0, -1) wins for 1: true
	// (0, 4) wins for 1: true
	// (0, 5) wins for 1: false
	// moves still 8
}

func ExampleGame_WinningLine() {
	g, _ := engine.New(engine.WithK(3))
	for _, c := range [][2]int{{0, 0}, {5, 5}, {2, 2}, {5, 6}, {1, 1}} {
		g.Play(c[0], c[1])
	}
	fmt.Println(g.Status(), g.WinningLine())
	// Output:
	// won [(0, 0) (1, 1) (2, 2)]
}

func ExampleMoveError() {
	g, _ := engine.New()
	g.Play(0, 0)
	_, err := g.Play(0, 0)
	fmt.Println(err)
	fmt.Println(errors.Is(err, engine.ErrOccupied))
	_, err = g.Play(1<<31, 0)
	fmt.Println(err)
	// Output:
	// sparse: cell occupied: (0, 0) by player 2
	// true
	// sparse: coordinate out of range: (2147483648, 0) by player 2
}

func ExampleWithTorus() {
	// On a 3 × 4 torus a diagonal wraps around both edges: it is a cycle of
	// lcm(3, 4) = 12 cells, so six in a row fit on a board four wide.
	g, _ := engine.New(engine.WithBounds(3, 4), engine.WithK(6), engine.WithTorus(), engine.WithFreeOrder())
	for _, c := range [][2]int{{0, 0}, {1, 1}, {2, 2}, {0, 3}, {1, 0}, {2, 1}} {
		out, _ := g.PlayAs(c[0], c[1], 1)
		fmt.Println(c, out)
	}
	_, err := engine.New(engine.WithBounds(2, 4), engine.WithK(5), engine.WithTorus())
	fmt.Println(err)
	// Output:
	// [0 0] ongoing
	// [1 1] ongoing
	// [2 2] ongoing
	// [0 3] ongoing
	// [1 0] ongoing
	// [2 1] won
	// engine: bad configuration: K = 5 cannot fit on a 2 × 4 torus, whose longest lines (the diagonals) have 4 cells, so nobody could win
}

// Under renju, black may not play a double three: the move is refused and
// the cell is listed among those forbidden to black.
func ExampleGame_ForbiddenCells() {
	g, _ := engine.New(engine.WithRule(engine.Renju), engine.WithBounds(15, 15))
	for _, m := range [][2]int{{7, 5}, {0, 0}, {7, 6}, {0, 2}, {5, 7}, {0, 4}, {6, 7}, {0, 6}} {
		g.Play(m[0], m[1])
	}
	for cell, foul := range g.ForbiddenCells() {
		fmt.Println(cell, foul)
	}
	_, err := g.Play(7, 7)
	fmt.Println(errors.Is(err, engine.ErrForbidden), err)
	// Output:
	// (7, 7) double three
	// true engine: move forbidden to black under renju: double three: (7, 7) by player 1
}
