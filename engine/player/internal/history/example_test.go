package history_test

import (
	"fmt"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/player/internal/history"
)

// A copy that followed one line is brought to another that shares its
// first move only, although both have the same third move.
func ExampleSync() {
	copyMoves := history.Moves{{Row: 0, Col: 0, Player: 1}, {Row: 1, Col: 1, Player: 2}, {Row: 2, Col: 2, Player: 1}}
	want := history.Moves{{Row: 0, Col: 0, Player: 1}, {Row: 5, Col: 5, Player: 2}, {Row: 2, Col: 2, Player: 1}}
	held := history.Sync(copyMoves, want,
		func() { fmt.Println("reset") },
		func() { fmt.Println("undo") },
		func(m engine.Move) bool { fmt.Println("play", m); return true })
	fmt.Println("holds", held)
	// Output:
	// undo
	// undo
	// play (5, 5) by player 2
	// play (2, 2) by player 1
	// holds 3
}
