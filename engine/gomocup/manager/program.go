package manager

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Errors. Each is wrapped with the brain's name and the details. Their
// texts say "engine", the word match reports use for a brain program.
var (
	// ErrProgram: the brain's program cannot be found or run.
	ErrProgram = errors.New("manager: bad engine command")
	// ErrCrashed: the brain exited or closed its output.
	ErrCrashed = errors.New("manager: engine crashed")
	// ErrTimeout: the brain did not answer in time.
	ErrTimeout = errors.New("manager: engine did not answer in time")
	// ErrRefused: the brain answered ERROR or UNKNOWN.
	ErrRefused = errors.New("manager: engine refused")
	// ErrGarbage: the brain answered something the protocol does not
	// allow here.
	ErrGarbage = errors.New("manager: engine answered garbage")
)

// Program is how to run a brain: a program and its arguments.
type Program struct {
	Path string
	Args []string
}

// ParseProgram reads "PATH" or "PATH:ARGS", ARGS split at white space, as
// in "./gomoku:pbrain --strategy greedy". The program is looked up like a
// shell does (a name without a slash on PATH) and must be executable.
func ParseProgram(spec string) (Program, error) {
	path, args, _ := strings.Cut(spec, ":")
	path = strings.TrimSpace(path)
	if path == "" {
		return Program{}, fmt.Errorf("%w: no program in %q (want PATH or PATH:ARGS)", ErrProgram, spec)
	}
	found, err := exec.LookPath(path)
	if err != nil {
		return Program{}, fmt.Errorf("%w: %w", ErrProgram, err)
	}
	abs, err := filepath.Abs(found)
	if err != nil {
		return Program{}, fmt.Errorf("%w: %w", ErrProgram, err)
	}
	if st, err := os.Stat(abs); err != nil || st.IsDir() {
		return Program{}, fmt.Errorf("%w: %s is not a program", ErrProgram, abs)
	}
	return Program{Path: abs, Args: strings.Fields(args)}, nil
}

func (c Program) String() string {
	return strings.Join(append([]string{c.Path}, c.Args...), " ")
}

// Base is the program's file name without directory and extension, a
// default display name.
func (c Program) Base() string {
	b := filepath.Base(c.Path)
	b = strings.TrimSuffix(b, filepath.Ext(b))
	return strings.TrimPrefix(b, "pbrain-")
}
