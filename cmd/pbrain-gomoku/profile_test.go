package main_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/stretchr/testify/require"
)

// The engine's two programs are built with the same profile of the
// search (default.pgo, see engine/player/README.md, "How fast they
// search"): a profile refreshed for one and not the other would make the
// Gomocup binary slower than the one the project measures.
func TestSameProfileAsGomoku(t *testing.T) {
	ours, err := os.ReadFile("default.pgo")
	require.NoError(t, err)
	gomoku, err := os.ReadFile("../gomoku/default.pgo")
	require.NoError(t, err)
	require.True(t, bytes.Equal(ours, gomoku), "cmd/pbrain-gomoku/default.pgo differs from cmd/gomoku/default.pgo: copy the one regenerated to the other")
}
