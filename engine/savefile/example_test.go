package savefile_test

import (
	"fmt"
	"os"
	"path/filepath"
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

// Loading a saved game: the file brings the rules, the moves and the
// seats; the caller may choose how the game is kept (here the run-length
// checker) and play on.
func ExampleLoad() {
	dir, _ := os.MkdirTemp("", "example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "game.json")

	g, _ := engine.New(engine.WithK(4), engine.WithPlayers(3))
	for _, m := range [][2]int{{0, 0}, {1, 0}, {2, 0}, {0, 1}, {1, 1}, {2, 1}, {0, 2}, {1, 2}, {2, 2}} {
		g.Play(m[0], m[1])
	}
	if err := savefile.Save(path, g, []string{"ann", "bob", "search"}); err != nil {
		panic(err)
	}

	saved, err := savefile.Load(path, engine.WithChecker(engine.RunsChecker))
	if err != nil {
		panic(err)
	}
	loaded := saved.Game
	fmt.Println(loaded.Config())
	fmt.Println(loaded.Len(), "moves,", saved.Seats[loaded.Turn()-1], "to play, judged by the", loaded.Checker(), "checker")
	out, _ := loaded.Play(0, 3)
	fmt.Println(out, "by", saved.Seats[loaded.Winner()-1])
	// Output:
	// K=4, 3 players, unbounded, freestyle, rotation
	// 9 moves, ann to play, judged by the runs checker
	// won by ann
}
