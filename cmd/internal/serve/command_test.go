package serve_test

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urfave/cli/v2"

	"github.com/gomoku-engine/gomoku/cmd/internal/exitcode"
	"github.com/gomoku-engine/gomoku/cmd/internal/serve"
)

func TestCommandRefusesBadLimits(t *testing.T) {
	for _, args := range [][]string{
		{"--bot-queue", "-1"}, {"--max-bot-games", "-1"}, {"--max-bot-games-per-address", "-2"},
		{"--io-timeout", "0s"}, {"--max-conns", "0"}, {"--retain", "-1h"}, {"--abandon-after", "-1h"},
	} {
		var out, errs bytes.Buffer
		app := &cli.App{Name: "gomoku", Writer: &out, ErrWriter: &errs, Commands: []*cli.Command{serve.Command()},
			ExitErrHandler: func(*cli.Context, error) {}}
		db := filepath.Join(t.TempDir(), "games.db")
		err := app.Run(append([]string{"gomoku", "serve", "--db", db, "--addr", "127.0.0.1:0"}, args...))
		var ec cli.ExitCoder
		require.ErrorAs(t, err, &ec, "%v", args)
		assert.Equal(t, exitcode.Usage, ec.ExitCode(), "%v: %v", args, err)
		assert.NoFileExists(t, db, "%v: refused before opening the database", args)
	}
}
