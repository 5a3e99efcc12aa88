package main_test

import (
	"os"
	"testing"
)

// makeTempDir makes the build directory shared by every test and benchmark
// of the run (t.TempDir is per test); TestMain removes it.
func makeTempDir() (string, error) { return os.MkdirTemp("", "pbrain-gomoku-test-") }

func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}
