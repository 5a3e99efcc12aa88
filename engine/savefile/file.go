package savefile

import (
	"fmt"
	"io"

	"github.com/gomoku-engine/gomoku/engine"
	"github.com/gomoku-engine/gomoku/engine/internal/atomicfile"
)

// Save writes g (with seats, which may be nil) to the named file
// atomically: into a temporary file in the same directory, flushed to
// disk, then renamed over path. On any error the temporary file is removed
// and an existing file at path is left as it was. A new file gets mode
// 0644; an existing file keeps its mode.
func Save(path string, g *engine.Game, seats []string) error {
	err := atomicfile.Write(path, func(w io.Writer) error { return Write(w, g, seats) })
	if err != nil {
		return fmt.Errorf("savefile: %w", err)
	}
	return nil
}
