package main

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/savefile"
)

// saveMoves writes a saved game of moves (row, col pairs in turn order)
// under cfg for seats and returns its path.
func saveMoves(t *testing.T, cfg engine.Config, seats []string, rc ...int) string {
	t.Helper()
	g, err := engine.New(engine.WithConfig(cfg))
	require.NoError(t, err)
	for i := 0; i+1 < len(rc); i += 2 {
		_, err := g.Play(rc[i], rc[i+1])
		require.NoError(t, err)
	}
	path := filepath.Join(t.TempDir(), "game.json")
	require.NoError(t, savefile.Save(path, g, seats))
	return path
}

// TestPlayUndoAnotherLineThenBlock: two people and the search share a
// game. The people take back their moves and play another line in which
// the third player makes a four, and the first player's move then lands
// on the cell it played before, at the same index. The search, asked
// next, must block the four: its only move.
func TestPlayUndoAnotherLineThenBlock(t *testing.T) {
	seats := []string{"human", "search", "human"}
	cfg := engine.Config{Rows: 15, Cols: 15, K: 5, Players: 3, Order: engine.Rotation}
	// + (player 3) has 5 5, 5 6, 5 7, blocked at 5 4 by X; + is to move.
	path := saveMoves(t, cfg, seats,
		5, 4, 10, 10, 5, 5,
		1, 1, 10, 13, 5, 6,
		1, 13, 13, 10, 5, 7,
		13, 1, 13, 13,
	)
	out := playGame(t,
		"12 2\n"+ // + somewhere harmless
			"12 12\n"+ // X; the search answers
			"undo\nundo\nredo\nundo\n"+
			"5 8\n"+ // +: a four, 5 9 wins
			"12 12\n"+ // X again, as before
			"quit\n",
		"--load", path, "--seed", "1", "--think", "300ms")
	assert.Contains(t, out, "X to play> undo\nTook back + at 12 2.\n")
	assert.Contains(t, out, "+ to play> redo\nPlayed again + at 12 2.\n")
	assert.Contains(t, out, "+ to play> 5 8\n")
	assert.Contains(t, out, "X to play> 12 12\nO (player 2, search) plays 5 9\n")
}

// TestPlayLoadAnotherGameThenBlock: against the search, a game is played,
// undone and replayed, then another game is loaded that shares a stone
// with the first at the same index, and the person makes a four: the
// search must block it.
func TestPlayLoadAnotherGameThenBlock(t *testing.T) {
	seats := []string{"human", "search"}
	cfg := engine.Config{Rows: 15, Cols: 15, K: 5, Players: 2, Order: engine.Rotation}
	first := saveMoves(t, cfg, seats, 2, 2, 12, 12, 2, 3, 12, 11, 0, 14, 14, 0)
	second := saveMoves(t, cfg, seats, 7, 3, 7, 2, 7, 4, 3, 3, 7, 5, 14, 0)
	out := playGame(t,
		"14 14\n"+ // the search answers
			"undo\nredo\n"+
			"load "+second+"\n"+
			"7 6\n"+ // a four, blocked at 7 2: 7 7 wins
			"quit\n",
		"--load", first, "--seed", "1", "--think", "300ms")
	assert.Regexp(t, `X to play> undo\nTook back O at \d+ \d+, X at 14 14\.\n`, out)
	assert.Regexp(t, `X to play> redo\nPlayed again X at 14 14, O at \d+ \d+\.\n`, out)
	assert.Contains(t, out, "Loaded "+second+": 6 moves.\n")
	assert.Contains(t, out, "X to play> 7 6\nO (player 2, search) plays 7 7\n")
}
