package gomokutest_test

import (
	"os"
	"os/exec"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gomoku-engine/gomoku/cmd/internal/gomokutest"
)

func TestMain(m *testing.M) {
	code := m.Run()
	gomokutest.Cleanup()
	os.Exit(code)
}

func TestBinaryIsBuiltOnceAndRuns(t *testing.T) {
	first := gomokutest.Binary(t)
	require.Equal(t, first, gomokutest.Binary(t), "one build per test process")
	out, err := exec.Command(first, "--help").CombinedOutput()
	require.NoError(t, err, "%s", out)
	require.Contains(t, string(out), "serve")
}
