package savefile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/gomoku-engine/gomoku/engine"
)

// Save writes g (with seats, which may be nil) to the named file
// atomically: into a temporary file in the same directory, flushed to
// disk, then renamed over path. On any error the temporary file is removed
// and an existing file at path is left as it was. A new file gets mode
// 0644; an existing file keeps its mode.
func Save(path string, g *engine.Game, seats []string) (err error) {
	mode := fs.FileMode(0o644)
	if fi, statErr := os.Stat(path); statErr == nil {
		if !fi.Mode().IsRegular() {
			return fmt.Errorf("savefile: %s is not a regular file", path)
		}
		mode = fi.Mode().Perm()
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return fmt.Errorf("savefile: %w", err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err := Write(tmp, g, seats); err != nil {
		return err
	}
	if err := tmp.Chmod(mode); err != nil {
		return fmt.Errorf("savefile: %w", err)
	}
	// Sync before rename: otherwise a crash may persist the rename but not
	// the data, leaving an empty file where the old game was.
	if err := tmp.Sync(); err != nil {
		return fmt.Errorf("savefile: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("savefile: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		var linkErr *os.LinkError
		if errors.As(err, &linkErr) {
			err = linkErr.Err
		}
		return fmt.Errorf("savefile: saving %s: %w", path, err)
	}
	return nil
}
