// Package gomokutest builds the gomoku program for tests that run it as
// its users do: as a separate process that can be signalled, killed and
// started again.
package gomokutest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

var (
	once     sync.Once
	path     string
	buildErr error
)

// Binary returns the path of the gomoku program built from this module,
// building it on the first call in the test process. It skips the test
// under -short, and fails it if the build fails.
func Binary(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the gomoku program: not in -short")
	}
	once.Do(func() {
		dir, err := os.MkdirTemp("", "gomoku-bin-")
		if err != nil {
			buildErr = err
			return
		}
		path = filepath.Join(dir, "gomoku")
		out, err := exec.Command("go", "build", "-o", path, "github.com/gomoku-engine/gomoku/cmd/gomoku").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("gomokutest: building gomoku: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return path
}

// Cleanup removes the built program, if any. Call it from TestMain once
// the tests have run.
func Cleanup() {
	if path != "" {
		os.RemoveAll(filepath.Dir(path))
	}
}
