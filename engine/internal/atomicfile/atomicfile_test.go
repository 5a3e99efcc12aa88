package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWriteCreatesAndReplaces(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.txt")
	require.NoError(t, Write(path, func(w io.Writer) error { _, err := io.WriteString(w, "one"); return err }))
	require.NoError(t, os.Chmod(path, 0o600))
	require.NoError(t, Write(path, func(w io.Writer) error { _, err := io.WriteString(w, "two"); return err }))
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "two", string(data))
	fi, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm(), "an existing file keeps its mode")
	assertOnlyFile(t, path)
}

func TestFailedWriteLeavesTheOldFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.txt")
	require.NoError(t, os.WriteFile(path, []byte("precious"), 0o644))
	boom := errors.New("disk on fire")
	err := Write(path, func(w io.Writer) error {
		_, _ = io.WriteString(w, "half a ga")
		return boom
	})
	require.ErrorIs(t, err, boom)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "precious", string(data))
	assertOnlyFile(t, path)
}

func TestWriteRefusesDirectoriesAndMissingFolders(t *testing.T) {
	dir := t.TempDir()
	assert.ErrorContains(t, Write(dir, func(io.Writer) error { return nil }), "not a regular file")
	assert.Error(t, Write(filepath.Join(dir, "no", "such", "folder.txt"), func(io.Writer) error { return nil }))
}

// assertOnlyFile checks that no temporary file was left beside path.
func assertOnlyFile(t *testing.T, path string) {
	t.Helper()
	entries, err := os.ReadDir(filepath.Dir(path))
	require.NoError(t, err)
	require.Len(t, entries, 1)
	assert.Equal(t, filepath.Base(path), entries[0].Name())
}
