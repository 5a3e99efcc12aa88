package record_test

import (
	"fmt"

	"github.com/gomoku-engine/gomoku/engine/record"
)

func ExampleLoad() {
	psq := "Piskvorky 15x15, 11:11, 0\n8,8,120\n9,9,85\n8,9,240\npbrain-a.zip\npbrain-b.zip\n0\n"
	rec, format, err := record.Load([]byte(psq))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(format, rec.Cols, "x", rec.Rows, rec.Names)
	for i, m := range rec.Moves {
		fmt.Printf("player %d: row %d, col %d, %d ms\n", record.Player(i), m.Row, m.Col, m.TimeMS)
	}
	s, _ := record.FormatMoveString(rec.Moves)
	fmt.Println(s)
	// Output:
	// psq 15 x 15 [pbrain-a.zip pbrain-b.zip]
	// player 1: row 7, col 7, 120 ms
	// player 2: row 8, col 8, 85 ms
	// player 1: row 8, col 7, 240 ms
	// h8i9h9
}

func ExampleParsePSQ_error() {
	_, err := record.ParsePSQ("Piskvorky 15x15, 0:0, 0\n8,8,0\n16,3,0\n")
	fmt.Println(err)
	// Output:
	// record: psq line 3: move 16,3 is off the 15x15 board (coordinates are 1-based) in "16,3,0"
}

func ExampleRecord_Game() {
	rec, _ := record.ParseMoveString("h8h9i8i9j8j9k8k9l8")
	g, err := rec.Game()
	fmt.Println(g.Status(), g.Winner(), err)
	// Output:
	// won 1 <nil>
}
