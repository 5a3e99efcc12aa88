package cliexit

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/urfave/cli/v2"
)

func TestRun(t *testing.T) {
	for _, tc := range []struct {
		name   string
		action cli.ActionFunc
		args   []string
		code   int
		errOut string
	}{
		{"done", func(*cli.Context) error { return nil }, nil, OK, ""},
		{"exit coder", func(*cli.Context) error { return cli.Exit("bad file", Fail) }, nil, Fail, "tool: bad file\n"},
		{"plain error", func(*cli.Context) error { return errors.New("boom") }, nil, Usage, "tool: boom\n"},
		{"unknown flag", func(*cli.Context) error { return nil }, []string{"--nope"}, Usage, "tool: flag provided but not defined: -nope\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			app := &cli.App{Name: "tool", Writer: &out, ErrWriter: &errOut, Action: tc.action, HideHelp: true,
				ExitErrHandler: func(*cli.Context, error) {}}
			app.OnUsageError = func(_ *cli.Context, err error, _ bool) error { return err }
			code := Run(context.Background(), app, "tool", append([]string{"tool"}, tc.args...), &errOut)
			assert.Equal(t, tc.code, code)
			assert.Equal(t, tc.errOut, errOut.String())
		})
	}
}
