// Package atomicfile writes files so that a crash or an error never leaves a
// half-written file: the content goes to a temporary file in the same
// directory, is flushed to disk and is renamed over the target.
package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// Write creates or replaces the file at path with what write produces. On
// any error the temporary file is removed and an existing file at path is
// left as it was. A new file gets mode 0644; an existing one keeps its mode.
// Errors are the operating system's, naming the path; callers add their
// package's prefix.
func Write(path string, write func(w io.Writer) error) (err error) {
	mode := fs.FileMode(0o644)
	if fi, statErr := os.Stat(path); statErr == nil {
		if !fi.Mode().IsRegular() {
			return fmt.Errorf("%s is not a regular file", path)
		}
		mode = fi.Mode().Perm()
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err := write(tmp); err != nil {
		return err
	}
	if err := tmp.Chmod(mode); err != nil {
		return err
	}
	// Sync before rename: otherwise a crash may persist the rename but not
	// the data, leaving an empty file where the old one was.
	if err := tmp.Sync(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		var linkErr *os.LinkError
		if errors.As(err, &linkErr) {
			err = linkErr.Err
		}
		return fmt.Errorf("saving %s: %w", path, err)
	}
	return nil
}
