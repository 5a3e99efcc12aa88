// Package braintest builds a fake Gomocup brain for tests and checks that
// no brain process outlives them.
//
// The fake brain plays the free cell nearest the centre and misbehaves as
// asked by its flags (Build and Compile return the binary; a test passes
// the flags after the path, as in "PATH:-mode crash -at 2"). "-mode MODE
// -at N", where MODE is correct, crash, hang (also starting a sleeping
// child in its process group, and ignoring END), garbage, occupied, slow
// (-sleep D), refuse (ERROR instead of a move), norestart (ERROR to
// RESTART) or eval (plays correctly after a line "MESSAGE Depth 1 | Eval
// E", E ten times the stones on the board, VAL_NONE when their number is
// a multiple of seven); "-evals 7,score,+M3" prints before each move a
// MESSAGE line "Eval F" for each field F in turn, "score" being 100 ×
// (own stones − the opponent's) + the own stones' column sum; "-fresh"
// prints those evaluations only when the brain was given INFO max_node
// and YXHASHCLEAR since its last move; "-moves h8i8j9" scripts its first
// moves of each game (a move string); "-play left" or "-play right" plays
// the first free cell of the top row from that end instead of the centre,
// "-play cleared" from the left when it was sent YXHASHCLEAR since its
// last move and from the right otherwise.
package braintest

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Build compiles the fake brain into a temporary directory and returns
// its path. Processes started from it record their pids in pidDir (see
// Strays) through the FAKEBRAIN_PIDS variable, which Build sets for the
// test.
func Build(t testing.TB) (bin, pidDir string) {
	t.Helper()
	dir := t.TempDir()
	bin, err := Compile(dir)
	if errors.Is(err, exec.ErrNotFound) {
		t.Skip("the go tool is not on PATH")
	}
	if err != nil {
		t.Fatal(err)
	}
	pidDir = filepath.Join(dir, "pids")
	if err := os.Mkdir(pidDir, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("FAKEBRAIN_PIDS", pidDir)
	return bin, pidDir
}

// Compile builds the fake brain into dir as pbrain-fake and returns its
// path, for a TestMain that shares one build between tests and examples.
// Without the go tool on PATH the error wraps [exec.ErrNotFound].
func Compile(dir string) (string, error) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		return "", err
	}
	_, here, _, _ := runtime.Caller(0)
	bin := filepath.Join(dir, "pbrain-fake")
	cmd := exec.Command(goTool, "build", "-o", bin, ".")
	cmd.Dir = filepath.Join(filepath.Dir(here), "testdata", "fakebrain")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("building the fake brain: %w\n%s", err, out)
	}
	return bin, nil
}

// Strays lists the processes recorded in pidDir that still exist (zombies
// included), and the zombie children of this process, after giving them
// up to wait to disappear. An empty list means nothing was left behind.
func Strays(pidDir string, wait time.Duration) []string {
	deadline := time.Now().Add(wait)
	for {
		var left []string
		entries, _ := os.ReadDir(pidDir)
		for _, e := range entries {
			pid, err := strconv.Atoi(e.Name())
			if err != nil {
				continue
			}
			if err := syscall.Kill(pid, 0); !errors.Is(err, syscall.ESRCH) {
				left = append(left, "pid "+e.Name()+" "+state(pid))
			}
		}
		left = append(left, zombieChildren()...)
		if len(left) == 0 || time.Now().After(deadline) {
			return left
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// state is a process's state letter from /proc, or "" where there is none.
func state(pid int) string {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return ""
	}
	s := string(b)
	if i := strings.LastIndexByte(s, ')'); i >= 0 && i+2 < len(s) {
		return "state " + s[i+2:i+3]
	}
	return ""
}

// zombieChildren lists this process's children that have exited but were
// never waited for, from /proc (nothing where /proc is missing).
func zombieChildren() []string {
	me := os.Getpid()
	entries, _ := os.ReadDir("/proc")
	var out []string
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		s := string(b)
		i := strings.LastIndexByte(s, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(s[i+1:])
		if len(f) > 1 && f[0] == "Z" && f[1] == strconv.Itoa(me) {
			out = append(out, "zombie child "+strconv.Itoa(pid))
		}
	}
	return out
}

// Rapfi starts the Rapfi pbrain binary that the GOMOKU_RAPFI variable
// names, for a test that compares answers with that reference engine's,
// and skips the test when the variable is unset. It returns the process's
// standard input and its output, line by line; the process is sent END
// and waited for when the test ends.
func Rapfi(t testing.TB) (io.Writer, *bufio.Scanner) {
	t.Helper()
	bin := os.Getenv("GOMOKU_RAPFI")
	if bin == "" {
		t.Skip("GOMOKU_RAPFI names no Rapfi pbrain binary")
	}
	cmd := exec.Command(bin)
	cmd.Dir = filepath.Dir(bin) // Rapfi reads its config and weights there
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting Rapfi: %v", err)
	}
	t.Cleanup(func() {
		_, _ = io.WriteString(in, "END\n")
		_ = cmd.Wait()
	})
	return in, bufio.NewScanner(out)
}
