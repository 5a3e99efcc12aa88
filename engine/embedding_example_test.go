package engine_test

import (
	"context"
	"fmt"
	"sync"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/sparse"
)

// A game loop on an infinite board: no bounds, coordinates anywhere in the
// 32-bit range, memory for the marks only.
func Example_infiniteBoard() {
	g, err := engine.New() // Gomoku: K = 5, two players, unbounded
	if err != nil {
		panic(err)
	}
	const far = 1_000_000_000
	moves := [][2]int{{far, -far}, {0, 0}, {far, -far + 1}, {0, 1}, {far, -far + 2}, {0, 2}, {far, -far + 3}, {0, 3}, {far, -far + 4}}
	for _, m := range moves {
		player := g.Turn()
		out, err := g.Play(m[0], m[1])
		if err != nil {
			fmt.Println("refused:", err)
			continue
		}
		if out != engine.Ongoing {
			fmt.Printf("player %d: %v after %d moves\n", player, out, g.Len())
		}
	}
	box, _ := g.BoundingBox()
	fmt.Println("marks within", box)
	fmt.Println(g.WinningLine())
	// Output:
	// player 1: won after 9 moves
	// marks within rows 0..1000000000, cols -1000000000..3
	// [(1000000000, -1000000000) (1000000000, -999999999) (1000000000, -999999998) (1000000000, -999999997) (1000000000, -999999996)]
}

// Three players in rotation, three in a row to win.
func ExampleWithPlayers() {
	g, _ := engine.New(engine.WithPlayers(3), engine.WithK(3))
	var turns []int
	for _, m := range [][2]int{{0, 0}, {5, 5}, {9, 0}, {0, 1}, {5, 6}, {9, 1}, {3, 3}, {4, 4}, {9, 2}} {
		turns = append(turns, g.Turn())
		g.Play(m[0], m[1])
	}
	fmt.Println(turns)
	fmt.Println(g.Status(), "by player", g.Winner())
	// Output:
	// [1 2 3 1 2 3 1 2 3]
	// won by player 3
}

// firstFree is a custom strategy: it plays the first free cell of a
// bounded board in reading order.
type firstFree struct{}

func (firstFree) Name() string { return "first-free" }

func (firstFree) Choose(ctx context.Context, g *engine.Game, player int) (sparse.Cell, error) {
	cfg := g.Config()
	for r := range cfg.Rows {
		for c := range cfg.Cols {
			if g.CanPlace(r, c) == nil {
				return sparse.Cell{Row: r, Col: c}, nil
			}
		}
	}
	return sparse.Cell{}, fmt.Errorf("no free cell")
}

// Any type with Name and Choose can take a seat; the caller asks the seat
// in turn and plays what it chooses.
func ExampleStrategy() {
	g, _ := engine.New(engine.WithBounds(4, 4), engine.WithK(4))
	seats := []engine.Strategy{firstFree{}, firstFree{}}
	for g.Status() == engine.Ongoing {
		p := g.Turn()
		c, err := seats[p-1].Choose(context.Background(), g, p)
		if err != nil {
			panic(err)
		}
		g.Play(c.Row, c.Col)
	}
	fmt.Println(g.Status(), "by", seats[g.Winner()-1].Name(), "player", g.Winner(), "after", g.Len(), "moves")
	fmt.Println(g.WinningLine())
	// Output:
	// won by first-free player 1 after 13 moves
	// [(0, 0) (1, 0) (2, 0) (3, 0)]
}

// Several goroutines share one game: each move is atomic, and a snapshot
// is consistent.
func ExampleShared() {
	g, _ := engine.New(engine.WithPlayers(4), engine.WithFreeOrder())
	shared := engine.NewShared(g)
	var wg sync.WaitGroup
	for p := 1; p <= 4; p++ {
		wg.Add(1)
		go func() { // player p marks every other cell of its own row
			defer wg.Done()
			for i := range 10 {
				if _, err := shared.PlayAs(p, 2*i, p); err != nil {
					panic(err)
				}
			}
		}()
	}
	wg.Wait()
	_, err := shared.PlayAs(1, 0, 2) // taken by player 1
	fmt.Println(err)
	snap := shared.Snapshot()
	fmt.Println(len(snap.History), "moves,", snap.Status, "within", snap.Box)
	// Output:
	// sparse: cell occupied: (1, 0) by player 2
	// 40 moves, ongoing within rows 1..4, cols 0..18
}
