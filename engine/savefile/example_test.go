package savefile_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/savefile"
)

func ExampleWrite() {
	g, _ := engine.New(engine.WithK(3), engine.WithBounds(3, 3))
	g.Play(1, 1)
	g.Play(0, 2)
	savefile.Write(os.Stdout, g, []string{"human", "greedy"})
	// Output:
	// {
	//   "format": "gomoku-game",
	//   "version": 1,
	//   "config": {"k": 3, "players": 2, "rows": 3, "cols": 3, "rule": "freestyle", "order": "rotation"},
	//   "seats": ["human", "greedy"],
	//   "status": "ongoing",
	//   "winner": 0,
	//   "moves": [
	//     [1, 1, 1],
	//     [0, 2, 2]
	//   ]
	// }
}

func ExampleRead() {
	tampered := `{"format": "gomoku-game", "version": 1,
	  "config": {"k": 5, "players": 2, "rows": 0, "cols": 0, "rule": "freestyle", "order": "rotation"},
	  "status": "ongoing", "winner": 0,
	  "moves": [[0, 0, 1], [0, 0, 2]]}`
	_, err := savefile.Read(strings.NewReader(tampered))
	fmt.Println(err)
	// Output:
	// savefile: invalid saved game: move 2: sparse: cell occupied: (0, 0) by player 2
}
