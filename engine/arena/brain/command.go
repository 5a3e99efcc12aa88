package brain

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Errors. Each is wrapped with the engine's name and the details.
var (
	// ErrCommand: the engine's program cannot be found or run.
	ErrCommand = errors.New("brain: bad engine command")
	// ErrCrashed: the engine exited or closed its output.
	ErrCrashed = errors.New("brain: engine crashed")
	// ErrTimeout: the engine did not answer in time.
	ErrTimeout = errors.New("brain: engine did not answer in time")
	// ErrRefused: the engine answered ERROR or UNKNOWN.
	ErrRefused = errors.New("brain: engine refused")
	// ErrGarbage: the engine answered something the protocol does not
	// allow here.
	ErrGarbage = errors.New("brain: engine answered garbage")
)

// Command is how to run an engine: a program and its arguments.
type Command struct {
	Path string
	Args []string
}

// ParseCommand reads "PATH" or "PATH:ARGS", ARGS split at white space, as
// in "./gomoku:pbrain --strategy greedy". The program is looked up like a
// shell does (a name without a slash on PATH) and must be executable.
func ParseCommand(spec string) (Command, error) {
	path, args, _ := strings.Cut(spec, ":")
	path = strings.TrimSpace(path)
	if path == "" {
		return Command{}, fmt.Errorf("%w: no program in %q (want PATH or PATH:ARGS)", ErrCommand, spec)
	}
	found, err := exec.LookPath(path)
	if err != nil {
		return Command{}, fmt.Errorf("%w: %w", ErrCommand, err)
	}
	abs, err := filepath.Abs(found)
	if err != nil {
		return Command{}, fmt.Errorf("%w: %w", ErrCommand, err)
	}
	if st, err := os.Stat(abs); err != nil || st.IsDir() {
		return Command{}, fmt.Errorf("%w: %s is not a program", ErrCommand, abs)
	}
	return Command{Path: abs, Args: strings.Fields(args)}, nil
}

func (c Command) String() string {
	return strings.Join(append([]string{c.Path}, c.Args...), " ")
}

// Base is the program's file name without directory and extension, a
// default display name.
func (c Command) Base() string {
	b := filepath.Base(c.Path)
	b = strings.TrimSuffix(b, filepath.Ext(b))
	return strings.TrimPrefix(b, "pbrain-")
}
